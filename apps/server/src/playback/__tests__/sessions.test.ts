import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isSessionId,
  MemorySessionStore,
  type NewViewerSession,
  RedisSessionStore,
  type SessionStore,
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

  it('keeps at most maxSessions, dropping the one saved longest ago', async () => {
    const store = new MemorySessionStore(() => 0, 30_000, 2);
    const a = await store.create(viewer, 1000);
    const b = await store.create(viewer, 1000);
    // a is saved again (a viewer refreshing): b is now the one saved longest ago.
    await store.save(a, 1000);
    const c = await store.create(viewer, 1000);
    expect(store.size).toBe(2);
    expect(await store.get(b.id)).toBeUndefined();
    expect((await store.get(a.id))?.id).toBe(a.id);
    expect((await store.get(c.id))?.id).toBe(c.id);
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
