/**
 * Creatives (/creatives; generic resource /ssai/creative): an advertiser's video ad, uploaded or
 * at a URL (MP4, conditioned into HLS by the data plane before it is played), its duration,
 * click-through and third-party tracking URLs and Universal Ad ID. Conditioning status and
 * progress are the data plane's and not part of the record.
 */
import { z } from 'zod';
import { textSchema, urlSchema } from '../validation/field-schemas.ts';
import { DURATION_SECONDS_MAX } from '../validation/limits.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { ruleCheck } from '../validation/zod-checks.ts';
import { optionalUrlSchema, referenceSchema, resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';

export const CREATIVE_SOURCES = ['upload', 'url'] as const;
export type CreativeSource = (typeof CREATIVE_SOURCES)[number];
/** The VAST 4.2 tracking events a third party may be told of. */
export const TRACKING_EVENTS = [
  'impression',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'clickTracking',
] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

export const CREATIVE_LABELS = {
  name: 'Name',
  advertiserId: 'Advertiser',
  sourceType: 'Source',
  videoUrl: 'Video URL',
  duration: 'Duration',
  clickThroughUrl: 'Click-through URL',
  trackingUrls: 'Tracking URLs',
  universalAdIdRegistry: 'Universal Ad ID registry',
  universalAdId: 'Universal Ad ID',
  status: 'Status',
} as const;

/** Accepted uploads: MP4 or QuickTime/MPEG-TS video, at most 500 MB. */
export const CREATIVE_VIDEO_EXTENSIONS = ['.mp4', '.mov', '.ts'] as const;
export const CREATIVE_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const CREATIVE_TRACKING_MAX = 20;

export const CREATIVE_TEXTS = {
  videoRequired: 'Choose a video file to upload',
  videoType: 'Creative video must be an MP4, MOV or MPEG-TS file (.mp4, .mov, .ts)',
  videoTooLarge: 'Creative video must be at most 500 MB',
  /** A second file in the form (one rule with the account's logos: 'Logo: send one file only'). */
  videoOneFile: 'Creative video: send one file only',
  universalAdId: 'Universal Ad ID must be at most 64 characters of letters, digits, dot, dash or underscore',
} as const;

const UNIVERSAL_AD_ID = /^[A-Za-z0-9._-]{0,64}$/;

export const creativeSchema = z.object({
  name: resourceNameSchema(CREATIVE_LABELS.name),
  /** The advertiser whose ad it is (competitive separation reads the campaign's). */
  advertiserId: referenceSchema,
  sourceType: z.enum(CREATIVE_SOURCES, { error: M.thisFieldRequired }).default('url'),
  /** The MP4 (or HLS master playlist) the ad plays from; for an upload, our file store's URL. */
  videoUrl: urlSchema,
  /** Seconds: 'Duration must be greater than 0'. */
  duration: z
    .number({ error: M.triggerDuration })
    .check(ruleCheck((v: number) => (v > 0 ? null : M.triggerDuration)))
    .max(DURATION_SECONDS_MAX, { error: LIMIT_TEXTS.atMost(DURATION_SECONDS_MAX) }),
  clickThroughUrl: optionalUrlSchema,
  trackingUrls: z
    .array(
      z.object({
        event: z.enum(TRACKING_EVENTS, { error: M.thisFieldRequired }),
        url: urlSchema,
      }),
    )
    .max(CREATIVE_TRACKING_MAX, { error: LIMIT_TEXTS.tooMany(CREATIVE_TRACKING_MAX) })
    .default([]),
  universalAdIdRegistry: textSchema({ error: CREATIVE_TEXTS.universalAdId })
    .trim()
    .max(64, { error: CREATIVE_TEXTS.universalAdId })
    .default('ad-id.org'),
  universalAdId: textSchema({ error: CREATIVE_TEXTS.universalAdId })
    .trim()
    .max(64, { error: CREATIVE_TEXTS.universalAdId, abort: true })
    .regex(UNIVERSAL_AD_ID, { error: CREATIVE_TEXTS.universalAdId })
    .default(''),
  status: statusSchema,
});
export type CreativeInput = z.input<typeof creativeSchema>;
export type Creative = z.output<typeof creativeSchema>;

export const CREATIVE_DEFAULTS: Creative = {
  name: '',
  advertiserId: null,
  sourceType: 'url',
  videoUrl: '',
  duration: 15,
  clickThroughUrl: '',
  trackingUrls: [],
  universalAdIdRegistry: 'ad-id.org',
  universalAdId: '',
  status: 'active',
};

export const CREATIVE_LIST: ListShape = {
  sortKeys: ['name', 'duration', 'sourceType', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: { status: ['active', 'inactive'], sourceType: CREATIVE_SOURCES },
  searchFields: ['name', 'videoUrl', 'universalAdId'],
  numericSortKeys: ['duration'],
};
