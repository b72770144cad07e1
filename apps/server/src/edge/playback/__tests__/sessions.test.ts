import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { PLAYBACK_TEXTS } from '../problems.ts';
import {
  addressGroup,
  isSessionId,
  MemorySessionStore,
  type NewViewerSession,
  RedisSessionStore,
  type SessionBounds,
  SessionRefused,
  type SessionStore,
  type ViewerSession,
} from '../sessions.ts';

const viewer: NewViewerSession = {
  kind: 'live',
  streamId: '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  state: null,
  viewer: { address: '203.0.113.7', userAgent: 'hls.js' },
};

/** What every store must do; `advance` moves its clock (or waits, for Redis's own). */
function storeContract(
  name: string,
  make: () => { store: SessionStore; advance: (ms: number) => Promise<void> },
) {
  describe(name, () => {
    it('creates a session with an unguessable URL-safe id, and gives it back', async () => {
      const { store } = make();
      const a = await store.create(viewer, 10_000);
      const b = await store.create(viewer, 10_000);
      expect(isSessionId(a.id)).toBe(true);
      expect(a.id).not.toBe(b.id);
      expect(await store.get(a.id)).toEqual(a);
      await store.close();
    });

    it('saves the viewer state, and each save extends the session', async () => {
      const { store, advance } = make();
      const session = await store.create(viewer, 400);
      await advance(250);
      await store.save({ ...session, state: 'v1:abc' }, 400);
      await advance(250);
      expect((await store.get(session.id))?.state).toBe('v1:abc');
      await advance(500);
      expect(await store.get(session.id)).toBeUndefined();
      await store.close();
    });

    it('knows no session for a malformed, unknown or deleted id', async () => {
      const { store } = make();
      expect(await store.get('../../etc')).toBeUndefined();
      expect(await store.get('*')).toBeUndefined();
      expect(await store.get('AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
      const session = await store.create(viewer, 10_000);
      await store.delete(session.id);
      expect(await store.get(session.id)).toBeUndefined();
      await store.close();
    });
  });
}

let t = 0;
storeContract('MemorySessionStore', () => ({
  store: new MemorySessionStore(() => t),
  advance: async (ms) => {
    t += ms;
  },
}));

describe('MemorySessionStore expiry sweep', () => {
  it('drops expired sessions nobody asks for again', async () => {
    let now = 0;
    const store = new MemorySessionStore(() => now);
    await store.create(viewer, 100);
    await store.create(viewer, 1000);
    now = 500;
    store.dropExpired();
    expect(store.size).toBe(1);
    await store.close();
  });

  it('keeps at most maxSessions: the idlest gives way, and get and save count as requests', async () => {
    let now = 0;
    const store = new MemorySessionStore(() => now, 30_000, { maxSessions: 3 });
    const a = await store.create(viewer, 600_000);
    now = 1_000;
    const b = await store.create(viewer, 600_000);
    now = 2_000;
    const c = await store.create(viewer, 600_000);
    now = 60_000;
    // a is asked for (a player's request), c saved: b is now the idlest.
    await store.get(a.id);
    await store.save(c, 600_000);
    const d = await store.create(viewer, 600_000);
    expect(store.size).toBe(3);
    expect(await store.get(b.id)).toBeUndefined();
    for (const kept of [a, c, d]) expect((await store.get(kept.id))?.id).toBe(kept.id);
    await store.close();
  });
});

const STREAM_B = '9c8b7a6f-5e4d-4c3b-8a29-180f0e0d0c0b';
const at = (address: string, streamId = viewer.streamId): NewViewerSession => ({
  ...viewer,
  streamId,
  viewer: { address, userAgent: 'hls.js' },
});

describe('addressGroup: what one address is, for the bound per address', () => {
  it('is an IPv4 address itself, an IPv4-mapped one too, and an IPv6 address by its /64', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressGroup('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressGroup('2001:0db8:0000:0001:ffff:ffff:ffff:fffe')).toBe('2001:db8:0:1::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:db8:0:2::1')).not.toBe(addressGroup('2001:db8:0:1::1'));
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('not an address')).toBe('not an address');
  });
});

/**
 * The bounds every store keeps. `clock` is the store's (Redis's keys still expire on Redis's own
 * clock: the times to live here are long). Requests are saves (a get's is not waited for in Redis).
 */
function boundsContract(
  name: string,
  make: (bounds: Partial<SessionBounds>) => { store: SessionStore; clock: { now: number } },
) {
  const refusal = async (pending: Promise<unknown>) => {
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SessionRefused);
    return error as SessionRefused;
  };
  const present = async (store: SessionStore, ...sessions: ViewerSession[]) =>
    (await Promise.all(sessions.map((s) => store.get(s.id)))).map((s) => s !== undefined);

  describe(`${name} bounds`, () => {
    it('past the bound per address and stream, ends that address’s idlest session of the stream, not another’s', async () => {
      const { store, clock } = make({ perAddress: 3, maxSessions: 100, playingMs: 30_000 });
      const neighbour = await store.create(at('198.51.100.1'), 3_600_000);
      const otherStream = await store.create(at('203.0.113.66', STREAM_B), 3_600_000);
      const own: ViewerSession[] = [];
      for (let i = 0; i < 3; i++) {
        clock.now += 1_000;
        own.push(await store.create(at('203.0.113.66'), 3_600_000));
      }
      // A minute later, the first of the three plays again: the second is the idlest.
      clock.now += 60_000;
      await store.save(own[0]!, 3_600_000);
      clock.now += 1_000;
      own.push(await store.create(at('203.0.113.66'), 3_600_000));
      own.push(await store.create(at('203.0.113.66'), 3_600_000));
      // The neighbour's and the other stream's sessions are idler, yet kept: they are not this address's of this stream.
      expect(await present(store, neighbour, otherStream)).toEqual([true, true]);
      expect(await present(store, ...own)).toEqual([true, false, false, true, true]);
      await store.close();
    });

    it('refuses a new session rather than end one of the address’s that is playing, and says when to retry', async () => {
      const { store, clock } = make({ perAddress: 2, maxSessions: 100, playingMs: 30_000 });
      const first = await store.create(at('203.0.113.8'), 3_600_000);
      clock.now += 10_000;
      const second = await store.create(at('203.0.113.8'), 3_600_000);
      clock.now += 10_000;
      const refused = await refusal(store.create(at('203.0.113.8'), 3_600_000));
      expect(refused).toMatchObject({ reason: 'address', limit: 2, statusCode: 503, retryAfterS: 10 });
      expect(refused.message).toBe(PLAYBACK_TEXTS.sessionsPerAddress(2, 30));
      // Another address is not held back.
      await store.create(at('203.0.113.9'), 3_600_000);
      // The first stops playing at 30 s: then it gives way.
      clock.now += 11_000;
      const third = await store.create(at('203.0.113.8'), 3_600_000);
      expect(await present(store, first, second, third)).toEqual([false, true, true]);
      await store.close();
    });

    it('counts an IPv6 /64 as one address', async () => {
      const { store } = make({ perAddress: 2, maxSessions: 100, playingMs: 30_000 });
      await store.create(at('2001:db8:0:1::1'), 3_600_000);
      await store.create(at('2001:db8:0:1::2'), 3_600_000);
      await refusal(store.create(at('2001:db8:0:1:ffff::3'), 3_600_000));
      await store.create(at('2001:db8:0:2::1'), 3_600_000);
      await store.close();
    });

    it('when full, ends the idlest session of all but never a playing one; refuses when all play', async () => {
      const { store, clock } = make({ perAddress: 10, maxSessions: 3, playingMs: 30_000 });
      const s1 = await store.create(at('192.0.2.1'), 3_600_000);
      clock.now += 1_000;
      const s2 = await store.create(at('192.0.2.2'), 3_600_000);
      clock.now += 1_000;
      const s3 = await store.create(at('192.0.2.3'), 3_600_000);
      clock.now += 40_000;
      // s1 plays (the oldest, but not the idlest any more).
      await store.save(s1, 3_600_000);
      const s4 = await store.create(at('192.0.2.4'), 3_600_000);
      const s5 = await store.create(at('192.0.2.5'), 3_600_000);
      const refused = await refusal(store.create(at('192.0.2.6'), 3_600_000));
      expect(refused).toMatchObject({ reason: 'full', limit: 3, retryAfterS: 30 });
      expect(refused.message).toBe(PLAYBACK_TEXTS.sessionsFull(3, 30));
      clock.now += 20_000;
      await store.save(s4, 3_600_000);
      await store.save(s5, 3_600_000);
      clock.now += 11_000;
      // s1 has not played for 31 s: it gives way; s4 and s5 play.
      const s6 = await store.create(at('192.0.2.6'), 3_600_000);
      expect(await present(store, s1, s2, s3, s4, s5, s6)).toEqual([false, false, false, true, true, true]);
      await store.close();
    });

    it('does not bring back a session that gave way when its request saves it', async () => {
      const { store, clock } = make({ perAddress: 1, maxSessions: 100, playingMs: 30_000 });
      const old = await store.create(at('192.0.2.10'), 3_600_000);
      clock.now += 31_000;
      const fresh = await store.create(at('192.0.2.10'), 3_600_000);
      await store.save({ ...old, state: 'late save' }, 3_600_000);
      expect(await present(store, old, fresh)).toEqual([false, true]);
      await store.close();
    });
  });
}

let boundsClock = { now: 0 };
boundsContract('MemorySessionStore', (bounds) => {
  boundsClock = { now: 1_000_000 };
  const clock = boundsClock;
  return { store: new MemorySessionStore(() => clock.now, 30_000, bounds), clock };
});

describe('MemorySessionStore bounds', () => {
  it('gives an expired session’s place first, even one asked for within the playing time', async () => {
    let now = 0;
    const store = new MemorySessionStore(() => now, 30_000, { maxSessions: 1, playingMs: 30_000 });
    const short = await store.create(viewer, 10_000);
    now = 15_000;
    const next = await store.create(at('192.0.2.20'), 10_000);
    expect(store.size).toBe(1);
    expect((await store.get(next.id))?.id).toBe(next.id);
    expect(await store.get(short.id)).toBeUndefined();
    await store.close();
  });

  it('counts a get as a request (a VOD player’s rendition, a tracking poll)', async () => {
    let now = 0;
    const store = new MemorySessionStore(() => now, 30_000, { perAddress: 2, playingMs: 30_000 });
    const a = await store.create(viewer, 3_600_000);
    const b = await store.create(viewer, 3_600_000);
    now = 60_000;
    await store.get(a.id);
    await store.create(viewer, 3_600_000);
    expect(await store.get(b.id)).toBeUndefined();
    expect((await store.get(a.id))?.id).toBe(a.id);
    await store.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
});
const connect = () => {
  const redis = new Redis(redisUrl!);
  connections.push(redis);
  return redis;
};

// Needs a Redis server: .ci/run sets TEST_REDIS_URL when one answers; elsewhere this is skipped.
describe.skipIf(!redisUrl)('with Redis (REDIS_URL)', () => {
  const prefix = `cuepoint-test:${Date.now()}-${Math.random()}:`;
  storeContract('RedisSessionStore', () => ({
    store: new RedisSessionStore(connect(), prefix),
    // Redis keeps its own clock: wait.
    advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));

  it('lets two processes serve one viewer interchangeably', async () => {
    const a = new RedisSessionStore(connect(), prefix);
    const b = new RedisSessionStore(connect(), prefix);
    const session = await a.create(viewer, 10_000);
    expect(await b.get(session.id)).toEqual(session);
    await b.save({ ...session, state: 'from b' }, 10_000);
    expect((await a.get(session.id))?.state).toBe('from b');
  });

  let prefixes = 0;
  const freshPrefix = () => `${prefix}bounds-${++prefixes}:`;
  boundsContract('RedisSessionStore', (bounds) => {
    const clock = { now: 1_000_000 };
    return {
      store: new RedisSessionStore(connect(), freshPrefix(), () => clock.now, { bounds }),
      clock,
    };
  });

  const pair = (bounds: Partial<SessionBounds>) => {
    const shared = freshPrefix();
    const clock = { now: 1_000_000 };
    const store = () => new RedisSessionStore(connect(), shared, () => clock.now, { bounds });
    return { a: store(), b: store(), clock, prefix: shared };
  };

  it('keeps the bounds for every process together', async () => {
    const { a, b, clock } = pair({ perAddress: 2, maxSessions: 100, playingMs: 30_000 });
    const x1 = await a.create(at('192.0.2.30'), 3_600_000);
    clock.now += 1_000;
    const x2 = await b.create(at('192.0.2.30'), 3_600_000);
    clock.now += 60_000;
    const x3 = await a.create(at('192.0.2.30'), 3_600_000);
    clock.now += 1_000;
    const x4 = await b.create(at('192.0.2.30'), 3_600_000);
    clock.now += 1_000;
    await expect(a.create(at('192.0.2.30'), 3_600_000)).rejects.toMatchObject({ reason: 'address' });
    // x1 gave way at a, x2 at b: neither process brings them back from its copy.
    for (const store of [a, b])
      expect((await Promise.all([x1, x2, x3, x4].map((x) => store.get(x.id)))).map(Boolean)).toEqual([
        false,
        false,
        true,
        true,
      ]);
  });

  it('puts a session another process made give way back from its copy only within the bounds', async () => {
    const { a, b, clock } = pair({ perAddress: 1, maxSessions: 100, playingMs: 30_000 });
    const y1 = await a.create(at('192.0.2.31'), 3_600_000);
    clock.now += 31_000;
    const y2 = await b.create(at('192.0.2.31'), 3_600_000);
    clock.now += 1_000;
    // a still has its copy of y1, but y2 plays: y1 stays gone, and a forgets it.
    expect(await a.get(y1.id)).toBeUndefined();
    clock.now += 60_000;
    expect(await a.get(y1.id)).toBeUndefined();
    expect((await b.get(y2.id))?.id).toBe(y2.id);
  });

  it('puts a session Redis lost back in its sets, where it counts', async () => {
    const { a, b, clock, prefix: shared } = pair({ perAddress: 1, maxSessions: 100, playingMs: 30_000 });
    const redis = connect();
    const z1 = await a.create(at('192.0.2.32'), 3_600_000);
    // Redis restarted without persistence: nothing of it is left.
    await redis.del(shared + z1.id, `${shared}all`, `${shared}by-address:live:${viewer.streamId}:192.0.2.32`);
    clock.now += 1_000;
    expect((await a.get(z1.id))?.id).toBe(z1.id);
    expect(await redis.zscore(`${shared}all`, `${z1.id} live:${viewer.streamId}:192.0.2.32`)).not.toBeNull();
    await expect(b.create(at('192.0.2.32'), 3_600_000)).rejects.toMatchObject({ reason: 'address' });
  });

  it('counts a get as a request (in the background)', async () => {
    const { a, clock, prefix: shared } = pair({});
    const redis = connect();
    const session = await a.create(at('192.0.2.33'), 3_600_000);
    const member = `${session.id} live:${viewer.streamId}:192.0.2.33`;
    expect(await redis.zscore(`${shared}all`, member)).toBe(String(clock.now));
    clock.now += 5_000;
    await a.get(session.id);
    await expect.poll(() => redis.zscore(`${shared}all`, member)).toBe(String(clock.now));
    expect(await redis.zscore(`${shared}by-address:live:${viewer.streamId}:192.0.2.33`, member)).toBe(
      String(clock.now),
    );
  });

  it('treats a malformed stored entry as no session', async () => {
    const redis = connect();
    const store = new RedisSessionStore(redis, prefix);
    const session = await store.create(viewer, 10_000);
    await redis.set(prefix + session.id, '{"id":');
    expect(await store.get(session.id)).toBeUndefined();
    await redis.set(prefix + session.id, JSON.stringify({ ...session, kind: 'radio' }));
    expect(await store.get(session.id)).toBeUndefined();
  });
});
