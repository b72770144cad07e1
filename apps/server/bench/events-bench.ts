/**
 * The log viewer's queries at a million events (issue 7: "an index that keeps the query fast at a
 * million rows"; issue 20: under 50 ms on both databases). Fills an in-memory PGlite (the embedded
 * default) and, with BENCH_DATABASE_URL (a PostgreSQL server: a scratch database is created on it
 * and dropped), PostgreSQL with 1,000,000 events spread over 4 customers, 5 kinds, 200 resources
 * and 30 days, then times the queries GET /events makes (median of several runs each) and
 * reports whether the plan is an index scan.
 */
import { type EventListQuery, eventListQuerySchema, RESOURCE_KINDS } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { customers } from '../src/db/schema/index.ts';
import { listEvents, tailEvents } from '../src/repositories/resource-events.ts';

export interface EventsBenchRow {
  name: string;
  ms: number;
  note: string;
}

/** The log viewer's text search index (migration 0015), dropped and rebuilt by the benchmark. */
const SEARCH_INDEX = 'resource_events_search_idx';
const SEARCH_INDEX_SQL = `CREATE INDEX "${SEARCH_INDEX}" ON "resource_events" USING gin (("message" || ' ' || "resource_name" || ' ' || coalesce("actor", '')) gin_trgm_ops)`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A scratch PostgreSQL database on the server of `url`, dropped by `drop`. */
async function scratchPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cuepoint_events_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
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

export async function runEventsBench(total = 1_000_000): Promise<EventsBenchRow[]> {
  const rows = await benchOne(await openDatabase({ driver: 'pglite' }), total, 'PGlite');
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const scratch = await scratchPostgres(pgUrl);
    try {
      rows.push(
        ...(await benchOne(
          await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 2 }),
          total,
          'PostgreSQL',
        )),
      );
    } finally {
      await scratch.drop();
    }
  }
  return rows;
}

export async function benchOne(database: Database, total: number, label: string): Promise<EventsBenchRow[]> {
  const { db } = database;
  try {
    await database.migrate();
    const made = await db
      .insert(customers)
      .values([0, 1, 2, 3].map((i) => ({ name: `Bench ${i}`, subDomainName: `bench-${i}` })))
      .returning({ id: customers.id });
    const ids = made.map((c) => c.id);
    const kinds = RESOURCE_KINDS;
    const insert = (from: number, count: number) =>
      db.execute(sql`
        insert into resource_events (at, customer_id, kind, resource_id, resource_name, action, level, message, actor)
        select now() - (g * interval '2.592 seconds'),
               (${sql.raw(`array['${ids.join("','")}']`)}::uuid[])[1 + g % 4],
               (${sql.raw(`array['${kinds.join("','")}']`)})[1 + (g / 4) % 5],
               ('00000000-0000-4000-8000-' || lpad(to_hex(g % 200), 12, '0'))::uuid,
               'Resource ' || (g % 200),
               (array['created','updated','deleted','ad-break'])[1 + g % 4],
               (array['info','info','info','warning','error','debug'])[1 + g % 6],
               'Event number ' || g || case when g % 1000 = 0 then ' needle' else '' end,
               'user' || (g % 7) || '@bench.example'
        from generate_series(${from}::int, ${from + count - 1}::int) as g`);
    // The text search index is built after the fill (faster), and its worth and cost measured in
    // this run: every query without it, then with it, and inserts with and without it.
    await db.execute(sql`drop index ${sql.identifier(SEARCH_INDEX)}`);
    const started = performance.now();
    // One statement per 250k rows keeps PGlite's memory flat.
    for (let offset = 0; offset < total; offset += 250_000)
      await insert(offset + 1, Math.min(250_000, total - offset));
    await db.execute(sql`analyze resource_events`);
    const fill = performance.now() - started;

    const base = { kind: 'liveStream' as const };
    const q = (extra: Record<string, unknown>): EventListQuery =>
      eventListQuerySchema.parse({ ...base, ...extra });
    const customer = ids[0]!;
    const resourceId = '00000000-0000-4000-8000-000000000000';
    const cases: [string, () => Promise<unknown>, string][] = [
      ['newest 50 of a kind (one customer)', () => listEvents(db, q({}), customer), ''],
      ['newest 50 of one resource', () => listEvents(db, q({ resourceId }), customer), ''],
      ['page 20 of 50 (offset 950)', () => listEvents(db, q({ page: '20' }), customer), ''],
      [
        'level error, last 24 h',
        () =>
          listEvents(
            db,
            q({ level: 'error', from: new Date(Date.now() - 86_400_000).toISOString() }),
            customer,
          ),
        '',
      ],
      [
        'text search "needle", last 7 days',
        () =>
          listEvents(
            db,
            q({ q: 'needle', from: new Date(Date.now() - 7 * 86_400_000).toISOString() }),
            customer,
          ),
        '',
      ],
      ['text search "needle", all time', () => listEvents(db, q({ q: 'needle' }), customer), ''],
      // A word in every event: the search must still stop after a page, not read every match.
      [
        'text search "number" (every event), all time',
        () => listEvents(db, q({ q: 'number' }), customer),
        '',
      ],
      [
        'text search "ne" (no trigram: reads the newest SHORT_SEARCH_WINDOW events)',
        () => listEvents(db, q({ q: 'ne' }), customer),
        '',
      ],
      ['live tail after the newest id', () => tailEvents(db, q({}), customer, total - 10), ''],
      ['main administrator, all customers', () => listEvents(db, q({}), null), ''],
    ];
    const rows: EventsBenchRow[] = [
      {
        name: `${label}: fill ${total.toLocaleString('en')} events`,
        ms: fill,
        note: 'insert ... select generate_series, without the text search index',
      },
    ];
    const timeCase = async (query: () => Promise<unknown>) => {
      await query();
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await query();
        times.push(performance.now() - t);
      }
      return median(times);
    };
    const without: number[] = [];
    for (const [, query] of cases) without.push(await timeCase(query));
    const building = performance.now();
    await db.execute(sql.raw(SEARCH_INDEX_SQL));
    await db.execute(sql`analyze resource_events`);
    rows.push({
      name: `${label}: build the text search index (pg_trgm) over ${total.toLocaleString('en')} events`,
      ms: performance.now() - building,
      note: 'once, by migration 0015',
    });
    for (const [i, [name, query]] of cases.entries()) {
      rows.push({
        name: `${label}: ${name}`,
        ms: await timeCase(query),
        note: `< 50 ms; without the text search index ${without[i]!.toFixed(1)} ms`,
      });
    }
    // What the index costs a writer (the data plane appends events): the same batch of 20,000
    // events with and without it, alternately, twice (medians).
    const withIndex: number[] = [];
    const withoutIndex: number[] = [];
    let next = total + 1;
    for (let round = 0; round < 2; round++) {
      let t = performance.now();
      await insert(next, 20_000);
      withIndex.push(performance.now() - t);
      next += 20_000;
      await db.execute(sql`drop index ${sql.identifier(SEARCH_INDEX)}`);
      t = performance.now();
      await insert(next, 20_000);
      withoutIndex.push(performance.now() - t);
      next += 20_000;
      await db.execute(sql.raw(SEARCH_INDEX_SQL));
    }
    const a = Math.min(...withIndex);
    const b = Math.min(...withoutIndex);
    rows.push({
      name: `${label}: insert 20,000 events (one statement) with the text search index`,
      ms: a,
      note: `without it ${b.toFixed(1)} ms (${(a / b).toFixed(1)}x); best of 2`,
    });
    const plan = await db.execute(sql`
      explain select * from resource_events where customer_id = ${customer} and kind = 'liveStream'
      order by at desc, id desc limit 50`);
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join(' ');
    rows[2]!.note = /Index Scan/.test(text)
      ? `index scan (resource_events_kind_idx); ${rows[2]!.note}`
      : `plan: ${text.slice(0, 80)}`;
    return rows;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await runEventsBench(Number(process.argv[2] ?? 1_000_000))) {
    console.log(`${row.name.padEnd(40)} ${row.ms.toFixed(1).padStart(9)} ms  ${row.note}`);
  }
}
