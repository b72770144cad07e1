/**
 * Retention: raw data-plane events are kept EVENTS_RETENTION_DAYS, the per-minute counters
 * COUNTERS_RETENTION_DAYS (charts and reports read those), batch ids a day (a broker redelivers
 * within minutes), the ad server's servings a day longer than their impression beacons are honoured
 * (ad_servings: a replay of an older beacon is refused as expired anyway). Deleted in bulk, a bounded number of rows per statement, so one pass never
 * holds a long lock; configuration changes in the same table are an audit trail and are kept.
 */
import { DATA_PLANE_ACTIONS } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ROWS_PER_DELETE = 10_000;

export interface RetentionPolicy {
  eventDays: number;
  counterDays: number;
}

export interface RetentionResult {
  events: number;
  minutes: number;
  batches: number;
  servings: number;
}

/** How long a serving is kept after its decision: its beacon's life (IMPRESSION_TTL_S) and a day. */
export const SERVINGS_KEPT_MS = 4 * DAY_MS;

const actions = sql.join(
  DATA_PLANE_ACTIONS.map((a) => sql`${a}`),
  sql`, `,
);

async function deleteInChunks(db: DbOrTx, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(statement());
    const deleted = Number(
      (result as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as { affectedRows?: number }).affectedRows ??
        0,
    );
    total += deleted;
    if (deleted < ROWS_PER_DELETE) return total;
  }
}

export async function applyRetention(
  db: DbOrTx,
  policy: RetentionPolicy,
  now: number,
): Promise<RetentionResult> {
  const eventsBefore = new Date(now - policy.eventDays * DAY_MS).toISOString();
  const minutesBefore = new Date(now - policy.counterDays * DAY_MS).toISOString();
  const batchesBefore = new Date(now - DAY_MS).toISOString();
  const events = await deleteInChunks(
    db,
    () => sql`delete from resource_events where id in (
      select id from resource_events where at < ${eventsBefore} and action in (${actions}) limit ${ROWS_PER_DELETE})`,
  );
  const minutes = await deleteInChunks(
    db,
    () => sql`delete from playback_minutes where (resource_id, minute) in (
      select resource_id, minute from playback_minutes where minute < ${minutesBefore} limit ${ROWS_PER_DELETE})`,
  );
  const batches = await deleteInChunks(
    db,
    () => sql`delete from event_batches where id in (
      select id from event_batches where at < ${batchesBefore} limit ${ROWS_PER_DELETE})`,
  );
  const servingsBefore = new Date(now - SERVINGS_KEPT_MS).toISOString();
  const servings = await deleteInChunks(
    db,
    () => sql`delete from ad_servings where serving_id in (
      select serving_id from ad_servings where decided_at < ${servingsBefore} limit ${ROWS_PER_DELETE})`,
  );
  return { events, minutes, batches, servings };
}
