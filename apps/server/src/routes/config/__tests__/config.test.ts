/** The platform configuration's calls (Configuration screen): access, rules, versions, restore, compare. */
import {
  DEFAULT_CLUSTER,
  VALIDATION_MESSAGES as M,
  NOTE_MAX_LENGTH,
  type PlatformConfigValues,
  platformConfigCompareSchema,
  platformConfigHistorySchema,
  platformConfigSchema,
  REDIS_KEY_MAX_LENGTH,
  redisKeyTooLongMessage,
  PLATFORM_CONFIG_TEXTS as T,
} from '@cuepoint/core';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, platformConfigVersions } from '../../../db/schema/index.ts';
import { createAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { VERSION } from '../../../version.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  app = await testApp();
  admin = await loginAs(app, 'admin');
});
afterAll(() => app?.close());

/** Every cluster a test writes is its own, so the tests do not depend on each other's order. */
let clusters = 0;
const newCluster = () => `test-${++clusters}-${Math.random().toString(36).slice(2, 8)}`;

const get = (url: string, headers: Record<string, string> = admin.headers) =>
  app.inject({ url: `/api/${url}`, headers });
const put = (url: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  app.inject({ method: 'PUT', url: `/api/${url}`, headers, payload: payload as object });
const post = (url: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as object });

/** A complete, valid set of values (the form's: maps as JSON text). */
const input = (over: Record<string, unknown> = {}) => ({
  ADHANDLER: 'https://ads.example.com',
  ADREPORTURL: '/ads/impression',
  AWSTOTFURL: '',
  OLTOTFURL: '',
  OLADHANDLER: '',
  CDNBASE: 'https://cdn.example.com',
  cuemana_in: '',
  nodepool: '{"edge": "edge-pool"}',
  version: { adhandler: '1.4.2' },
  redisKey: 'cuepoint:',
  user_handler: '{}',
  ...over,
});

const rowCount = async (cluster: string) =>
  (
    await app.db
      .select({ n: count() })
      .from(platformConfigVersions)
      .where(eq(platformConfigVersions.cluster, cluster))
  )[0]!.n;

const save = async (cluster: string, version: number, values = input(), note?: string) => {
  const res = await put('config/save', { cluster, version, values, ...(note ? { note } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return platformConfigSchema.parse(res.json());
};

describe('access', () => {
  it('refuses no session (401), a customer’s user and login-as (403), before reading the input', async () => {
    const cluster = newCluster();
    const customer = await loginAs(app, 'customer');
    const owner = await createAccount(app);
    const asOwner = { ...admin.headers, 'login-as': owner.userId };
    const calls = (headers: Record<string, string>) => [
      () => get(`config/get?cluster=${cluster}`, headers),
      () => put('config/save', { cluster, version: 0, values: input() }, headers),
      () => put('config/save', { nonsense: true }, headers),
      () => get(`config/versions?cluster=${cluster}`, headers),
      () => get(`config/versions/1?cluster=${cluster}`, headers),
      () => get(`config/compare?cluster=${cluster}&from=0&to=1`, headers),
      () => post('config/restore', { cluster, version: 1, restore: 1 }, headers),
    ];
    for (const call of calls({})) expect((await call()).statusCode).toBe(401);
    for (const headers of [customer.headers, owner.headers, asOwner]) {
      for (const call of calls(headers)) {
        const res = await call();
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(T.onlyAdmin);
      }
    }
    // Also under the second client's base.
    expect((await app.inject({ url: '/api_v1/config/get', headers: customer.headers })).statusCode).toBe(403);
    expect(await rowCount(cluster)).toBe(0);
  });
});

describe('GET config/get (spec section 7)', () => {
  it('answers the server’s defaults as version 0 when nothing is stored, from its environment', async () => {
    const res = await get('config/get?cluster=default');
    expect(res.statusCode, res.body).toBe(200);
    const config = platformConfigSchema.parse(res.json());
    const defaults: PlatformConfigValues = {
      ADHANDLER: 'http://console.test',
      ADREPORTURL: '/ads/impression',
      AWSTOTFURL: '',
      OLTOTFURL: '',
      OLADHANDLER: '',
      CDNBASE: '',
      cuemana_in: '',
      nodepool: {},
      version: { server: VERSION },
      redisKey: 'cuepoint:',
      user_handler: {},
    };
    expect(config).toEqual({
      cluster: 'default',
      version: 0,
      changedBy: null,
      note: null,
      restoredFrom: null,
      createdAt: null,
      values: defaults,
      defaults,
    });
    // Without ?cluster, the server's own.
    expect((await get('config/get')).json().cluster).toBe(DEFAULT_CLUSTER);
  });

  it('refuses a malformed cluster name, naming the field', async () => {
    for (const name of ['bad name', '-x', 'a'.repeat(64), '']) {
      const res = await get(`config/get?cluster=${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'cluster', message: T.invalidCluster }]);
    }
  });
});

describe('PUT config/save: the spec’s rules, each message verbatim', () => {
  const refused = async (values: Record<string, unknown>, field: string, message: string) => {
    const cluster = newCluster();
    const res = await put('config/save', { cluster, version: 0, values });
    expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
    expect(res.json().fields, field).toContainEqual({ field, message });
    expect(await rowCount(cluster)).toBe(0);
  };

  it('checks URLs, the ad report URL, the Config JSON maps and the Redis key', async () => {
    for (const key of ['ADHANDLER', 'AWSTOTFURL', 'OLTOTFURL', 'OLADHANDLER', 'CDNBASE', 'cuemana_in']) {
      await refused(input({ [key]: 'not a url' }), `values.${key}`, M.invalidUrl);
      await refused(input({ [key]: undefined }), `values.${key}`, M.invalidUrl);
    }
    await refused(input({ ADREPORTURL: 'ads/report' }), 'values.ADREPORTURL', M.adReportUrl);
    await refused(input({ ADREPORTURL: 'ftp://reports.example.com' }), 'values.ADREPORTURL', M.adReportUrl);
    for (const key of ['nodepool', 'version', 'user_handler']) {
      await refused(input({ [key]: undefined }), `values.${key}`, M.setDefaultConfig);
      await refused(input({ [key]: '' }), `values.${key}`, M.setDefaultConfig);
      await refused(input({ [key]: '{"1edge": "pool"}' }), `values.${key}`, M.configJson);
      await refused(input({ [key]: { edge: 3 } }), `values.${key}`, M.configJson);
      await refused(input({ [key]: '["a"]' }), `values.${key}`, M.configJson);
      await refused(input({ [key]: '{nope' }), `values.${key}`, M.invalidJson);
    }
    await refused(input({ redisKey: '' }), 'values.redisKey', M.redisKeyRequired);
    await refused(input({ redisKey: undefined }), 'values.redisKey', M.redisKeyRequired);
    await refused(
      input({ redisKey: 'k'.repeat(REDIS_KEY_MAX_LENGTH + 1) }),
      'values.redisKey',
      redisKeyTooLongMessage(REDIS_KEY_MAX_LENGTH),
    );
    expect(redisKeyTooLongMessage(REDIS_KEY_MAX_LENGTH)).toBe(
      'Too long, Redis Key should not be more than 255 long',
    );
  });

  it('checks the note, the version and the cluster', async () => {
    const cluster = newCluster();
    const long = await put('config/save', {
      cluster,
      version: 0,
      values: input(),
      note: 'n'.repeat(NOTE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([{ field: 'note', message: M.noteTooLong }]);
    const noVersion = await put('config/save', { cluster, values: input() });
    expect(noVersion.json().fields).toEqual([{ field: 'version', message: 'version is required' }]);
    const badCluster = await put('config/save', { cluster: 'no way', version: 0, values: input() });
    expect(badCluster.json().fields).toEqual([{ field: 'cluster', message: T.invalidCluster }]);
    expect(await rowCount(cluster)).toBe(0);
    // Several fields at once: each named.
    const several = await put('config/save', {
      cluster,
      version: 0,
      values: input({ CDNBASE: 'x', redisKey: '' }),
    });
    expect(several.json().fields).toEqual([
      { field: 'values.CDNBASE', message: M.invalidUrl },
      { field: 'values.redisKey', message: M.redisKeyRequired },
    ]);
  });

  it('accepts empty URLs (not set), an http(s) ad report URL, and stores the maps as objects', async () => {
    const cluster = newCluster();
    const saved = await save(
      cluster,
      0,
      input({
        ADHANDLER: '',
        CDNBASE: '  https://cdn.example.com/edge/  ',
        ADREPORTURL: 'https://r.example.com/x',
      }),
      'first',
    );
    expect(saved.version).toBe(1);
    expect(saved.values).toMatchObject({
      ADHANDLER: '',
      CDNBASE: 'https://cdn.example.com/edge/',
      ADREPORTURL: 'https://r.example.com/x',
      nodepool: { edge: 'edge-pool' },
      version: { adhandler: '1.4.2' },
      user_handler: {},
    });
    expect(saved.changedBy).toEqual({ _id: admin.userId, email: 'admin@cuepoint.example' });
    expect(saved.note).toBe('first');
    const [row] = await app.db
      .select()
      .from(platformConfigVersions)
      .where(eq(platformConfigVersions.cluster, cluster));
    expect(row!.values).toMatchObject({ nodepool: { edge: 'edge-pool' } });
    // The current call answers it, and the audit log names what changed.
    expect(platformConfigSchema.parse((await get(`config/get?cluster=${cluster}`)).json())).toEqual(saved);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'config.save'), like(auditLog.target, `${cluster}#%`)));
    expect(audit?.actorUserId).toBe(admin.userId);
    expect(audit?.details).toMatchObject({ changed: expect.arrayContaining(['CDNBASE', 'nodepool']) });
  });
});

describe('versions', () => {
  it('numbers each save, lists the history newest first and reads one version', async () => {
    const cluster = newCluster();
    await save(cluster, 0, input({ CDNBASE: 'https://one.example.com' }), 'one');
    await save(cluster, 1, input({ CDNBASE: 'https://two.example.com' }), 'two');
    await save(cluster, 2, input({ CDNBASE: 'https://three.example.com' }));

    const history = platformConfigHistorySchema.parse(
      (await get(`config/versions?cluster=${cluster}`)).json(),
    );
    expect(history.current).toBe(3);
    expect(history.total).toBe(3);
    expect(history.versions.map((v) => [v.version, v.note])).toEqual([
      [3, null],
      [2, 'two'],
      [1, 'one'],
    ]);
    expect(history.versions[0]!.changedBy?.email).toBe('admin@cuepoint.example');

    const two = platformConfigSchema.parse((await get(`config/versions/2?cluster=${cluster}`)).json());
    expect(two.values.CDNBASE).toBe('https://two.example.com');
    const zero = platformConfigSchema.parse((await get(`config/versions/0?cluster=${cluster}`)).json());
    expect(zero.values).toEqual(zero.defaults);

    const missing = await get(`config/versions/9?cluster=${cluster}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(T.versionNotFound(9));
    const bad = await get(`config/versions/x?cluster=${cluster}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['version']);
    // Another cluster's history is its own.
    expect(
      platformConfigHistorySchema.parse((await get(`config/versions?cluster=${newCluster()}`)).json())
        .versions,
    ).toEqual([]);
  });

  it('refuses a save from a stale version with 409 and the version in force, writing nothing', async () => {
    const cluster = newCluster();
    await save(cluster, 0);
    const stale = await put('config/save', { cluster, version: 0, values: input({ CDNBASE: '' }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: T.stale, currentVersion: 1 });
    const ahead = await put('config/save', { cluster, version: 5, values: input() });
    expect(ahead.statusCode).toBe(409);
    expect(await rowCount(cluster)).toBe(1);
  });

  it('lets one of two concurrent saves of the same version win; the other is 409; no gap', async () => {
    const cluster = newCluster();
    // Two first saves (no row to lock), then two saves of version 1, each pair at once.
    for (const version of [0, 1]) {
      const answers = await Promise.all([
        put('config/save', { cluster, version, values: input({ CDNBASE: 'https://a.example.com' }) }),
        put('config/save', { cluster, version, values: input({ CDNBASE: 'https://b.example.com' }) }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(T.stale);
    }
    const rows = await app.db
      .select({ version: platformConfigVersions.version })
      .from(platformConfigVersions)
      .where(eq(platformConfigVersions.cluster, cluster));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);
  });
});

describe('compare and restore', () => {
  it('compares two versions key by key, in the spec’s order (0: the defaults)', async () => {
    const cluster = newCluster();
    await save(cluster, 0, input());
    await save(cluster, 1, input({ CDNBASE: 'https://new.example.com', redisKey: 'edge:', nodepool: '{}' }));
    const res = await get(`config/compare?cluster=${cluster}&from=1&to=2`);
    expect(res.statusCode, res.body).toBe(200);
    const diff = platformConfigCompareSchema.parse(res.json());
    expect(diff.from.version).toBe(1);
    expect(diff.to.version).toBe(2);
    expect(diff.changes).toEqual([
      { key: 'CDNBASE', from: 'https://cdn.example.com', to: 'https://new.example.com' },
      { key: 'nodepool', from: { edge: 'edge-pool' }, to: {} },
      { key: 'redisKey', from: 'cuepoint:', to: 'edge:' },
    ]);
    const same = platformConfigCompareSchema.parse(
      (await get(`config/compare?cluster=${cluster}&from=2&to=2`)).json(),
    );
    expect(same.changes).toEqual([]);
    const fromDefaults = platformConfigCompareSchema.parse(
      (await get(`config/compare?cluster=${cluster}&from=0&to=1`)).json(),
    );
    expect(fromDefaults.changes.map((c) => c.key)).toEqual(['ADHANDLER', 'CDNBASE', 'nodepool', 'version']);
    expect((await get(`config/compare?cluster=${cluster}&from=1&to=7`)).statusCode).toBe(404);
    const bad = await get(`config/compare?cluster=${cluster}&from=-1`);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['from', 'to']);
  });

  it('restores an earlier version as a new version, naming where it came from', async () => {
    const cluster = newCluster();
    await save(cluster, 0, input({ CDNBASE: 'https://first.example.com' }));
    await save(cluster, 1, input({ CDNBASE: 'https://second.example.com' }));
    const res = await post('config/restore', { cluster, version: 2, restore: 1, note: 'back' });
    expect(res.statusCode, res.body).toBe(200);
    const restored = platformConfigSchema.parse(res.json());
    expect(restored).toMatchObject({ version: 3, restoredFrom: 1, note: 'back' });
    expect(restored.values.CDNBASE).toBe('https://first.example.com');
    expect(platformConfigSchema.parse((await get(`config/get?cluster=${cluster}`)).json()).version).toBe(3);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'config.restore'), eq(auditLog.target, `${cluster}#3`)));
    expect(audit?.details).toEqual({ changed: ['CDNBASE'] });

    // Stale, the version in force, a version that does not exist, bad input: nothing written.
    const stale = await post('config/restore', { cluster, version: 2, restore: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: T.stale, currentVersion: 3 });
    const current = await post('config/restore', { cluster, version: 3, restore: 3 });
    expect(current.statusCode).toBe(409);
    expect(current.json().message).toBe(T.restoreCurrent);
    const missing = await post('config/restore', { cluster, version: 3, restore: 8 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(T.versionNotFound(8));
    const bad = await post('config/restore', { cluster, version: 3, restore: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'restore', message: 'version is required' }]);
    expect(await rowCount(cluster)).toBe(3);
  });
});
