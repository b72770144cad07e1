/**
 * Issue 46: anonymous viewer sessions are bounded, over HTTP (a real Fastify server with the
 * playback routes, a real database, the fake origin of fake-media.ts, the viewers' addresses
 * from X-Forwarded-For). One address holds at most its bound of one stream's sessions, and a
 * new one takes the place of its own idlest, never another address's; a playing session (one
 * that fetched a playlist within the playing time) never gives way: when only playing ones could,
 * the new one is refused with a 503 and Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResource } from '../../../services/resources.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { testApp } from '../../../test/helpers.ts';
import { PLAYBACK_TEXTS } from '../problems.ts';
import { startFakeMedia } from './fake-media.ts';
import { type Harness, mediaPlaylist, type Session, startHarness } from './live-harness.ts';

const PLAYING_S = 30;

/** GET master.m3u8 from `address`: the session, or the refusal's response. */
async function open(h: Harness, streamId: string, address: string) {
  const response = await h.get(`/play/live/${streamId}/master.m3u8`, {
    headers: { 'x-forwarded-for': address },
  });
  if (response.status !== 200) return { response, session: undefined };
  const uris = (await response.text()).split('\n').filter((line) => line.startsWith('/play/'));
  return { response, session: { uris, sessionId: /\/s\/([^/]+)\//.exec(uris[0]!)![1]! } };
}

/** The status of a session's first media playlist (a player's refresh). */
const refresh = async (h: Harness, session: Pick<Session, 'uris'>) => (await h.get(session.uris[0]!)).status;

async function expectRefused(response: Response, message: string, retryAfter: number) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe(String(retryAfter));
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(await response.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', message });
}

describe('the bound per address and stream', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      trustProxy: true,
      limits: { sessionsPerAddress: 3, maxSessions: 100, sessionPlayingMs: PLAYING_S * 1000 },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps one address to its bound on a stream, and other addresses’ sessions survive', async () => {
    const streamId = await h.stream();
    const otherStream = await h.stream();
    h.at(h.nextCycle(), 2);
    // Neighbours: another address on the stream, and the same address on another stream.
    const neighbours = [
      (await open(h, streamId, '198.51.100.1')).session!,
      (await open(h, streamId, '198.51.100.2')).session!,
      (await open(h, otherStream, '203.0.113.66')).session!,
    ];

    // A client opening session after session: three are admitted, the rest refused meanwhile.
    const first = [];
    for (let i = 0; i < 10; i++) first.push(await open(h, streamId, '203.0.113.66'));
    expect(first.map((o) => o.response.status)).toEqual([200, 200, 200, 503, 503, 503, 503, 503, 503, 503]);
    await expectRefused(first[3]!.response, PLAYBACK_TEXTS.sessionsPerAddress(3, PLAYING_S), PLAYING_S);
    // POST /session is the same door.
    const post = await h.get(`/play/live/${streamId}/session`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.66' },
    });
    expect(post.status).toBe(503);

    // Once its sessions stop playing, its new ones take their places: its own, never the
    // neighbours', although theirs have been idle for longer.
    h.advance((PLAYING_S + 1) * 1000);
    const second = [];
    for (let i = 0; i < 10; i++) second.push(await open(h, streamId, '203.0.113.66'));
    expect(second.filter((o) => o.response.status === 200)).toHaveLength(3);
    for (const { session } of first.slice(0, 3)) expect(await refresh(h, session!)).toBe(404);
    for (const { session } of second.slice(0, 3)) expect(await refresh(h, session!)).toBe(200);
    for (const session of neighbours) expect(await refresh(h, session)).toBe(200);
  });

  it('never ends a playing session: the idlest one gives way, and when all play the new one is refused', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 1);
    const address = '192.0.2.44';
    const [p1, p2, p3] = [
      (await open(h, streamId, address)).session!,
      (await open(h, streamId, address)).session!,
      (await open(h, streamId, address)).session!,
    ];
    // p1 plays for 40 s (a refresh per 4 s segment); p2 and p3 were left.
    for (let segment = 2; segment <= 11; segment++) {
      h.at(cycle, segment);
      await mediaPlaylist(h, p1!.uris[0]!);
    }
    const p4 = (await open(h, streamId, address)).session!;
    const p5 = (await open(h, streamId, address)).session!;
    const refused = await open(h, streamId, address);
    await expectRefused(refused.response, PLAYBACK_TEXTS.sessionsPerAddress(3, PLAYING_S), PLAYING_S);
    expect(await refresh(h, p1!)).toBe(200);
    expect(await refresh(h, p2!)).toBe(404);
    expect(await refresh(h, p3!)).toBe(404);
    expect(await refresh(h, p4)).toBe(200);
    expect(await refresh(h, p5)).toBe(200);
  });
});

describe('the bound of the whole store', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      trustProxy: true,
      limits: { sessionsPerAddress: 3, maxSessions: 4, sessionPlayingMs: PLAYING_S * 1000 },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses new sessions while every session held plays, then takes the place of one left idle', async () => {
    const streamId = await h.stream();
    const cycle = h.nextCycle();
    h.at(cycle, 1);
    const viewers: { uris: string[] }[] = [];
    for (let i = 1; i <= 4; i++) viewers.push((await open(h, streamId, `192.0.2.${i}`)).session!);

    h.at(cycle, 3);
    for (const viewer of viewers) expect(await refresh(h, viewer)).toBe(200);
    const refused = await open(h, streamId, '192.0.2.5');
    // Every session held has just played: retry once the playing time has passed.
    await expectRefused(refused.response, PLAYBACK_TEXTS.sessionsFull(4, PLAYING_S), PLAYING_S);
    for (const viewer of viewers) expect(await refresh(h, viewer)).toBe(200);

    // Three keep playing, the fourth stops: after the playing time, it gives way.
    for (let segment = 4; segment <= 12; segment++) {
      h.at(cycle, segment);
      for (const viewer of viewers.slice(0, 3)) expect(await refresh(h, viewer)).toBe(200);
    }
    const admitted = await open(h, streamId, '192.0.2.5');
    expect(admitted.response.status).toBe(200);
    for (const viewer of viewers.slice(0, 3)) expect(await refresh(h, viewer)).toBe(200);
    expect(await refresh(h, viewers[3]!)).toBe(404);
    expect(await refresh(h, admitted.session!)).toBe(200);
  });
});

describe('PLAYBACK_SESSIONS_PER_ADDRESS', () => {
  it('sets the bound of the server’s data plane', async () => {
    const media = await startFakeMedia(Date.now);
    const app = await testApp({
      env: {
        PLAYBACK_SESSIONS_PER_ADDRESS: '2',
        PLAYBACK_ALLOW_HOSTS: media.hostPort,
        TRUST_PROXY: '127.0.0.1',
      },
    });
    try {
      const streamId = (
        await createResource(
          app.db,
          'liveStream',
          await customerIdOf(app, 'demo-broadcasting'),
          { name: 'Bounded stream', sourceStreamUrl: `${media.base}/live/` },
          { actor: 'playback-tests@cuepoint.example', actingAdmin: null },
        )
      ).id;
      const server = await app.listen({ port: 0, host: '127.0.0.1' });
      const post = (address: string) =>
        fetch(`${server}/play/live/${streamId}/session`, {
          method: 'POST',
          headers: { 'x-forwarded-for': address },
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await post('192.0.2.77')).status);
      expect(statuses).toEqual([200, 200, 503]);
      expect((await post('192.0.2.78')).status).toBe(200);
    } finally {
      await app.close();
      await media.close();
    }
  });
});
