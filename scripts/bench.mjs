// `npm run bench`: build, start the real server on a temporary DATA_DIR and print one table:
// bundle sizes of /app/login and of each lazy route chunk, HTTP throughput against a bare
// Fastify, start-up time, the stitcher's micro-benchmarks, the log viewer's queries at a million
// events, the event pipeline's ingest rate and 24-hour rollup at ten million events, the built-in
// ad server's decisions, and Lighthouse's mobile score.
// It measures; it never fails the tests.
// `npm run bench -- playback` (or any section names, or parts of them) measures and prints only those.
// `npm run bench -- soak [--minutes N] [--database-url URL] [--users N] [--viewers N]` runs only the
// soak (apps/server/bench/soak.ts: 10 minutes of console users and playback viewers on one server
// process; exit code 1 on any error or memory growth). The full run leaves it out: it takes
// 10 minutes and fails, where the rest only measures.
// `npm run bench -- replay [--against <commit>] [--working-tree] [--refreshes N]` replays 30,000
// viewer refreshes of the serving path on two commits and fails unless every answer is
// byte-identical (scripts/replay.mjs); the full run leaves it out too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { register } from 'tsx/esm/api';
import {
  buildConsole,
  CHROMIUM_PATH as CHROMIUM,
  CHROMIUM_ARGS,
  consoleBuildIsStale,
  freePort,
  ROOT,
  run,
  SERVER_ENTRY,
  WEB_DIST,
  waitForOk,
} from './lib.mjs';

const only = process.argv.slice(2);
if (only[0] === 'replay') {
  const { replayMain } = await import('./replay.mjs');
  process.exit(replayMain(only.slice(1)));
}
if (only[0] === 'soak') {
  register();
  const { soakMain } = await import(join(ROOT, 'apps/server/bench/soak.ts'));
  process.exit(await soakMain(only.slice(1)));
}
/** Whether a section is measured: every one, or those named on the command line. */
const wanted = (section) => only.length === 0 || only.some((name) => section.includes(name));
const rows = [];
const row = (section, metric, value, goal = '') => {
  if (wanted(section)) rows.push({ section, metric, value, goal });
};
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipBytes = (file) =>
  existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length;

function startProcess(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return { child, output: () => output };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

async function load(url, headers = {}, seconds = 10) {
  const options = { url, connections: 50, headers };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, duration: seconds });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * Runs `work` with the load generator (this process) on the first CPU and the servers on the
 * second, when the machine has two and `taskset` is there: unpinned, the scheduler sometimes puts
 * a server beside autocannon and a turn of 6 s reads a third fewer requests; pinned, turns agree
 * to a few percent, and bare Fastify and the console's server get the same whole core.
 */
async function pinned(serverPids, work) {
  const taskset = (cpus, pid) =>
    spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
  const all = `0-${availableParallelism() - 1}`;
  const pin = availableParallelism() >= 2 && taskset('0', process.pid);
  if (pin) for (const pid of serverPids) taskset('1', pid);
  try {
    return await work(pin);
  } finally {
    if (pin) for (const pid of [process.pid, ...serverPids]) taskset(all, pid);
  }
}

// TypeScript modules of the repository load through tsx.
register();
// The data plane's origin that counts what it is asked (apps/server/bench/playback-bench.ts).
const playbackBench = await import(join(ROOT, 'apps/server/bench/playback-bench.ts'));
const benchOrigin = wanted('playback')
  ? await playbackBench.startBenchOrigin({ segmentSeconds: 6, windowSegments: 6, renditions: 3 })
  : undefined;

// Only the bundle and Lighthouse sections read the console's build.
const needsConsole = wanted('bundle') || wanted('lighthouse');
if (needsConsole && (only.length === 0 || consoleBuildIsStale())) {
  process.stdout.write('Building the console...\n');
  await buildConsole();
}

// --- bundle sizes: what the browser loads for /app/login, and each lazy route chunk
const port = await freePort();
const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-bench-'));
const started = performance.now();
const server = startProcess(['--import', 'tsx', SERVER_ENTRY], {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  // Every viewer of the benchmark comes from 127.0.0.1: no bound per address (sessions.ts).
  PLAYBACK_SESSIONS_PER_ADDRESS: '1000000',
  DATABASE_URL: '',
  REDIS_URL: '',
  ...(benchOrigin ? { PLAYBACK_ALLOW_HOSTS: benchOrigin.hostPort } : {}),
});
const origin = `http://127.0.0.1:${port}`;
let firstOk = 0;
try {
  await waitForOk(needsConsole ? `${origin}/app/` : `${origin}/api/health`, 60_000);
  firstOk = performance.now() - started;
} catch (err) {
  process.stderr.write(`${server.output()}\n`);
  throw err;
}
row(
  'start-up',
  `process start to first 200 from ${needsConsole ? '/app/' : '/api/health'} (fresh DATA_DIR: migrate + seed)`,
  `${Math.round(firstOk)} ms`,
);

let lighthouseScore = 'not measured (no Chromium)';
if (wanted('bundle') && existsSync(CHROMIUM)) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const loaded = new Set();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(path) && path.startsWith('/app/')) loaded.add(path);
  });
  await page.goto(`${origin}/app/login`, { waitUntil: 'networkidle' });
  await browser.close();
  let js = 0;
  let css = 0;
  for (const path of loaded) {
    const file = join(WEB_DIST, path.replace(/^\/app\//, ''));
    if (!existsSync(file)) continue; // runtime-config.js is generated, a few hundred bytes
    if (path.endsWith('.js')) js += gzipBytes(file);
    else css += gzipBytes(file);
  }
  row('bundle', '/app/login JS loaded before any interaction (gzip)', kB(js), '< 180 kB');
  row('bundle', '/app/login CSS loaded before any interaction (gzip)', kB(css));
} else {
  row('bundle', '/app/login', 'not measured: Chromium missing');
}
const manifestPath = join(WEB_DIST, '.vite/manifest.json');
if (wanted('bundle') && existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const [source, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    row(
      'bundle',
      `lazy route chunk ${source.replace(/^src\//, '')} (gzip)`,
      kB(gzipBytes(join(WEB_DIST, chunk.file))),
    );
  }
}

// --- HTTP throughput beside a bare Fastify
if (wanted('http')) {
  const login = /** @type {{ token: string, user: { _id: string } }} */ (
    await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@cuepoint.example', password: 'Cuepoint#Demo1' }),
    }).then((r) => r.json())
  );
  const authHeaders = {
    authorization: `Bearer ${login.token}`,
    'user-id': login.user._id,
    'auth-type': 'reg',
  };
  // The bare Fastify also gives getUser's answer (/reference): its document and response headers
  // (less those Node writes itself), so the table shows what the answer costs apart from our pipeline.
  const userAnswer = await fetch(`${origin}/api/user/getUser/${login.user._id}`, { headers: authHeaders });
  const NODE_WRITES = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const referenceAnswer = {
    headers: Object.fromEntries([...userAnswer.headers].filter(([name]) => !NODE_WRITES.has(name))),
    body: await userAnswer.text(),
  };
  const barePort = await freePort();
  const bare = startProcess([join(ROOT, 'scripts/bench-bare.mjs')], {
    PORT: String(barePort),
    REFERENCE_ANSWER: JSON.stringify(referenceAnswer),
  });
  await waitForOk(`http://127.0.0.1:${barePort}/reference`);

  // The five are measured in turns, ROUNDS times, and each figure is the median of its turns:
  // this machine's throughput drifts by a fifth from one ten-second run to the next, and a
  // ratio of two runs minutes apart would measure the drift. Five turns, not three: even pinned,
  // one turn in three or four of the same code reads a third apart from the others.
  const targets = {
    bare: [`http://127.0.0.1:${barePort}/`, {}],
    reference: [`http://127.0.0.1:${barePort}/reference`, {}],
    health: [`${origin}/api/health`, {}],
    authed: [`${origin}/api/user/getUser/${login.user._id}`, authHeaders],
    // A list read as the console makes it: the first page of the customer's live streams (a
    // database query per request; PGlite answers in this process).
    list: [`${origin}/api/ssai/ds`, authHeaders],
  };
  const runs = { bare: [], reference: [], health: [], authed: [], list: [] };
  const ROUNDS = 5;
  const isPinned = await pinned([bare.child.pid, server.child.pid], async (pin) => {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, [url, headers]] of Object.entries(targets))
        runs[name].push(await load(url, headers, 6));
    }
    return pin;
  });
  await stop(bare.child);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ofBare = (r, i) => r.rps / runs.bare[i].rps;
  const summary = (name) => ({
    rps: median(runs[name].map((r) => r.rps)),
    p99: median(runs[name].map((r) => r.p99)),
    errors: runs[name].reduce((sum, r) => sum + r.errors, 0),
    ratio: median(runs[name].map(ofBare)),
    turns: runs[name].map((r, i) => `${Math.round(ofBare(r, i) * 100)}%`).join(' '),
  });
  const fmt = (r) =>
    `${Math.round(r.rps)} req/s, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors/non-2xx` : ''}`;
  const vsBare = (r) => `${fmt(r)} (${Math.round(r.ratio * 100)}% of bare; turns ${r.turns})`;
  row(
    'http',
    `bare Fastify hello-world (50 connections, median of ${ROUNDS} turns of 6 s${isPinned ? '; autocannon on CPU 0, servers on CPU 1' : ''})`,
    fmt(summary('bare')),
  );
  row(
    'http',
    `bare Fastify giving getUser's answer (its ${referenceAnswer.body.length}-byte document and ${Object.keys(referenceAnswer.headers).length} headers, nothing else of ours)`,
    vsBare(summary('reference')),
  );
  row('http', 'GET /api/health', vsBare(summary('health')));
  row(
    'http',
    'GET /api/user/getUser/:id, authenticated (bearer token, session check, role check)',
    vsBare(summary('authed')),
    '>= 40% of bare',
  );
  row(
    'http',
    'GET /api/ssai/ds, authenticated (the first page of live streams: session, role check, one query)',
    vsBare(summary('list')),
    // Issue 20's goal (40%; 28% when it was filed) is the getUser row, the bench's one authenticated
    // read then: a database query per request is another class (docs/scale-out.md, "List reads").
    'no goal: one query a request',
  );
}

// --- Lighthouse, mobile, /app/login
if (wanted('lighthouse') && existsSync(CHROMIUM)) {
  const report = join(dataDir, 'lighthouse.json');
  const code = await run(
    'npx',
    [
      'lighthouse',
      `${origin}/app/login`,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: 'ignore' },
  );
  if (code === 0 && existsSync(report)) {
    const lh = JSON.parse(readFileSync(report, 'utf8'));
    const audits = lh.audits;
    lighthouseScore = `${Math.round(lh.categories.performance.score * 100)} (FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, TBT ${audits['total-blocking-time'].displayValue})`;
  } else {
    lighthouseScore = `failed (exit ${code})`;
  }
}
row('lighthouse', 'mobile performance of /app/login', lighthouseScore, '90+');

// --- the data plane: viewer sessions of the seeded News 24 (the built-in demo origin, 2 s
// segments, and the demo ad server's VAST), served by this one process. Then 50,000 viewers of a
// stream on the bench's own origin (6 s segments, apps/server/bench/playback-bench.ts), each
// refreshing every 6 s, and how often that origin was asked.
/** Resident memory of a process, in bytes (Linux). */
const rssOf = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : Number.NaN;
};
/**
 * Opens `count` sessions of a live stream (master.m3u8, 50 at a time), then asks each for its
 * first media playlist (its viewer state is written). Answers our path of each viewer's media
 * playlist (the variant `pick(i)` of the master), and the time the opening took.
 * @param {string} streamId
 * @param {number} count
 * @param {(viewer: number) => number} [pick]
 */
async function openViewers(streamId, count, pick = () => 0) {
  const paths = [];
  const opening = performance.now();
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) => {
        const answer = await fetch(`${origin}/play/live/${streamId}/master.m3u8`);
        if (!answer.ok) throw new Error(`master.m3u8 answered ${answer.status}: ${await answer.text()}`);
        const uris = (await answer.text()).split('\n').filter((line) => line !== '' && !line.startsWith('#'));
        return new URL(uris[pick(i + j) % uris.length], origin).pathname;
      }),
    );
    paths.push(...batch);
  }
  const openedMs = performance.now() - opening;
  for (let i = 0; i < paths.length; i += 50) {
    await Promise.all(paths.slice(i, i + 50).map(async (path) => (await fetch(`${origin}${path}`)).text()));
  }
  return { paths, openedMs };
}
const perSession = (bytes, sessions) => `${(bytes / sessions / 1024).toFixed(1)} KiB`;
const MB = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;
let playlistUs;
if (wanted('playback')) {
  const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
  // The demo user's token and the seeded News 24 (a failure is reported by both runs below).
  const setup = (async () => {
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@cuepoint.example', password: 'Cuepoint#Demo1' }),
    });
    const { token } = /** @type {{ token: string }} */ (await login.json());
    const streams = /** @type {{ data: { _id: string; name: string; vastUrl: string }[] }} */ (
      await (
        await fetch(`${origin}/api/ssai/ds?pageSize=All`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    );
    const news = streams.data.find((stream) => stream.name === 'News 24');
    if (!news) throw new Error('the seeded News 24 stream is missing');
    return { token, news };
  })();
  try {
    const { news } = await setup;
    const rssBefore = rssOf(server.child.pid);
    const { paths, openedMs } = await openViewers(news._id, SESSIONS);
    const rssAfter = rssOf(server.child.pid);
    row(
      'playback',
      `open ${SESSIONS} viewer sessions (master.m3u8, 50 at a time)`,
      `${Math.round(SESSIONS / (openedMs / 1000))} sessions/s`,
    );
    row(
      'playback',
      'server memory per viewer session (RSS growth / sessions)',
      perSession(rssAfter - rssBefore, SESSIONS),
    );
    let next = 0;
    const options = {
      url: origin,
      connections: 100,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    };
    await autocannon({ ...options, duration: 3 }); // warm-up
    const result = await autocannon({ ...options, duration: 10 });
    playlistUs = 1e6 / result.requests.average;
    row(
      'playback',
      `media playlist requests/s (${SESSIONS} sessions, 100 connections, round robin)`,
      `${Math.round(result.requests.average)}/s`,
      '>= 8,300/s (50,000 viewers at 6 s segments)',
    );
    row(
      'playback',
      'media playlist latency p50 / p99',
      `${result.latency.p50} / ${result.latency.p99} ms`,
      'p99 < 50 ms',
    );
    row('playback', 'media playlist errors and non-2xx', String(result.errors + result.non2xx), '0');
  } catch (err) {
    row('playback', 'benchmark', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }

  // 50,000 viewers at 6 s segments: each asks for its media playlist every 6 s, so the server
  // gets 50,000 / 6 = 8,333 requests/s, spread evenly over time (paced, not as fast as it can).
  try {
    const { token, news } = await setup;
    const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50_000);
    const SEGMENT_S = 6;
    const RUN_S = 30;
    const rate = VIEWERS / SEGMENT_S;
    // A stream on the bench's origin (content only: no ad markers), with News 24's ad server and
    // the plan's defaults otherwise (the demo customer's plan has no Enterprise options).
    const created = await fetch(`${origin}/api/ssai/ds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench 6 s origin',
        sourceStreamUrl: benchOrigin.sourceUrl,
        adDecision: 'external',
        vastUrl: news.vastUrl,
        bundles: [],
      }),
    });
    if (created.status !== 201) {
      throw new Error(`the bench stream was refused (${created.status}): ${await created.text()}`);
    }
    const stream = /** @type {{ _id: string }} */ (await created.json());
    const rssBefore = rssOf(server.child.pid);
    // Viewers spread over the origin's renditions, as players pick by bandwidth.
    const { paths, openedMs } = await openViewers(stream._id, VIEWERS, (i) => i);
    row(
      'playback',
      `open ${VIEWERS} viewer sessions of a 6 s-segment origin (master.m3u8, 50 at a time)`,
      `${Math.round(VIEWERS / (openedMs / 1000))} sessions/s`,
    );
    const load = { origin, paths, rate, connections: 100 };
    // One refresh of every viewer first (connections, JIT); the run carries on where it stopped.
    const warm = await playbackBench.pacedLoad({ ...load, durationMs: SEGMENT_S * 1000 });
    const from = performance.now();
    const result = await playbackBench.pacedLoad({ ...load, durationMs: RUN_S * 1000, start: warm.next });
    const to = performance.now();
    const rssLoaded = rssOf(server.child.pid);
    const behind = result.skipped ? `, ${result.skipped} not sent (the server fell behind)` : '';
    row(
      'playback',
      `${VIEWERS} viewers refreshing every ${SEGMENT_S} s: media playlists/s, p50 / p99 / max, errors (paced ${Math.round(rate)}/s, ${RUN_S} s, 100 connections)`,
      `${Math.round(result.rps)}/s, ${result.p50.toFixed(1)} / ${result.p99.toFixed(1)} / ${result.max.toFixed(0)} ms, ${result.errors} errors${behind}`,
      'p99 < 50 ms at 8,300 req/s',
    );
    // Measured under load: right after opening, the heap the 10,000-session run left hides the growth.
    row(
      'playback',
      `server memory per viewer session, ${VIEWERS} sessions under that load (RSS growth since before they opened / ${VIEWERS})`,
      `${perSession(rssLoaded - rssBefore, VIEWERS)} (RSS ${MB(rssBefore)} -> ${MB(rssLoaded)})`,
    );
    // What the origin saw of each media playlist during the run, against the windows it published.
    const windows = (to - from) / (SEGMENT_S * 1000);
    const fetches = benchOrigin.mediaPaths.map((path) => benchOrigin.requests(path, from, to));
    const total = fetches.reduce((a, b) => a + b, 0);
    row(
      'playback',
      `origin fetches per media playlist per refresh (a new ${SEGMENT_S} s window), during the ${VIEWERS}-viewer run`,
      `${(total / fetches.length / windows).toFixed(2)} (${fetches.join(' + ')} fetches of ${fetches.length} playlists in ${windows.toFixed(1)} windows)`,
      // One fetch per cache refresh for every viewer; the cache lives half a target duration
      // (a window at most 3 s old), so two refreshes per 6 s window, whatever the viewer count.
      '<= 2 (one per cache refresh, half a target duration)',
    );
  } catch (err) {
    row('playback', '50,000 viewers', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  await benchOrigin.close();
}

await stop(server.child);
await rm(dataDir, { recursive: true, force: true });

// --- the stitcher's micro-benchmarks (packages/stitcher/bench)
const stitcherBench = join(ROOT, 'packages/stitcher/bench/stitcher-bench.ts');
if ((wanted('stitcher') || wanted('playback')) && existsSync(stitcherBench)) {
  try {
    const { runStitcherBench } = await import(stitcherBench);
    for (const r of await runStitcherBench()) {
      const value =
        r.us !== undefined ? `${r.us.toFixed(2)} µs` : r.bytes !== undefined ? `${r.bytes} B` : r.note;
      const goal =
        r.reference !== undefined
          ? `<= ${(3 * r.reference).toFixed(1)} µs (3x ${r.reference} µs); now ${(r.us / r.reference).toFixed(2)}x`
          : r.bytes !== undefined
            ? '< 1024 B'
            : '';
      row('stitcher', r.name, value, goal);
      if (r.name === 'live media playlist rewrite, 6 segments, 1 break' && playlistUs !== undefined) {
        row(
          'playback',
          'HTTP overhead: process time per served playlist / the engine’s rewrite of one',
          `${(playlistUs / r.us).toFixed(1)}x (${playlistUs.toFixed(0)} µs vs ${r.us.toFixed(1)} µs)`,
        );
      }
    }
  } catch (err) {
    row('stitcher', 'benchmark', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// --- the VAST XML reader against fast-xml-parser (packages/stitcher/bench/xml-bench.ts): the
// hand-written reader is kept only while it agrees and stays faster.
if (wanted('vast xml')) {
  try {
    const { runXmlBench } = await import(join(ROOT, 'packages/stitcher/bench/xml-bench.ts'));
    for (const r of await runXmlBench({ budgetMs: 500 })) {
      const value = r.us !== undefined ? `${r.us.toFixed(2)} µs` : r.note;
      const goal =
        r.reference !== undefined ? `<= ${(3 * r.reference).toFixed(1)} µs (3x ${r.reference} µs)` : '';
      row('vast xml', r.name, value, goal);
    }
  } catch (err) {
    row('vast xml', 'benchmark', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// --- the log viewer's queries at a million events (apps/server/bench/events-bench.ts; BENCH_DATABASE_URL
// adds PostgreSQL: a scratch database on that server), with and without the text search index
if (wanted('events')) {
  try {
    const { runEventsBench } = await import(join(ROOT, 'apps/server/bench/events-bench.ts'));
    for (const r of await runEventsBench()) {
      row('events', r.name, `${r.ms.toFixed(1)} ms`, r.note || (r.name.startsWith('fill') ? '' : '< 100 ms'));
    }
  } catch (err) {
    row('events', 'benchmark', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// --- the data plane's event pipeline: ingest rate and the 24-hour chart at 10M events
// (apps/server/bench/pipeline-bench.ts; BENCH_DATABASE_URL adds PostgreSQL, BENCH_EVENTS another size)
if (wanted('pipeline')) {
  try {
    const { runPipelineBench } = await import(join(ROOT, 'apps/server/bench/pipeline-bench.ts'));
    for (const r of await runPipelineBench()) row('pipeline', r.name, r.value, r.goal);
  } catch (err) {
    row('pipeline', 'benchmark', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// --- the built-in ad server's decisions: 1,000 campaigns, 10,000 targeting rules, counters reserved
// (apps/server/bench/ads-bench.ts; BENCH_DATABASE_URL adds PostgreSQL, BENCH_DECISIONS another count)
if (wanted('ads')) {
  try {
    const { runAdsBench } = await import(join(ROOT, 'apps/server/bench/ads-bench.ts'));
    for (const r of await runAdsBench()) row('ads', r.name, r.value, r.goal);
  } catch (err) {
    row('ads', 'benchmark', `failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

// --- the table
const widths = ['section', 'metric', 'value', 'goal'].map((k) =>
  Math.max(k.length, ...rows.map((r) => String(r[k]).length)),
);
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
process.stdout.write(`\n${line(['section', 'metric', 'value', 'goal'])}\n`);
process.stdout.write(`${line(widths.map((w) => '-'.repeat(w)))}\n`);
for (const r of rows) process.stdout.write(`${line([r.section, r.metric, r.value, r.goal])}\n`);
