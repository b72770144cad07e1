import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SafeFetchError, safeFetchText } from '../../fetch/safe-fetch.ts';
import { type OriginAsker, OriginCache, type OriginFetched } from '../origin-cache.ts';

/** A controllable origin: each fetch waits until the test answers it. */
function manualOrigin() {
  const pending: { url: string; resolve: (a: OriginFetched) => void; reject: (e: unknown) => void }[] = [];
  const fetch = (url: string) =>
    new Promise<OriginFetched>((resolve, reject) => {
      pending.push({ url, resolve, reject });
    });
  return { fetch, pending };
}

const playlist = (n: number) => `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:${n}\n`;

/** An asker that writes down each fetch it is told of. */
function asker(id: string) {
  const told: (string | undefined)[] = [];
  const it: OriginAsker = { id, fetched: (_ms, failure) => told.push(failure) };
  return { asker: it, told };
}

describe('OriginCache', () => {
  it('tells every asker once of each fetch that served it, however often it asks', async () => {
    let t = 0;
    const origin = manualOrigin();
    const cache = new OriginCache({ fetch: origin.fetch, now: () => t });
    const [a, b, c] = [asker('a'), asker('b'), asker('c')];
    const waiting = [
      cache.get('http://o/a.m3u8', 1000, a.asker),
      cache.get('http://o/a.m3u8', 1000, b.asker),
    ];
    origin.pending[0]!.resolve({ url: 'http://o/a.m3u8', status: 200, body: playlist(1) });
    await Promise.all(waiting);
    // Served fresh from the cache: told of the fetch that answered it, once.
    await cache.get('http://o/a.m3u8', 1000, c.asker);
    await cache.get('http://o/a.m3u8', 1000, c.asker);
    await cache.get('http://o/a.m3u8', 1000, a.asker);
    expect([a.told, b.told, c.told]).toEqual([[undefined], [undefined], [undefined]]);
    // The next refresh fails: each asker served its stale answer is told of the failure.
    t = 2000;
    const refreshing = cache.get('http://o/a.m3u8', 1000, b.asker);
    origin.pending[1]!.resolve({ url: 'http://o/a.m3u8', status: 503, body: '' });
    expect((await refreshing).stale).toBe(true);
    expect((await cache.get('http://o/a.m3u8', 1000, a.asker)).stale).toBe(true);
    const failure = 'http://o/a.m3u8: the origin answered 503';
    expect([a.told, b.told, c.told]).toEqual([[undefined, failure], [undefined, failure], [undefined]]);
    expect(cache.stats.fetches).toBe(2);
  });

  it('shares one fetch among everyone who asks while it is under way', async () => {
    let t = 0;
    const origin = manualOrigin();
    const cache = new OriginCache({ fetch: origin.fetch, now: () => t });
    const answers = Array.from({ length: 100 }, () => cache.get('http://o/a.m3u8', 1000));
    expect(origin.pending).toHaveLength(1);
    origin.pending[0]!.resolve({ url: 'http://o/a.m3u8', status: 200, body: playlist(1) });
    const bodies = (await Promise.all(answers)).map((a) => a.body);
    expect(new Set(bodies)).toEqual(new Set([playlist(1)]));
    expect(cache.stats).toEqual({ fetches: 1, shared: 99, stale: 0 });

    // Fresh within its time to live: no fetch; one past it: one more.
    t = 999;
    expect((await cache.get('http://o/a.m3u8', 1000)).body).toBe(playlist(1));
    expect(origin.pending).toHaveLength(1);
    t = 1000;
    const next = cache.get('http://o/a.m3u8', 1000);
    expect(origin.pending).toHaveLength(2);
    origin.pending[1]!.resolve({ url: 'http://o/a.m3u8', status: 200, body: playlist(2) });
    expect((await next).body).toBe(playlist(2));
    expect(cache.stats.fetches).toBe(2);
  });

  it('keeps streams apart', async () => {
    const origin = manualOrigin();
    const cache = new OriginCache({ fetch: origin.fetch, now: () => 0 });
    const a = cache.get('http://o/a.m3u8', 1000);
    const b = cache.get('http://o/b.m3u8', 1000);
    expect(origin.pending.map((p) => p.url)).toEqual(['http://o/a.m3u8', 'http://o/b.m3u8']);
    origin.pending[0]!.resolve({ url: 'http://o/a.m3u8', status: 200, body: 'A' });
    origin.pending[1]!.resolve({ url: 'http://o/b.m3u8', status: 200, body: 'B' });
    expect([(await a).body, (await b).body]).toEqual(['A', 'B']);
  });

  it('serves the last good answer, marked stale, while the origin fails; then recovers', async () => {
    let t = 0;
    const origin = manualOrigin();
    const cache = new OriginCache({ fetch: origin.fetch, now: () => t });
    const first = cache.get('http://o/a.m3u8', 1000);
    origin.pending[0]!.resolve({ url: 'http://o/a.m3u8', status: 200, body: playlist(7) });
    expect((await first).stale).toBe(false);

    t = 2000;
    const down = cache.get('http://o/a.m3u8', 1000);
    origin.pending[1]!.reject(new SafeFetchError('timeout', 'http://o/a.m3u8: no complete answer in time'));
    const answer = await down;
    expect(answer).toMatchObject({ body: playlist(7), stale: true, fetchedAt: 0 });
    expect(answer.failure?.kind).toBe('timeout');

    // A 5xx is a failure too; the failing origin is not asked again within the time to live.
    t = 4000;
    const error = cache.get('http://o/a.m3u8', 1000);
    origin.pending[2]!.resolve({ url: 'http://o/a.m3u8', status: 503, body: 'busy' });
    expect((await error).failure).toMatchObject({ kind: 'status', status: 503 });
    t = 4500;
    expect((await cache.get('http://o/a.m3u8', 1000)).stale).toBe(true);
    expect(origin.pending).toHaveLength(3);

    t = 6000;
    const back = cache.get('http://o/a.m3u8', 1000);
    origin.pending[3]!.resolve({ url: 'http://o/a.m3u8', status: 200, body: playlist(9) });
    expect(await back).toMatchObject({ body: playlist(9), stale: false, fetchedAt: 6000 });
    expect(cache.stats.stale).toBe(3);
  });

  it('throws the failure when the origin never answered well', async () => {
    const origin = manualOrigin();
    const cache = new OriginCache({ fetch: origin.fetch, now: () => 0 });
    const first = cache.get('http://o/a.m3u8', 1000);
    origin.pending[0]!.reject(new Error('ECONNRESET'));
    await expect(first).rejects.toMatchObject({ kind: 'network', message: 'http://o/a.m3u8: ECONNRESET' });
  });

  it('drops entries nobody asks for, and keeps at most maxEntries', async () => {
    let t = 0;
    const cache = new OriginCache({
      fetch: async (url) => ({ url, status: 200, body: url }),
      now: () => t,
      idleMs: 10_000,
      maxEntries: 300,
    });
    for (let i = 0; i < 255; i++) await cache.get(`http://o/${i}.m3u8`, 1000);
    t = 20_000;
    await cache.get('http://o/new.m3u8', 1000);
    // The 256th entry trims: every idle one goes.
    expect(cache.size).toBe(1);
    for (let i = 0; i < 400; i++) await cache.get(`http://o/x${i}.m3u8`, 1000);
    expect(cache.size).toBeLessThanOrEqual(300);
  });

  it('costs a real origin one request per refresh for 100 viewers (real HTTP)', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      // A slow origin: every viewer arrives while the one fetch is under way.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
        res.end(playlist(requests));
      }, 50);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const policy = { allowHosts: new Set([`127.0.0.1:${port}`]) };
    let t = 0;
    const cache = new OriginCache({
      fetch: (url) => safeFetchText(url, { policy, timeoutMs: 5000, maxBytes: 1 << 20 }),
      now: () => t,
    });
    try {
      const url = `http://127.0.0.1:${port}/live/index.m3u8`;
      for (const refresh of [1, 2, 3]) {
        const viewers = await Promise.all(Array.from({ length: 100 }, () => cache.get(url, 3000)));
        expect(new Set(viewers.map((v) => v.body))).toEqual(new Set([playlist(refresh)]));
        expect(requests).toBe(refresh);
        t += 6000;
      }
    } finally {
      server.close();
    }
  });
});
