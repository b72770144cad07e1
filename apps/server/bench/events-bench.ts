/**
 * The log viewer's queries at a million events (issue 7: "an index that keeps the query fast at a
 * million rows"). Fills an in-memory PGlite (the embedded default) with 1,000,000 events spread
 * over 4 customers, 5 kinds, 200 resources and 30 days, then times the queries GET /events makes
 * (median of several runs each) and reports whether the plan is an index scan.
 */
import { type EventListQuery, eventListQuerySchema, RESOURCE_KINDS } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { customers } from '../src/db/schema/index.ts';
import { listEvents, tailEvents } from '../src/repositories/resource-events.ts';

export interface EventsBenchRow {
  name: string;
  ms: number;
  note: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runEventsBench(total = 1_000_000): Promise<EventsBenchRow[]> {
  const database = await openDatabase({ driver: 'pglite' });
  const { db } = database;
  try {
    await database.migrate();
    const made = await db
      .insert(customers)
      .values([0, 1, 2, 3].map((i) => ({ name: `Bench ${i}`, subDomainName: `bench-${i}` })))
      .returning({ id: customers.id });
    const ids = made.map((c) => c.id);
    const kinds = RESOURCE_KINDS;
    const started = performance.now();
    // One statement per 250k rows keeps PGlite's memory flat.
    for (let offset = 0; offset < total; offset += 250_000) {
      const count = Math.min(250_000, total - offset);
      await db.execute(sql`
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
        from generate_series(${offset + 1}::int, ${offset + count}::int) as g`);
    }
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
      ['live tail after the newest id', () => tailEvents(db, q({}), customer, total - 10), ''],
      ['main administrator, all customers', () => listEvents(db, q({}), null), ''],
    ];
    const rows: EventsBenchRow[] = [
      {
        name: `fill ${total.toLocaleString('en')} events`,
        ms: fill,
        note: 'insert ... select generate_series',
      },
    ];
    for (const [name, query] of cases) {
      await query();
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await query();
        times.push(performance.now() - t);
      }
      rows.push({ name, ms: median(times), note: '' });
    }
    const plan = await db.execute(sql`
      explain select * from resource_events where customer_id = ${customer} and kind = 'liveStream'
      order by at desc, id desc limit 50`);
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join(' ');
    rows[1]!.note = /Index Scan/.test(text)
      ? 'index scan (resource_events_kind_idx)'
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
