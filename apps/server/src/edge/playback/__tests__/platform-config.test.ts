/**
 * The data plane runs with the platform configuration in force, without a restart: CDNBASE in the
 * segment URLs of stitched playlists, ADHANDLER in the built-in ad server's impression beacons,
 * redisKey as the prefix of the viewer-session keys in Redis; and a save in another process
 * reaches this one within the cache's time to live.
 */
import { parseMediaPlaylist } from '@cuepoint/stitcher';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { insertConfigVersion } from '../../../repositories/platform-config.ts';
import { PlatformConfigService, platformConfigDefaults } from '../../../services/platform-config.ts';
import { createResource } from '../../../services/resources.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import {
  fakeConsoleBuild,
  freshDatabase,
  loginAs,
  type TestApp,
  testApp,
  testEnv,
} from '../../../test/helpers.ts';
import { effectiveDelivery } from '../delivery.ts';
import { RedisSessionStore } from '../sessions.ts';
import { type FakeMedia, startFakeMedia } from './fake-media.ts';

let media: FakeMedia;
beforeAll(async () => {
  media = await startFakeMedia(Date.now);
});
afterAll(async () => {
  await media?.close();
});

/** The configuration's values as the console sends them, with some replaced. */
const values = (over: Record<string, string> = {}) => ({
  ADHANDLER: '',
  ADREPORTURL: '/ads/impression',
  AWSTOTFURL: '',
  OLTOTFURL: '',
  OLADHANDLER: '',
  CDNBASE: '',
  cuemana_in: '',
  nodepool: '{}',
  version: '{}',
  redisKey: 'cuepoint:',
  user_handler: '{}',
  ...over,
});

async function saveConfig(app: TestApp, headers: Record<string, string>, over: Record<string, string>) {
  const current = (await app.inject({ url: '/api/config/get', headers })).json() as { version: number };
  const res = await app.inject({
    method: 'PUT',
    url: '/api/config/save',
    headers,
    payload: { version: current.version, values: values(over) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function liveStream(app: TestApp) {
  const row = await createResource(
    app.db,
    'liveStream',
    await customerIdOf(app, 'demo-broadcasting'),
    { name: `Config stream ${Math.random()}`, sourceStreamUrl: `${media.base}/live/`, status: 'active' },
    { actor: 'playback-tests@cuepoint.example', actingAdmin: null },
  );
  return row.id;
}

/** A viewer's first rendition's URL (a new session). */
async function renditionOf(app: TestApp, streamId: string) {
  const master = await app.inject(`/play/live/${streamId}/master.m3u8`);
  expect(master.statusCode, master.body).toBe(200);
  return master.body.split('\n').find((line) => line.startsWith('/play/'))!;
}

const segmentUris = async (app: TestApp, uri: string) => {
  const res = await app.inject(uri);
  expect(res.statusCode, res.body).toBe(200);
  return parseMediaPlaylist(res.body).segments.map((s) => s.uri);
};

describe('the data plane reads the configuration in force', () => {
  it('serves segment URLs through a new CDNBASE at once, without rebuilding the app', async () => {
    const app = await testApp({ env: { PLAYBACK_ALLOW_HOSTS: media.hostPort } });
    try {
      const admin = await loginAs(app, 'admin');
      const uri = await renditionOf(app, await liveStream(app));
      const before = await segmentUris(app, uri);
      expect(before.length).toBeGreaterThan(0);
      for (const u of before) expect(u).toMatch(new RegExp(`^${media.base}/live/v0/seg-\\d+\\.ts$`));

      await saveConfig(app, admin.headers, { CDNBASE: 'https://cdn.example.com/edge/' });
      // The same viewer's next request: every segment through the CDN, path kept.
      const after = await segmentUris(app, uri);
      for (const u of after) expect(u).toMatch(/^https:\/\/cdn\.example\.com\/edge\/live\/v0\/seg-\d+\.ts$/);

      // Emptied again: segments come from the origin once more.
      await saveConfig(app, admin.headers, { CDNBASE: '' });
      for (const u of await segmentUris(app, uri)) expect(u.startsWith(media.base)).toBe(true);

      // A restore is a save like any other.
      const history = (await app.inject({ url: '/api/config/versions', headers: admin.headers })).json() as {
        current: number;
      };
      const restored = await app.inject({
        method: 'POST',
        url: '/api/config/restore',
        headers: admin.headers,
        payload: { version: history.current, restore: history.current - 1 },
      });
      expect(restored.statusCode, restored.body).toBe(200);
      for (const u of await segmentUris(app, uri)) expect(u).toMatch(/^https:\/\/cdn\.example\.com\/edge\//);
    } finally {
      await app.close();
    }
  });

  it('starts the built-in ad server’s impression beacons with ADHANDLER (PUBLIC_URL when empty)', async () => {
    const app = await testApp();
    try {
      const admin = await loginAs(app, 'admin');
      const claim = { c: 'campaign', u: 'creative', r: 'resource', m: 1, t: 1_700_000_000, i: 'serving' };
      expect(app.adServer.impressionUrl(claim)).toMatch(/^http:\/\/console\.test\/ads\/impression\?/);
      await saveConfig(app, admin.headers, { ADHANDLER: 'https://ads.example.com/' });
      const url = new URL(app.adServer.impressionUrl(claim));
      expect(`${url.origin}${url.pathname}`).toBe('https://ads.example.com/ads/impression');
      // Still ours: the signature checks whatever the base.
      expect(app.adServer.verifyImpression(claim, url.searchParams.get('s')!)).not.toBe('forged');
    } finally {
      await app.close();
    }
  });

  it('lets an account’s own CDN win over the platform’s', () => {
    expect(effectiveDelivery({}, 'https://platform.example.com')).toEqual({
      cdnBase: 'https://platform.example.com',
    });
    expect(effectiveDelivery({ cdnBase: 'https://own.example.com' }, 'https://platform.example.com')).toEqual(
      {
        cdnBase: 'https://own.example.com',
      },
    );
    expect(effectiveDelivery({}, undefined)).toEqual({});
  });
});

describe('the cache of the configuration', () => {
  it('is read again after its time to live (another process’s save), at once after invalidate', async () => {
    const database = await freshDatabase();
    try {
      let now = 1_000;
      const defaults = platformConfigDefaults({ publicUrl: 'http://console.test/', version: '1.0.0' });
      const service = new PlatformConfigService(database.db, defaults, { ttlMs: 3_000, now: () => now });
      expect(await service.current()).toEqual({ version: 0, values: defaults });
      expect(defaults.ADHANDLER).toBe('http://console.test');

      // Another process saves.
      await insertConfigVersion(database.db, {
        cluster: 'default',
        version: 1,
        values: { ...defaults, CDNBASE: 'https://cdn.example.com' },
        changedBy: null,
        changedByEmail: 'other@cuepoint.example',
        note: null,
        restoredFrom: null,
      });
      now += 2_000;
      expect((await service.current()).version).toBe(0);
      expect(service.peek().CDNBASE).toBe('');
      now += 1_500;
      expect((await service.current()).values.CDNBASE).toBe('https://cdn.example.com');

      await insertConfigVersion(database.db, {
        cluster: 'default',
        version: 2,
        values: { ...defaults, CDNBASE: 'https://two.example.com', nodepool: 'not a map' },
        changedBy: null,
        changedByEmail: null,
        note: null,
        restoredFrom: null,
      });
      service.invalidate();
      const two = await service.current();
      expect(two.version).toBe(2);
      expect(two.values.CDNBASE).toBe('https://two.example.com');
      // A stored value that is not readable reads as its default.
      expect(two.values.nodepool).toEqual({});
      // Another cluster's versions are not this server's.
      await insertConfigVersion(database.db, {
        cluster: 'other',
        version: 3,
        values: { ...defaults, CDNBASE: 'https://other.example.com' },
        changedBy: null,
        changedByEmail: null,
        note: null,
        restoredFrom: null,
      });
      service.invalidate();
      expect((await service.current()).version).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('keeps the last values known when the database cannot be read', async () => {
    const database = await freshDatabase();
    const defaults = platformConfigDefaults({ publicUrl: 'http://console.test', version: '1.0.0' });
    const service = new PlatformConfigService(database.db, defaults, { ttlMs: 0 });
    expect((await service.current()).version).toBe(0);
    await database.close();
    expect(await service.current()).toEqual({ version: 0, values: defaults });
  });
});

/** A Redis stand-in holding keys in a Map (the commands the session store uses). */
function fakeRedis() {
  const keys = new Map<string, string>();
  const redis = {
    get: async (key: string) => keys.get(key) ?? null,
    set: async (key: string, value: string, ..._rest: unknown[]) => {
      keys.set(key, value);
      return 'OK';
    },
    del: async (key: string) => Number(keys.delete(key)),
  };
  return { keys, redis: redis as unknown as Redis };
}

describe('redisKey: the prefix of the viewer-session keys', () => {
  it('writes under the prefix configured now; a session this process kept moves to a new prefix', async () => {
    const { keys, redis } = fakeRedis();
    let prefix = 'cuepoint:';
    const store = new RedisSessionStore(redis, () => `${prefix}viewer-session:`);
    const session = await store.create(
      { kind: 'live', streamId: 's', customerId: 'c', state: null, viewer: {} },
      60_000,
    );
    expect([...keys.keys()]).toEqual([`cuepoint:viewer-session:${session.id}`]);
    prefix = 'cluster-b:';
    expect((await store.get(session.id))?.id).toBe(session.id);
    expect(keys.has(`cluster-b:viewer-session:${session.id}`)).toBe(true);
    await store.delete(session.id);
    expect(keys.has(`cluster-b:viewer-session:${session.id}`)).toBe(false);
  });

  // Needs a Redis server (TEST_REDIS_URL); elsewhere skipped.
  const redisUrl = process.env.TEST_REDIS_URL;
  describe.skipIf(!redisUrl)('in the server, with Redis', () => {
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(redisUrl!);
    });
    afterAll(() => redis?.quit());

    it('keys new sessions under the redisKey saved, without a restart', async () => {
      const database = await freshDatabase();
      const app = Object.assign(
        await buildApp({
          env: testEnv({ PLAYBACK_ALLOW_HOSTS: media.hostPort }),
          database,
          closeDatabase: true,
          redis,
          rateLimitNamespace: `cuepoint-test-rl-${Math.random()}:`,
          webDist: await fakeConsoleBuild(),
        }),
        { dataDir: '' },
      );
      await app.ready();
      try {
        const admin = await loginAs(app, 'admin');
        const prefix = `cuepoint-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;
        await saveConfig(app, admin.headers, { redisKey: prefix });
        const streamId = await liveStream(app);
        const res = await app.inject({ method: 'POST', url: `/play/live/${streamId}/session` });
        expect(res.statusCode, res.body).toBe(200);
        const sessionId = /\/s\/([^/]+)\//.exec((res.json() as { manifestUrl: string }).manifestUrl)![1]!;
        expect(await redis.exists(`${prefix}viewer-session:${sessionId}`)).toBe(1);
        expect(await redis.exists(`cuepoint:viewer-session:${sessionId}`)).toBe(0);
        await redis.del(`${prefix}viewer-session:${sessionId}`);
      } finally {
        await app.close();
      }
    });
  });
});
