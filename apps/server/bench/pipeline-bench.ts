/**
 * The data plane's event pipeline (issue 16): events ingested per second with batching (and, for
 * comparison, one insert per event), and the rollup a 24-hour monitoring chart reads at ten
 * million raw events: from the per-minute counters (what the chart does) and, to show why the
 * counters exist, straight from the raw events. On the embedded database (a million events) and,
 * with BENCH_DATABASE_URL (an empty PostgreSQL database it may fill), on PostgreSQL (ten million);
 * BENCH_EVENTS sets another size for both.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client.ts';
import { customers, liveStreams } from '../src/db/schema/index.ts';
import { DatabaseSink } from '../src/edge/events/database-sink.ts';
import { EventPipeline, type EventSubject } from '../src/edge/events/pipeline.ts';
import { channelSeries } from '../src/repositories/playback-minutes.ts';

export interface PipelineBenchRow {
  name: string;
  value: string;
  goal: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(fn: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

const decision = (subject: EventSubject, i: number) => ({
  subject,
  action: 'ad-decision' as const,
  level: 'info' as const,
  message: 'Ad break filled: 2 ad(s), 30s of 30s',
  sessionId: `session-${i % 5_000}`,
  availId: `splice-${Math.floor(i / 5_000)}`,
  data: {
    requestUrl: `https://ads.example/vast?dur=30&sid=session-${i % 5_000}`,
    latencyMs: 20 + (i % 80),
    availSeconds: 30,
    adSeconds: 30,
    outcome: 'filled' as const,
    reason: null,
    candidates: [
      { id: 'ad-1', title: 'Ad one', duration: 15, chosen: true, reason: null, detail: null },
      { id: 'ad-2', title: 'Ad two', duration: 15, chosen: true, reason: null, detail: null },
    ],
    notes: [],
  },
});

async function ingest(database: Database, label: string, rows: PipelineBenchRow[]) {
  const { db } = database;
  const [customer] = await db
    .insert(customers)
    .values({ name: `Bench ${label}`, subDomainName: `bench-${randomUUID().slice(0, 8)}` })
    .returning({ id: customers.id });
  const subject: EventSubject = {
    kind: 'liveStream',
    resourceId: randomUUID(),
    customerId: customer!.id,
    resourceName: 'Bench stream',
  };
  // Batched: what the data plane does (a flush every second, or every 2,000 events).
  const total = 100_000;
  const pipeline = new EventPipeline({ sink: new DatabaseSink(db), flushMs: 1_000 }).start();
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    pipeline.record(decision(subject, i));
    pipeline.request(subject, `session-${i % 5_000}`);
    // Let flushes run while events arrive, as they would between requests.
    if (i % 2_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await pipeline.close();
  const batchedMs = performance.now() - started;
  rows.push({
    name: `${label}: ingest, batched (${total.toLocaleString('en-US')} decisions)`,
    value: `${Math.round(total / (batchedMs / 1000)).toLocaleString('en-US')} events/s (${pipeline.stats.batches} batches)`,
    goal: '',
  });
  // One insert (and one transaction) per event, for comparison.
  const single = 2_000;
  const one = new EventPipeline({ sink: new DatabaseSink(db), maxBatch: 1 });
  const startedSingle = performance.now();
  for (let i = 0; i < single; i++) {
    one.record(decision(subject, i));
    await one.flush();
  }
  const singleMs = performance.now() - startedSingle;
  rows.push({
    name: `${label}: ingest, one insert per event`,
    value: `${Math.round(single / (singleMs / 1000)).toLocaleString('en-US')} events/s`,
    goal: 'for comparison',
  });
  return customer!.id;
}

/** Ten million raw events over 24 hours of 50 streams, and their per-minute counters. */
async function fill(database: Database, customerId: string, total: number) {
  const { db } = database;
  const streams = 50;
  const [stream] = await db
    .insert(liveStreams)
    .values({ customerId, data: { name: 'Bench chart stream', status: 'active' } })
    .returning({ id: liveStreams.id });
  const ids = [stream!.id, ...Array.from({ length: streams - 1 }, () => randomUUID())];
  const idArray = sql.raw(`array['${ids.join("','")}']::uuid[]`);
  const chunk = 500_000;
  for (let offset = 0; offset < total; offset += chunk) {
    const count = Math.min(chunk, total - offset);
    await db.execute(sql`
      insert into resource_events (at, customer_id, kind, resource_id, resource_name, action, level, message, actor, session_id, avail_id, data)
      select now() - (g * (interval '86400 seconds' / ${total})),
             ${customerId}::uuid, 'liveStream', (${idArray})[1 + g % ${streams}], 'Bench stream',
             case when g % 10 = 0 then 'beacon' else 'ad-decision' end, 'info', 'Ad break filled',
             'data plane', 'session-' || (g % 5000), 'splice-' || (g / 50000),
             jsonb_build_object('adSeconds', 30, 'availSeconds', 30, 'latencyMs', g % 100, 'outcome', 'filled')
      from generate_series(${offset + 1}::int, ${offset + count}::int) as g`);
  }
  // The counters the pipeline would have written for them: one row per stream and minute.
  await db.execute(sql`
    insert into playback_minutes (resource_id, minute, customer_id, kind, viewers, requests, ad_requests, avails,
      avail_seconds, ad_seconds, ads_chosen, impressions, completes, origin_requests, ad_latency_ms, origin_latency_ms)
    select (${idArray})[s], date_trunc('minute', now()) - (m * interval '1 minute'), ${customerId}::uuid, 'liveStream',
      5000, 50000, 120, 120, 3600, 3400, 230, 230, 225, 30,
      array[0, 10, 20, 40, 30, 15, 5, 0, 0, 0, 0, 0], array[5, 10, 10, 3, 2, 0, 0, 0, 0, 0, 0, 0]
    from generate_series(1, ${streams}) as s, generate_series(0, 1439) as m`);
  await db.execute(sql`analyze resource_events`);
  await db.execute(sql`analyze playback_minutes`);
  return stream!.id;
}

async function rollups(
  database: Database,
  label: string,
  customerId: string,
  rows: PipelineBenchRow[],
  total: number,
) {
  const started = performance.now();
  const streamId = await fill(database, customerId, total);
  rows.push({
    name: `${label}: fill ${total.toLocaleString('en-US')} events + 72,000 minute rows`,
    value: `${((performance.now() - started) / 1000).toFixed(0)} s`,
    goal: '',
  });
  const chart = await timed(() => channelSeries(database.db, streamId, '24h', new Date()));
  rows.push({
    name: `${label}: 24-hour chart from the counters (96 points)`,
    value: `${chart.toFixed(1)} ms`,
    goal: '< 100 ms on PostgreSQL',
  });
  const raw = await timed(
    () =>
      database.db.execute(sql`
        select date_bin(interval '15 minutes', at, now() - interval '24 hours') as bucket, count(*),
          avg((data->>'latencyMs')::float)
        from resource_events
        where customer_id = ${customerId} and kind = 'liveStream' and resource_id = ${streamId}
          and at >= now() - interval '24 hours'
        group by 1 order by 1`),
    3,
  );
  rows.push({
    name: `${label}: the same chart from the raw events`,
    value: `${raw.toFixed(1)} ms`,
    goal: 'why the counters exist',
  });
}

export async function runPipelineBench(): Promise<PipelineBenchRow[]> {
  const rows: PipelineBenchRow[] = [];
  // Ten million on PostgreSQL (the goal's); the embedded database fills a million in about as long.
  const size = process.env.BENCH_EVENTS ? Number(process.env.BENCH_EVENTS) : undefined;
  const targets: [string, () => Promise<Database>, number][] = [
    ['PGlite', () => openDatabase({ driver: 'pglite' }), size ?? 1_000_000],
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl)
    targets.push([
      'PostgreSQL',
      () => openDatabase({ driver: 'postgres', url: pgUrl, poolSize: 4 }),
      size ?? 10_000_000,
    ]);
  for (const [label, open, total] of targets) {
    const database = await open();
    try {
      await database.migrate();
      const customerId = await ingest(database, label, rows);
      await rollups(database, label, customerId, rows, total);
    } finally {
      await database.close();
    }
  }
  return rows;
}
