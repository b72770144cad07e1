/**
 * Shared by the resource route tests: a valid sample payload per resource, the fields each one
 * requires, a small client for the generic calls (and a restorable kind's trash), and counts of
 * rows and events (to prove a refused call wrote nothing).
 */
import { ENCODER_DEFAULTS, RESOURCES, type ResourceKind } from '@cuepoint/core';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { resourceEvents } from '../../../db/schema/index.ts';
import { RESOURCE_TABLES } from '../../../repositories/resources.ts';
import type { TestApp } from '../../../test/helpers.ts';

export type Payload = Record<string, unknown>;

/**
 * Ids a sample may refer to, of the same account: a slate, VOD assets and a live stream, and the
 * demand resources (a campaign needs an advertiser and placements; a creative names its
 * advertiser; a bundle a pod and campaigns).
 */
export interface Refs {
  slateId?: string | null;
  vodIds?: string[];
  liveStreamId?: string;
  advertiserId?: string;
  placementIds?: string[];
  creativeIds?: string[];
  campaignIds?: string[];
  podId?: string | null;
}

/** The kinds whose minimal payload refers to other resources (a test creating one needs Refs). */
export const NEEDS_REFS: readonly ResourceKind[] = ['streamer', 'campaign'];

/** A campaign's flight in the spec's MM-DD-YYYYTHH:mm:ss. */
export const FLIGHT = { startDate: '01-01-2026T00:00:00', endDate: '12-31-2027T23:59:59' } as const;

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The fields each resource requires (no default), as a valid payload; everything else is left to
 * the schema's defaults. A live stream also needs bundles: its default ad decision is internal
 * demand, whose bundles must total 100%.
 */
export function minimalPayload(kind: ResourceKind, name: string, refs: Refs = {}): Payload {
  switch (kind) {
    case 'liveStream':
      return {
        name,
        sourceStreamUrl: `https://origin.example/live/${slug(name)}/`,
        bundles: [{ name: 'Default', percentage: 100, bundleId: null }],
      };
    case 'vod':
      return { name, sourceUrl: `https://origin.example/vod/${slug(name)}/master.m3u8`, duration: 600 };
    case 'slate':
      return { name, videoUrl: `https://cdn.example/slates/${slug(name)}.mp4`, duration: 10 };
    case 'streamer':
      return {
        name,
        items: (refs.vodIds ?? []).map((vodId) => ({ vodId })),
        breakinterval: 15,
        adDuration: 120,
      };
    case 'encoder': {
      const { name: _n, output_config: _o, GPI_trigger: _g, status: _s, ...required } = ENCODER_DEFAULTS;
      return { ...required, name };
    }
    case 'advertiser':
      return { name };
    case 'campaign':
      if (!refs.advertiserId || !refs.placementIds?.length) {
        throw new Error('A campaign payload needs Refs: advertiserId and placementIds');
      }
      return { name, advertiserId: refs.advertiserId, ...FLIGHT, placementIds: refs.placementIds };
    case 'creative':
      return { name, videoUrl: `https://cdn.example/ads/${slug(name)}.mp4`, duration: 15 };
    case 'placement':
      return { name };
    case 'bundle':
      return { name, sources: [{ type: 'campaigns', percentage: 100, campaignIds: [], url: '' }] };
    case 'pod':
      return { name };
  }
}

/** A fuller valid payload: the required fields and several optional ones away from their defaults. */
export function samplePayload(kind: ResourceKind, name: string, refs: Refs = {}): Payload {
  const base = minimalPayload(kind, name, refs);
  switch (kind) {
    case 'liveStream':
      return {
        ...base,
        breakinterval: 15,
        akamaiToken: 'a1b2c3d4',
        trustedIpsList: ['203.0.113.0/24'],
        // A list of objects (stored as jsonb) that every plan may set; the Enterprise fields are
        // entitlements.test.ts's.
        tolerations: [{ key: 'dedicated', value: 'ssai', effect: 'NoSchedule' }],
        slateId: refs.slateId ?? null,
      };
    case 'vod':
      return {
        ...base,
        title: `${name} title`,
        genre: 'Sports',
        rating: 'TV-G',
        tags: ['sport'],
        cuePoints: [120, 300],
      };
    case 'slate':
      return { ...base, status: 'inactive' };
    case 'streamer':
      return { ...base, slateId: refs.slateId ?? null, status: 'inactive' };
    case 'encoder':
      return { ...base, GPI_trigger: true, output_config: '{"outputs":[]}' };
    case 'advertiser':
      return {
        ...base,
        contactEmails: ['sales@advertiser.example', 'billing@advertiser.example'],
        userNote: 'Invoices at the end of the month',
      };
    case 'campaign':
      return {
        ...base,
        priority: 'sponsorship',
        priorityLevel: 2,
        weight: 3,
        bookedImpressions: 100_000,
        dailyBudget: 5_000,
        frequencyCap: 3,
        frequencyPeriod: 'day',
        pacing: 'asap',
        cpm: 12.5,
        creativeIds: refs.creativeIds ?? [],
        targetVodIds: refs.vodIds ?? [],
        targetDays: [1, 2, 3, 4, 5],
        targetCountries: ['DE', 'GB'],
        targetDevices: ['desktop', 'ctv'],
        ruleStartTime: '06:00',
        ruleEndTime: '22:00',
      };
    case 'creative':
      return {
        ...base,
        advertiserId: refs.advertiserId ?? null,
        duration: 20,
        clickThroughUrl: 'https://advertiser.example/offer',
        trackingUrls: [{ event: 'impression', url: 'https://track.example/imp?cb=[CACHEBUSTING]' }],
        universalAdId: 'ADV-0001',
      };
    case 'placement':
      return {
        ...base,
        liveStreamIds: refs.liveStreamId ? [refs.liveStreamId] : [],
        vodIds: refs.vodIds ?? [],
        positions: ['pre', 'mid'],
        maxAdDuration: 30,
        maxPodDuration: 120,
      };
    case 'bundle':
      return {
        ...base,
        podId: refs.podId ?? null,
        sources: [
          { type: 'campaigns', percentage: 60, campaignIds: refs.campaignIds ?? [], url: '' },
          {
            type: 'vast',
            percentage: 40,
            campaignIds: [],
            url: 'https://ads.example/vast?dur=[AVAIL_DURATION]',
          },
        ],
      };
    case 'pod':
      return {
        ...base,
        adpodLength: 4,
        maxTotalDuration: 90,
        maxAdDuration: 30,
        competitiveSeparation: false,
        fillPolicy: 'exact',
      };
  }
}

/** What the API answers for a payload: the resource's defaults, then the payload's fields. */
export const withDefaults = (kind: ResourceKind, payload: Payload): Payload => ({
  ...RESOURCES[kind].defaults,
  ...payload,
});

/** The generic calls of one resource kind, as one caller, under /api or /api_v1. */
export function resourceClient(app: TestApp, headers: Record<string, string>, base = '/api') {
  const path = (kind: ResourceKind) => `${base}${RESOURCES[kind].apiPath}`;
  const query = (params: Record<string, string | number> = {}) => {
    const text = new URLSearchParams(
      Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
    ).toString();
    return text === '' ? '' : `?${text}`;
  };
  return {
    list: (kind: ResourceKind, params: Record<string, string | number> = {}) =>
      app.inject({ method: 'GET', url: `${path(kind)}${query(params)}`, headers }),
    get: (kind: ResourceKind, id: string) =>
      app.inject({ method: 'GET', url: `${path(kind)}/${id}`, headers }),
    create: (kind: ResourceKind, payload: unknown, params: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: `${path(kind)}${query(params)}`,
        headers,
        payload: payload as Payload,
      }),
    replace: (kind: ResourceKind, id: string, payload: unknown) =>
      app.inject({ method: 'PUT', url: `${path(kind)}/${id}`, headers, payload: payload as Payload }),
    update: (kind: ResourceKind, id: string, payload: unknown) =>
      app.inject({ method: 'POST', url: `${path(kind)}/${id}`, headers, payload: payload as Payload }),
    remove: (kind: ResourceKind, id: string) =>
      app.inject({ method: 'DELETE', url: `${path(kind)}/${id}`, headers }),
    trash: (kind: ResourceKind, params: Record<string, string | number> = {}) =>
      app.inject({ method: 'GET', url: `${path(kind)}/deleted${query(params)}`, headers }),
    restore: (kind: ResourceKind, id: string) =>
      app.inject({ method: 'POST', url: `${path(kind)}/${id}/restore`, headers }),
  };
}
export type ResourceClient = ReturnType<typeof resourceClient>;

/** Creates through the API and answers the stored resource; fails the test on anything but 201. */
export async function createVia(
  client: ResourceClient,
  kind: ResourceKind,
  payload: Payload,
): Promise<Payload & { _id: string; version: number; createdAt: string; updatedAt: string }> {
  const res = await client.create(kind, payload);
  if (res.statusCode !== 201) throw new Error(`create ${kind} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The demand a campaign needs in the caller's account: an advertiser and a placement. */
export async function createCampaignRefs(
  client: ResourceClient,
  prefix: string,
): Promise<{ advertiserId: string; placementIds: string[] }> {
  const advertiser = await createVia(
    client,
    'advertiser',
    minimalPayload('advertiser', `${prefix} advertiser`),
  );
  const placement = await createVia(client, 'placement', minimalPayload('placement', `${prefix} placement`));
  return { advertiserId: advertiser._id, placementIds: [placement._id] };
}

/**
 * In the caller's account, what the samples refer to: a slate, two VOD assets and a live stream;
 * an advertiser, a placement, a creative, a campaign and a pod.
 */
export async function createRefs(client: ResourceClient, prefix: string): Promise<Required<Refs>> {
  const slate = await createVia(client, 'slate', minimalPayload('slate', `${prefix} slate`));
  const vods = [
    await createVia(client, 'vod', minimalPayload('vod', `${prefix} vod 1`)),
    await createVia(client, 'vod', minimalPayload('vod', `${prefix} vod 2`)),
  ];
  const stream = await createVia(client, 'liveStream', minimalPayload('liveStream', `${prefix} stream`));
  const demand = await createCampaignRefs(client, prefix);
  const creative = await createVia(client, 'creative', {
    ...minimalPayload('creative', `${prefix} creative`),
    advertiserId: demand.advertiserId,
  });
  const campaign = await createVia(
    client,
    'campaign',
    minimalPayload('campaign', `${prefix} campaign`, demand),
  );
  const pod = await createVia(client, 'pod', minimalPayload('pod', `${prefix} pod`));
  return {
    slateId: slate._id,
    vodIds: vods.map((v) => v._id),
    liveStreamId: stream._id,
    ...demand,
    creativeIds: [creative._id],
    campaignIds: [campaign._id],
    podId: pod._id,
  };
}

/** Rows of a kind not in the trash (a deleted campaign's row stays there), of one customer or of all. */
export async function countRows(app: TestApp, kind: ResourceKind, customerId?: string): Promise<number> {
  const t = RESOURCE_TABLES[kind];
  const [row] = await app.db
    .select({ n: count() })
    .from(t)
    .where(and(isNull(t.deletedAt), customerId ? eq(t.customerId, customerId) : undefined));
  return row!.n;
}

/** Rows of a kind in the trash. */
export async function countTrashed(app: TestApp, kind: ResourceKind, customerId?: string): Promise<number> {
  const t = RESOURCE_TABLES[kind];
  const [row] = await app.db
    .select({ n: count() })
    .from(t)
    .where(and(isNotNull(t.deletedAt), customerId ? eq(t.customerId, customerId) : undefined));
  return row!.n;
}

/** Events in the log, of one customer or of all. */
export async function countEvents(app: TestApp, customerId?: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(resourceEvents)
    .where(customerId ? eq(resourceEvents.customerId, customerId) : undefined);
  return row!.n;
}

/** The stored row (data, version, timestamps) of a resource, straight from its table. */
export async function storedRow(app: TestApp, kind: ResourceKind, id: string) {
  const t = RESOURCE_TABLES[kind];
  const [row] = await app.db.select().from(t).where(eq(t.id, id));
  return row;
}

/** Counts that must not move when a call is refused (a restorable kind's trash too). */
export async function snapshot(app: TestApp) {
  const rows: Record<string, number> = {};
  for (const kind of Object.keys(RESOURCE_TABLES) as ResourceKind[]) {
    rows[kind] = await countRows(app, kind);
    if (RESOURCES[kind].restorable) rows[`${kind} trash`] = await countTrashed(app, kind);
  }
  return { rows, events: await countEvents(app) };
}
