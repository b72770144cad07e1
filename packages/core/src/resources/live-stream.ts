/**
 * Live streams and their datasource (/streams-live, /streams-ads; generic resource /ssai/ds):
 * the datasource configuration of spec section 3 with its known defaults, and every rule of
 * section 5 that belongs to these fields.
 */
import { z } from 'zod';
import { blockedIpsRule, podsRule } from '../validation/cross-field-rules.ts';
import {
  adExchangeValueSchema,
  akamaiTokenSchema,
  breakIntervalSchema,
  configJsonSchema,
  durationSchema,
  ipListSchema,
  maxChars,
  podCountSchema,
  streamUrlSchema,
  textSchema,
  transitionSchema,
} from '../validation/field-schemas.ts';
import {
  AD_FREQUENCY_CAP_MAX,
  AD_POD_LENGTH_MAX,
  DURATION_MS_MAX,
  DURATION_SECONDS_MAX,
  PERCENTAGE_MAX,
  PREFETCH_COUNT_MAX,
  TEXT_LIMITS,
} from '../validation/limits.ts';
import { fieldRequiredMessage, LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import {
  validateAdReportUrl,
  validateBundlesTotal,
  validateStreamUrl,
  validateUrl,
} from '../validation/rules.ts';
import type { CrossFieldRule, FieldIssue } from '../validation/types.ts';
import { crossFieldCheck, ruleCheck } from '../validation/zod-checks.ts';
import {
  boundedTextSchema,
  labelSchema,
  optionalUrlSchema,
  positiveIntSchema,
  referenceSchema,
  resourceNameSchema,
  statusSchema,
} from './fields.ts';
import type { ListShape } from './list.ts';

export const FORMAT_TYPES = ['HLS', 'DASH'] as const;
export const REDUNDANCY_MODES = ['DISABLE', 'ENABLE'] as const;
export const AD_DECISIONS = ['internal', 'external'] as const;
export const OVERLAY_POSITIONS = ['top', 'bottom'] as const;
export const TOLERATION_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
export const SLATE_FILL_MODES = ['loop', 'once'] as const;

/** Labels of the datasource form; required messages name them. */
export const LIVE_STREAM_LABELS = {
  name: 'Name',
  sourceStreamUrl: 'Source stream URL',
  formatType: 'Format',
  timezone: 'Timezone',
  epgUrl: 'EPG URL',
  status: 'Status',
  adDecision: 'Ad decision',
  bundles: 'Bundles',
  bundleName: 'Bundle',
  percentage: 'Percentage',
  vastUrl: 'VAST/VMAP URL',
  breakinterval: 'Break interval (minutes)',
  adpodLength: 'Ad pod length',
  maxAdBacklogDuration: 'Max ad backlog duration (s)',
  adfrequencyCap: 'Ad frequency cap',
  maxWaitingSec: 'Max waiting (s)',
  adExchangeValue: 'Ad exchange value',
  adReportUrl: 'Ad report URL',
  prefetchCount: 'Prefetch count',
  userLiveliness: 'User liveliness (s)',
  activenessInterval: 'Activeness interval (ms)',
  midrollLayouts: 'Mid-roll layouts',
  layoutName: 'Layout',
  transition: 'Transition',
  duration: 'Duration (s)',
  textOverlayEnabled: 'Text overlay',
  textOverlayText: 'Overlay text',
  textOverlayPosition: 'Position',
  inRedundancy: 'Redundancy',
  backupStreamUrl: 'Backup source URL',
  akamaiToken: 'Akamai token',
  trustedIpsList: 'Trusted IPs',
  blockedIpsList: 'Blocked IPs',
  minReplicas: 'Min Pods',
  maxReplicas: 'Max Pods',
  desiredPods: 'Desired pods',
  tolerations: 'Tolerations',
  tolerationKey: 'Toleration key',
  tolerationValue: 'Toleration value',
  tolerationEffect: 'Effect',
  advancedConfig: 'Config',
  slateId: 'Slate',
  slateFillMode: 'Slate fill',
  slatePrediction: 'Predict break ends',
} as const;

export const LIVE_STREAM_TEXTS = {
  timezone: 'Timezone must be written +HH:MM or -HH:MM',
  overlayText: 'Overlay text is required when the overlay is on',
  bundleName: 'Bundle is required',
  percentage: 'Percentage must be between 0 and 100',
} as const;

const L = LIVE_STREAM_LABELS;
const TIMEZONE_PATTERN = /^[+-](0\d|1[0-4]):[0-5]\d$/;
/** A whole number above zero and at most `max` (limits.ts: the spec gives these no maximum). */
const whole = (field: string, max: number) => positiveIntSchema(field, max);

const bundleSchema = z.object({
  name: labelSchema(LIVE_STREAM_TEXTS.bundleName),
  percentage: z
    .number({ error: LIVE_STREAM_TEXTS.percentage })
    .min(0, { error: LIVE_STREAM_TEXTS.percentage })
    .max(PERCENTAGE_MAX, { error: LIVE_STREAM_TEXTS.percentage }),
  /** The Bundle (/demand) this share of the avails goes to; none: the share has no demand. */
  bundleId: referenceSchema,
});

const layoutSchema = z.object({
  name: labelSchema(M.thisFieldRequired),
  transition: transitionSchema,
  duration: durationSchema,
});

const tolerationSchema = z.object({
  key: textSchema({ error: fieldRequiredMessage(L.tolerationKey) })
    .trim()
    .check(maxChars(TEXT_LIMITS.kubernetesKey))
    .min(1, { error: fieldRequiredMessage(L.tolerationKey) }),
  value: textSchema({ error: fieldRequiredMessage(L.tolerationValue) })
    .trim()
    .check(maxChars(TEXT_LIMITS.kubernetesValue))
    .min(1, { error: fieldRequiredMessage(L.tolerationValue) }),
  effect: z.enum(TOLERATION_EFFECTS, { error: M.thisFieldRequired }),
});

/** Internal demand: bundles totalling 100%. External: a VAST/VMAP URL. */
export const adDecisionRule: CrossFieldRule<{
  adDecision: string;
  bundles: readonly { percentage: number }[];
  vastUrl: string;
}> = {
  fields: ['adDecision', 'bundles', 'vastUrl'],
  validate: ({ adDecision, bundles, vastUrl }) => {
    if (adDecision === 'internal') {
      const problem = validateBundlesTotal(bundles);
      return problem === null ? [] : [{ field: 'bundles', message: problem }];
    }
    const problem = validateUrl(vastUrl);
    return problem === null ? [] : [{ field: 'vastUrl', message: problem }];
  },
};

/** With redundancy on, the backup source is a stream URL ending with '/'. */
export const redundancyRule: CrossFieldRule<{ inRedundancy: string; backupStreamUrl: string }> = {
  fields: ['inRedundancy', 'backupStreamUrl'],
  validate: ({ inRedundancy, backupStreamUrl }) => {
    if (inRedundancy !== 'ENABLE') return [];
    const problem = validateStreamUrl(backupStreamUrl);
    return problem === null ? [] : [{ field: 'backupStreamUrl', message: problem }];
  },
};

/** With the text overlay on, its text is required. */
export const textOverlayRule: CrossFieldRule<{ textOverlayEnabled: boolean; textOverlayText: string }> = {
  fields: ['textOverlayEnabled', 'textOverlayText'],
  validate: ({ textOverlayEnabled, textOverlayText }): FieldIssue[] =>
    textOverlayEnabled && textOverlayText.trim() === ''
      ? [{ field: 'textOverlayText', message: LIVE_STREAM_TEXTS.overlayText }]
      : [],
};

/**
 * The datasource of a live stream. Field names follow the spec where it names them (adpodLength,
 * maxAdBacklogDuration, prefetchCount, userLiveliness, formatType, inRedundancy, timezone,
 * activenessInterval, adfrequencyCap, maxWaitingSec, bundles, breakinterval, minReplicas,
 * maxReplicas, desiredPods, trustedIpsList, blockedIpsList, slateConfig); the others are ours.
 */
export const liveStreamSchema = z
  .object({
    // General
    name: resourceNameSchema(L.name),
    status: statusSchema,
    sourceStreamUrl: streamUrlSchema,
    formatType: z.enum(FORMAT_TYPES, { error: M.thisFieldRequired }).default('HLS'),
    timezone: textSchema({ error: LIVE_STREAM_TEXTS.timezone })
      .trim()
      .check(maxChars(TEXT_LIMITS.dateTime, LIVE_STREAM_TEXTS.timezone))
      .regex(TIMEZONE_PATTERN, { error: LIVE_STREAM_TEXTS.timezone })
      .default('+00:00'),
    epgUrl: optionalUrlSchema,
    // Ads
    adDecision: z.enum(AD_DECISIONS, { error: M.thisFieldRequired }).default('internal'),
    bundles: z
      .array(bundleSchema, { error: M.bundlesTotal })
      .max(50, { error: LIMIT_TEXTS.tooMany(50) })
      .default([{ name: 'Default', percentage: 100, bundleId: null }]),
    vastUrl: boundedTextSchema(TEXT_LIMITS.url, M.invalidUrl),
    breakinterval: breakIntervalSchema.default(0),
    adpodLength: whole(L.adpodLength, AD_POD_LENGTH_MAX).default(1),
    maxAdBacklogDuration: whole(L.maxAdBacklogDuration, DURATION_SECONDS_MAX).default(600),
    adfrequencyCap: whole(L.adfrequencyCap, AD_FREQUENCY_CAP_MAX).default(1000),
    maxWaitingSec: whole(L.maxWaitingSec, DURATION_SECONDS_MAX).default(128),
    adExchangeValue: adExchangeValueSchema.default(''),
    adReportUrl: textSchema({ error: M.adReportUrl })
      .trim()
      .check(
        maxChars(TEXT_LIMITS.url),
        ruleCheck((value: string) => (value === '' ? null : validateAdReportUrl(value))),
      )
      .default(''),
    // Prefetch
    prefetchCount: whole(L.prefetchCount, PREFETCH_COUNT_MAX).default(3),
    userLiveliness: whole(L.userLiveliness, DURATION_SECONDS_MAX).default(3600),
    activenessInterval: whole(L.activenessInterval, DURATION_MS_MAX).default(200),
    // Layouts and overlay
    midrollLayouts: z
      .array(layoutSchema)
      .max(20, { error: LIMIT_TEXTS.tooMany(20) })
      .default([]),
    textOverlayEnabled: z.boolean({ error: LIMIT_TEXTS.yesOrNo }).default(false),
    textOverlayText: textSchema({ error: LIVE_STREAM_TEXTS.overlayText })
      .check(maxChars(TEXT_LIMITS.line))
      .default(''),
    textOverlayPosition: z.enum(OVERLAY_POSITIONS, { error: M.thisFieldRequired }).default('bottom'),
    // Redundancy and EPG
    inRedundancy: z.enum(REDUNDANCY_MODES, { error: M.thisFieldRequired }).default('DISABLE'),
    backupStreamUrl: boundedTextSchema(TEXT_LIMITS.url, M.invalidUrl),
    // Security
    akamaiToken: akamaiTokenSchema.default(''),
    trustedIpsList: ipListSchema.default([]),
    blockedIpsList: ipListSchema.default([]),
    // Scaling
    minReplicas: podCountSchema.default(1),
    maxReplicas: podCountSchema.default(3),
    desiredPods: podCountSchema.nullable().default(null),
    tolerations: z
      .array(tolerationSchema)
      .max(20, { error: LIMIT_TEXTS.tooMany(20) })
      .default([]),
    // Advanced
    advancedConfig: configJsonSchema.default('{}'),
    slateId: referenceSchema,
    slateConfig: z
      .object({
        fillMode: z.enum(SLATE_FILL_MODES, { error: M.thisFieldRequired }).default('loop'),
        prediction: z.boolean({ error: LIMIT_TEXTS.yesOrNo }).default(false),
      })
      .default({ fillMode: 'loop', prediction: false }),
  })
  .check(
    crossFieldCheck(adDecisionRule),
    crossFieldCheck(redundancyRule),
    crossFieldCheck(textOverlayRule),
    crossFieldCheck(podsRule),
    crossFieldCheck(blockedIpsRule),
  );
export type LiveStreamInput = z.input<typeof liveStreamSchema>;
export type LiveStream = z.output<typeof liveStreamSchema>;

/** A new live stream: the spec's known defaults (section 3) and empty fields elsewhere. */
export const LIVE_STREAM_DEFAULTS: LiveStream = {
  name: '',
  status: 'active',
  sourceStreamUrl: '',
  formatType: 'HLS',
  timezone: '+00:00',
  epgUrl: '',
  adDecision: 'internal',
  bundles: [{ name: 'Default', percentage: 100, bundleId: null }],
  vastUrl: '',
  breakinterval: 0,
  adpodLength: 1,
  maxAdBacklogDuration: 600,
  adfrequencyCap: 1000,
  maxWaitingSec: 128,
  adExchangeValue: '',
  adReportUrl: '',
  prefetchCount: 3,
  userLiveliness: 3600,
  activenessInterval: 200,
  midrollLayouts: [],
  textOverlayEnabled: false,
  textOverlayText: '',
  textOverlayPosition: 'bottom',
  inRedundancy: 'DISABLE',
  backupStreamUrl: '',
  akamaiToken: '',
  trustedIpsList: [],
  blockedIpsList: [],
  minReplicas: 1,
  maxReplicas: 3,
  desiredPods: null,
  tolerations: [],
  advancedConfig: '{}',
  slateId: null,
  slateConfig: { fillMode: 'loop', prediction: false },
};

/**
 * Fields whose values the event log never shows (every user of the account reads it): a change is
 * logged as '(hidden)' to '(hidden)'. The Akamai token signs playback URLs.
 */
export const LIVE_STREAM_SECRET_FIELDS: readonly (keyof LiveStream)[] = ['akamaiToken'];

/** The form's tabs and the fields each holds (a failing field opens its tab). */
export const LIVE_STREAM_TABS = [
  {
    id: 'general',
    label: 'General',
    fields: ['name', 'status', 'sourceStreamUrl', 'formatType', 'timezone', 'epgUrl'],
  },
  {
    id: 'ads',
    label: 'Ads',
    fields: [
      'adDecision',
      'bundles',
      'vastUrl',
      'breakinterval',
      'adpodLength',
      'maxAdBacklogDuration',
      'adfrequencyCap',
      'maxWaitingSec',
      'adExchangeValue',
      'adReportUrl',
    ],
  },
  { id: 'prefetch', label: 'Prefetch', fields: ['prefetchCount', 'userLiveliness', 'activenessInterval'] },
  {
    id: 'layouts',
    label: 'Layouts & overlay',
    fields: ['midrollLayouts', 'textOverlayEnabled', 'textOverlayText', 'textOverlayPosition'],
  },
  { id: 'redundancy', label: 'Redundancy', fields: ['inRedundancy', 'backupStreamUrl'] },
  { id: 'security', label: 'Security', fields: ['akamaiToken', 'trustedIpsList', 'blockedIpsList'] },
  { id: 'scaling', label: 'Scaling', fields: ['minReplicas', 'maxReplicas', 'desiredPods', 'tolerations'] },
  { id: 'advanced', label: 'Advanced', fields: ['advancedConfig', 'slateId', 'slateConfig'] },
] as const;

export const LIVE_STREAM_LIST: ListShape = {
  sortKeys: ['name', 'status', 'formatType', 'adDecision', 'createdAt', 'updatedAt'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: {
    status: ['active', 'inactive'],
    formatType: FORMAT_TYPES,
    adDecision: AD_DECISIONS,
    inRedundancy: REDUNDANCY_MODES,
  },
  searchFields: ['name', 'sourceStreamUrl'],
};
