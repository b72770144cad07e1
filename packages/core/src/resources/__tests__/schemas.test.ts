/**
 * Every rule of each resource schema (live stream, VOD, slate, streamer channel, encoder; the
 * demand resources' tables are in demand-schema-cases.ts) as a table: a valid sample, one change that breaks one rule, and the exact `{ field, message }`
 * issues it gives (the texts the server's 400 answers and the console's forms show). Values at
 * the edge of a rule are listed as accepted.
 */
import { describe, expect, it } from 'vitest';
import {
  fieldRequiredMessage,
  greaterThanZeroMessage,
  ipInTrustedListMessage,
  VALIDATION_MESSAGES as M,
} from '../../validation/messages.ts';
import { advertiserRecordSchema } from '../advertiser.ts';
import { CAMPAIGN_DEFAULTS, campaignSchema } from '../campaign.ts';
import { CREATIVE_DEFAULTS, creativeSchema } from '../creative.ts';
import { ENCODER_DEFAULTS, ENCODER_LABELS, encoderSchema } from '../encoder.ts';
import { NAME_MAX_LENGTH } from '../fields.ts';
import {
  LIVE_STREAM_DEFAULTS,
  LIVE_STREAM_LABELS,
  LIVE_STREAM_TABS,
  LIVE_STREAM_TEXTS,
  liveStreamSchema,
} from '../live-stream.ts';
import { RESOURCE_KINDS, RESOURCES, type ResourceKind } from '../registry.ts';
import { SLATE_DEFAULTS, slateSchema } from '../slate.ts';
import { STREAMER_DEFAULTS, STREAMER_LABELS, STREAMER_TEXTS, streamerSchema } from '../streamer.ts';
import { VOD_DEFAULTS, VOD_TEXTS, vodSchema } from '../vod.ts';
import { DEMAND_TABLES } from './demand-schema-cases.ts';
import {
  type Case,
  issuesOf,
  nameCases,
  only,
  type Payload,
  type SchemaTable,
  statusCase,
  UUID,
  withChange,
} from './schema-cases.ts';

const LIVE_SAMPLE: Payload = {
  name: 'Sports 1',
  sourceStreamUrl: 'https://origin.example/live/sports1/',
  bundles: [{ name: 'Default', percentage: 100, bundleId: null }],
};
const L = LIVE_STREAM_LABELS;
const layout = (change: Payload) => ({
  midrollLayouts: [{ name: 'Squeeze', transition: 'fade', duration: 1, ...change }],
});
const toleration = (change: Payload) => ({
  tolerations: [{ key: 'dedicated', value: 'ssai', effect: 'NoSchedule', ...change }],
});

const LIVE_CASES: Case[] = [
  ...nameCases(),
  statusCase,
  {
    rule: 'source URL missing',
    change: { sourceStreamUrl: undefined },
    expected: only('sourceStreamUrl', M.invalidUrl),
  },
  {
    rule: 'source URL not a URL',
    change: { sourceStreamUrl: 'origin/live/' },
    expected: only('sourceStreamUrl', M.invalidUrl),
  },
  {
    rule: 'source URL without the final /',
    change: { sourceStreamUrl: 'https://origin.example/live' },
    expected: only('sourceStreamUrl', M.invalidStreamUrl),
  },
  {
    rule: 'format unknown',
    change: { formatType: 'RTMP' },
    expected: only('formatType', M.thisFieldRequired),
  },
  {
    rule: 'timezone without two-digit hours',
    change: { timezone: '+5:00' },
    expected: only('timezone', LIVE_STREAM_TEXTS.timezone),
  },
  {
    rule: 'timezone beyond +14',
    change: { timezone: '+15:00' },
    expected: only('timezone', LIVE_STREAM_TEXTS.timezone),
  },
  {
    rule: 'timezone as a name',
    change: { timezone: 'UTC' },
    expected: only('timezone', LIVE_STREAM_TEXTS.timezone),
  },
  { rule: 'EPG URL not a URL', change: { epgUrl: 'epg.xml' }, expected: only('epgUrl', M.invalidUrl) },
  {
    rule: 'ad decision unknown',
    change: { adDecision: 'auto' },
    expected: only('adDecision', M.thisFieldRequired),
  },
  {
    rule: 'internal bundles not totalling 100',
    change: {
      bundles: [
        { name: 'A', percentage: 60 },
        { name: 'B', percentage: 30 },
      ],
    },
    expected: only('bundles', M.bundlesTotal),
  },
  { rule: 'internal without bundles', change: { bundles: [] }, expected: only('bundles', M.bundlesTotal) },
  { rule: 'bundles not a list', change: { bundles: 'Default' }, expected: only('bundles', M.bundlesTotal) },
  {
    rule: 'bundle without a name',
    change: { bundles: [{ name: ' ', percentage: 100 }] },
    expected: only('bundles.0.name', LIVE_STREAM_TEXTS.bundleName),
  },
  {
    rule: 'bundle above 100%',
    change: { bundles: [{ name: 'A', percentage: 101 }] },
    expected: only('bundles.0.percentage', LIVE_STREAM_TEXTS.percentage),
  },
  {
    rule: 'bundle below 0%',
    change: {
      bundles: [
        { name: 'A', percentage: -1 },
        { name: 'B', percentage: 101 },
      ],
    },
    expected: [
      { field: 'bundles.0.percentage', message: LIVE_STREAM_TEXTS.percentage },
      { field: 'bundles.1.percentage', message: LIVE_STREAM_TEXTS.percentage },
    ],
  },
  {
    rule: 'bundle percentage not a number',
    change: { bundles: [{ name: 'A', percentage: '100' }] },
    expected: only('bundles.0.percentage', LIVE_STREAM_TEXTS.percentage),
  },
  {
    rule: 'external without a VAST URL',
    change: { adDecision: 'external', bundles: [] },
    expected: only('vastUrl', M.invalidUrl),
  },
  {
    rule: 'external with a bad VAST URL',
    change: { adDecision: 'external', vastUrl: 'ads?channel=1' },
    expected: only('vastUrl', M.invalidUrl),
  },
  {
    rule: 'break interval 1 to 4',
    change: { breakinterval: 3 },
    expected: only('breakinterval', M.breakInterval),
  },
  {
    rule: 'break interval negative',
    change: { breakinterval: -5 },
    expected: only('breakinterval', M.breakInterval),
  },
  {
    rule: 'break interval as text',
    change: { breakinterval: '15' },
    expected: only('breakinterval', M.breakInterval),
  },
  ...(
    [
      'adpodLength',
      'maxAdBacklogDuration',
      'adfrequencyCap',
      'maxWaitingSec',
      'prefetchCount',
      'userLiveliness',
      'activenessInterval',
    ] as const
  ).flatMap((field): Case[] => [
    { rule: `${field} 0`, change: { [field]: 0 }, expected: only(field, greaterThanZeroMessage(L[field])) },
    {
      rule: `${field} negative`,
      change: { [field]: -3 },
      expected: only(field, greaterThanZeroMessage(L[field])),
    },
    {
      rule: `${field} fractional`,
      change: { [field]: 1.5 },
      expected: only(field, greaterThanZeroMessage(L[field])),
    },
    {
      rule: `${field} text`,
      change: { [field]: '3' },
      expected: only(field, greaterThanZeroMessage(L[field])),
    },
  ]),
  {
    rule: 'ad exchange value naming a playlist',
    change: { adExchangeValue: 'my-PlayList-7' },
    expected: only('adExchangeValue', M.playlistNotValid),
  },
  {
    rule: 'ad report URL neither URL nor path',
    change: { adReportUrl: 'reports/today' },
    expected: only('adReportUrl', M.adReportUrl),
  },
  {
    rule: 'layout without a name',
    change: layout({ name: '' }),
    expected: only('midrollLayouts.0.name', M.thisFieldRequired),
  },
  {
    rule: 'layout transition unknown',
    change: layout({ transition: 'wipe' }),
    expected: only('midrollLayouts.0.transition', M.thisFieldRequired),
  },
  {
    rule: 'layout duration above 4',
    change: layout({ duration: 4.5 }),
    expected: only('midrollLayouts.0.duration', M.durationRange),
  },
  {
    rule: 'layout duration below 0.1',
    change: layout({ duration: 0.05 }),
    expected: only('midrollLayouts.0.duration', M.durationRange),
  },
  {
    rule: 'layout duration negative',
    change: layout({ duration: -1 }),
    expected: only('midrollLayouts.0.duration', M.durationNegative),
  },
  {
    rule: 'overlay on without text',
    change: { textOverlayEnabled: true, textOverlayText: '  ' },
    expected: only('textOverlayText', LIVE_STREAM_TEXTS.overlayText),
  },
  {
    rule: 'overlay position unknown',
    change: { textOverlayPosition: 'middle' },
    expected: only('textOverlayPosition', M.thisFieldRequired),
  },
  {
    rule: 'redundancy unknown',
    change: { inRedundancy: 'ON' },
    expected: only('inRedundancy', M.thisFieldRequired),
  },
  {
    rule: 'redundancy on without a backup URL',
    change: { inRedundancy: 'ENABLE' },
    expected: only('backupStreamUrl', M.invalidUrl),
  },
  {
    rule: 'redundancy on with a backup URL without the final /',
    change: { inRedundancy: 'ENABLE', backupStreamUrl: 'https://backup.example/live' },
    expected: only('backupStreamUrl', M.invalidStreamUrl),
  },
  {
    rule: 'Akamai token of odd length',
    change: { akamaiToken: 'abc' },
    expected: only('akamaiToken', M.invalidAkamaiToken),
  },
  {
    rule: 'trusted IP not an address',
    change: { trustedIpsList: ['10.0.0.300'] },
    expected: only('trustedIpsList', M.invalidIpOrCidr),
  },
  {
    rule: 'blocked range with a bad prefix',
    change: { blockedIpsList: ['10.0.0.0/33'] },
    expected: only('blockedIpsList', M.invalidIpOrCidr),
  },
  {
    rule: 'blocked IP in the trusted list',
    change: { trustedIpsList: ['10.0.0.1', '192.0.2.0/24'], blockedIpsList: ['10.0.0.1/32', '192.0.2.0/24'] },
    expected: [
      { field: 'blockedIpsList', message: ipInTrustedListMessage('10.0.0.1/32') },
      { field: 'blockedIpsList', message: ipInTrustedListMessage('192.0.2.0/24') },
    ],
  },
  { rule: 'min pods 0', change: { minReplicas: 0 }, expected: only('minReplicas', M.minPodsAboveZero) },
  {
    rule: 'min pods not below max',
    change: { minReplicas: 3, maxReplicas: 3 },
    expected: [
      { field: 'minReplicas', message: M.minPodsBelowMax },
      { field: 'maxReplicas', message: M.minPodsBelowMax },
    ],
  },
  {
    rule: 'min pods fractional',
    change: { minReplicas: 1.5 },
    expected: only('minReplicas', M.thisFieldRequired),
  },
  {
    rule: 'max pods missing',
    change: { maxReplicas: null },
    expected: only('maxReplicas', M.thisFieldRequired),
  },
  {
    rule: 'desired pods above max',
    change: { desiredPods: 4 },
    expected: only('desiredPods', M.desiredPodsRange),
  },
  {
    rule: 'desired pods below min',
    change: { minReplicas: 2, desiredPods: 1 },
    expected: only('desiredPods', M.desiredPodsRange),
  },
  {
    rule: 'toleration without a key',
    change: toleration({ key: '' }),
    expected: only('tolerations.0.key', fieldRequiredMessage(L.tolerationKey)),
  },
  {
    rule: 'toleration without a value',
    change: toleration({ value: ' ' }),
    expected: only('tolerations.0.value', fieldRequiredMessage(L.tolerationValue)),
  },
  {
    rule: 'toleration effect unknown',
    change: toleration({ effect: 'Never' }),
    expected: only('tolerations.0.effect', M.thisFieldRequired),
  },
  {
    rule: 'config empty',
    change: { advancedConfig: '' },
    expected: only('advancedConfig', M.setDefaultConfig),
  },
  {
    rule: 'config null',
    change: { advancedConfig: null },
    expected: only('advancedConfig', M.setDefaultConfig),
  },
  {
    rule: 'config unreadable',
    change: { advancedConfig: '{"a":' },
    expected: only('advancedConfig', M.invalidJson),
  },
  {
    rule: 'config with a number value',
    change: { advancedConfig: '{"retries":3}' },
    expected: only('advancedConfig', M.configJson),
  },
  {
    rule: 'config key with a special character',
    change: { advancedConfig: { 'bad key!': 'x' } },
    expected: only('advancedConfig', M.configJson),
  },
  { rule: 'slate id not a UUID', change: { slateId: 'slate-1' }, expected: only('slateId', M.invalidUuid) },
  {
    rule: 'slate fill mode unknown',
    change: { slateConfig: { fillMode: 'bounce' } },
    expected: only('slateConfig.fillMode', M.thisFieldRequired),
  },
];

const LIVE_ACCEPTED: Payload[] = [
  { name: 'n'.repeat(NAME_MAX_LENGTH) },
  { timezone: '-03:30' },
  { timezone: '+14:00' },
  { epgUrl: 'https://epg.example/guide.xml' },
  {
    bundles: [
      { name: 'A', percentage: 33.3 },
      { name: 'B', percentage: 33.3 },
      { name: 'C', percentage: 33.4 },
    ],
  },
  { adDecision: 'external', bundles: [], vastUrl: 'https://ads.example/vast?c=1' },
  { breakinterval: 0 },
  { breakinterval: 5 },
  { adReportUrl: '/reports' },
  { adReportUrl: 'https://report.example/r' },
  { adExchangeValue: 'exchange-7' },
  layout({ duration: 0.1 }),
  layout({ duration: 4 }),
  { textOverlayEnabled: true, textOverlayText: 'Live' },
  { inRedundancy: 'ENABLE', backupStreamUrl: 'https://backup.example/live/' },
  { akamaiToken: 'abcd' },
  { trustedIpsList: ['192.0.2.0/24'], blockedIpsList: ['192.0.2.7'] },
  { minReplicas: 1, maxReplicas: 2, desiredPods: 2 },
  { desiredPods: 1 },
  { advancedConfig: { 'player.mode': 'low-latency' } },
  { advancedConfig: '{"player.mode":"low-latency"}' },
  { slateId: UUID },
  { slateId: '' },
  { slateConfig: { fillMode: 'once', prediction: true } },
];

const VOD_SAMPLE: Payload = {
  name: 'Match highlights',
  sourceUrl: 'https://origin.example/vod/match/master.m3u8',
  duration: 600,
};
const VOD_CASES: Case[] = [
  ...nameCases(),
  statusCase,
  { rule: 'source URL missing', change: { sourceUrl: undefined }, expected: only('sourceUrl', M.invalidUrl) },
  {
    rule: 'source URL not a URL',
    change: { sourceUrl: 'master.m3u8' },
    expected: only('sourceUrl', M.invalidUrl),
  },
  {
    rule: 'duration missing',
    change: { duration: undefined },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
  {
    rule: 'duration 0',
    change: { duration: 0 },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
  {
    rule: 'duration negative',
    change: { duration: -5 },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
  {
    rule: 'duration as text',
    change: { duration: '600' },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
  {
    rule: 'description too long',
    change: { description: 'd'.repeat(3001) },
    expected: only('description', VOD_TEXTS.descriptionTooLong),
  },
  { rule: 'genre unknown', change: { genre: 'Horror' }, expected: only('genre', M.thisFieldRequired) },
  { rule: 'rating unknown', change: { rating: 'X' }, expected: only('rating', M.thisFieldRequired) },
  { rule: 'tags not a list', change: { tags: 'sports' }, expected: only('tags', M.thisFieldRequired) },
  {
    rule: 'tag too long',
    change: { tags: ['ok', 't'.repeat(51)] },
    expected: only('tags.1', VOD_TEXTS.tagTooLong),
  },
  {
    rule: 'cue point at the end',
    change: { cuePoints: [120, 600] },
    expected: only('cuePoints', VOD_TEXTS.cuePointOutside),
  },
  {
    rule: 'cue point negative',
    change: { cuePoints: [-1] },
    expected: only('cuePoints', VOD_TEXTS.cuePointOutside),
  },
  {
    rule: 'cue points repeated',
    change: { cuePoints: [120, 300, 120] },
    expected: only('cuePoints', VOD_TEXTS.cuePointsUnique),
  },
  {
    rule: 'cue point not a number',
    change: { cuePoints: ['120'] },
    expected: only('cuePoints.0', VOD_TEXTS.cuePointOutside),
  },
  {
    rule: 'cue points not a list',
    change: { cuePoints: 120 },
    expected: only('cuePoints', M.thisFieldRequired),
  },
  {
    rule: 'bad duration silences the cue-point rule',
    change: { duration: 0, cuePoints: [10] },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
];
const VOD_ACCEPTED: Payload[] = [
  { duration: 0.5 },
  { description: 'd'.repeat(3000) },
  { tags: ['t'.repeat(50)] },
  { cuePoints: [0, 599.9] },
  { genre: 'Kids', rating: 'TV-Y' },
];

const SLATE_SAMPLE: Payload = {
  name: 'Be right back',
  videoUrl: 'https://cdn.example/slates/brb.mp4',
  duration: 10,
};
const SLATE_CASES: Case[] = [
  ...nameCases(),
  statusCase,
  {
    rule: 'source type unknown',
    change: { sourceType: 'ftp' },
    expected: only('sourceType', M.thisFieldRequired),
  },
  { rule: 'video URL missing', change: { videoUrl: undefined }, expected: only('videoUrl', M.invalidUrl) },
  { rule: 'video URL not a URL', change: { videoUrl: 'brb.mp4' }, expected: only('videoUrl', M.invalidUrl) },
  {
    rule: 'duration missing',
    change: { duration: undefined },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
  {
    rule: 'duration 0',
    change: { duration: 0 },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
  {
    rule: 'duration as text',
    change: { duration: '10' },
    expected: only('duration', greaterThanZeroMessage('Duration')),
  },
];
const SLATE_ACCEPTED: Payload[] = [{ sourceType: 'upload' }, { duration: 0.04 }];

const STREAMER_SAMPLE: Payload = {
  name: 'Highlights loop',
  items: [{ vodId: UUID }],
  breakinterval: 15,
  adDuration: 120,
};
const STREAMER_CASES: Case[] = [
  ...nameCases(),
  statusCase,
  { rule: 'mode unknown', change: { mode: 'random' }, expected: only('mode', M.thisFieldRequired) },
  {
    rule: 'items missing',
    change: { items: undefined },
    expected: only('items', STREAMER_TEXTS.itemsRequired),
  },
  { rule: 'items empty', change: { items: [] }, expected: only('items', STREAMER_TEXTS.itemsRequired) },
  {
    rule: 'item id not a UUID',
    change: { items: [{ vodId: UUID }, { vodId: 'vod-1' }] },
    expected: only('items.1.vodId', M.invalidUuid),
  },
  {
    rule: 'start date unreadable',
    change: { startDate: '2026-01-01' },
    expected: only('startDate', M.invalidDate),
  },
  {
    rule: 'end date unreadable',
    change: { endDate: '13-01-2026T00:00:00' },
    expected: only('endDate', M.invalidDate),
  },
  {
    rule: 'scheduled without a start date',
    change: { mode: 'schedule' },
    expected: only('startDate', STREAMER_TEXTS.scheduleDates),
  },
  {
    rule: 'start after end',
    change: { startDate: '01-02-2026T00:00:00', endDate: '01-01-2026T23:59:59' },
    expected: [
      { field: 'startDate', message: M.startDateBeforeEnd },
      { field: 'endDate', message: M.endDateAfterStart },
    ],
  },
  {
    rule: 'break interval missing',
    change: { breakinterval: undefined },
    expected: only('breakinterval', M.breakInterval),
  },
  {
    rule: 'break interval 1 to 4',
    change: { breakinterval: 4 },
    expected: only('breakinterval', M.breakInterval),
  },
  {
    rule: 'ad duration missing',
    change: { adDuration: undefined },
    expected: only('adDuration', greaterThanZeroMessage(STREAMER_LABELS.adDuration)),
  },
  {
    rule: 'ad duration 0',
    change: { adDuration: 0 },
    expected: only('adDuration', greaterThanZeroMessage(STREAMER_LABELS.adDuration)),
  },
  { rule: 'slate id not a UUID', change: { slateId: 'slate' }, expected: only('slateId', M.invalidUuid) },
];
const STREAMER_ACCEPTED: Payload[] = [
  { mode: 'schedule', startDate: '01-01-2026T00:00:00' },
  { mode: 'schedule', startDate: '01-01-2026T00:00:00', endDate: '01-01-2026T00:00:00' },
  { breakinterval: 0 },
  { slateId: UUID },
];

const ENCODER_SAMPLE: Payload = { ...ENCODER_DEFAULTS, name: 'Studio A' };
const E = ENCODER_LABELS;
const ENCODER_CASES: Case[] = [
  ...nameCases(),
  statusCase,
  ...(
    ['input_type', 'profile', 'resolution', 'frame_rate', 'audio_codec', 'audio_frequency'] as const
  ).flatMap((field): Case[] => [
    { rule: `${field} missing`, change: { [field]: undefined }, expected: only(field, M.thisFieldRequired) },
    { rule: `${field} unknown`, change: { [field]: 'other' }, expected: only(field, M.thisFieldRequired) },
  ]),
  {
    rule: 'audio frequency as a number',
    change: { audio_frequency: 48000 },
    expected: only('audio_frequency', M.thisFieldRequired),
  },
  ...(['gop', 'segment_size', 'playlist_length', 'delete_threshold_size', 'bandwidth'] as const).flatMap(
    (field): Case[] => [
      {
        rule: `${field} missing`,
        change: { [field]: undefined },
        expected: only(field, greaterThanZeroMessage(E[field])),
      },
      { rule: `${field} 0`, change: { [field]: 0 }, expected: only(field, greaterThanZeroMessage(E[field])) },
      {
        rule: `${field} fractional`,
        change: { [field]: 2.5 },
        expected: only(field, greaterThanZeroMessage(E[field])),
      },
    ],
  ),
  {
    rule: 'output config unreadable',
    change: { output_config: '{' },
    expected: only('output_config', M.invalidJson),
  },
  {
    rule: 'output config not text',
    change: { output_config: {} },
    expected: only('output_config', M.invalidJson),
  },
  {
    rule: 'GPI trigger not a boolean',
    change: { GPI_trigger: 'yes' },
    expected: only('GPI_trigger', M.thisFieldRequired),
  },
  {
    rule: 'probe duration missing',
    change: { probe_duration: undefined },
    expected: only('probe_duration', M.invalidDuration),
  },
  {
    rule: 'probe duration 0',
    change: { probe_duration: 0 },
    expected: only('probe_duration', M.invalidDuration),
  },
  {
    rule: 'probe duration fractional',
    change: { probe_duration: 1.5 },
    expected: only('probe_duration', M.invalidDuration),
  },
];
const ENCODER_ACCEPTED: Payload[] = [
  { output_config: '{"outputs":[{"type":"hls"}]}' },
  { GPI_trigger: true },
  { frame_rate: '59.94', resolution: '3840x2160', input_type: 'NDI' },
];

const TABLES: Record<ResourceKind, SchemaTable> = {
  liveStream: { sample: LIVE_SAMPLE, cases: LIVE_CASES, accepted: LIVE_ACCEPTED },
  vod: { sample: VOD_SAMPLE, cases: VOD_CASES, accepted: VOD_ACCEPTED },
  slate: { sample: SLATE_SAMPLE, cases: SLATE_CASES, accepted: SLATE_ACCEPTED },
  streamer: { sample: STREAMER_SAMPLE, cases: STREAMER_CASES, accepted: STREAMER_ACCEPTED },
  encoder: { sample: ENCODER_SAMPLE, cases: ENCODER_CASES, accepted: ENCODER_ACCEPTED },
  ...DEMAND_TABLES,
};

describe.each(RESOURCE_KINDS)('%s schema', (kind) => {
  const { schema, defaults } = RESOURCES[kind];
  const { sample, cases, accepted } = TABLES[kind];

  it('accepts the sample', () => {
    expect(issuesOf(schema, sample)).toEqual([]);
  });

  it.each(cases)('refuses: $rule', ({ change, expected }) => {
    expect(issuesOf(schema, withChange(sample, change))).toEqual(expected);
  });

  it.each(accepted)('accepts %o', (change) => {
    expect(issuesOf(schema, withChange(sample, change))).toEqual([]);
  });

  it('fills every field the sample leaves out with the documented default', () => {
    const parsed = schema.parse(sample) as Payload;
    // The resource's DEFAULTS object is what a new form starts from; the schema fills the same values.
    expect(parsed).toEqual({ ...defaults, ...sample });
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(defaults).sort());
  });

  it('refuses an empty payload, naming at least the name', () => {
    expect(issuesOf(schema, {})).toContainEqual({ field: 'name', message: fieldRequiredMessage('Name') });
    expect(issuesOf(schema, null)).not.toEqual([]);
  });

  it('drops fields it does not know (meta fields sent back by a client are not stored)', () => {
    const parsed = schema.parse({ ...sample, _id: UUID, customerId: UUID, version: 3, extra: 1 }) as Payload;
    for (const key of ['_id', 'customerId', 'version', 'extra']) expect(parsed).not.toHaveProperty(key);
  });
});

describe('resource defaults', () => {
  it('trims names and URLs as it validates them', () => {
    expect(
      slateSchema.parse({ ...SLATE_SAMPLE, name: '  BRB  ', videoUrl: ' https://cdn.example/a.mp4 ' }),
    ).toMatchObject({ name: 'BRB', videoUrl: 'https://cdn.example/a.mp4' });
  });

  it('turns an empty slate reference into null', () => {
    expect(liveStreamSchema.parse({ ...LIVE_SAMPLE, slateId: '' }).slateId).toBeNull();
    expect(streamerSchema.parse({ ...STREAMER_SAMPLE, slateId: '' }).slateId).toBeNull();
  });

  it('keeps the spec’s known live stream defaults', () => {
    expect(LIVE_STREAM_DEFAULTS).toMatchObject({
      adpodLength: 1,
      maxAdBacklogDuration: 600,
      adfrequencyCap: 1000,
      maxWaitingSec: 128,
      prefetchCount: 3,
      userLiveliness: 3600,
      activenessInterval: 200,
      formatType: 'HLS',
      inRedundancy: 'DISABLE',
      advancedConfig: '{}',
      slateId: null,
    });
  });

  it('gives a new form defaults that only lack what the user must type', () => {
    expect(
      issuesOf(liveStreamSchema, LIVE_STREAM_DEFAULTS)
        .map((i) => i.field)
        .sort(),
    ).toEqual(['name', 'sourceStreamUrl']);
    expect(
      issuesOf(vodSchema, VOD_DEFAULTS)
        .map((i) => i.field)
        .sort(),
    ).toEqual(['name', 'sourceUrl']);
    expect(
      issuesOf(slateSchema, SLATE_DEFAULTS)
        .map((i) => i.field)
        .sort(),
    ).toEqual(['name', 'videoUrl']);
    expect(
      issuesOf(streamerSchema, STREAMER_DEFAULTS)
        .map((i) => i.field)
        .sort(),
    ).toEqual(['items', 'name']);
    expect(issuesOf(encoderSchema, ENCODER_DEFAULTS).map((i) => i.field)).toEqual(['name']);
    for (const kind of ['advertiser', 'placement', 'bundle', 'pod'] as const) {
      expect(issuesOf(RESOURCES[kind].schema, RESOURCES[kind].defaults).map((i) => i.field)).toEqual([
        'name',
      ]);
    }
    expect(
      issuesOf(creativeSchema, CREATIVE_DEFAULTS)
        .map((i) => i.field)
        .sort(),
    ).toEqual(['name', 'videoUrl']);
    expect(
      issuesOf(campaignSchema, CAMPAIGN_DEFAULTS)
        .map((i) => i.field)
        .sort(),
    ).toEqual(['advertiserId', 'endDate', 'name', 'placementIds', 'startDate']);
  });

  it('gives a live stream’s bundle share and a VOD asset no Bundle (demand) unless one is picked', () => {
    expect(
      liveStreamSchema.parse({ ...LIVE_SAMPLE, bundles: [{ name: 'A', percentage: 100 }] }).bundles,
    ).toEqual([{ name: 'A', percentage: 100, bundleId: null }]);
    expect(
      liveStreamSchema.parse({ ...LIVE_SAMPLE, bundles: [{ name: 'A', percentage: 100, bundleId: '' }] })
        .bundles,
    ).toEqual([{ name: 'A', percentage: 100, bundleId: null }]);
    expect(
      issuesOf(liveStreamSchema, {
        ...LIVE_SAMPLE,
        bundles: [{ name: 'A', percentage: 100, bundleId: 'house' }],
      }),
    ).toEqual(only('bundles.0.bundleId', M.invalidUuid));
    expect(VOD_DEFAULTS.bundleId).toBeNull();
    expect(vodSchema.parse({ ...VOD_SAMPLE, bundleId: UUID }).bundleId).toBe(UUID);
    expect(issuesOf(vodSchema, { ...VOD_SAMPLE, bundleId: 'house' })).toEqual(
      only('bundleId', M.invalidUuid),
    );
  });

  it('writes a campaign’s countries in capitals and trims its dates', () => {
    const parsed = campaignSchema.parse({
      ...DEMAND_TABLES.campaign.sample,
      startDate: ' 01-01-2026T00:00:00 ',
      targetCountries: ['de', ' gb '],
    });
    expect(parsed).toMatchObject({ startDate: '01-01-2026T00:00:00', targetCountries: ['DE', 'GB'] });
  });

  it('keeps an advertiser’s contact addresses trimmed, and its notes as typed', () => {
    const parsed = advertiserRecordSchema.parse({
      name: 'Acme',
      contactEmails: ['  sales@acme.example '],
      userNote: '  spaced  ',
    });
    expect(parsed).toMatchObject({ contactEmails: ['sales@acme.example'], userNote: '  spaced  ' });
  });

  it('puts every live stream field on exactly one form tab', () => {
    const onTabs = LIVE_STREAM_TABS.flatMap((tab) => [...tab.fields]);
    expect(new Set(onTabs).size).toBe(onTabs.length);
    expect([...onTabs].sort()).toEqual(Object.keys(LIVE_STREAM_DEFAULTS).sort());
  });
});
