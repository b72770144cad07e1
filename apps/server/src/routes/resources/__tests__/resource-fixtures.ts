/**
 * Shared by the resource route tests: a valid sample payload per resource, the fields each one
 * requires, a small client for the generic calls, and counts of rows and events (to prove a
 * refused call wrote nothing).
 */
import { ENCODER_DEFAULTS, RESOURCES, type ResourceKind } from '@cuepoint/core';
import { count, eq } from 'drizzle-orm';
import { resourceEvents } from '../../../db/schema/index.ts';
import { RESOURCE_TABLES } from '../../../repositories/resources.ts';
import type { TestApp } from '../../../test/helpers.ts';

export type Payload = Record<string, unknown>;

/** Ids a sample may refer to: a slate and VOD assets of the same account. */
export interface Refs {
  slateId?: string | null;
  vodIds?: string[];
}

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
        bundles: [{ name: 'Default', percentage: 100 }],
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

/** A slate and two VOD assets in the caller's account, for samples that refer to them. */
export async function createRefs(client: ResourceClient, prefix: string): Promise<Required<Refs>> {
  const slate = await createVia(client, 'slate', minimalPayload('slate', `${prefix} slate`));
  const vods = [
    await createVia(client, 'vod', minimalPayload('vod', `${prefix} vod 1`)),
    await createVia(client, 'vod', minimalPayload('vod', `${prefix} vod 2`)),
  ];
  return { slateId: slate._id, vodIds: vods.map((v) => v._id) };
}

/** Rows of a kind, of one customer or of all. */
export async function countRows(app: TestApp, kind: ResourceKind, customerId?: string): Promise<number> {
  const t = RESOURCE_TABLES[kind];
  const [row] = await app.db
    .select({ n: count() })
    .from(t)
    .where(customerId ? eq(t.customerId, customerId) : undefined);
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

/** Counts that must not move when a call is refused. */
export async function snapshot(app: TestApp) {
  const rows: Record<string, number> = {};
  for (const kind of Object.keys(RESOURCE_TABLES) as ResourceKind[]) rows[kind] = await countRows(app, kind);
  return { rows, events: await countEvents(app) };
}
