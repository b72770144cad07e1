/**
 * Every number a core schema accepts has a finite maximum (limits.ts): the spec's where it sets
 * one, else one chosen there ('Must be at most {max}'). For each field: its maximum passes, just
 * above it and 1e300 are refused with the field's message, and Infinity and NaN never pass.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BOOKED_IMPRESSIONS_MAX,
  CAMPAIGN_TEXTS,
  CPM_MAX,
  FREQUENCY_CAP_MAX,
  PRIORITY_LEVEL_MAX,
  WEIGHT_MAX,
} from '../../resources/campaign.ts';
import { ENCODER_DEFAULTS, ENCODER_LABELS } from '../../resources/encoder.ts';
import { LIVE_STREAM_LABELS, LIVE_STREAM_TEXTS } from '../../resources/live-stream.ts';
import { RESOURCES, type ResourceKind } from '../../resources/registry.ts';
import { VOD_TEXTS } from '../../resources/vod.ts';
import { editCustomerFieldsSchema, TIMEZONE_RANGE_MESSAGE } from '../../schemas/account.ts';
import { toFieldIssues } from '../field-issues.ts';
import {
  breakIntervalSchema,
  bundlesSchema,
  dailyBudgetSchema,
  durationSchema,
  greaterThanZeroSchema,
  maxValueSchema,
  minValueSchema,
  nonzeroIntegerSchema,
  podsSchema,
  probeDurationSchema,
  thresholdSchema,
  triggerDurationSchema,
} from '../field-schemas.ts';
import { accountSchema } from '../form-schemas.ts';
import {
  AD_FREQUENCY_CAP_MAX,
  AD_POD_LENGTH_MAX,
  BANDWIDTH_MAX,
  BREAK_INTERVAL_MAX,
  DAILY_BUDGET_MAX,
  DURATION_MAX,
  DURATION_MS_MAX,
  DURATION_SECONDS_MAX,
  GOP_MAX,
  NUMBER_MAX,
  PERCENTAGE_MAX,
  PLAYLIST_SEGMENTS_MAX,
  PODS_MAX,
  PREFETCH_COUNT_MAX,
  PROBE_DURATION_MAX,
  SEGMENT_SIZE_MAX,
  TIMEZONE_OFFSET_MAX,
  TIMEZONE_OFFSET_MIN,
} from '../limits.ts';
import { dailyBudgetMessage, LIMIT_TEXTS, VALIDATION_MESSAGES as M, maxValueMessage } from '../messages.ts';

type Payload = Record<string, unknown>;

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
};
const on = (field: string, issues: { field: string; message: string }[]) =>
  issues.filter((issue) => issue.field === field);

interface Bound {
  name: string;
  schema: z.ZodType;
  /** The payload with `value` in the field under test. */
  payload: (value: number) => unknown;
  /** Dotted field the message is on ('' for a bare value). */
  field: string;
  max: number;
  /** The message above the maximum. */
  message: string;
  /** The largest value accepted, when it is not `max` itself. */
  largest?: number;
  /** A value just above the maximum, when not `max + 1`. */
  above?: number;
}

const UUID = '7d444840-9dc0-4c2c-9d3a-2f2d5e1c3b1a';
const SAMPLES: Record<ResourceKind, Payload> = {
  liveStream: {
    name: 'Sports 1',
    sourceStreamUrl: 'https://origin.example/live/sports1/',
    bundles: [{ name: 'Default', percentage: 100 }],
  },
  vod: { name: 'Match', sourceUrl: 'https://origin.example/vod/m.m3u8', duration: 600 },
  slate: { name: 'BRB', videoUrl: 'https://cdn.example/brb.mp4', duration: 10 },
  streamer: { name: 'Loop', items: [{ vodId: UUID }], breakinterval: 15, adDuration: 120 },
  encoder: { ...ENCODER_DEFAULTS, name: 'Studio A' },
  advertiser: { name: 'Acme Sports' },
  campaign: {
    name: 'Spring sale',
    advertiserId: UUID,
    startDate: '01-01-2026T00:00:00',
    endDate: '12-31-2026T23:59:59',
    placementIds: [UUID],
  },
  creative: { name: 'Spring 15s', videoUrl: 'https://cdn.example/ads/spring.mp4', duration: 15 },
  placement: { name: 'All streams' },
  bundle: { name: 'House demand', sources: [{ type: 'campaigns', percentage: 100 }] },
  pod: { name: 'Standard pod' },
};
const atMost = LIMIT_TEXTS.atMost;

/** A top-level field of a resource. */
const field = (kind: ResourceKind, name: string, max: number, message = atMost(max)): Bound => ({
  name: `${kind}.${name}`,
  schema: RESOURCES[kind].schema,
  payload: (value) => ({ ...SAMPLES[kind], [name]: value }),
  field: name,
  max,
  message,
});

const L = LIVE_STREAM_LABELS;
const E = ENCODER_LABELS;
const RESOURCE_BOUNDS: Bound[] = [
  field('vod', 'duration', DURATION_SECONDS_MAX),
  {
    name: 'vod.cuePoints',
    schema: RESOURCES.vod.schema,
    payload: (value) => ({ ...SAMPLES.vod, duration: DURATION_SECONDS_MAX, cuePoints: [value] }),
    field: 'cuePoints.0',
    max: DURATION_SECONDS_MAX,
    // A cue point lies before the end of the asset.
    largest: DURATION_SECONDS_MAX - 1,
    message: VOD_TEXTS.cuePointOutside,
  },
  field('slate', 'duration', DURATION_SECONDS_MAX),
  field('streamer', 'adDuration', DURATION_SECONDS_MAX),
  field('streamer', 'breakinterval', BREAK_INTERVAL_MAX),
  field('liveStream', 'breakinterval', BREAK_INTERVAL_MAX),
  field('liveStream', 'adpodLength', AD_POD_LENGTH_MAX),
  field('liveStream', 'maxAdBacklogDuration', DURATION_SECONDS_MAX),
  field('liveStream', 'adfrequencyCap', AD_FREQUENCY_CAP_MAX),
  field('liveStream', 'maxWaitingSec', DURATION_SECONDS_MAX),
  field('liveStream', 'prefetchCount', PREFETCH_COUNT_MAX),
  field('liveStream', 'userLiveliness', DURATION_SECONDS_MAX),
  field('liveStream', 'activenessInterval', DURATION_MS_MAX),
  {
    ...field('liveStream', 'minReplicas', PODS_MAX),
    // Min Pods stays below Max Pods (spec), so the largest minimum is one less.
    payload: (value) => ({ ...SAMPLES.liveStream, minReplicas: value, maxReplicas: PODS_MAX }),
    largest: PODS_MAX - 1,
  },
  {
    ...field('liveStream', 'maxReplicas', PODS_MAX),
    payload: (value) => ({ ...SAMPLES.liveStream, minReplicas: 1, maxReplicas: value }),
  },
  {
    ...field('liveStream', 'desiredPods', PODS_MAX),
    payload: (value) => ({
      ...SAMPLES.liveStream,
      minReplicas: 1,
      maxReplicas: PODS_MAX,
      desiredPods: value,
    }),
  },
  {
    name: 'liveStream.bundles.percentage (spec text)',
    schema: RESOURCES.liveStream.schema,
    payload: (value) => ({ ...SAMPLES.liveStream, bundles: [{ name: 'A', percentage: value }] }),
    field: 'bundles.0.percentage',
    max: PERCENTAGE_MAX,
    message: LIVE_STREAM_TEXTS.percentage,
  },
  {
    name: 'liveStream.midrollLayouts.duration (spec: 0.1 to 4)',
    schema: RESOURCES.liveStream.schema,
    payload: (value) => ({
      ...SAMPLES.liveStream,
      midrollLayouts: [{ name: 'Squeeze', transition: 'fade', duration: value }],
    }),
    field: 'midrollLayouts.0.duration',
    max: DURATION_MAX,
    above: DURATION_MAX + 0.01,
    message: M.durationRange,
  },
  field('encoder', 'gop', GOP_MAX),
  field('encoder', 'segment_size', SEGMENT_SIZE_MAX),
  field('encoder', 'playlist_length', PLAYLIST_SEGMENTS_MAX),
  field('encoder', 'delete_threshold_size', PLAYLIST_SEGMENTS_MAX),
  field('encoder', 'bandwidth', BANDWIDTH_MAX),
  field('encoder', 'probe_duration', PROBE_DURATION_MAX),
  field('creative', 'duration', DURATION_SECONDS_MAX),
  {
    ...field('placement', 'maxAdDuration', DURATION_SECONDS_MAX),
    // An ad is never longer than the pod.
    payload: (value) => ({
      ...SAMPLES.placement,
      maxAdDuration: value,
      maxPodDuration: DURATION_SECONDS_MAX,
    }),
  },
  field('placement', 'maxPodDuration', DURATION_SECONDS_MAX),
  field('pod', 'adpodLength', AD_POD_LENGTH_MAX),
  {
    ...field('pod', 'minTotalDuration', DURATION_SECONDS_MAX, LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX)),
    payload: (value) => ({ ...SAMPLES.pod, minTotalDuration: value, maxTotalDuration: DURATION_SECONDS_MAX }),
  },
  field('pod', 'maxTotalDuration', DURATION_SECONDS_MAX),
  {
    ...field('pod', 'minAdDuration', DURATION_SECONDS_MAX, LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX)),
    payload: (value) => ({ ...SAMPLES.pod, minAdDuration: value, maxAdDuration: DURATION_SECONDS_MAX }),
  },
  field('pod', 'maxAdDuration', DURATION_SECONDS_MAX),
  field('campaign', 'priorityLevel', PRIORITY_LEVEL_MAX, CAMPAIGN_TEXTS.priorityLevel),
  field('campaign', 'weight', WEIGHT_MAX, CAMPAIGN_TEXTS.weight),
  field('campaign', 'bookedImpressions', BOOKED_IMPRESSIONS_MAX, CAMPAIGN_TEXTS.bookedImpressions),
  field('campaign', 'frequencyCap', FREQUENCY_CAP_MAX, CAMPAIGN_TEXTS.frequencyCap),
  // CPM in cents: just above the maximum is a cent above it.
  { ...field('campaign', 'cpm', CPM_MAX, CAMPAIGN_TEXTS.cpm), above: CPM_MAX + 0.01 },
  field('campaign', 'dailyBudget', DAILY_BUDGET_MAX, dailyBudgetMessage(1, 1000000000)),
  {
    name: 'bundle.sources.percentage',
    schema: RESOURCES.bundle.schema,
    payload: (value) => ({
      ...SAMPLES.bundle,
      sources: [{ type: 'campaigns', percentage: value }],
    }),
    field: 'sources.0.percentage',
    max: PERCENTAGE_MAX,
    message: LIMIT_TEXTS.between(0, PERCENTAGE_MAX),
  },
];

/** A bare number schema of validation/field-schemas.ts. */
const value = (name: string, schema: z.ZodType, max: number, message = atMost(max)): Bound => ({
  name,
  schema,
  payload: (v) => v,
  field: '',
  max,
  message,
});

const FIELD_SCHEMA_BOUNDS: Bound[] = [
  value('breakIntervalSchema', breakIntervalSchema, BREAK_INTERVAL_MAX),
  value('thresholdSchema', thresholdSchema, NUMBER_MAX),
  value('durationSchema (spec)', durationSchema, DURATION_MAX, M.durationRange),
  value('probeDurationSchema', probeDurationSchema, PROBE_DURATION_MAX),
  value('triggerDurationSchema', triggerDurationSchema, DURATION_SECONDS_MAX),
  value(
    'nonzeroIntegerSchema',
    nonzeroIntegerSchema,
    NUMBER_MAX,
    LIMIT_TEXTS.between(-NUMBER_MAX, NUMBER_MAX),
  ),
  value("greaterThanZeroSchema('Bitrate')", greaterThanZeroSchema('Bitrate'), NUMBER_MAX),
  value("greaterThanZeroSchema('Bitrate', 100)", greaterThanZeroSchema('Bitrate', 100), 100),
  value('minValueSchema(5)', minValueSchema(5), NUMBER_MAX),
  value('maxValueSchema(10) (spec text)', maxValueSchema(10), 10, maxValueMessage(10)),
  value(
    'dailyBudgetSchema() (chosen bounds)',
    dailyBudgetSchema(),
    DAILY_BUDGET_MAX,
    dailyBudgetMessage(1, DAILY_BUDGET_MAX),
  ),
  {
    name: 'bundlesSchema percentage',
    schema: bundlesSchema,
    payload: (v) => [{ percentage: v }],
    field: '0.percentage',
    max: PERCENTAGE_MAX,
    message: LIMIT_TEXTS.between(0, PERCENTAGE_MAX),
  },
  {
    name: 'podsSchema maxReplicas',
    schema: podsSchema,
    payload: (v) => ({ minReplicas: 1, maxReplicas: v }),
    field: 'maxReplicas',
    max: PODS_MAX,
    message: atMost(PODS_MAX),
  },
  {
    name: 'accountSchema timezone (as a number)',
    schema: accountSchema,
    payload: (v) => ({ paymentPlan: 'standard', timezone: v }),
    field: 'timezone',
    max: TIMEZONE_OFFSET_MAX,
    above: TIMEZONE_OFFSET_MAX + 0.25,
    message: LIMIT_TEXTS.between(TIMEZONE_OFFSET_MIN, TIMEZONE_OFFSET_MAX),
  },
  {
    name: 'editCustomerFieldsSchema timezone',
    schema: editCustomerFieldsSchema,
    payload: (v) => ({ timezone: v }),
    field: 'timezone',
    max: TIMEZONE_OFFSET_MAX,
    above: TIMEZONE_OFFSET_MAX + 0.25,
    message: TIMEZONE_RANGE_MESSAGE,
  },
];

describe.each([
  ['resource fields', RESOURCE_BOUNDS],
  ['field schemas', FIELD_SCHEMA_BOUNDS],
])('%s have a finite maximum', (_group, bounds) => {
  describe.each(bounds)(
    '$name',
    ({ schema, payload, field, max, message, largest = max, above = max + 1 }) => {
      it(`accepts its largest value (${largest})`, () => {
        expect(on(field, issuesOf(schema, payload(largest)))).toEqual([]);
      });

      it.each([above, 1e300, Number.MAX_VALUE])('refuses %d with its message', (big) => {
        expect(on(field, issuesOf(schema, payload(big)))).toEqual([{ field, message }]);
      });

      it.each([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN])('refuses %d', (bad) => {
        expect(on(field, issuesOf(schema, payload(bad)))).not.toEqual([]);
      });
    },
  );
});

describe('bounds that close a loophole', () => {
  it('bundles cannot reach a total of 100 with huge opposite percentages', () => {
    const bundles = [{ percentage: 1e300 }, { percentage: -1e300 }, { percentage: 100 }];
    expect(issuesOf(bundlesSchema, bundles)).toEqual([
      { field: '0.percentage', message: LIMIT_TEXTS.between(0, PERCENTAGE_MAX) },
      { field: '1.percentage', message: LIMIT_TEXTS.between(0, PERCENTAGE_MAX) },
    ]);
  });

  it('keeps the spec limits as they were: break interval 0 or at least 5, duration 0.1 to 4', () => {
    expect(issuesOf(breakIntervalSchema, 0)).toEqual([]);
    expect(issuesOf(breakIntervalSchema, 4)).toEqual([{ field: '', message: M.breakInterval }]);
    expect(issuesOf(durationSchema, 0.1)).toEqual([]);
    expect(issuesOf(durationSchema, -1)).toEqual([{ field: '', message: M.durationNegative }]);
  });

  it('names a positive field’s own message below its range and the bound above it', () => {
    const vod = RESOURCES.vod.schema;
    expect(on('duration', issuesOf(vod, { ...SAMPLES.vod, duration: 0 }))).toEqual([
      { field: 'duration', message: 'Duration should be greater than zero' },
    ]);
    expect(on('gop', issuesOf(RESOURCES.encoder.schema, { ...SAMPLES.encoder, gop: GOP_MAX + 1 }))).toEqual([
      { field: 'gop', message: atMost(GOP_MAX) },
    ]);
    expect(E.gop).toBe('GOP');
    expect(L.prefetchCount).toBe('Prefetch count');
  });
});
