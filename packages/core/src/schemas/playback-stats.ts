/**
 * What the data plane records and the operations screens read: its events (every ad decision,
 * beacon, origin and ad-server failure, in the log viewer beside the configuration changes), the
 * ad breaks of a stream or asset with their diagnostics, and the per-minute counters behind the
 * monitor, the monitoring charts and the alarm rules.
 */
import { z } from 'zod';

/** The log viewer's actions of data-plane events (configuration changes are the others). */
export const DATA_PLANE_ACTIONS = [
  'ad-decision',
  'beacon',
  'origin-error',
  'ad-server-error',
  'source-switch',
] as const;
export type DataPlaneAction = (typeof DATA_PLANE_ACTIONS)[number];
/** Who the log viewer names as the actor of a data-plane event. */
export const DATA_PLANE_ACTOR = 'data plane';

/**
 * Upper bounds (ms) of the latency histogram buckets of the per-minute counters; one more bucket
 * holds everything slower. Histograms add up across processes and minutes, so any period's
 * percentiles come from the sum.
 */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

/** Why a candidate ad was not placed in a break (or why a break got no candidates). */
export const SKIP_REASONS = {
  duration: 'Does not fit the break',
  'pod-full': 'The pod is full',
  'not-conditioned': 'Not conditioned for HLS yet',
  'creative-failed': 'The creative did not load',
  'wrapper-depth': 'Too many wrappers',
  timeout: 'The ad server did not answer in time',
  'frequency-cap': 'The viewer reached the frequency cap',
  empty: 'The ad server answered no ads',
  'vast-error': 'The ad server failed',
  'no-ad-source': 'No ad source configured',
  'no-demand': 'No demand',
  // The built-in ad server's reasons (apps/server/src/edge/ads/engine.ts): why a campaign was not placed.
  inactive: 'The campaign or its advertiser is inactive',
  flight: 'Outside the campaign’s flight dates',
  schedule: 'Outside the campaign’s schedule, or in its exclude window',
  daypart: 'Outside the campaign’s days of the week or daily hours',
  budget: 'The daily impression budget is spent',
  booked: 'The booked impressions are delivered',
  pacing: 'Ahead of its even pacing',
  targeting: 'Not targeted at this stream, country or device',
  placement: 'No placement of the campaign covers this break',
  'no-creative': 'The campaign has no creative that can play',
  separation: 'The pod already has an ad of this advertiser',
  'exact-fill': 'The pod could not fill the break exactly',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;
export const SKIP_REASON_CODES = Object.keys(SKIP_REASONS) as [SkipReason, ...SkipReason[]];

/** What a viewer saw in a break: all of it ads, some ads then slate, no ads (slate or content). */
export const BREAK_OUTCOMES = ['filled', 'partial', 'slate', 'content'] as const;
export type BreakOutcome = (typeof BREAK_OUTCOMES)[number];

export const adCandidateSchema = z.object({
  /** The ad's id in the VAST answer (or its position). */
  id: z.string(),
  title: z.string().nullable(),
  duration: z.number().nullable(),
  chosen: z.boolean(),
  reason: z.enum(SKIP_REASON_CODES).nullable(),
  /** The reason in words, with the numbers (e.g. "15s does not fit the 10s avail after 0s of ads"). */
  detail: z.string().nullable(),
});
export type AdCandidate = z.infer<typeof adCandidateSchema>;

/** The `data` of an ad-decision event: one viewer's decision of one break. */
export const adDecisionDataSchema = z.object({
  /** The ad request as sent (macros expanded); null when none was sent. */
  requestUrl: z.string().nullable(),
  latencyMs: z.number().nullable(),
  /** Seconds the break had to fill (its markers), when known. */
  availSeconds: z.number().nullable(),
  adSeconds: z.number(),
  outcome: z.enum(BREAK_OUTCOMES),
  /** The break's main reason when it got no ads or not enough. */
  reason: z.enum(SKIP_REASON_CODES).nullable(),
  candidates: z.array(adCandidateSchema),
  notes: z.array(z.string()),
});
export type AdDecisionData = z.infer<typeof adDecisionDataSchema>;

export const BEACON_EVENTS = [
  'impression',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'error',
] as const;

/** The `data` of a beacon event: one tracking event of one ad for one viewer, sent server-side. */
export const beaconDataSchema = z.object({
  adId: z.string(),
  event: z.string(),
  urls: z.number().int(),
  failed: z.number().int(),
});
export type BeaconData = z.infer<typeof beaconDataSchema>;

/** The `data` of an origin-error event: how long the failed fetch took. */
export const originErrorDataSchema = z.object({ latencyMs: z.number().int() });
export type OriginErrorData = z.infer<typeof originErrorDataSchema>;

/** The `data` of an ad-server-error event: the request that failed, and how. */
export const adServerErrorDataSchema = z.object({
  requestUrl: z.string().nullable(),
  latencyMs: z.number().nullable(),
  reason: z.enum(SKIP_REASON_CODES),
});
export type AdServerErrorData = z.infer<typeof adServerErrorDataSchema>;

/** A redundant live stream's sources (inRedundancy ENABLE): its source URL and its backup. */
export const STREAM_SOURCES = ['primary', 'backup'] as const;
/** Why a redundant stream switched: its source failed, timed out or went stale, or the primary recovered. */
export const SOURCE_SWITCH_REASONS = ['error', 'timeout', 'stale', 'recovered'] as const;

/** The `data` of a source-switch event: which source the stream left, for which, and why. */
export const sourceSwitchDataSchema = z.object({
  from: z.enum(STREAM_SOURCES),
  to: z.enum(STREAM_SOURCES),
  reason: z.enum(SOURCE_SWITCH_REASONS),
  /** The failure that caused it, when one did. */
  detail: z.string().nullable(),
});
export type SourceSwitchData = z.infer<typeof sourceSwitchDataSchema>;

/** The `data` of each data-plane action: what the data plane records and the console reads back. */
export const DATA_PLANE_EVENT_DATA = {
  'ad-decision': adDecisionDataSchema,
  beacon: beaconDataSchema,
  'origin-error': originErrorDataSchema,
  'ad-server-error': adServerErrorDataSchema,
  'source-switch': sourceSwitchDataSchema,
} as const satisfies Record<DataPlaneAction, z.ZodType>;
export type DataPlaneEventData = {
  [A in DataPlaneAction]: z.infer<(typeof DATA_PLANE_EVENT_DATA)[A]>;
};

const kindSchema = z.enum(['liveStream', 'vod']);
const uuidSchema = z.uuid({ error: 'Invalid UUID' });
const dateTimeSchema = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time` });

/** GET /playback/breaks: the breaks of one stream or asset in a period (default the last 3 hours). */
export const breakListQuerySchema = z.strictObject({
  kind: kindSchema,
  resourceId: uuidSchema,
  from: dateTimeSchema('from').optional(),
  to: dateTimeSchema('to').optional(),
});
export type BreakListQuery = z.infer<typeof breakListQuerySchema>;
/** The ad-break timeline's default period. */
export const BREAK_TIMELINE_HOURS = 3;
/** Most breaks one answer lists (newest first). */
export const BREAK_LIST_LIMIT = 500;

export const breakSummarySchema = z.object({
  availId: z.string(),
  /** The first decision of the break. */
  at: z.iso.datetime(),
  availSeconds: z.number().nullable(),
  /** Viewers decided (one ad-decision event each). */
  viewers: z.number().int(),
  filled: z.number().int(),
  partial: z.number().int(),
  slate: z.number().int(),
  content: z.number().int(),
  /** Mean seconds of ads per viewer. */
  adSeconds: z.number(),
  errors: z.number().int(),
  /** The most frequent reason of the viewers that did not get a full break. */
  topReason: z.enum(SKIP_REASON_CODES).nullable(),
});
export type BreakSummary = z.infer<typeof breakSummarySchema>;
export const breakListResponseSchema = z.object({ data: z.array(breakSummarySchema) });

/** One break's diagnostics: within the same period as the timeline (a VOD's pre-roll recurs every session). */
export const breakDetailQuerySchema = breakListQuerySchema;
/** Most viewer decisions one break's diagnostics show. */
export const BREAK_DECISIONS_LIMIT = 20;

export const breakDecisionSchema = adDecisionDataSchema.extend({
  at: z.iso.datetime(),
  sessionId: z.string().nullable(),
});
export type BreakDecision = z.infer<typeof breakDecisionSchema>;

export const breakDetailResponseSchema = z.object({
  summary: breakSummarySchema,
  /** The newest decisions of the break (one per viewer). */
  decisions: z.array(breakDecisionSchema),
  /** Server-side beacons of the break's ads, by event. */
  beacons: z.array(z.object({ event: z.string(), sent: z.number().int(), failed: z.number().int() })),
});
export type BreakDetail = z.infer<typeof breakDetailResponseSchema>;

/** One minute (or step) of a channel's counters, with the derived rates. */
export const statsPointSchema = z.object({
  at: z.iso.datetime(),
  viewers: z.number().int(),
  requests: z.number().int(),
  sessions: z.number().int(),
  adRequests: z.number().int(),
  adErrors: z.number().int(),
  /** Ad requests that got no answer in time (counted apart from adErrors; both make the error rate). */
  adTimeouts: z.number().int(),
  impressions: z.number().int(),
  completes: z.number().int(),
  avails: z.number().int(),
  originRequests: z.number().int(),
  originErrors: z.number().int(),
  /** Switches of a redundant live stream between its primary and backup sources. */
  sourceSwitches: z.number().int(),
  /** Percent of avail time filled with ads; null without avails. */
  fillRate: z.number().nullable(),
  adErrorRate: z.number().nullable(),
  originErrorRate: z.number().nullable(),
  adLatencyP50: z.number().nullable(),
  adLatencyP95: z.number().nullable(),
  adLatencyP99: z.number().nullable(),
  originLatencyP95: z.number().nullable(),
});
export type StatsPoint = z.infer<typeof statsPointSchema>;

/** Chart periods of /monitoring/{ch_id}: hours back from now, and the step of their points. */
export const MONITORING_PERIODS = {
  '1h': { hours: 1, stepMinutes: 1 },
  '6h': { hours: 6, stepMinutes: 5 },
  '24h': { hours: 24, stepMinutes: 15 },
  '7d': { hours: 168, stepMinutes: 60 },
} as const;
export type MonitoringPeriod = keyof typeof MONITORING_PERIODS;

export const seriesQuerySchema = z.strictObject({
  period: z
    .enum(Object.keys(MONITORING_PERIODS) as [MonitoringPeriod, ...MonitoringPeriod[]], {
      error: `period must be one of ${Object.keys(MONITORING_PERIODS).join(', ')}`,
    })
    .default('1h'),
});
export const seriesResponseSchema = z.object({
  resourceId: z.string(),
  kind: kindSchema,
  name: z.string(),
  customerId: z.string(),
  points: z.array(statsPointSchema),
  totals: statsPointSchema.omit({ at: true }),
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;

/** The monitor's window: the last minutes its figures cover, and the sparkline's length. */
export const MONITOR_WINDOW_MINUTES = 5;
export const MONITOR_SPARK_MINUTES = 30;
/** How often the monitor refreshes. */
export const MONITOR_REFRESH_MS = 10_000;

export const monitorChannelSchema = statsPointSchema.omit({ at: true }).extend({
  resourceId: z.string(),
  kind: kindSchema,
  name: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  status: z.string(),
  /** Requests per second over the window. */
  requestsPerSecond: z.number(),
  /** Requests per minute over the sparkline's minutes, oldest first. */
  spark: z.array(z.number()),
});
export type MonitorChannel = z.infer<typeof monitorChannelSchema>;
export const monitorResponseSchema = z.object({
  windowMinutes: z.number().int(),
  data: z.array(monitorChannelSchema),
});
export type MonitorResponse = z.infer<typeof monitorResponseSchema>;

/** The monitoring calls' messages (403 before anything is read, 404 for an id of no channel). */
export const MONITORING_TEXTS = {
  monitorForbidden: 'Only a main administrator may see the monitor',
  seriesForbidden: 'Only a main administrator may see monitoring',
  notFound: 'No live stream or VOD asset has this id',
} as const;

/** Percentile p (0..100) of a latency histogram (LATENCY_BUCKETS_MS), as its bucket's upper bound. */
export function histogramPercentile(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [i, n] of histogram.entries()) {
    seen += n;
    if (seen >= rank) return LATENCY_BUCKETS_MS[i] ?? LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]! * 2;
  }
  return null;
}
