/** VOD assets (/streams-vod, /streams-vod/metadata; generic resource /ssai/vod). */
import { z } from 'zod';
import { textSchema, urlSchema } from '../validation/field-schemas.ts';
import { DURATION_SECONDS_MAX, TEXT_LIMITS } from '../validation/limits.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import type { CrossFieldRule } from '../validation/types.ts';
import { crossFieldCheck } from '../validation/zod-checks.ts';
import {
  optionalUrlSchema,
  positiveNumberSchema,
  referenceSchema,
  resourceNameSchema,
  statusSchema,
} from './fields.ts';
import type { ListShape } from './list.ts';

export const VOD_GENRES = [
  'News',
  'Sports',
  'Movies',
  'Series',
  'Kids',
  'Music',
  'Documentary',
  'Entertainment',
  'Other',
] as const;
export const VOD_RATINGS = [
  'G',
  'PG',
  'PG-13',
  'R',
  'NC-17',
  'TV-Y',
  'TV-G',
  'TV-PG',
  'TV-14',
  'TV-MA',
  'Not rated',
] as const;
export const VOD_LABELS = {
  name: 'Name',
  sourceUrl: 'Source URL',
  duration: 'Duration',
  title: 'Title',
  description: 'Description',
  genre: 'Genre',
  tags: 'Tags',
  rating: 'Rating',
  cuePoints: 'Ad cue points',
  adTagUrl: 'Ad tag URL (VAST/VMAP)',
  bundleId: 'Bundle',
} as const;
export const VOD_TEXTS = {
  cuePointOutside: 'Each cue point must be within the asset’s duration',
  cuePointsUnique: 'Cue points must be different from each other',
  descriptionTooLong: `Description must be at most ${TEXT_LIMITS.description} characters`,
  tagTooLong: `Each tag must be at most ${TEXT_LIMITS.tag} characters`,
} as const;

/** Ad cue points (seconds from the start) inside the asset and not repeated. */
export const cuePointsRule: CrossFieldRule<{ duration: number; cuePoints: readonly number[] }> = {
  fields: ['duration', 'cuePoints'],
  validate: ({ duration, cuePoints }) => {
    if (cuePoints.some((point) => point < 0 || point >= duration))
      return [{ field: 'cuePoints', message: VOD_TEXTS.cuePointOutside }];
    if (new Set(cuePoints).size !== cuePoints.length)
      return [{ field: 'cuePoints', message: VOD_TEXTS.cuePointsUnique }];
    return [];
  },
};

/**
 * A VOD asset: its HLS source, duration in seconds, metadata, ad cue points (mid-roll positions)
 * and the ad tag its breaks are filled from (a pre-roll, then one break at each cue point; no tag:
 * the asset plays without ads).
 */
export const vodSchema = z
  .object({
    name: resourceNameSchema(VOD_LABELS.name),
    sourceUrl: urlSchema,
    duration: positiveNumberSchema(VOD_LABELS.duration, DURATION_SECONDS_MAX),
    title: textSchema({ error: M.thisFieldRequired })
      .trim()
      .max(TEXT_LIMITS.line, { error: LIMIT_TEXTS.tooLong(TEXT_LIMITS.line) })
      .default(''),
    description: textSchema({ error: M.thisFieldRequired })
      .max(TEXT_LIMITS.description, { error: VOD_TEXTS.descriptionTooLong })
      .default(''),
    genre: z.enum(VOD_GENRES, { error: M.thisFieldRequired }).default('Other'),
    tags: z
      .array(
        textSchema()
          .trim()
          .min(1, { error: LIMIT_TEXTS.emptyEntry })
          .max(TEXT_LIMITS.tag, { error: VOD_TEXTS.tagTooLong }),
        {
          error: M.thisFieldRequired,
        },
      )
      .max(50, { error: LIMIT_TEXTS.tooMany(50) })
      .default([]),
    rating: z.enum(VOD_RATINGS, { error: M.thisFieldRequired }).default('Not rated'),
    cuePoints: z
      // Each point is also bounded on its own, so the list is bounded even when the duration is not valid.
      .array(
        z
          .number({ error: VOD_TEXTS.cuePointOutside })
          .max(DURATION_SECONDS_MAX, { error: VOD_TEXTS.cuePointOutside }),
        { error: M.thisFieldRequired },
      )
      .max(100, { error: LIMIT_TEXTS.tooMany(100) })
      .default([]),
    adTagUrl: optionalUrlSchema,
    /** The Bundle (/demand) whose demand fills the asset's breaks; none: the ad tag's. */
    bundleId: referenceSchema,
    status: statusSchema,
  })
  .check(crossFieldCheck(cuePointsRule));
export type VodInput = z.input<typeof vodSchema>;
export type Vod = z.output<typeof vodSchema>;

export const VOD_DEFAULTS: Vod = {
  name: '',
  sourceUrl: '',
  duration: 60,
  title: '',
  description: '',
  genre: 'Other',
  tags: [],
  rating: 'Not rated',
  cuePoints: [],
  adTagUrl: '',
  bundleId: null,
  status: 'active',
};

export const VOD_LIST: ListShape = {
  sortKeys: ['name', 'title', 'duration', 'genre', 'rating', 'createdAt', 'updatedAt'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: { genre: VOD_GENRES, rating: VOD_RATINGS, status: ['active', 'inactive'] },
  searchFields: ['name', 'title', 'description', 'sourceUrl'],
  numericSortKeys: ['duration'],
};
