/**
 * The built-in ad server's decisions (issue 17): decisions per second and their p50 / p99 with
 * 1,000 active campaigns carrying 10,000 targeting rules (streams, countries and devices), each
 * decision including the pod's reservation in the counters (the checked, atomic upserts that make
 * budgets and caps hold across processes). On the embedded database and,
 * with BENCH_DATABASE_URL (an empty PostgreSQL database it may fill), on PostgreSQL. Also the
 * engine alone (no database), and a decision's cost beside the stitcher's rewrite of a playlist.
 * Goal: p99 under 5 ms.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { RESOURCES, type ResourceKind } from '@cuepoint/core';
import { type Database, openDatabase } from '../src/db/client.ts';
import { customers } from '../src/db/schema/index.ts';
import { AdServer } from '../src/edge/ads/ad-server.ts';
import { decidePod, deviceOf, seededRandom } from '../src/edge/ads/engine.ts';
import { createSecretBox } from '../src/lib/secret-box.ts';
import { insertResource } from '../src/repositories/resources.ts';

export interface AdsBenchRow {
  name: string;
  value: string;
  goal: string;
}

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 1_000);
const STREAMS = 20;
const COUNTRIES = ['US', 'GB', 'FR', 'DE', 'ES', 'IT', 'NL', 'BE', 'CA', 'AU', 'JP', 'BR'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Safari/604.1',
  'Roku/DVP-12.5 (12.5.0.4178)',
];
const DAY = 86_400_000;

const spec = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}-${d.getUTCFullYear()}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (v: number) => `${v.toFixed(2)} ms`;

/** An account with 1,000 active campaigns and 10,000 targeting rules; answers its id and the streams'. */
async function seed(database: Database) {
  const { db } = database;
  const [customer] = await db
    .insert(customers)
    .values({
      name: 'Ads bench',
      subDomainName: `ads-bench-${randomUUID().slice(0, 8)}`,
      reviewedAt: new Date(),
    })
    .returning({ id: customers.id });
  const customerId = customer!.id;
  const add = async (kind: ResourceKind, data: Record<string, unknown>) =>
    (
      await insertResource(db, kind, {
        customerId,
        data: RESOURCES[kind].schema.parse(data) as Record<string, unknown>,
        updatedBy: 'bench',
      })
    ).id;
  const random = seededRandom(17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const sample = <T>(list: readonly T[], n: number) => {
    const pool = [...list];
    return Array.from({ length: n }, () => pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  };
  const streams: string[] = [];
  for (let i = 0; i < STREAMS; i++)
    streams.push(
      await add('liveStream', {
        name: `Bench stream ${i}`,
        sourceStreamUrl: `https://origin.example/live/${i}/`,
        adpodLength: 4,
      }),
    );
  const advertisers: string[] = [];
  for (let i = 0; i < 50; i++) advertisers.push(await add('advertiser', { name: `Bench advertiser ${i}` }));
  const creatives = new Map<string, string[]>();
  for (const [i, advertiserId] of advertisers.entries()) {
    const own: string[] = [];
    for (const duration of [10, 15, 20, 30])
      own.push(
        await add('creative', {
          name: `Bench spot ${i}-${duration}`,
          advertiserId,
          videoUrl: `https://cdn.example/ads/${i}/${duration}/master.m3u8`,
          duration,
          trackingUrls: [{ event: 'start', url: `https://tracker.example/${i}/start` }],
        }),
      );
    creatives.set(advertiserId, own);
  }
  const placements: string[] = [await add('placement', { name: 'Bench everywhere' })];
  for (let i = 0; i < 9; i++)
    placements.push(
      await add('placement', {
        name: `Bench placement ${i}`,
        liveStreamIds: streams.filter((_, j) => j % 10 !== i),
        positions: i % 3 === 0 ? ['pre', 'mid'] : ['mid'],
        maxAdDuration: 30,
      }),
    );
  const now = Date.now();
  let rules = 0;
  for (let i = 0; i < CAMPAIGNS; i++) {
    const advertiserId = pick(advertisers);
    // Ten targeting rules each: 4 streams, 4 countries, 2 devices.
    const targetLiveStreamIds = sample(streams, 4);
    const targetCountries = sample(COUNTRIES, 4);
    const targetDevices = [pick(['desktop', 'mobile']), pick(['tablet', 'ctv'])];
    rules += targetLiveStreamIds.length + targetCountries.length + targetDevices.length;
    const priority = i % 20 === 0 ? 'sponsorship' : i % 10 === 5 ? 'house' : 'standard';
    await add('campaign', {
      name: `Bench campaign ${i}`,
      advertiserId,
      startDate: spec(now - 5 * DAY),
      endDate: spec(now + 25 * DAY),
      priority,
      priorityLevel: 1 + (i % 10),
      weight: 1 + Math.floor(random() * 10),
      bookedImpressions: i % 3 === 0 ? 1_000_000 : 0,
      dailyBudget: i % 5 === 0 ? 100_000 : null,
      frequencyCap: i % 4 === 0 ? 5 : 0,
      frequencyPeriod: pick(['hour', 'day', 'week']),
      pacing: i % 3 === 0 ? 'even' : 'asap',
      cpm: 5 + (i % 20),
      placementIds: [pick(placements)],
      creativeIds: creatives.get(advertiserId)!.slice(0, 1 + (i % 4)),
      targetLiveStreamIds,
      targetCountries,
      targetDevices,
    });
  }
  return { customerId, streams, rules };
}

async function run(label: string, open: () => Promise<Database>, rows: AdsBenchRow[]) {
  const database = await open();
  try {
    await database.migrate();
    const seeding = performance.now();
    const { customerId, streams, rules } = await seed(database);
    rows.push({
      name: `${label}: account seeded`,
      value: `${CAMPAIGNS.toLocaleString('en-US')} active campaigns, ${rules.toLocaleString('en-US')} targeting rules (${Math.round(performance.now() - seeding)} ms)`,
      goal: '1,000 campaigns, 10,000 rules',
    });
    const random = seededRandom(99);
    const server = new AdServer({
      db: database.db,
      exclusive: database.driver === 'pglite',
      publicUrl: 'http://bench.test',
      now: Date.now,
      random,
      signer: createSecretBox(randomBytes(32)),
      catalogTtlMs: 5_000,
    });
    const request = (i: number) => ({
      customerId,
      resource: { kind: 'liveStream' as const, id: streams[i % streams.length]! },
      position: i % 7 === 0 ? ('pre' as const) : ('mid' as const),
      duration: 60,
      viewer: {
        key: `viewer-${i % 10_000}`,
        userAgent: USER_AGENTS[i % USER_AGENTS.length],
        country: COUNTRIES[i % COUNTRIES.length],
      },
      podLength: 4,
    });
    // Warm-up: the catalog, the counters and the JIT.
    for (let i = 0; i < 300; i++) await server.decide(request(i));

    const total = Number(process.env.BENCH_DECISIONS ?? 5_000);
    const times: number[] = [];
    let ads = 0;
    let candidates = 0;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const t = performance.now();
      const decision = await server.decide(request(1_000 + i));
      times.push(performance.now() - t);
      ads += decision.ads.length;
      candidates += decision.candidates.length;
    }
    const elapsed = performance.now() - started;
    times.sort((a, b) => a - b);
    rows.push({
      name: `${label}: decisions (catalog in memory, the pod reserved in the database), one at a time`,
      value: `${Math.round(total / (elapsed / 1000)).toLocaleString('en-US')} decisions/s, p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))}, ${(ads / total).toFixed(2)} ads and ${Math.round(candidates / total)} candidates per decision`,
      goal: 'p99 < 5 ms',
    });

    // Several decisions under way at once (an SSAI deciding for many viewers).
    const concurrent = 8;
    const perWorker = Math.floor(total / concurrent);
    const overlapped: number[] = [];
    const overlapStarted = performance.now();
    await Promise.all(
      Array.from({ length: concurrent }, async (_, w) => {
        for (let i = 0; i < perWorker; i++) {
          const t = performance.now();
          await server.decide(request(100_000 + w * perWorker + i));
          overlapped.push(performance.now() - t);
        }
      }),
    );
    const overlapElapsed = performance.now() - overlapStarted;
    overlapped.sort((a, b) => a - b);
    rows.push({
      name: `${label}: decisions, ${concurrent} under way at once`,
      value: `${Math.round((perWorker * concurrent) / (overlapElapsed / 1000)).toLocaleString('en-US')} decisions/s, p50 ${ms(percentile(overlapped, 0.5))}, p99 ${ms(percentile(overlapped, 0.99))}`,
      goal: 'throughput; latency includes waiting for the others',
    });

    // The engine alone: the rules over the 1,000 campaigns, no database.
    const snapshot = await server.catalogs.get(customerId);
    const engineTimes: number[] = [];
    const counters = { served: new Map(), frequency: new Map() };
    for (let i = 0; i < total; i++) {
      const r = request(i);
      const t = performance.now();
      decidePod(
        snapshot,
        {
          resource: r.resource,
          position: r.position,
          duration: r.duration,
          viewer: { country: r.viewer.country, device: deviceOf(r.viewer.userAgent) },
          now: Date.now(),
          podLength: 4,
          random,
        },
        counters,
      );
      engineTimes.push(performance.now() - t);
    }
    engineTimes.sort((a, b) => a - b);
    rows.push({
      name: `${label}: the engine alone (rules, ranking, pod; no database)`,
      value: `p50 ${(percentile(engineTimes, 0.5) * 1000).toFixed(0)} µs, p99 ${(percentile(engineTimes, 0.99) * 1000).toFixed(0)} µs`,
      goal: '',
    });
    return { decisionMs: percentile(times, 0.5), engineMs: percentile(engineTimes, 0.5) };
  } finally {
    await database.close();
  }
}

export async function runAdsBench(): Promise<AdsBenchRow[]> {
  const rows: AdsBenchRow[] = [];
  const pglite = await run('PGlite', () => openDatabase({ driver: 'pglite' }), rows);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl)
    await run('PostgreSQL', () => openDatabase({ driver: 'postgres', url: pgUrl, poolSize: 4 }), rows);
  else rows.push({ name: 'PostgreSQL', value: 'not measured (set BENCH_DATABASE_URL)', goal: '' });

  // Beside a playlist: a viewer asks for its media playlist every segment (6 s) and gets a
  // decision once per avail; with an avail every 2 minutes that is 20 playlists per decision.
  try {
    const { runStitcherBench } = await import('../../../packages/stitcher/bench/stitcher-bench.ts');
    const rewrite = (await runStitcherBench({ budgetMs: 500 })).find(
      (r: { name: string }) => r.name === 'live media playlist rewrite, 6 segments, 1 break',
    ) as { us: number } | undefined;
    if (rewrite) {
      const engineUs = pglite.engineMs * 1000;
      const decisionUs = pglite.decisionMs * 1000;
      rows.push({
        name: 'a decision beside a playlist (PGlite p50; the stitcher’s rewrite of a 6-segment live playlist)',
        value: `engine ${engineUs.toFixed(0)} µs = ${(engineUs / rewrite.us).toFixed(1)}x a rewrite (${rewrite.us.toFixed(1)} µs); whole decision ${decisionUs.toFixed(0)} µs, per playlist request at one avail per 20 playlists: ${(decisionUs / 20).toFixed(0)} µs`,
        goal: 'for comparison',
      });
    }
  } catch (error) {
    rows.push({
      name: 'beside a playlist',
      value: `not measured: ${error instanceof Error ? error.message : String(error)}`,
      goal: '',
    });
  }
  return rows;
}

// `npx tsx apps/server/bench/ads-bench.ts` runs it on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await runAdsBench())
    process.stdout.write(`${row.name}: ${row.value}${row.goal ? ` (goal: ${row.goal})` : ''}\n`);
}
