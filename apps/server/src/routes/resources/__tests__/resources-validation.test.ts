/**
 * Every rule of each resource's schema through the API (for the demand resources, each rule the
 * spec words and a sample of ours; core's schema tables hold every case): a valid sample with one rule broken is
 * answered 400 with `fields: [{ field, message }]`, the message being the core's text verbatim, on
 * create (POST) and on replace (PUT); nothing is written by any of them.
 */
import {
  CAMPAIGN_TEXTS,
  CREATIVE_TEXTS,
  dailyBudgetMessage,
  ENCODER_LABELS,
  fieldRequiredMessage,
  greaterThanZeroMessage,
  ipInTrustedListMessage,
  LIMIT_TEXTS,
  LIVE_STREAM_LABELS,
  LIVE_STREAM_TEXTS,
  VALIDATION_MESSAGES as M,
  PLACEMENT_LABELS,
  PLACEMENT_TEXTS,
  POD_LABELS,
  POD_TEXTS,
  RESOURCE_KINDS,
  type ResourceKind,
  resourceNameSchema,
  STREAMER_LABELS,
  STREAMER_TEXTS,
  VOD_TEXTS,
} from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import {
  createRefs,
  createVia,
  type Payload,
  type Refs,
  type ResourceClient,
  resourceClient,
  samplePayload,
  snapshot,
  storedRow,
} from './resource-fixtures.ts';

type Issue = { field: string; message: string };
interface Case {
  rule: string;
  /** Fields to set on the sample; `undefined` removes the field. */
  change: Payload;
  fields: Issue[];
}
const one = (field: string, message: string): Issue[] => [{ field, message }];
const TOO_LONG_NAME = 'n'.repeat(121);
const NAME_TOO_LONG = resourceNameSchema('Name').safeParse(TOO_LONG_NAME).error!.issues[0]!.message;

const COMMON: Case[] = [
  { rule: 'name missing', change: { name: undefined }, fields: one('name', fieldRequiredMessage('Name')) },
  { rule: 'name blank', change: { name: '  ' }, fields: one('name', fieldRequiredMessage('Name')) },
  { rule: 'name too long', change: { name: TOO_LONG_NAME }, fields: one('name', NAME_TOO_LONG) },
  { rule: 'status unknown', change: { status: 'paused' }, fields: one('status', M.thisFieldRequired) },
];

const L = LIVE_STREAM_LABELS;
const layout = (change: Payload) => ({
  midrollLayouts: [{ name: 'Squeeze', transition: 'fade', duration: 1, ...change }],
});
const toleration = (change: Payload) => ({
  tolerations: [{ key: 'dedicated', value: 'ssai', effect: 'NoSchedule', ...change }],
});
const WHOLE_NUMBERS = [
  'adpodLength',
  'maxAdBacklogDuration',
  'adfrequencyCap',
  'maxWaitingSec',
  'prefetchCount',
  'userLiveliness',
  'activenessInterval',
] as const;

const CASES: Record<ResourceKind, Case[]> = {
  liveStream: [
    ...COMMON,
    {
      rule: 'source URL not a URL',
      change: { sourceStreamUrl: 'live/' },
      fields: one('sourceStreamUrl', M.invalidUrl),
    },
    {
      rule: 'source URL without the final /',
      change: { sourceStreamUrl: 'https://origin.example/live' },
      fields: one('sourceStreamUrl', M.invalidStreamUrl),
    },
    {
      rule: 'format unknown',
      change: { formatType: 'RTMP' },
      fields: one('formatType', M.thisFieldRequired),
    },
    { rule: 'timezone', change: { timezone: '+5:00' }, fields: one('timezone', LIVE_STREAM_TEXTS.timezone) },
    { rule: 'EPG URL', change: { epgUrl: 'guide.xml' }, fields: one('epgUrl', M.invalidUrl) },
    {
      rule: 'ad decision unknown',
      change: { adDecision: 'auto' },
      fields: one('adDecision', M.thisFieldRequired),
    },
    {
      rule: 'bundles not totalling 100%',
      change: { bundles: [{ name: 'A', percentage: 50 }] },
      fields: one('bundles', M.bundlesTotal),
    },
    {
      rule: 'bundle without a name',
      change: { bundles: [{ name: '', percentage: 100 }] },
      fields: one('bundles.0.name', LIVE_STREAM_TEXTS.bundleName),
    },
    {
      rule: 'bundle percentage out of range',
      change: { bundles: [{ name: 'A', percentage: 150 }] },
      fields: one('bundles.0.percentage', LIVE_STREAM_TEXTS.percentage),
    },
    {
      rule: 'external demand without a VAST URL',
      change: { adDecision: 'external', bundles: [] },
      fields: one('vastUrl', M.invalidUrl),
    },
    { rule: 'break interval', change: { breakinterval: 2 }, fields: one('breakinterval', M.breakInterval) },
    ...WHOLE_NUMBERS.map((field) => ({
      rule: `${field} not above zero`,
      change: { [field]: 0 },
      fields: one(field, greaterThanZeroMessage(L[field])),
    })),
    {
      rule: 'ad exchange value naming a playlist',
      change: { adExchangeValue: 'playlist-1' },
      fields: one('adExchangeValue', M.playlistNotValid),
    },
    { rule: 'ad report URL', change: { adReportUrl: 'report' }, fields: one('adReportUrl', M.adReportUrl) },
    {
      rule: 'layout name',
      change: layout({ name: ' ' }),
      fields: one('midrollLayouts.0.name', M.thisFieldRequired),
    },
    {
      rule: 'layout transition',
      change: layout({ transition: 'wipe' }),
      fields: one('midrollLayouts.0.transition', M.thisFieldRequired),
    },
    {
      rule: 'layout duration range',
      change: layout({ duration: 5 }),
      fields: one('midrollLayouts.0.duration', M.durationRange),
    },
    {
      rule: 'layout duration negative',
      change: layout({ duration: -0.5 }),
      fields: one('midrollLayouts.0.duration', M.durationNegative),
    },
    {
      rule: 'overlay on without text',
      change: { textOverlayEnabled: true, textOverlayText: '' },
      fields: one('textOverlayText', LIVE_STREAM_TEXTS.overlayText),
    },
    {
      rule: 'overlay position',
      change: { textOverlayPosition: 'left' },
      fields: one('textOverlayPosition', M.thisFieldRequired),
    },
    {
      rule: 'redundancy unknown',
      change: { inRedundancy: 'YES' },
      fields: one('inRedundancy', M.thisFieldRequired),
    },
    {
      rule: 'redundancy on without a backup URL',
      change: { inRedundancy: 'ENABLE', backupStreamUrl: '' },
      fields: one('backupStreamUrl', M.invalidUrl),
    },
    {
      rule: 'backup URL without the final /',
      change: { inRedundancy: 'ENABLE', backupStreamUrl: 'https://backup.example/live' },
      fields: one('backupStreamUrl', M.invalidStreamUrl),
    },
    {
      rule: 'Akamai token',
      change: { akamaiToken: 'abc' },
      fields: one('akamaiToken', M.invalidAkamaiToken),
    },
    {
      rule: 'trusted IP list',
      change: { trustedIpsList: ['256.0.0.1'] },
      fields: one('trustedIpsList', M.invalidIpOrCidr),
    },
    {
      rule: 'blocked IP list',
      change: { blockedIpsList: ['host'] },
      fields: one('blockedIpsList', M.invalidIpOrCidr),
    },
    {
      rule: 'blocked IP that is trusted',
      change: { trustedIpsList: ['198.51.100.7'], blockedIpsList: ['198.51.100.7'] },
      fields: one('blockedIpsList', ipInTrustedListMessage('198.51.100.7')),
    },
    { rule: 'min pods 0', change: { minReplicas: 0 }, fields: one('minReplicas', M.minPodsAboveZero) },
    {
      rule: 'min pods not below max',
      change: { minReplicas: 4, maxReplicas: 3 },
      fields: [
        { field: 'minReplicas', message: M.minPodsBelowMax },
        { field: 'maxReplicas', message: M.minPodsBelowMax },
      ],
    },
    { rule: 'pods not whole', change: { maxReplicas: 2.5 }, fields: one('maxReplicas', M.thisFieldRequired) },
    { rule: 'desired pods', change: { desiredPods: 9 }, fields: one('desiredPods', M.desiredPodsRange) },
    {
      rule: 'toleration key',
      change: toleration({ key: '' }),
      fields: one('tolerations.0.key', fieldRequiredMessage(L.tolerationKey)),
    },
    {
      rule: 'toleration value',
      change: toleration({ value: '' }),
      fields: one('tolerations.0.value', fieldRequiredMessage(L.tolerationValue)),
    },
    {
      rule: 'toleration effect',
      change: toleration({ effect: 'Always' }),
      fields: one('tolerations.0.effect', M.thisFieldRequired),
    },
    {
      rule: 'config empty',
      change: { advancedConfig: '' },
      fields: one('advancedConfig', M.setDefaultConfig),
    },
    {
      rule: 'config unreadable',
      change: { advancedConfig: '{' },
      fields: one('advancedConfig', M.invalidJson),
    },
    {
      rule: 'config values not text',
      change: { advancedConfig: { retries: 3 } },
      fields: one('advancedConfig', M.configJson),
    },
    { rule: 'slate id', change: { slateId: 'brb' }, fields: one('slateId', M.invalidUuid) },
    {
      rule: 'slate fill mode',
      change: { slateConfig: { fillMode: 'bounce', prediction: false } },
      fields: one('slateConfig.fillMode', M.thisFieldRequired),
    },
  ],
  vod: [
    ...COMMON,
    { rule: 'source URL missing', change: { sourceUrl: undefined }, fields: one('sourceUrl', M.invalidUrl) },
    {
      rule: 'source URL not a URL',
      change: { sourceUrl: 'master.m3u8' },
      fields: one('sourceUrl', M.invalidUrl),
    },
    {
      rule: 'duration 0',
      change: { duration: 0 },
      fields: one('duration', greaterThanZeroMessage('Duration')),
    },
    {
      rule: 'description too long',
      change: { description: 'd'.repeat(3001) },
      fields: one('description', VOD_TEXTS.descriptionTooLong),
    },
    { rule: 'genre', change: { genre: 'Horror' }, fields: one('genre', M.thisFieldRequired) },
    { rule: 'rating', change: { rating: 'X' }, fields: one('rating', M.thisFieldRequired) },
    { rule: 'tags not a list', change: { tags: 'sport' }, fields: one('tags', M.thisFieldRequired) },
    { rule: 'tag too long', change: { tags: ['t'.repeat(51)] }, fields: one('tags.0', VOD_TEXTS.tagTooLong) },
    {
      rule: 'cue point outside',
      change: { cuePoints: [600] },
      fields: one('cuePoints', VOD_TEXTS.cuePointOutside),
    },
    {
      rule: 'cue points repeated',
      change: { cuePoints: [60, 60] },
      fields: one('cuePoints', VOD_TEXTS.cuePointsUnique),
    },
    {
      rule: 'cue point not a number',
      change: { cuePoints: ['60'] },
      fields: one('cuePoints.0', VOD_TEXTS.cuePointOutside),
    },
  ],
  slate: [
    ...COMMON,
    { rule: 'source type', change: { sourceType: 'ftp' }, fields: one('sourceType', M.thisFieldRequired) },
    { rule: 'video URL missing', change: { videoUrl: undefined }, fields: one('videoUrl', M.invalidUrl) },
    { rule: 'video URL not a URL', change: { videoUrl: 'brb.mp4' }, fields: one('videoUrl', M.invalidUrl) },
    {
      rule: 'duration 0',
      change: { duration: 0 },
      fields: one('duration', greaterThanZeroMessage('Duration')),
    },
  ],
  streamer: [
    ...COMMON,
    { rule: 'mode', change: { mode: 'shuffle' }, fields: one('mode', M.thisFieldRequired) },
    { rule: 'no items', change: { items: [] }, fields: one('items', STREAMER_TEXTS.itemsRequired) },
    { rule: 'item id', change: { items: [{ vodId: 'vod-1' }] }, fields: one('items.0.vodId', M.invalidUuid) },
    { rule: 'start date', change: { startDate: '2026-01-01' }, fields: one('startDate', M.invalidDate) },
    { rule: 'end date', change: { endDate: '02-30-2026T00:00:00' }, fields: one('endDate', M.invalidDate) },
    {
      rule: 'scheduled without a start date',
      change: { mode: 'schedule', startDate: '' },
      fields: one('startDate', STREAMER_TEXTS.scheduleDates),
    },
    {
      rule: 'start after end',
      change: { startDate: '03-01-2026T00:00:00', endDate: '02-01-2026T00:00:00' },
      fields: [
        { field: 'startDate', message: M.startDateBeforeEnd },
        { field: 'endDate', message: M.endDateAfterStart },
      ],
    },
    { rule: 'break interval', change: { breakinterval: 1 }, fields: one('breakinterval', M.breakInterval) },
    {
      rule: 'ad duration',
      change: { adDuration: 0 },
      fields: one('adDuration', greaterThanZeroMessage(STREAMER_LABELS.adDuration)),
    },
    { rule: 'slate id', change: { slateId: 'brb' }, fields: one('slateId', M.invalidUuid) },
  ],
  encoder: [
    ...COMMON,
    ...(['input_type', 'profile', 'resolution', 'frame_rate', 'audio_codec', 'audio_frequency'] as const).map(
      (field) => ({
        rule: `${field} unknown`,
        change: { [field]: 'other' },
        fields: one(field, M.thisFieldRequired),
      }),
    ),
    ...(['gop', 'segment_size', 'playlist_length', 'delete_threshold_size', 'bandwidth'] as const).map(
      (field) => ({
        rule: `${field} not above zero`,
        change: { [field]: 0 },
        fields: one(field, greaterThanZeroMessage(ENCODER_LABELS[field])),
      }),
    ),
    { rule: 'output config', change: { output_config: '{' }, fields: one('output_config', M.invalidJson) },
    { rule: 'GPI trigger', change: { GPI_trigger: 'on' }, fields: one('GPI_trigger', M.thisFieldRequired) },
    {
      rule: 'probe duration',
      change: { probe_duration: 1.5 },
      fields: one('probe_duration', M.invalidDuration),
    },
  ],
  advertiser: [
    ...COMMON,
    {
      rule: 'contact email',
      change: { contactEmails: ['sales@advertiser.example', 'sales'] },
      fields: one('contactEmails', M.invalidEmail),
    },
    {
      rule: 'too many contact emails',
      change: { contactEmails: Array.from({ length: 21 }, (_, i) => `c${i}@advertiser.example`) },
      fields: one('contactEmails', LIMIT_TEXTS.tooMany(20)),
    },
    { rule: 'user note', change: { userNote: 'u'.repeat(3001) }, fields: one('userNote', M.noteTooLong) },
  ],
  campaign: [
    ...COMMON,
    {
      rule: 'advertiser missing',
      change: { advertiserId: undefined },
      fields: one('advertiserId', M.requiredStar),
    },
    { rule: 'advertiser blank', change: { advertiserId: ' ' }, fields: one('advertiserId', M.requiredStar) },
    {
      rule: 'start date',
      change: { startDate: '2026-01-01T00:00:00' },
      fields: one('startDate', M.invalidDate),
    },
    {
      rule: 'start after end',
      change: { startDate: '02-01-2026T00:00:00', endDate: '01-31-2026T23:59:59' },
      fields: [
        { field: 'startDate', message: M.startDateBeforeEnd },
        { field: 'endDate', message: M.endDateAfterStart },
      ],
    },
    {
      rule: 'schedule end before its start',
      change: { scheduleStartDate: '03-01-2026T00:00:00', maxDate: '02-28-2026T00:00:00' },
      fields: one('maxDate', M.invalidDate),
    },
    {
      rule: 'rule start time',
      change: { ruleStartTime: '24:00' },
      fields: one('ruleStartTime', M.invalidTime),
    },
    {
      rule: 'rule end before start',
      change: { ruleStartTime: '22:00', ruleEndTime: '06:00' },
      fields: one('ruleEndTime', M.invalidTime),
    },
    { rule: 'priority', change: { priority: 'gold' }, fields: one('priority', M.thisFieldRequired) },
    {
      rule: 'priority level',
      change: { priorityLevel: 11 },
      fields: one('priorityLevel', CAMPAIGN_TEXTS.priorityLevel),
    },
    {
      rule: 'daily budget',
      change: { dailyBudget: 0 },
      fields: one('dailyBudget', dailyBudgetMessage(1, 1000000000)),
    },
    { rule: 'CPM', change: { cpm: 1.005 }, fields: one('cpm', CAMPAIGN_TEXTS.cpm) },
    { rule: 'no placement', change: { placementIds: [] }, fields: one('placementIds', M.placementsRequired) },
    {
      rule: 'placement not an id',
      change: { placementIds: ['everywhere'] },
      fields: one('placementIds.0', M.placementsRequired),
    },
    {
      rule: 'country',
      change: { targetCountries: ['ZZ'] },
      fields: one('targetCountries.0', CAMPAIGN_TEXTS.country),
    },
  ],
  creative: [
    ...COMMON,
    { rule: 'duration 0', change: { duration: 0 }, fields: one('duration', M.triggerDuration) },
    { rule: 'video URL', change: { videoUrl: 'ad.mp4' }, fields: one('videoUrl', M.invalidUrl) },
    {
      rule: 'click-through URL',
      change: { clickThroughUrl: 'offer' },
      fields: one('clickThroughUrl', M.invalidUrl),
    },
    {
      rule: 'tracking URL',
      change: { trackingUrls: [{ event: 'start', url: 'track' }] },
      fields: one('trackingUrls.0.url', M.invalidUrl),
    },
    {
      rule: 'Universal Ad ID',
      change: { universalAdId: 'ADV 0001' },
      fields: one('universalAdId', CREATIVE_TEXTS.universalAdId),
    },
    { rule: 'advertiser id', change: { advertiserId: 'acme' }, fields: one('advertiserId', M.invalidUuid) },
  ],
  placement: [
    ...COMMON,
    {
      rule: 'no position',
      change: { positions: [] },
      fields: one('positions', PLACEMENT_TEXTS.positionsRequired),
    },
    {
      rule: 'max ad duration 0',
      change: { maxAdDuration: 0 },
      fields: one('maxAdDuration', greaterThanZeroMessage(PLACEMENT_LABELS.maxAdDuration)),
    },
    {
      rule: 'ad longer than the pod',
      change: { maxAdDuration: 121, maxPodDuration: 120 },
      fields: one('maxAdDuration', PLACEMENT_TEXTS.adLongerThanPod),
    },
    {
      rule: 'live stream id',
      change: { liveStreamIds: ['sports'] },
      fields: one('liveStreamIds.0', M.invalidUuid),
    },
  ],
  bundle: [
    ...COMMON,
    {
      rule: 'sources not totalling 100%',
      change: { sources: [{ type: 'campaigns', percentage: 99, campaignIds: [], url: '' }] },
      fields: one('sources', M.bundlesTotal),
    },
    { rule: 'no source', change: { sources: [] }, fields: one('sources', M.bundlesTotal) },
    {
      rule: 'VAST tag URL',
      change: { sources: [{ type: 'vast', percentage: 100, campaignIds: [], url: 'vast.xml' }] },
      fields: one('sources.0.url', M.invalidUrl),
    },
    {
      rule: 'ad exchange naming a playlist',
      change: {
        sources: [{ type: 'exchange', percentage: 100, campaignIds: [], url: 'https://x.example/playlist' }],
      },
      fields: one('sources.0.url', M.playlistNotValid),
    },
    { rule: 'pod id', change: { podId: 'standard' }, fields: one('podId', M.invalidUuid) },
  ],
  pod: [
    ...COMMON,
    {
      rule: 'no slot',
      change: { adpodLength: 0 },
      fields: one('adpodLength', greaterThanZeroMessage(POD_LABELS.adpodLength)),
    },
    {
      rule: 'min pod duration above the max',
      change: { minTotalDuration: 91 },
      fields: one('minTotalDuration', POD_TEXTS.minAboveMax),
    },
    { rule: 'fill policy', change: { fillPolicy: 'greedy' }, fields: one('fillPolicy', M.thisFieldRequired) },
    {
      rule: 'competitive separation',
      change: { competitiveSeparation: 'on' },
      fields: one('competitiveSeparation', LIMIT_TEXTS.yesOrNo),
    },
  ],
};

const withChange = (sample: Payload, change: Payload): Payload => {
  const value: Payload = { ...sample, ...change };
  for (const [key, v] of Object.entries(change)) if (v === undefined) delete value[key];
  return value;
};

describe('resource validation through the API', () => {
  let app: TestApp;
  let api: ResourceClient;
  let refs: Required<Refs>;

  beforeAll(async () => {
    app = await testApp();
    const demo = await loginAs(app, 'customer');
    api = resourceClient(app, demo.headers);
    refs = await createRefs(api, 'Validation');
  });
  afterAll(() => app.close());

  describe.each(RESOURCE_KINDS)('%s', (kind) => {
    const sample = () => samplePayload(kind, `Valid ${kind}`, refs);

    it('accepts the sample every case starts from', async () => {
      const res = await api.create(kind, { ...sample(), name: `Accepted ${kind}` });
      expect(res.statusCode).toBe(201);
    });

    it.each(CASES[kind])(
      'create refuses $rule (400, the core’s text), writing nothing',
      async ({ change, fields }) => {
        const before = await snapshot(app);
        const res = await api.create(kind, withChange(sample(), change));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: fields.map((f) => `${f.field}: ${f.message}`).join('; '),
          requestId: expect.any(String),
          fields,
        });
        expect(await snapshot(app)).toEqual(before);
      },
    );

    it('replace refuses every case the same way, leaving the stored resource as it was', async () => {
      const created = await createVia(api, kind, { ...sample(), name: `Replaced ${kind}` });
      const stored = await storedRow(app, kind, created._id);
      const before = await snapshot(app);
      for (const { rule, change, fields } of CASES[kind]) {
        const res = await api.replace(kind, created._id, { ...withChange(sample(), change), version: 1 });
        expect(res.statusCode, rule).toBe(400);
        expect(res.json().fields, rule).toEqual(fields);
      }
      expect(await snapshot(app)).toEqual(before);
      expect(await storedRow(app, kind, created._id)).toEqual(stored);
    });
  });
});
