/**
 * Creative conditioning with the real ffmpeg and the real job queue (pg-boss on the test's own
 * database): an ad server answering only an MP4 gets its ad skipped and queued the first time,
 * transcoded once into the stream's ladder, then stitched from the conditioned HLS; without
 * ffmpeg, the console is told and the ad is skipped with the reason. ffmpeg comes from Debian's
 * packages (.ci/run installs it); where it is missing, the suites that need it are skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMediaPlaylist, parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { conditionedCreatives } from '../../../db/schema/index.ts';
import { createResource } from '../../../services/resources.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { fakeConsoleBuild, freshDatabase, type TestApp, testEnv } from '../../../test/helpers.ts';
import { CONDITIONING_LIMITS, conditioningKey, ladderOf } from '../conditioner.ts';
import { type Rung, transcodeToHls } from '../ffmpeg.ts';

const HAS_FFMPEG = spawnSync('ffmpeg', ['-version']).status === 0;

describe('ladderOf and conditioningKey', () => {
  it('takes each distinct size of the stream once, highest bandwidth first, at most six', () => {
    expect(
      ladderOf([
        { resolution: '640x360', bandwidth: 900_000 },
        { resolution: '1280x720', bandwidth: 3_000_000 },
        { resolution: '640x360', bandwidth: 800_000 },
        { bandwidth: 100_000 },
        { resolution: 'audio', bandwidth: 64_000 },
      ]),
    ).toEqual([
      { width: 1280, height: 720, bandwidth: 3_000_000 },
      { width: 640, height: 360, bandwidth: 900_000 },
    ]);
    const many = Array.from({ length: 9 }, (_, i) => ({ resolution: `${100 + i}x100`, bandwidth: i }));
    expect(ladderOf(many)).toHaveLength(6);
    // A stream that names no sizes gets one common rung.
    expect(ladderOf([{ bandwidth: 1 }])).toEqual([{ width: 640, height: 360, bandwidth: 1_000_000 }]);
  });

  it('names the pair (source, ladder): another ladder is another creative', () => {
    const a = ladderOf([{ resolution: '640x360', bandwidth: 900_000 }]);
    const b = ladderOf([{ resolution: '426x240', bandwidth: 500_000 }]);
    expect(conditioningKey('https://ads.example/a.mp4', a)).toMatch(/^[0-9a-f]{32}$/);
    expect(conditioningKey('https://ads.example/a.mp4', a)).toBe(
      conditioningKey('https://ads.example/a.mp4', a),
    );
    expect(conditioningKey('https://ads.example/a.mp4', a)).not.toBe(
      conditioningKey('https://ads.example/a.mp4', b),
    );
    expect(conditioningKey('https://ads.example/a.mp4', a)).not.toBe(
      conditioningKey('https://ads.example/b.mp4', a),
    );
    // The fMP4 set of the pair is another creative; the TS set keeps the pair's key.
    expect(conditioningKey('https://ads.example/a.mp4', a, 'ts')).toBe(
      conditioningKey('https://ads.example/a.mp4', a),
    );
    expect(conditioningKey('https://ads.example/a.mp4', a, 'fmp4')).toMatch(/^[0-9a-f]{32}$/);
    expect(conditioningKey('https://ads.example/a.mp4', a, 'fmp4')).not.toBe(
      conditioningKey('https://ads.example/a.mp4', a),
    );
  });
});

/** The commands of this process's child processes named one of `names` (Linux's /proc). */
const childProcessesNamed =
  (...names: string[]) =>
  (): string[] =>
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map((pid) => {
        try {
          // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return ppid === process.pid && names.includes(comm) ? `${pid} ${comm}` : null;
        } catch {
          return null; // gone meanwhile
        }
      })
      .filter((found): found is string => found !== null);

/** A 4 s MP4 (H.264, and AAC unless `silent`), made by ffmpeg's test sources. */
function makeMp4(dir: string, silent = false): string {
  const out = join(dir, silent ? 'silent.mp4' : 'ad.mp4');
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=4',
  ];
  if (!silent) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:a', 'aac', '-shortest');
  args.push('-c:v', 'libx264', '-pix_fmt', 'yuv420p', out);
  execFileSync('ffmpeg', args);
  return out;
}

describe.skipIf(!HAS_FFMPEG)('transcodeToHls (needs ffmpeg)', () => {
  it('makes one HLS rendition per rung, 2 s segments, sound or silence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-transcode-'));
    const ladder = [
      { width: 426, height: 240, bandwidth: 800_000 },
      { width: 256, height: 144, bandwidth: 300_000 },
    ];
    for (const silent of [false, true]) {
      const out = join(dir, silent ? 'out-silent' : 'out');
      const seconds = await transcodeToHls('ffmpeg', makeMp4(dir, silent), out, ladder, 120_000);
      expect(seconds).toBeCloseTo(4, 0);
      const master = parseMultivariantPlaylist(readFileSync(join(out, 'master.m3u8'), 'utf8'));
      expect(master.variants.map((v) => v.attributes.find((a) => a.name === 'RESOLUTION')?.value)).toEqual([
        '426x240',
        '256x144',
      ]);
      for (const rung of ['0', '1']) {
        const media = parseMediaPlaylist(readFileSync(join(out, rung, 'index.m3u8'), 'utf8'));
        expect(media.endList).toBe(true);
        expect(media.segments.reduce((sum, s) => sum + s.duration, 0)).toBeCloseTo(4, 0);
        // Both tracks in every rendition: silence was added to the silent one.
        const probe = execFileSync('ffprobe', [
          '-v',
          'error',
          '-show_entries',
          'stream=codec_type',
          '-of',
          'csv=p=0',
          join(out, rung, media.segments[0]!.uri),
        ]).toString();
        expect([...new Set(probe.split('\n').filter(Boolean))].sort()).toEqual(['audio', 'video']);
      }
    }
  }, 120_000);

  it('makes an fMP4 (CMAF) set on request: an init section per rendition, EXT-X-MAP, .m4s segments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-transcode-'));
    const ladder = [
      { width: 426, height: 240, bandwidth: 800_000 },
      { width: 256, height: 144, bandwidth: 300_000 },
    ];
    const out = join(dir, 'out');
    await transcodeToHls('ffmpeg', makeMp4(dir), out, ladder, 120_000, undefined, undefined, 'fmp4');
    for (const rung of ['0', '1']) {
      const media = parseMediaPlaylist(readFileSync(join(out, rung, 'index.m3u8'), 'utf8'));
      expect(media.segments.reduce((sum, s) => sum + s.duration, 0)).toBeCloseTo(4, 0);
      expect(media.segments.every((s) => s.map === `URI="init_${rung}.mp4"` && s.uri.endsWith('.m4s'))).toBe(
        true,
      );
      expect(readdirSync(join(out, rung)).sort()).toEqual(
        [`init_${rung}.mp4`, 'index.m3u8', ...media.segments.map((s) => s.uri)].sort(),
      );
    }
  }, 120_000);

  it('fails with ffmpeg’s own words on a file that is not a video', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-transcode-'));
    const input = join(dir, 'not-a-video.mp4');
    execFileSync('sh', ['-c', `printf 'hello' > ${input}`]);
    await expect(transcodeToHls('ffmpeg', input, join(dir, 'out'), ladderOf([]), 60_000)).rejects.toThrow(
      /exited with/,
    );
  });
});

/**
 * An fMP4 (CMAF) HLS content of 8 s in `dir`/cmaf: one 256x144 variant (master.m3u8), 2 s
 * segments with an init section (EXT-X-MAP), made by ffmpeg's test sources.
 */
function makeFmp4Content(dir: string): string {
  const out = join(dir, 'cmaf');
  mkdirSync(out, { recursive: true });
  execFileSync('ffmpeg', [
    ...[
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=256x144:rate=25:duration=8',
    ],
    ...['-f', 'lavfi', '-i', 'sine=frequency=220:duration=8', '-shortest', '-c:a', 'aac', '-c:v', 'libx264'],
    ...['-pix_fmt', 'yuv420p', '-force_key_frames', 'expr:gte(t,n_forced*2)', '-f', 'hls', '-hls_time', '2'],
    ...['-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
    ...['-hls_segment_filename', join(out, 'seg%d.m4s'), join(out, 'index.m3u8')],
  ]);
  writeFileSync(
    join(out, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=350000,RESOLUTION=256x144\nindex.m3u8\n',
  );
  return out;
}

/**
 * An ad server of the test: a VAST answer whose only media file is an MP4 it also serves; and
 * the fMP4 content of `cmaf` under /cmaf/.
 */
async function mp4AdServer(mp4: string, cmaf?: string) {
  const served: string[] = [];
  /** /flaky.mp4 answers 503 while this is set, then the MP4. */
  const flaky = { down: true };
  const server: Server = createServer((request, response) => {
    served.push(request.url ?? '');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (request.url?.startsWith('/vast')) {
      response.setHeader('content-type', 'application/xml');
      response.end(`<?xml version="1.0"?>
<VAST version="4.1"><Ad id="mp4-ad"><InLine><AdSystem>test</AdSystem><AdTitle>MP4 only</AdTitle>
<Impression><![CDATA[${base}/beacon/impression]]></Impression>
<Creatives><Creative id="c1"><Linear><Duration>00:00:04</Duration><MediaFiles>
<MediaFile delivery="progressive" type="video/mp4" width="320" height="240"><![CDATA[${base}/ad.mp4]]></MediaFile>
</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`);
      return;
    }
    if (request.url === '/flaky.mp4' && flaky.down) {
      response.statusCode = 503;
      response.end();
      return;
    }
    const cmafFile = /^\/cmaf\/([a-z0-9]+\.(m3u8|mp4|m4s))$/.exec(request.url ?? '');
    if (cmaf && cmafFile) {
      response.setHeader(
        'content-type',
        cmafFile[2] === 'm3u8' ? 'application/vnd.apple.mpegurl' : 'video/mp4',
      );
      response.end(readFileSync(join(cmaf, cmafFile[1]!)));
      return;
    }
    if (request.url === '/ad.mp4' || request.url === '/lost.mp4' || request.url === '/flaky.mp4') {
      response.setHeader('content-type', 'video/mp4');
      response.end(readFileSync(mp4));
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base: `http://${hostPort}`,
    hostPort,
    served,
    flaky,
    close: () => new Promise((r) => server.close(r)),
  };
}

interface Tracking {
  avails: { availId: string; stitched?: boolean; notes: string[]; ads: { adId: string }[] }[];
}

describe.skipIf(!HAS_FFMPEG)('an MP4-only ad, end to end (needs ffmpeg)', () => {
  let app: TestApp;
  let database: Database;
  let ads: Awaited<ReturnType<typeof mp4AdServer>>;
  let base: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cuepoint-ads-'));
    ads = await mp4AdServer(makeMp4(dir), makeFmp4Content(dir));
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    base = `http://127.0.0.1:${port}`;
    database = await freshDatabase(base);
    const env = testEnv({
      PUBLIC_URL: base,
      PORT: String(port),
      CONDITIONING: 'on',
      PLAYBACK_ALLOW_HOSTS: ads.hostPort,
    });
    const built = await buildApp({ env, database, webDist: await fakeConsoleBuild() });
    await built.listen({ port, host: '127.0.0.1' });
    app = Object.assign(built, { dataDir: env.DATA_DIR });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ads?.close();
  });

  /** The conditioned creatives once at least `count` exist and none is queued. */
  async function settledRows(count: number) {
    const deadline = Date.now() + 120_000;
    let rows = await app.db.select().from(conditionedCreatives);
    while (Date.now() < deadline && (rows.length < count || rows.some((r) => r.status === 'queued'))) {
      await new Promise((r) => setTimeout(r, 250));
      rows = await app.db.select().from(conditionedCreatives);
    }
    return rows;
  }

  async function play(vodId: string) {
    const master = await (await fetch(`${base}/play/vod/${vodId}/master.m3u8`)).text();
    const variants = parseMultivariantPlaylist(master).variants;
    const session = new URL(variants[0]!.uri, `${base}/play/vod/${vodId}/`).pathname.replace(
      /\/r\/\d+\.m3u8$/,
      '',
    );
    const renditions = await Promise.all(
      variants.map(async (v) =>
        parseMediaPlaylist(await (await fetch(new URL(v.uri, `${base}/play/vod/${vodId}/`))).text()),
      ),
    );
    const tracking = (await (await fetch(`${base}${session}/tracking`)).json()) as Tracking;
    const sizes = variants.map((v) => v.attributes.find((a) => a.name === 'RESOLUTION')?.value);
    return { renditions, tracking, sizes };
  }

  it('is skipped and queued the first time, transcoded once, then stitched from its HLS', async () => {
    const customerId = await customerIdOf(app, 'demo-broadcasting');
    const vod = await createResource(
      app.db,
      'vod',
      customerId,
      {
        name: 'MP4 ads',
        sourceUrl: `${base}/demo/origin/vod/master.m3u8?loops=1`,
        duration: 20,
        adTagUrl: `${ads.base}/vast?sid=[SESSION_ID]`,
      },
      { actor: 'conditioning-tests@cuepoint.example', actingAdmin: null },
    );
    // The server tells the console that MP4 ads are conditioned here.
    expect(app.runtimeConfig.TRANSCODING).toBe(1);

    const first = await play(vod.id);
    expect(first.tracking.avails[0]!.notes).toEqual([
      'ad mp4-ad skipped: its MP4 is being conditioned into HLS (queued): it plays once ready',
    ]);
    expect(first.renditions[0]!.segments.every((s) => s.uri.includes('/demo/media/content/'))).toBe(true);

    // The jobs run (pg-boss, this process's worker): the creative's TS and fMP4 sets become ready.
    const all = await settledRows(2);
    expect(all).toHaveLength(2);
    for (const row of all) expect(row).toMatchObject({ status: 'ready', sourceUrl: `${ads.base}/ad.mp4` });
    // The TS set keeps the (source, ladder) key the console knows; the fMP4 set has its own.
    const rows = all.filter((r) => r.key === conditioningKey(r.sourceUrl, r.ladder as Rung[]));
    expect(rows).toHaveLength(1);
    const fmp4Key = conditioningKey(rows[0]!.sourceUrl, rows[0]!.ladder as Rung[], 'fmp4');
    expect(all.map((r) => r.key).sort()).toEqual([rows[0]!.key, fmp4Key].sort());
    // The demo content's ladder: its two variants' sizes.
    expect((rows[0]!.ladder as { height: number }[]).map((r) => r.height)).toEqual([240, 144]);

    // A new viewer: the ad is stitched from the conditioned renditions, each its own size, from
    // the TS set (the content is MPEG-TS).
    const second = await play(vod.id);
    expect(second.tracking.avails[0]).toMatchObject({ stitched: true, ads: [{ adId: 'mp4-ad' }] });
    const key = rows[0]!.key;
    const ladder = rows[0]!.ladder as { width: number; height: number }[];
    for (const [i, rendition] of second.renditions.entries()) {
      const adSegments = rendition.segments.filter((s) => s.uri.includes(`/media/creatives/${key}/`));
      expect(adSegments.length).toBeGreaterThan(0);
      // The rung of the content variant's own size.
      const rung = ladder.findIndex((r) => `${r.width}x${r.height}` === second.sizes[i]);
      expect(rung).toBeGreaterThanOrEqual(0);
      expect(adSegments[0]!.uri).toContain(`/media/creatives/${key}/${rung}/`);
      const segment = await fetch(adSegments[0]!.uri);
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    // Downloaded once per set (TS, fMP4), for every viewer since.
    expect(ads.served.filter((u) => u === '/ad.mp4')).toHaveLength(2);
    expect(readdirSync(join(app.dataDir, 'creatives')).sort()).toEqual([key, fmp4Key].sort());
  }, 150_000);

  it('an fMP4 content gets the fMP4 set of the MP4 creative (a TS content its TS set: above)', async () => {
    const customerId = await customerIdOf(app, 'demo-broadcasting');
    const vod = await createResource(
      app.db,
      'vod',
      customerId,
      {
        name: 'MP4 ads in CMAF',
        sourceUrl: `${ads.base}/cmaf/master.m3u8`,
        duration: 8,
        adTagUrl: `${ads.base}/vast?sid=[SESSION_ID]`,
      },
      { actor: 'conditioning-tests@cuepoint.example', actingAdmin: null },
    );
    const before = (await app.db.select().from(conditionedCreatives)).length;
    // The first viewer queues both sets for the content's ladder (256x144).
    const first = await play(vod.id);
    expect(first.tracking.avails[0]!.notes[0]).toMatch(/being conditioned/);
    const ladder = ladderOf([{ resolution: '256x144', bandwidth: 350_000 }]);
    const sourceUrl = `${ads.base}/ad.mp4`;
    const fmp4Key = conditioningKey(sourceUrl, ladder, 'fmp4');
    const tsKey = conditioningKey(sourceUrl, ladder);
    const rows = await settledRows(before + 2);
    expect(rows.filter((r) => r.key === fmp4Key || r.key === tsKey).map((r) => r.status)).toEqual([
      'ready',
      'ready',
    ]);

    const second = await play(vod.id);
    expect(second.tracking.avails[0]).toMatchObject({ stitched: true, ads: [{ adId: 'mp4-ad' }] });
    const rendition = second.renditions[0]!;
    const adSegments = rendition.segments.filter((s) => s.uri.includes('/media/creatives/'));
    expect(adSegments.length).toBeGreaterThan(0);
    // The fMP4 set: its init section mapped (one rendition: ffmpeg names it init.mp4), its .m4s
    // segments served as such.
    expect(adSegments.every((s) => s.uri.includes(`/media/creatives/${fmp4Key}/0/`))).toBe(true);
    expect(
      adSegments.every(
        (s) => s.uri.endsWith('.m4s') && s.map === `URI="${base}/media/creatives/${fmp4Key}/0/init.mp4"`,
      ),
    ).toBe(true);
    const init = await fetch(/URI="([^"]+)"/.exec(adSegments[0]!.map!)![1]!);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    const segment = await fetch(adSegments[0]!.uri);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    // The content's own segments, fMP4 too, around the ad.
    expect(
      rendition.segments.some((s) => s.uri.includes('/cmaf/seg') && s.map?.includes('/cmaf/init.mp4')),
    ).toBe(true);
  }, 150_000);

  it('sends the job again for a creative left queued without one (a lost send)', async () => {
    const ladder = ladderOf([{ resolution: '320x240', bandwidth: 600_000 }]);
    const sourceUrl = `${ads.base}/lost.mp4`;
    const key = conditioningKey(sourceUrl, ladder);
    // The row of a lookup whose job never reached the queue.
    await app.db
      .insert(conditionedCreatives)
      .values({ key, sourceUrl, ladder: [...ladder], status: 'queued' });
    expect(await app.conditioner.lookup(sourceUrl, ladder)).toEqual({ state: 'queued' });
    const deadline = Date.now() + 60_000;
    let row: typeof conditionedCreatives.$inferSelect | undefined;
    while (Date.now() < deadline) {
      [row] = await app.db.select().from(conditionedCreatives).where(eq(conditionedCreatives.key, key));
      if (row?.status !== 'queued') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(row).toMatchObject({ status: 'ready' });
    expect(ads.served.filter((u) => u === '/lost.mp4')).toHaveLength(1);
  }, 90_000);

  it('a creative that failed is tried again once the pause is over, with a job of its own', async () => {
    const ladder = ladderOf([{ resolution: '320x240', bandwidth: 600_000 }]);
    const sourceUrl = `${ads.base}/flaky.mp4`;
    const key = conditioningKey(sourceUrl, ladder);
    const rowOf = async () =>
      (await app.db.select().from(conditionedCreatives).where(eq(conditionedCreatives.key, key)))[0];
    const settled = async () => {
      const deadline = Date.now() + 60_000;
      let row = await rowOf();
      while (row?.status === 'queued' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        row = await rowOf();
      }
      return row;
    };
    // The source is down for the job's three attempts: the creative fails.
    expect(await app.conditioner.lookup(sourceUrl, ladder)).toEqual({ state: 'queued' });
    expect(await settled()).toMatchObject({ status: 'failed', reason: `${sourceUrl} answered 503` });
    expect(ads.served.filter((u) => u === '/flaky.mp4')).toHaveLength(3);
    // Within the pause it stays failed, and nothing is fetched.
    ads.flaky.down = false;
    expect(await app.conditioner.lookup(sourceUrl, ladder)).toEqual({
      state: 'failed',
      reason: `${sourceUrl} answered 503`,
    });
    // The pause over: the next lookup queues it again, with the reason kept (a retry)...
    await app.db
      .update(conditionedCreatives)
      .set({ updatedAt: new Date(Date.now() - CONDITIONING_LIMITS.retryFailedAfterMs - 1_000) })
      .where(eq(conditionedCreatives.key, key));
    expect(await app.conditioner.lookup(sourceUrl, ladder)).toEqual({ state: 'queued' });
    expect(await rowOf()).toMatchObject({ status: 'queued', reason: `${sourceUrl} answered 503` });
    // ...and a new job (the failed one held the id) makes it ready.
    expect(await settled()).toMatchObject({ status: 'ready', reason: null });
    expect(ads.served.filter((u) => u === '/flaky.mp4')).toHaveLength(4);
  }, 120_000);

  it('a server stopping mid-transcode kills its ffmpeg and leaves the creative queued, not failed', async () => {
    const sourceUrl = `${ads.base}/ad.mp4`;
    const ladder = [{ width: 256, height: 144, bandwidth: 300_000 }];
    const key = conditioningKey(sourceUrl, ladder);
    await app.db.insert(conditionedCreatives).values({ key, sourceUrl, ladder, status: 'queued' });
    // The last attempt: a failure now would be recorded on the creative for good.
    const job = app.conditioner.condition(key, 2);
    await vi.waitFor(() => expect(app.conditioner.progressOf(key)).not.toBeNull(), {
      timeout: 30_000,
      interval: 2,
    });
    // Its rejection is awaited from before the stop: it comes while stop() waits for the queue.
    const rejected = expect(job).rejects.toThrow(/abort/i);
    await app.conditioner.stop();
    await rejected;
    await expect.poll(childProcessesNamed('ffmpeg', 'ffprobe'), { timeout: 10_000 }).toEqual([]);
    const [row] = await app.db.select().from(conditionedCreatives).where(eq(conditionedCreatives.key, key));
    expect(row).toMatchObject({ status: 'queued', reason: null });
  }, 60_000);

  it('serves conditioned files only by their exact names', async () => {
    for (const path of [
      '/media/creatives/not-a-key/master.m3u8',
      '/media/creatives/0123456789abcdef0123456789abcdef/../secret.key',
      '/media/creatives/0123456789abcdef0123456789abcdef/master.m3u8',
      '/media/creatives/0123456789abcdef0123456789abcdef/0/index.m3u8.bak',
    ]) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
  });
});

describe('without ffmpeg', () => {
  it('tells the console, and skips MP4-only ads with the reason', async () => {
    const database = await freshDatabase();
    const env = testEnv({ CONDITIONING: 'on', FFMPEG_PATH: '/nonexistent/ffmpeg' });
    const app = await buildApp({ env, database, webDist: await fakeConsoleBuild() });
    try {
      expect(app.runtimeConfig.TRANSCODING).toBe(0);
      expect(app.conditioner.status).toEqual({
        available: false,
        reason: '/nonexistent/ffmpeg is not installed (apt-get install ffmpeg)',
      });
      expect(await app.conditioner.lookup('https://ads.example/a.mp4', ladderOf([]))).toEqual({
        state: 'unavailable',
        reason: '/nonexistent/ffmpeg is not installed (apt-get install ffmpeg)',
      });
      // Nothing was queued or recorded.
      expect(
        await app.db.select().from(conditionedCreatives).where(eq(conditionedCreatives.status, 'queued')),
      ).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('CONDITIONING=off says so without looking for ffmpeg', async () => {
    const database = await freshDatabase();
    const app = await buildApp({
      env: testEnv({ CONDITIONING: 'off' }),
      database,
      webDist: await fakeConsoleBuild(),
    });
    try {
      expect(app.runtimeConfig.TRANSCODING).toBe(0);
      expect(app.conditioner.status.reason).toBe(
        'creative conditioning is off on this server (CONDITIONING=off)',
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});
