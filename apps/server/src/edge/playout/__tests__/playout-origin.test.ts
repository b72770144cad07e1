/**
 * The playout origin on a real server and port, its VOD assets on the built-in demo origin:
 * a started channel's playlists (items in order, a discontinuity at the item change, the ad break
 * marked every breakinterval, the slate in the break when the channel has one), and its live
 * stream's stitched playback through /play/live/... with the demo ad server's ads.
 */
import { PLAYOUT_TEXTS, type PlayoutChannelAnswer } from '@cuepoint/core';
import { type MediaPlaylist, parseMediaPlaylist, parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/helpers.ts';
import { type DemoServer, get, startDemoServer } from '../../playback/__tests__/demo-server.ts';

let server: DemoServer;
let base: string;
/** The server's clock (origin, data plane and demo follow it); starts are recorded in real time. */
let now = Date.now();
let customer: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  server = await startDemoServer(() => now);
  base = server.base;
  customer = (await loginAs(server.app, 'customer')).headers;
  admin = (await loginAs(server.app, 'admin')).headers;
});

afterAll(async () => {
  await server?.close();
});

async function create(
  path: string,
  payload: Record<string, unknown>,
): Promise<{ _id: string; version: number }> {
  const response = await server.app.inject({ method: 'POST', url: path, headers: customer, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function start(channelId: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/playout/channels/${channelId}/start`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as PlayoutChannelAnswer).channel;
}

const media = async (url: string): Promise<MediaPlaylist> => {
  const answer = await get(url);
  expect(answer.status, answer.text).toBe(200);
  return parseMediaPlaylist(answer.text);
};
const tagged = (playlist: MediaPlaylist, name: string) =>
  playlist.segments.filter((s) => s.tags.some((t) => t.name === name));

describe('the playout origin', () => {
  let highlights: { _id: string };
  let adOne: { _id: string };
  let channel: { _id: string };
  let startedAt: number;
  let liveStreamId: string;

  beforeAll(async () => {
    highlights = await server.seeded('/api/ssai/vod', 'Match highlights');
    adOne = await create('/api/ssai/vod', {
      name: 'Ad one as a programme',
      sourceUrl: `${base}/demo/ads/media/ad1/master.m3u8`,
      duration: 10,
    });
    channel = await create('/api/ssai/streamer', {
      name: 'Origin test',
      items: [{ vodId: highlights._id }, { vodId: adOne._id }],
      breakinterval: 5,
      adDuration: 30,
    });
    const started = await start(channel._id);
    startedAt = Date.parse(started.startedAt!);
    liveStreamId = started.liveStreamId!;
  });

  it('lists the first asset’s renditions', async () => {
    now = startedAt + 20_000;
    const master = await get(`${base}/playout/${channel._id}/master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.type).toContain('application/vnd.apple.mpegurl');
    const variants = parseMultivariantPlaylist(master.text).variants;
    expect(variants.map((v) => v.uri)).toEqual(['0.m3u8', '1.m3u8']);
    expect((await get(`${base}/playout/${channel._id}/2.m3u8`)).status).toBe(404);
  });

  it('plays the items in order, with a discontinuity at the change and program date-times', async () => {
    // 70 s in: the 60 s of Match highlights, then Ad one from 60 s.
    now = startedAt + 70_000;
    for (const n of [0, 1]) {
      const playlist = await media(`${base}/playout/${channel._id}/${n}.m3u8`);
      expect(playlist.endList).toBe(false);
      expect(playlist.segments).toHaveLength(6);
      expect(playlist.mediaSequence).toBe(29);
      const [last, ...programme] = [playlist.segments[0]!, ...playlist.segments.slice(1)];
      expect(last.uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/media\/content\//);
      for (const s of programme) expect(s.uri).toMatch(/\/ad1\//);
      expect(playlist.segments.map((s) => s.discontinuity)).toEqual([
        false,
        true,
        false,
        false,
        false,
        false,
      ]);
      expect(playlist.segments[1]!.programDateTime).toBe(startedAt + 60_000);
    }
  });

  it('marks an ad break every breakinterval minutes, of adDuration seconds', async () => {
    now = startedAt + 305_000;
    const playlist = await media(`${base}/playout/${channel._id}/0.m3u8`);
    const out = tagged(playlist, 'EXT-X-CUE-OUT');
    expect(out).toHaveLength(1);
    expect(out[0]!.tags).toContainEqual({ name: 'EXT-X-CUE-OUT', value: '30.000' });
    expect(out[0]!.programDateTime).toBe(startedAt + 300_000);
    now = startedAt + 340_000;
    const after = await media(`${base}/playout/${channel._id}/0.m3u8`);
    expect(tagged(after, 'EXT-X-CUE-IN')[0]!.programDateTime).toBe(startedAt + 330_000);
    now = startedAt + 605_000;
    const second = await media(`${base}/playout/${channel._id}/0.m3u8`);
    expect(tagged(second, 'EXT-X-CUE-OUT')[0]!.programDateTime).toBe(startedAt + 600_000);
  });

  it('plays stitched through its live stream, with the demo ad server’s ads in the break', async () => {
    const stream = await server.app.inject({ url: `/api/ssai/ds/${liveStreamId}`, headers: customer });
    await server.app.inject({
      method: 'POST',
      url: `/api/ssai/ds/${liveStreamId}`,
      headers: customer,
      payload: {
        version: stream.json().version,
        adDecision: 'external',
        bundles: [],
        vastUrl: `${base}/demo/ads/vast?dur=[AVAIL_DURATION]&sid=[SESSION_ID]`,
      },
    });
    now = startedAt + 890_000;
    const master = await get(`${base}/play/live/${liveStreamId}/master.m3u8`);
    expect(master.status, master.text).toBe(200);
    const uri = new URL(parseMultivariantPlaylist(master.text).variants[0]!.uri, base).href;
    const before = await media(uri);
    expect(before.segments.length).toBeGreaterThan(0);
    expect(before.segments.some((s) => s.uri.includes('/demo/ads/'))).toBe(false);
    // 15 minutes in: the third break; the viewer is still watching 12 s into it.
    now = startedAt + 912_000;
    const during = await media(uri);
    expect(during.segments.some((s) => s.uri.startsWith(`${base}/demo/ads/media/`))).toBe(true);
  });

  it('answers 404 once stopped', async () => {
    const stop = await server.app.inject({
      method: 'POST',
      url: `/api/playout/channels/${channel._id}/stop`,
      headers: admin,
    });
    expect(stop.statusCode).toBe(200);
    const answer = await get(`${base}/playout/${channel._id}/0.m3u8`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).message).toBe(PLAYOUT_TEXTS.notRunning);
  });
});

describe('a channel with an HLS slate', () => {
  it('fills its breaks with the slate’s segments, between discontinuities', async () => {
    const highlights = await server.seeded('/api/ssai/vod', 'Match highlights');
    const slate = await server.seeded('/api/ssai/slate', 'Be right back');
    const channel = await create('/api/ssai/streamer', {
      name: 'Slate test',
      items: [{ vodId: highlights._id }],
      breakinterval: 5,
      adDuration: 10,
      slateId: slate._id,
    });
    const started = Date.parse((await start(channel._id)).startedAt!);
    now = started + 312_000;
    const playlist = await media(`${base}/playout/${channel._id}/0.m3u8`);
    const uris = playlist.segments.map((s) => s.uri);
    const slateSegments = uris.filter((u) => u.includes('/slate/'));
    expect(slateSegments).toHaveLength(5);
    const first = playlist.segments.findIndex((s) => s.uri.includes('/slate/'));
    expect(playlist.segments[first]!.discontinuity).toBe(true);
    expect(playlist.segments[first]!.tags).toContainEqual({ name: 'EXT-X-CUE-OUT', value: '10.000' });
    expect(playlist.segments[first]!.programDateTime).toBe(started + 300_000);
    const back = playlist.segments[first + 5]!;
    expect(back.discontinuity).toBe(true);
    expect(back.tags).toContainEqual({ name: 'EXT-X-CUE-IN' });
  });
});

describe('a scheduled channel', () => {
  it('is off air before its start date', async () => {
    const highlights = await server.seeded('/api/ssai/vod', 'Match highlights');
    const channel = await create('/api/ssai/streamer', {
      name: 'Scheduled test',
      mode: 'schedule',
      startDate: '01-01-2099T00:00:00',
      items: [{ vodId: highlights._id }],
      breakinterval: 0,
      adDuration: 30,
    });
    const started = await start(channel._id);
    expect(started).toMatchObject({
      running: true,
      onAir: false,
      now: null,
      next: { name: 'Match highlights' },
    });
    const answer = await get(`${base}/playout/${channel._id}/master.m3u8`);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).message).toBe(PLAYOUT_TEXTS.offAir);
  });
});
