/**
 * A creative's conditioning as the console asks for it (GET /api/ssai/creative/{id}/conditioning,
 * and the list's batch GET /api/ssai/creative/conditioning?ids=), and the hook that queues it when
 * a creative is saved. The last suite runs the real ffmpeg and job queue: an uploaded MP4 becomes
 * a ready HLS playlist without anyone playing it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONDITIONING_BATCH_TEXTS, RESOURCE_TEXTS, VALIDATION_MESSAGES } from '@cuepoint/core';
import { parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { conditionedCreatives } from '../../../db/schema/index.ts';
import { conditioningKey, ladderOf } from '../../../edge/conditioning/conditioner.ts';
import { transcodeToHls } from '../../../edge/conditioning/ffmpeg.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import {
  fakeConsoleBuild,
  freshDatabase,
  loginAs,
  type TestApp,
  testApp,
  testEnv,
} from '../../../test/helpers.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { CREATIVE_LADDER } from '../conditioning.ts';

const HAS_FFMPEG = spawnSync('ffmpeg', ['-version']).status === 0;
const HLS = 'https://ads.example.com/spot/master.m3u8';
const MP4 = 'https://ads.example.com/spot.mp4';
const OFF = 'creative conditioning is off on this server (CONDITIONING=off)';
const UNKNOWN = '0b5d7e1c-2f3a-4b6c-8d9e-0f1a2b3c4d5e';

type Headers = Record<string, string>;

async function createCreative(
  app: TestApp,
  headers: Headers,
  videoUrl: string,
  name = `Spot ${Math.random()}`,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/ssai/creative',
    headers,
    payload: { name, videoUrl, duration: 4 },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; version: number };
}

describe('GET /api/ssai/creative/{id}/conditioning (no conditioning on this server)', () => {
  let app: TestApp;
  let demo: Headers;
  let admin: Headers;
  let other: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    demo = (await loginAs(app, 'customer')).headers;
    admin = (await loginAs(app, 'admin')).headers;
    other = await createAccount(app);
  });
  afterAll(() => app.close());

  const status = (id: string, headers: Headers) =>
    app.inject({ url: `/api/ssai/creative/${id}/conditioning`, headers });

  it('says an HLS creative needs none, and plays its own playlist', async () => {
    const { _id } = await createCreative(app, demo, HLS);
    const res = await status(_id, demo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'not-needed', progress: null, reason: null, playlistUrl: HLS });
  });

  it('says why an MP4 creative cannot be conditioned here, queuing nothing', async () => {
    const { _id } = await createCreative(app, demo, MP4);
    await app.settled();
    const res = await status(_id, demo);
    expect(res.json()).toEqual({ status: 'unavailable', progress: null, reason: OFF, playlistUrl: null });
    expect(await app.db.select().from(conditionedCreatives)).toEqual([]);
  });

  it('answers a main administrator about any customer’s creative', async () => {
    const { _id } = await createCreative(app, other.headers, HLS);
    expect((await status(_id, admin)).json()).toMatchObject({ status: 'not-needed' });
  });

  it('answers 404 for another customer’s creative and for an unknown id, 400 for a malformed one', async () => {
    const { _id } = await createCreative(app, other.headers, MP4);
    for (const id of [_id, UNKNOWN]) {
      const res = await status(id, demo);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(RESOURCE_TEXTS.notFound('Creative'));
    }
    const bad = await status('not-an-id', demo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'id', message: VALIDATION_MESSAGES.invalidUuid }]);
  });

  it('answers 404 once the creative is deleted', async () => {
    const { _id } = await createCreative(app, demo, HLS);
    await app.inject({ method: 'DELETE', url: `/api/ssai/creative/${_id}`, headers: demo });
    expect((await status(_id, demo)).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const { _id } = await createCreative(app, demo, HLS);
    expect((await status(_id, {})).statusCode).toBe(401);
    expect((await status(_id, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  describe('the batch: GET /api/ssai/creative/conditioning?ids=', () => {
    const batch = (ids: string, headers: Headers) =>
      app.inject({ url: `/api/ssai/creative/conditioning?ids=${encodeURIComponent(ids)}`, headers });

    it('answers each of the caller’s creatives by id, leaving out others’ and unknown ids', async () => {
      const hls = await createCreative(app, demo, HLS);
      const mp4 = await createCreative(app, demo, MP4);
      const theirs = await createCreative(app, other.headers, HLS);
      const res = await batch([hls._id, mp4._id, theirs._id, UNKNOWN, hls._id].join(','), demo);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          [hls._id]: { status: 'not-needed', progress: null, reason: null, playlistUrl: HLS },
          [mp4._id]: { status: 'unavailable', progress: null, reason: OFF, playlistUrl: null },
        },
      });
      // A main administrator: every customer's.
      const all = await batch([hls._id, theirs._id].join(','), admin);
      expect(Object.keys(all.json().data).sort()).toEqual([hls._id, theirs._id].sort());
    });

    it('refuses no ids, a malformed id or more than 100, naming ids', async () => {
      const many = Array.from(
        { length: 101 },
        (_, i) => `${UNKNOWN.slice(0, -3)}${String(i).padStart(3, '0')}`,
      );
      for (const ids of ['', 'not-an-id', `${UNKNOWN},x`, many.join(',')]) {
        const res = await batch(ids, demo);
        expect(res.statusCode, ids.slice(0, 40)).toBe(400);
        expect(res.json().fields).toEqual([{ field: 'ids', message: CONDITIONING_BATCH_TEXTS.ids }]);
      }
      const none = await app.inject({ url: '/api/ssai/creative/conditioning', headers: demo });
      expect(none.statusCode).toBe(400);
      expect(none.json().fields).toEqual([{ field: 'ids', message: CONDITIONING_BATCH_TEXTS.ids }]);
    });

    it('needs a signed-in user', async () => {
      expect((await batch(UNKNOWN, {})).statusCode).toBe(401);
    });
  });
});

/** A `seconds` long MP4 (H.264 and AAC) made by ffmpeg's test sources. */
function makeVideo(dir: string, seconds: number): string {
  const out = join(dir, `clip-${seconds}.mp4`);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=320x240:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:a',
    'aac',
    '-shortest',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}

describe.skipIf(!HAS_FFMPEG)('conditioning a saved creative (needs ffmpeg)', () => {
  let app: TestApp;
  let database: Database;
  let base: string;
  let demo: Headers;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cuepoint-creatives-'));
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    base = `http://127.0.0.1:${port}`;
    database = await freshDatabase(base);
    const env = testEnv({ PUBLIC_URL: base, PORT: String(port), CONDITIONING: 'on' });
    const built = await buildApp({ env, database, webDist: await fakeConsoleBuild() });
    await built.listen({ port, host: '127.0.0.1' });
    app = Object.assign(built, { dataDir: env.DATA_DIR });
    demo = (await loginAs(app, 'customer')).headers;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const status = async (id: string) =>
    (await app.inject({ url: `/api/ssai/creative/${id}/conditioning`, headers: demo })).json() as {
      status: string;
      progress: number | null;
      reason: string | null;
      playlistUrl: string | null;
    };

  it('transcodes an uploaded MP4 into HLS once the creative is saved, and plays it when ready', async () => {
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/ssai/creative/upload',
      headers: demo,
      payload: multipartForm({}, { file: { name: 'spot.mp4', data: readFileSync(makeVideo(dir, 4)) } }),
    });
    expect(uploaded.statusCode).toBe(201);
    const videoUrl = (uploaded.json() as { url: string }).url;
    const creative = await createCreative(app, demo, videoUrl, 'Uploaded spot');
    // The save queued it, before anyone asked (the hook runs after the answer).
    await app.settled();
    const rows = await app.db.select().from(conditionedCreatives);
    expect(rows).toEqual([
      expect.objectContaining({
        key: conditioningKey(videoUrl, CREATIVE_LADDER),
        sourceUrl: videoUrl,
        ladder: CREATIVE_LADDER,
      }),
    ]);
    expect(CREATIVE_LADDER).toEqual(ladderOf([]));

    let answer = await status(creative._id);
    const seen = new Set<string>();
    const deadline = Date.now() + 90_000;
    while (answer.status === 'queued' && Date.now() < deadline) {
      seen.add(answer.status);
      if (answer.progress !== null) {
        expect(answer.progress).toBeGreaterThanOrEqual(0);
        expect(answer.progress).toBeLessThanOrEqual(1);
      }
      await new Promise((r) => setTimeout(r, 200));
      answer = await status(creative._id);
    }
    expect(seen).toEqual(new Set(['queued']));
    expect(answer).toEqual({
      status: 'ready',
      progress: null,
      reason: null,
      playlistUrl: `${base}/media/creatives/${conditioningKey(videoUrl, CREATIVE_LADDER)}/master.m3u8`,
    });
    const master = await fetch(answer.playlistUrl!);
    expect(master.status).toBe(200);
    const variants = parseMultivariantPlaylist(await master.text()).variants;
    expect(variants.map((v) => v.attributes.find((a) => a.name === 'RESOLUTION')?.value)).toEqual([
      '640x360',
    ]);
  }, 150_000);

  it('queues the new video when a creative’s video changes, and reports a failure with its reason', async () => {
    const creative = await createCreative(
      app,
      demo,
      `${base}/files/00000000-0000-4000-8000-000000000000.mp4`,
    );
    await app.settled();
    const gone = `${base}/files/11111111-1111-4111-8111-111111111111.mp4`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/ssai/creative/${creative._id}`,
      headers: demo,
      payload: { version: creative.version, videoUrl: gone },
    });
    expect(res.statusCode).toBe(200);
    await app.settled();
    const keys = (await app.db.select().from(conditionedCreatives)).map((row) => row.sourceUrl);
    expect(keys).toContain(gone);
    // No such file: the download fails, retried, then the reason stays on the creative.
    let answer = await status(creative._id);
    const deadline = Date.now() + 90_000;
    while (answer.status === 'queued' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      answer = await status(creative._id);
    }
    expect(answer).toEqual({
      status: 'failed',
      progress: null,
      reason: `${gone} answered 404`,
      playlistUrl: null,
    });
  }, 150_000);

  it('reports ffmpeg’s progress as the share of the source written (transcodeToHls)', async () => {
    const heard: number[] = [];
    const seconds = await transcodeToHls(
      'ffmpeg',
      makeVideo(dir, 6),
      join(dir, 'progress-out'),
      ladderOf([]),
      120_000,
      (done) => heard.push(done),
    );
    expect(seconds).toBeCloseTo(6, 0);
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((done) => done >= 0 && done <= 1)).toBe(true);
    expect([...heard].sort((a, b) => a - b)).toEqual(heard);
    expect(heard.at(-1)).toBeGreaterThan(0.9);
  }, 120_000);
});
