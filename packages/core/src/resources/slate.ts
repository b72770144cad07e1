/** Slates (/slates; generic resource /ssai/slate): fill video a stream plays when no ad is there. */
import { z } from 'zod';
import { urlSchema } from '../validation/field-schemas.ts';
import { DURATION_SECONDS_MAX } from '../validation/limits.ts';
import { VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { positiveNumberSchema, resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';

export const SLATE_SOURCES = ['upload', 'url'] as const;
export const SLATE_LABELS = {
  name: 'Name',
  sourceType: 'Source',
  videoUrl: 'Video URL',
  duration: 'Duration',
} as const;
/** Accepted slate uploads: MP4 or MPEG-TS video, at most 50 MB (a slate is seconds long). */
export const SLATE_VIDEO_EXTENSIONS = ['.mp4', '.ts'] as const;
export const SLATE_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const SLATE_TEXTS = {
  videoRequired: 'Choose a video file to upload',
  videoType: 'Slate video must be an MP4 or MPEG-TS file (.mp4, .ts)',
  videoTooLarge: 'Slate video must be at most 50 MB',
  /** A second file in the form (one rule with the account's logos: 'Logo: send one file only'). */
  videoOneFile: 'Slate video: send one file only',
} as const;

/** A slate: its video (an uploaded file, served from our file store, or any URL) and duration in seconds. */
export const slateSchema = z.object({
  name: resourceNameSchema(SLATE_LABELS.name),
  sourceType: z.enum(SLATE_SOURCES, { error: M.thisFieldRequired }).default('url'),
  videoUrl: urlSchema,
  duration: positiveNumberSchema(SLATE_LABELS.duration, DURATION_SECONDS_MAX),
  status: statusSchema,
});
export type SlateInput = z.input<typeof slateSchema>;
export type Slate = z.output<typeof slateSchema>;

export const SLATE_DEFAULTS: Slate = {
  name: '',
  sourceType: 'url',
  videoUrl: '',
  duration: 10,
  status: 'active',
};

export const SLATE_LIST: ListShape = {
  sortKeys: ['name', 'duration', 'sourceType', 'createdAt', 'updatedAt'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: { sourceType: SLATE_SOURCES, status: ['active', 'inactive'] },
  searchFields: ['name', 'videoUrl'],
  numericSortKeys: ['duration'],
};
