/**
 * VOD playback on a real server: the seeded Match highlights (the demo origin's 60 s VOD, a
 * pre-roll and a mid-roll at 30 s from the demo ad server), assets of the customer's own with and
 * without an ad tag, and the refusals (unknown asset, a live source, another asset's session).
 */
import { type MediaPlaylist, parseMediaPlaylist, parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, playbackMinutes, resourceEvents } from '../../../db/schema/index.ts';
import { loginAs } from '../../../test/helpers.ts';
import { PLAYBACK_TEXTS } from '../problems.ts';
import { wantedBreaks } from '../vod-playback.ts';
import { type DemoServer, get, startDemoServer } from './demo-server.ts';

let server: DemoServer;
let base: string;
const now = Date.UTC(2026, 10, 24, 12, 0, 40);

beforeAll(async () => {
  server = await startDemoServer(() => now);
  base = server.base;
});

afterAll(async () => {
  await server?.close();
});

const CONTENT = '/demo/media/content/';
const ADS = '/demo/ads/media/';

/** Opens a session on `masterPath` and reads every rendition's playlist. */
async function play(masterPath: string) {
  const master = await get(`${base}${masterPath}`);
  expect(master.status, master.text).toBe(200);
  expect(master.type).toContain('application/vnd.apple.mpegurl');
  const variants = parseMultivariantPlaylist(master.text).variants;
  const renditions: MediaPlaylist[] = [];
  for (const variant of variants) {
    const media = await get(new URL(variant.uri, `${base}${masterPath}`).href);
    expect(media.status, media.text).toBe(200);
    renditions.push(parseMediaPlaylist(media.text));
  }
  const sessionPath = new URL(variants[0]!.uri, `${base}${masterPath}`).pathname.replace(
    /\/r\/\d+\.m3u8$/,
    '',
  );
  return { variants, renditions, sessionPath };
}

/** The runs of the playlist: content or ads, with their durations, in order. */
function runs(playlist: MediaPlaylist) {
  const out: { kind: 'content' | 'ad'; seconds: number }[] = [];
  for (const s of playlist.segments) {
    const kind = s.uri.includes(ADS) ? 'ad' : 'content';
    expect(s.uri.includes(ADS) || s.uri.includes(CONTENT), s.uri).toBe(true);
    const last = out[out.length - 1];
    if (last?.kind === kind) last.seconds += s.duration;
    else out.push({ kind, seconds: s.duration });
  }
  return out.map((r) => ({ ...r, seconds: Math.round(r.seconds * 1000) / 1000 }));
}

const vodMaster = (id: string) => `/play/vod/${id}/master.m3u8`;

async function createVod(payload: Record<string, unknown>): Promise<string> {
  const { headers } = await loginAs(server.app, 'customer');
  const response = await server.app.inject({ method: 'POST', url: '/api/ssai/vod', headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { _id: string })._id;
}

interface Tracking {
  avails: {
    availId: string;
    startTimeInSeconds?: number;
    durationInSeconds?: number;
    adDecision: string;
    stitched?: boolean;
    notes: string[];
    ads: { adId: string; startTimeInSeconds?: number; durationInSeconds: number }[];
  }[];
}

describe('wantedBreaks', () => {
  it('is a pre-roll, then each cue point once, in time order (0 is the pre-roll)', () => {
    expect(wantedBreaks([]).map((b) => [b.id, b.offset])).toEqual([['preroll', 0]]);
    expect(wantedBreaks([40, 0, 12.5, 40]).map((b) => [b.id, b.offset, b.position])).toEqual([
      ['preroll', 0, 1],
      ['midroll-1', 12.5, 2],
      ['midroll-2', 40, 2],
    ]);
  });
});

describe('the seeded Match highlights', () => {
  it('plays with a pre-roll and a mid-roll at 30 s in every rendition, the same ads in each', async () => {
    const vod = await server.seeded<{ _id: string; name: string; sourceUrl: string }>(
      '/api/ssai/vod',
      'Match highlights',
    );
    expect(vod.sourceUrl).toBe(`${base}/demo/origin/vod/master.m3u8`);
    const { renditions, sessionPath } = await play(vodMaster(vod._id));
    expect(sessionPath).toMatch(new RegExp(`^/play/vod/${vod._id}/s/[A-Za-z0-9_-]{22}$`));
    expect(renditions.length).toBeGreaterThanOrEqual(2);

    const shapes = renditions.map(runs);
    for (const [i, playlist] of renditions.entries()) {
      expect(playlist.endList).toBe(true);
      const shape = shapes[i]!;
      // ad (pre-roll), 30 s of content, ad (mid-roll), the other 30 s.
      expect(shape.map((r) => r.kind)).toEqual(['ad', 'content', 'ad', 'content']);
      expect(shape[1]!.seconds).toBe(30);
      expect(shape[3]!.seconds).toBe(30);
      // Every ad starts after a discontinuity, and so does the content after it.
      const firstContent = playlist.segments.findIndex((s) => s.uri.includes(CONTENT));
      expect(playlist.segments[firstContent]!.discontinuity).toBe(true);
    }
    // The renditions agree on the breaks: the same ad durations at the same points.
    expect(shapes.every((s) => JSON.stringify(s) === JSON.stringify(shapes[0]))).toBe(true);
    expect(shapes[0]![0]!.seconds).toBeGreaterThan(0);
    expect(shapes[0]![0]!.seconds).toBeLessThanOrEqual(10.5);

    const tracking = (await (await fetch(`${base}${sessionPath}/tracking`)).json()) as Tracking;
    expect(tracking.avails.map((a) => a.availId)).toEqual(['preroll', 'midroll-1']);
    const [preroll, midroll] = tracking.avails;
    expect(preroll!.startTimeInSeconds).toBe(0);
    expect(preroll!.durationInSeconds).toBe(shapes[0]![0]!.seconds);
    // The mid-roll starts after the pre-roll and 30 s of content, on the viewer's timeline.
    expect(midroll!.startTimeInSeconds).toBe(shapes[0]![0]!.seconds + 30);
    expect(midroll!.ads.length).toBeGreaterThan(0);
    for (const avail of tracking.avails) {
      expect(avail.stitched).toBe(true);
      const total = avail.ads.reduce((sum, ad) => sum + ad.durationInSeconds, 0);
      expect(total).toBeCloseTo(avail.durationInSeconds ?? 0, 3);
    }
  });

  it('opens an explicit session: the manifest and tracking URLs, then the same playback', async () => {
    const vod = await server.seeded<{ _id: string; name: string }>('/api/ssai/vod', 'Match highlights');
    const response = await fetch(`${base}/play/vod/${vod._id}/session`, { method: 'POST' });
    expect(response.status).toBe(200);
    const urls = (await response.json()) as { manifestUrl: string; trackingUrl: string };
    expect(urls.manifestUrl).toMatch(
      new RegExp(`^${base}/play/vod/${vod._id}/s/[A-Za-z0-9_-]{22}/master.m3u8$`),
    );
    expect(urls.trackingUrl).toBe(urls.manifestUrl.replace(/master\.m3u8$/, 'tracking'));
    const { renditions } = await play(new URL(urls.manifestUrl).pathname);
    expect(runs(renditions[0]!).map((r) => r.kind)).toEqual(['ad', 'content', 'ad', 'content']);
    const tracking = (await (await fetch(urls.trackingUrl)).json()) as Tracking;
    expect(tracking.avails).toHaveLength(2);
  });
});

describe('an asset of the customer', () => {
  it('without an ad tag plays its content unchanged, and its tracking says why there are no ads', async () => {
    const id = await createVod({
      name: 'No ads',
      sourceUrl: `${base}/demo/origin/vod/master.m3u8`,
      duration: 60,
      cuePoints: [20],
    });
    const { renditions, sessionPath } = await play(vodMaster(id));
    for (const playlist of renditions) expect(runs(playlist)).toEqual([{ kind: 'content', seconds: 60 }]);
    const tracking = (await (await fetch(`${base}${sessionPath}/tracking`)).json()) as Tracking;
    expect(tracking.avails.map((a) => [a.availId, a.stitched, a.notes])).toEqual([
      ['preroll', false, ['the asset has no VAST URL: no ads']],
      ['midroll-1', false, ['the asset has no VAST URL: no ads']],
    ]);
  });

  it('whose ad server answers no ads plays its content, the answer noted', async () => {
    const id = await createVod({
      name: 'Empty answers',
      sourceUrl: `${base}/demo/origin/vod/master.m3u8?loops=2`,
      duration: 40,
      adTagUrl: `${base}/demo/ads/empty`,
    });
    const { renditions, sessionPath } = await play(vodMaster(id));
    expect(runs(renditions[0]!)).toEqual([{ kind: 'content', seconds: 40 }]);
    const tracking = (await (await fetch(`${base}${sessionPath}/tracking`)).json()) as Tracking;
    expect(tracking.avails[0]!.notes).toEqual(['VAST error 303: empty VAST response']);
    expect(tracking.avails[0]!.stitched).toBe(false);
  });

  it('with a cue point between segment boundaries breaks on the nearest one, in every rendition', async () => {
    const id = await createVod({
      name: 'Off boundary',
      sourceUrl: `${base}/demo/origin/vod/master.m3u8`,
      duration: 60,
      cuePoints: [0, 13.1],
      adTagUrl: `${base}/demo/ads/vast?dur=10`,
    });
    const { renditions } = await play(vodMaster(id));
    for (const playlist of renditions) {
      const shape = runs(playlist);
      // 0 is the pre-roll (one break, not two); 13.1 s goes to the 2 s boundary at 14 s.
      expect(shape.map((r) => r.kind)).toEqual(['ad', 'content', 'ad', 'content']);
      expect(shape[1]!.seconds).toBe(14);
    }
  });
});

describe('delivery', () => {
  const demoCustomer = async () =>
    (
      await server.seeded<{ _id: string; name: string; customerId: string }>(
        '/api/ssai/vod',
        'Match highlights',
      )
    ).customerId;
  // Read before any change: a de-activated customer can no longer sign in to look it up.
  let customerId: string | undefined;
  const setCustomer = async (values: Partial<typeof customers.$inferInsert>) => {
    customerId ??= await demoCustomer();
    await server.app.db.update(customers).set(values).where(eq(customers.id, customerId));
  };

  it('serves the segments through the customer’s CDN domain and protocol (account dialog)', async () => {
    await setCustomer({ cdnProtocol: 'http://', cdnDomain: 'cdn.example.com' });
    try {
      const id = await createVod({
        name: 'Through the CDN',
        sourceUrl: `${base}/demo/origin/vod/master.m3u8`,
        duration: 60,
        adTagUrl: `${base}/demo/ads/vast?dur=10`,
      });
      const master = await get(`${base}${vodMaster(id)}`);
      const variant = parseMultivariantPlaylist(master.text).variants[0]!;
      const media = parseMediaPlaylist(
        (await get(new URL(variant.uri, `${base}${vodMaster(id)}`).href)).text,
      );
      const uris = media.segments.map((s) => s.uri);
      expect(uris.every((u) => u.startsWith('http://cdn.example.com/demo/'))).toBe(true);
      expect(uris.some((u) => u.startsWith(`http://cdn.example.com${ADS}`))).toBe(true);
      expect(uris.some((u) => u.startsWith(`http://cdn.example.com${CONTENT}`))).toBe(true);
      // The playlists themselves stay on the data plane (the session lives there).
      expect(variant.uri).toMatch(/^\/play\/vod\//);
    } finally {
      await setCustomer({ cdnProtocol: 'https://', cdnDomain: null });
    }
  });

  it('a de-activated account’s assets do not play', async () => {
    const id = await createVod({
      name: 'Account closed',
      sourceUrl: `${base}/demo/origin/vod/master.m3u8`,
      duration: 60,
    });
    await setCustomer({ deactivatedAt: new Date(now) });
    try {
      const response = await get(`${base}${vodMaster(id)}`);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.text).message).toBe(PLAYBACK_TEXTS.unknownVod(id));
    } finally {
      await setCustomer({ deactivatedAt: null });
    }
  });
});

describe('refusals', () => {
  it('an unknown or inactive asset is a 404 naming it', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await get(`${base}${vodMaster(unknown)}`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text).message).toBe(PLAYBACK_TEXTS.unknownVod(unknown));
    const inactive = await createVod({
      name: 'Inactive',
      sourceUrl: `${base}/demo/origin/vod/master.m3u8`,
      duration: 60,
      status: 'inactive',
    });
    expect((await get(`${base}${vodMaster(inactive)}`)).status).toBe(404);
    expect((await get(`${base}${vodMaster('not-an-id')}`)).status).toBe(404);
  });

  it('a live source is refused with the reason (502)', async () => {
    const id = await createVod({
      name: 'Live source',
      sourceUrl: `${base}/demo/origin/live/cue/master.m3u8`,
      duration: 60,
    });
    const response = await get(`${base}${vodMaster(id)}`);
    expect(response.status).toBe(502);
    expect(JSON.parse(response.text).message).toMatch(/is a live playlist \(no EXT-X-ENDLIST\)/);
  });

  it('a session is only its own asset’s, and only a VOD session', async () => {
    const vod = await server.seeded<{ _id: string; name: string }>('/api/ssai/vod', 'Match highlights');
    const other = await createVod({
      name: 'Other asset',
      sourceUrl: `${base}/demo/origin/vod/master.m3u8`,
      duration: 60,
    });
    const { sessionPath } = await play(vodMaster(vod._id));
    const sessionId = sessionPath.split('/').pop()!;
    const wrongAsset = await get(`${base}/play/vod/${other}/s/${sessionId}/r/0.m3u8`);
    expect(wrongAsset.status).toBe(404);
    expect(JSON.parse(wrongAsset.text).message).toBe(PLAYBACK_TEXTS.unknownSession);
    // A VOD session on a live path (the asset id as a stream id) is no live session.
    const live = await get(`${base}/play/live/${vod._id}/s/${sessionId}/r/0.m3u8`);
    expect(live.status).toBe(404);
    // A rendition the session does not have.
    const missing = await get(`${base}${sessionPath}/r/99.m3u8`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).message).toBe(PLAYBACK_TEXTS.unknownRendition);
  });

  it('an ad tag that is not a URL is refused when the asset is saved, naming the field', async () => {
    const { headers } = await loginAs(server.app, 'customer');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/ssai/vod',
      headers,
      payload: { name: 'Bad tag', sourceUrl: `${base}/x.m3u8`, duration: 60, adTagUrl: 'not a url' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('adTagUrl');
  });
});

describe('what VOD playback records', () => {
  it('a decision per break, the session, its requests and its origin fetches, for the asset', async () => {
    const id = await createVod({
      name: `Recorded VOD ${Date.now()}`,
      sourceUrl: `${base}/demo/origin/vod/master.m3u8?loops=1`,
      duration: 20,
      cuePoints: [10],
      adTagUrl: `${base}/demo/ads/vast?dur=10&sid=[SESSION_ID]`,
    });
    const { variants } = await play(vodMaster(id));
    await server.app.events.flush();
    const decisions = await server.app.db
      .select({ availId: resourceEvents.availId, data: resourceEvents.data })
      .from(resourceEvents)
      .where(and(eq(resourceEvents.resourceId, id), eq(resourceEvents.action, 'ad-decision')));
    expect(decisions.map((d) => d.availId).sort()).toEqual(['midroll-1', 'preroll']);
    expect(decisions.every((d) => d.data?.outcome === 'filled')).toBe(true);
    const [counters] = await server.app.db
      .select({
        sessions: sql<number>`sum(${playbackMinutes.sessions})::int`,
        requests: sql<number>`sum(${playbackMinutes.requests})::int`,
        avails: sql<number>`sum(${playbackMinutes.avails})::int`,
        originRequests: sql<number>`sum(${playbackMinutes.originRequests})::int`,
        kind: sql<string>`min(${playbackMinutes.kind})`,
      })
      .from(playbackMinutes)
      .where(eq(playbackMinutes.resourceId, id));
    expect(counters).toMatchObject({ sessions: 1, requests: variants.length, avails: 2, kind: 'vod' });
    // The master and the renditions, fetched once each into the shared cache.
    expect(counters!.originRequests).toBeGreaterThanOrEqual(2);
  });
});
