/**
 * The soak (issue 20): `npm run bench -- soak [--minutes N] [--database-url URL]`. One server
 * process on its own database (a fresh PGlite data directory, or with --database-url a scratch
 * database created on that PostgreSQL server and dropped afterwards) under console users and
 * playback viewers at once, for 10 minutes unless told otherwise:
 *
 * - console users (6 unless --users says otherwise): each signs in, reads lists (live streams, encoders, campaigns,
 *   the log viewer, its user, notifications) with a think time, edits its own encoder every fifth
 *   request, signs out after 20 requests and starts again;
 * - viewers (100 unless --viewers says otherwise) of the seeded News 24 (the built-in demo origin, 2 s segments, an ad break
 *   every minute filled by the demo ad server): each opens a session (master.m3u8), refreshes its
 *   media playlist every segment, reads its tracking document every 5 refreshes and fires the
 *   beacons it lists once playback reaches them (impression, quartiles, complete), as a player does.
 *   They stay for the whole run: an audience of a channel, so memory kept per session is reached
 *   in the first minutes and must not grow afterwards.
 *
 * Records count, errors and p50/p95/p99/max per route class, samples the server's memory every
 * 10 s after a full garbage collection (the server runs with --expose-gc; soak-server.ts answers
 * the probe over IPC), and fails (exit code 1) on any error, or when memory is not flat: the
 * least-squares slope of heapUsed after GC over the last 5 minutes (the second half of a run
 * shorter than 10 minutes) must stay under HEAP_SLOPE_LIMIT_MB_PER_MIN. RSS is reported beside
 * it (the embedded database's WebAssembly memory grows with its page cache, then stays).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ENCODER_DEFAULTS } from '@cuepoint/core';
import pg from 'pg';

const ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const SERVER = join(ROOT, 'apps/server/bench/soak-server.ts');

/** Memory is flat when heapUsed after GC grows slower than this over the judged window. */
export const HEAP_SLOPE_LIMIT_MB_PER_MIN = 1;
/** The judged window: the last 5 minutes (the second half of a shorter run). */
const JUDGED_WINDOW_MS = 5 * 60_000;
const SAMPLE_EVERY_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface SoakOptions {
  minutes: number;
  /** A PostgreSQL server (any database on it): the soak creates and drops its own database. */
  databaseUrl?: string | undefined;
  consoleUsers?: number;
  viewers?: number;
  /** Pause between two console requests of one user. */
  thinkMs?: number;
  /**
   * A directory for two heap snapshots of the server, at the start of the judged window and at
   * the end of the load (open both in Chrome's DevTools, Memory, "Comparison"): where memory goes.
   * Each pauses the server for a few seconds: a run with them judges memory, not latency.
   */
  heapSnapshots?: string | undefined;
  log?: (line: string) => void;
}

const CLASSES = [
  'login',
  'list read',
  'edit',
  'logout',
  'master playlist',
  'media playlist',
  'tracking',
  'beacon',
] as const;
type RouteClass = (typeof CLASSES)[number];

interface MemorySample {
  at: number;
  rss: number;
  heapUsed: number;
  external: number;
}

class Recorder {
  readonly times = new Map<RouteClass, number[]>(CLASSES.map((c) => [c, []]));
  readonly errors = new Map<RouteClass, number>(CLASSES.map((c) => [c, 0]));
  readonly firstErrors: string[] = [];
  /** Tracking documents that listed a placed ad (no beacon is due without one). */
  documentsWithAds = 0;

  ok(kind: RouteClass, ms: number) {
    this.times.get(kind)!.push(ms);
  }

  fail(kind: RouteClass, ms: number, text: string) {
    this.times.get(kind)!.push(ms);
    this.errors.set(kind, this.errors.get(kind)! + 1);
    const line = `${kind}: ${text.slice(0, 200)}`;
    if (this.firstErrors.length < 5 && !this.firstErrors.includes(line)) this.firstErrors.push(line);
  }

  get errorCount() {
    let n = 0;
    for (const count of this.errors.values()) n += count;
    return n;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Least-squares slope of `y` against `x`. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/**
 * Where a player starts on the viewer's timeline (which begins at the first segment of the first
 * playlist): three target durations from the live edge (HLS's hold-back), so the playlist's
 * duration minus that.
 */
function playbackLead(playlist: string): number {
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1] ?? 0);
  let total = 0;
  for (const match of playlist.matchAll(/#EXTINF:([\d.]+)/g)) total += Number(match[1]);
  return Math.max(0, total - 3 * target);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForOk(url: string, timeoutMs: number, server: { output: () => string }) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms:\n${server.output()}`);
}

/** A scratch PostgreSQL database on the server of `url`, dropped by `drop`. */
async function scratchPostgres(url: string) {
  const name = `cuepoint_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!done) child.kill('SIGKILL');
}

export interface SoakResult {
  ok: boolean;
  table: string;
  failures: string[];
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const durationMs = options.minutes * 60_000;
  const consoleUsers = options.consoleUsers ?? 6;
  const viewerCount = options.viewers ?? 100;
  const thinkMs = options.thinkMs ?? 250;

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-soak-'));
  const scratch = options.databaseUrl ? await scratchPostgres(options.databaseUrl) : undefined;
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      // Every viewer of the benchmark comes from 127.0.0.1: no bound per address (sessions.ts).
      PLAYBACK_SESSIONS_PER_ADDRESS: '1000000',
      DATABASE_URL: scratch?.url ?? '',
      REDIS_URL: '',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const server = { output: () => output };

  const samples: MemorySample[] = [];
  child.on('message', (message: { type?: string } & MemorySample) => {
    if (message?.type === 'memory') samples.push(message);
    if (message?.type === 'snapshot') log(`soak: heap snapshot ${(message as { file?: string }).file}`);
  });
  const snapshot = (name: string) =>
    options.heapSnapshots && child.send({ type: 'snapshot', path: join(options.heapSnapshots, name) });

  const recorder = new Recorder();
  try {
    await waitForOk(`${origin}/api/health`, 120_000, server);
    log(
      `soak: server on ${origin} (${scratch ? 'PostgreSQL' : 'PGlite'}), ${consoleUsers} console users, ${viewerCount} viewers, ${options.minutes} min`,
    );

    /** One timed request of a class; answers the response body (text) or undefined on failure. */
    const call = async (
      kind: RouteClass,
      path: string,
      init: RequestInit & { expect?: number } = {},
    ): Promise<string | undefined> => {
      const started = performance.now();
      try {
        const response = await fetch(path.startsWith('http') ? path : `${origin}${path}`, {
          ...init,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        const ms = performance.now() - started;
        if (response.status !== (init.expect ?? response.status) || response.status >= 400) {
          recorder.fail(
            kind,
            ms,
            `${init.method ?? 'GET'} ${path} answered ${response.status}: ${text.slice(0, 200)}`,
          );
          return undefined;
        }
        recorder.ok(kind, ms);
        return text;
      } catch (err) {
        recorder.fail(
          kind,
          performance.now() - started,
          `${init.method ?? 'GET'} ${path}: ${err instanceof Error ? err.message : String(err)}`,
        );
        return undefined;
      }
    };

    // Set-up (not recorded): the demo customer's News 24 and a user to read.
    const setupLogin = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@cuepoint.example', password: 'Cuepoint#Demo1' }),
    });
    const setup = (await setupLogin.json()) as { token: string; user: { _id: string } };
    const streams = (await (
      await fetch(`${origin}/api/ssai/ds?pageSize=All`, {
        headers: { authorization: `Bearer ${setup.token}` },
      })
    ).json()) as { data: { _id: string; name: string }[] };
    const news = streams.data.find((s) => s.name === 'News 24');
    if (!news) throw new Error('the seeded News 24 stream is missing');
    // Each console user edits its own encoder (no version conflicts between users).
    const encoders: { id: string; version: number }[] = [];
    for (let i = 0; i < consoleUsers; i++) {
      const created = await fetch(`${origin}/api/ssai/encoder`, {
        method: 'POST',
        headers: { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...ENCODER_DEFAULTS, name: `Soak encoder ${i + 1}` }),
      });
      if (created.status !== 201)
        throw new Error(`encoder refused (${created.status}): ${await created.text()}`);
      const body = (await created.json()) as { _id: string; version: number };
      encoders.push({ id: body._id, version: body.version });
    }

    const started = performance.now();
    const end = started + durationMs;
    const running = () => performance.now() < end;

    // Memory: every 10 s, from the start of the load.
    child.send('sample');
    const sampler = setInterval(() => child.connected && child.send('sample'), SAMPLE_EVERY_MS);
    const firstSnapshot = setTimeout(
      () => snapshot('window-start.heapsnapshot'),
      durationMs - Math.min(JUDGED_WINDOW_MS, durationMs / 2),
    );
    const progress = setInterval(() => {
      const last = samples.at(-1);
      const minutes = ((performance.now() - started) / 60_000).toFixed(1);
      log(
        `soak: ${minutes} min, ${[...recorder.times.values()].reduce((a, t) => a + t.length, 0)} requests, ${recorder.errorCount} errors${last ? `, heap ${(last.heapUsed / 2 ** 20).toFixed(1)} MB, RSS ${(last.rss / 2 ** 20).toFixed(0)} MB` : ''}`,
      );
    }, 60_000);

    const consoleUser = async (i: number) => {
      const encoder = encoders[i]!;
      const lists = [
        '/api/ssai/ds?pageSize=10',
        '/api/ssai/encoder?pageSize=10',
        '/api/events?kind=liveStream',
        '/api/ssai/campaign?pageSize=10',
        '/api/notification/notifications',
      ];
      // Users start spread over one cycle (20 requests), so their sign-ins are not in step: one
      // account signing in more than LOGIN_LIMITS.pair times at once from one address is refused
      // (each attempt counts until it succeeds), which real users of one account never do.
      await sleep((i * 20 * thinkMs) / consoleUsers);
      while (running()) {
        const loggedIn = await call('login', '/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@cuepoint.example', password: 'Cuepoint#Demo1' }),
          expect: 200,
        });
        if (!loggedIn) {
          await sleep(1000);
          continue;
        }
        const { token, user } = JSON.parse(loggedIn) as { token: string; user: { _id: string } };
        const headers = { authorization: `Bearer ${token}`, 'user-id': user._id, 'auth-type': 'reg' };
        for (let n = 1; n <= 20 && running(); n++) {
          await sleep(thinkMs);
          if (n % 5 === 0) {
            const edited = await call('edit', `/api/ssai/encoder/${encoder.id}`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ version: encoder.version, gop: encoder.version % 2 === 0 ? 50 : 60 }),
              expect: 200,
            });
            if (edited) encoder.version = (JSON.parse(edited) as { version: number }).version;
          } else {
            const path = n % 7 === 0 ? `/api/user/getUser/${user._id}` : lists[(n + i) % lists.length]!;
            await call('list read', path, { headers, expect: 200 });
          }
        }
        await call('logout', '/api/auth/logout', { method: 'POST', headers, expect: 200 });
      }
    };

    const viewer = async (i: number) => {
      const SEGMENT_MS = 2000;
      await sleep((i * SEGMENT_MS) / viewerCount); // players refresh at their own moments
      let media: string | undefined;
      let tracking: string | undefined;
      let playStart = 0;
      let lead: number | undefined;
      const fired = new Set<string>();
      let refresh = 0;
      while (running()) {
        if (!media) {
          const master = await call('master playlist', `/play/live/${news._id}/master.m3u8`, { expect: 200 });
          const uri = master?.split('\n').find((line) => line !== '' && !line.startsWith('#'));
          if (!uri) {
            await sleep(SEGMENT_MS);
            continue;
          }
          media = new URL(uri, `${origin}/play/live/${news._id}/`).pathname;
          tracking = media.replace(/\/r\/[^/]+$/, '/tracking');
          playStart = Date.now();
        }
        const cycle = performance.now();
        const playlist = await call('media playlist', media, { expect: 200 });
        if (playlist && lead === undefined) lead = playbackLead(playlist);
        if (++refresh % 5 === 0 && tracking) {
          const document = await call('tracking', tracking, { expect: 200 });
          if (document) {
            const position = (lead ?? 0) + (Date.now() - playStart) / 1000;
            const { avails } = JSON.parse(document) as {
              avails: {
                ads: {
                  trackingEvents: { eventType: string; startTimeInSeconds?: number; beaconUrls: string[] }[];
                }[];
              }[];
            };
            if (avails.some((avail) => avail.ads.length > 0)) recorder.documentsWithAds++;
            for (const avail of avails)
              for (const ad of avail.ads)
                for (const event of ad.trackingEvents) {
                  if (event.startTimeInSeconds === undefined || event.startTimeInSeconds > position) continue;
                  for (const url of event.beaconUrls) {
                    const key = `${event.startTimeInSeconds} ${url}`;
                    if (fired.has(key) || !url.startsWith(origin)) continue;
                    fired.add(key);
                    await call(
                      'beacon',
                      url.replace(
                        '[CACHEBUSTING]',
                        String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
                      ),
                      {},
                    );
                  }
                }
          }
        }
        await sleep(Math.max(0, SEGMENT_MS - (performance.now() - cycle)));
      }
    };

    await Promise.all([
      ...Array.from({ length: consoleUsers }, (_, i) => consoleUser(i)),
      ...Array.from({ length: viewerCount }, (_, i) => viewer(i)),
    ]);
    clearInterval(progress);
    clearInterval(sampler);
    clearTimeout(firstSnapshot);
    // The last sample, after the load.
    child.send('sample');
    await sleep(1000);
    if (options.heapSnapshots) {
      snapshot('end.heapsnapshot');
      await sleep(20_000);
    }
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${server.output()}`);

    return report(recorder, samples, durationMs, scratch ? 'PostgreSQL' : 'PGlite', {
      consoleUsers,
      viewerCount,
    });
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

function report(
  recorder: Recorder,
  samples: MemorySample[],
  durationMs: number,
  driver: string,
  load: { consoleUsers: number; viewerCount: number },
): SoakResult {
  const failures: string[] = [];
  const lines = [
    `Soak: ${(durationMs / 60_000).toFixed(1)} min on ${driver}, ${load.consoleUsers} console users, ${load.viewerCount} viewers; load average ${readLoad()}`,
    '',
    '| route class | requests | req/s | errors | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const kind of CLASSES) {
    const sorted = [...recorder.times.get(kind)!].sort((a, b) => a - b);
    const f = (p: number) => (sorted.length ? percentile(sorted, p).toFixed(1) : '-');
    lines.push(
      `| ${kind} | ${sorted.length} | ${(sorted.length / (durationMs / 1000)).toFixed(1)} | ${recorder.errors.get(kind)} | ${f(50)} | ${f(95)} | ${f(99)} | ${sorted.length ? sorted.at(-1)!.toFixed(0) : '-'} |`,
    );
  }
  lines.push(
    '',
    `Tracking documents listing a placed ad: ${recorder.documentsWithAds} of ${recorder.times.get('tracking')!.length}.`,
  );
  if (recorder.errorCount > 0) {
    failures.push(`${recorder.errorCount} errors; the first: ${recorder.firstErrors.join(' | ')}`);
  }
  for (const kind of CLASSES)
    if (recorder.times.get(kind)!.length === 0) failures.push(`no ${kind} request was made`);

  // Memory: the judged window is the last 5 minutes, or the second half of a shorter run.
  const lastAt = samples.at(-1)?.at ?? 0;
  const window = Math.min(JUDGED_WINDOW_MS, durationMs / 2);
  const judged = samples.filter((s) => s.at >= lastAt - window);
  const MB = 2 ** 20;
  const perMinute = (key: 'heapUsed' | 'rss') =>
    slope(judged.map((s) => ({ x: (s.at - lastAt) / 60_000, y: s[key] / MB })));
  const heapSlope = perMinute('heapUsed');
  const rssSlope = perMinute('rss');
  const first = samples[0];
  const last = samples.at(-1);
  lines.push('');
  lines.push(
    '| memory (server, after a full GC, sampled every 10 s) | first | last | slope over the judged window |',
  );
  lines.push('| --- | ---: | ---: | ---: |');
  if (first && last) {
    lines.push(
      `| heapUsed | ${(first.heapUsed / MB).toFixed(1)} MB | ${(last.heapUsed / MB).toFixed(1)} MB | ${heapSlope.toFixed(2)} MB/min (limit ${HEAP_SLOPE_LIMIT_MB_PER_MIN}) |`,
    );
    lines.push(
      `| RSS | ${(first.rss / MB).toFixed(0)} MB | ${(last.rss / MB).toFixed(0)} MB | ${rssSlope.toFixed(2)} MB/min (reported) |`,
    );
  }
  lines.push(
    `\nJudged window: the last ${(window / 60_000).toFixed(1)} min (${judged.length} samples of ${samples.length}).`,
  );
  if (judged.length < 3) failures.push(`too few memory samples (${judged.length}) to judge memory`);
  else if (heapSlope >= HEAP_SLOPE_LIMIT_MB_PER_MIN) {
    failures.push(
      `heapUsed after GC grew ${heapSlope.toFixed(2)} MB/min over the last ${(window / 60_000).toFixed(1)} min (limit ${HEAP_SLOPE_LIMIT_MB_PER_MIN} MB/min)`,
    );
  }
  lines.push(failures.length ? `\nFAILED: ${failures.join('; ')}` : '\nPASSED: zero errors, memory flat.');
  return { ok: failures.length === 0, table: lines.join('\n'), failures };
}

function readLoad(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

/**
 * `npm run bench -- soak [--minutes N] [--database-url URL] [--users N] [--viewers N]
 * [--heap-snapshots DIR]`; answers the exit code.
 */
export async function soakMain(args: string[]): Promise<number> {
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const minutes = Number(value('--minutes') ?? 10);
  if (!(minutes > 0)) throw new Error('--minutes takes a positive number');
  const result = await runSoak({
    minutes,
    databaseUrl: value('--database-url') ?? process.env.SOAK_DATABASE_URL,
    consoleUsers: Number(value('--users') ?? 6),
    viewers: Number(value('--viewers') ?? 100),
    heapSnapshots: value('--heap-snapshots'),
  });
  process.stdout.write(`\n${result.table}\n`);
  return result.ok ? 0 : 1;
}
