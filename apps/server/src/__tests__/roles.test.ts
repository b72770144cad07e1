/**
 * ROLE: one process serves everything by default; `edge` serves the data plane (playback, the
 * demo) and its health check only, `api` the console and the API only. Scaled apart, they share
 * the database (and Redis): a stream written through an api process plays from an edge process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { PLAYBACK_TEXTS } from '../edge/playback/problems.ts';
import { freshDatabase, loginAs, type TestApp, testApp } from '../test/helpers.ts';

const UNKNOWN = '3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77';

let database: Database;
let edge: TestApp;
let api: TestApp;
let all: TestApp;

beforeAll(async () => {
  database = await freshDatabase();
  [edge, api, all] = await Promise.all([
    testApp({ database, env: { ROLE: 'edge' } }),
    testApp({ database, env: { ROLE: 'api' } }),
    testApp({ database }),
  ]);
});

afterAll(async () => {
  await Promise.all([edge?.close(), api?.close(), all?.close()]);
  await database?.close();
});

/** Whether the playback routes answer (an unknown stream is their own 404, not a missing route). */
async function servesPlayback(app: TestApp) {
  const res = await app.inject(`/play/live/${UNKNOWN}/master.m3u8`);
  return res.statusCode === 404 && res.json().message === PLAYBACK_TEXTS.unknownStream(UNKNOWN);
}

describe('ROLE', () => {
  it('all (the default): the console, the API, playback and the demo in one process', async () => {
    expect((await all.inject('/api/health')).statusCode).toBe(200);
    expect((await all.inject('/app/')).statusCode).toBe(200);
    expect(await servesPlayback(all)).toBe(true);
    expect((await all.inject('/demo/origin/live/cue/master.m3u8')).statusCode).toBe(200);
  });

  it('edge: playback, the demo and the health check; no console, no API', async () => {
    expect((await edge.inject('/api/health')).statusCode).toBe(200);
    expect(await servesPlayback(edge)).toBe(true);
    expect((await edge.inject('/demo/origin/live/cue/master.m3u8')).statusCode).toBe(200);
    expect((await edge.inject('/app/')).statusCode).toBe(404);
    const login = await edge.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(login.statusCode).toBe(404);
  });

  it('api: the console and the API; no playback, no demo', async () => {
    expect((await api.inject('/api/health')).statusCode).toBe(200);
    expect((await api.inject('/app/')).statusCode).toBe(200);
    expect(await servesPlayback(api)).toBe(false);
    expect((await api.inject(`/play/live/${UNKNOWN}/master.m3u8`)).statusCode).toBe(404);
    expect((await api.inject('/demo/origin/live/cue/master.m3u8')).statusCode).toBe(404);
  });

  it('share the database: a stream written through the api process is known to the edge', async () => {
    const { headers } = await loginAs(api, 'customer');
    const created = await api.inject({
      method: 'POST',
      url: '/api/ssai/ds',
      headers,
      payload: { name: `Role stream ${Date.now()}`, sourceStreamUrl: 'http://10.0.0.1/live/' },
    });
    expect(created.statusCode).toBe(201);
    const { _id } = created.json() as { _id: string };
    // The edge finds the stream (it refuses the private source, which proves it read it).
    const played = await edge.inject(`/play/live/${_id}/master.m3u8`);
    expect(played.statusCode).toBe(502);
    expect(played.json().message).toContain('10.0.0.1');
  });

  it('refuses an unknown role, naming the variable', async () => {
    await expect(testApp({ database, env: { ROLE: 'worker' } })).rejects.toThrow(
      'ROLE accepts all, edge or api',
    );
  });
});
