/**
 * Retention: raw data-plane events are kept EVENTS_RETENTION_DAYS, the per-minute counters
 * COUNTERS_RETENTION_DAYS (charts and reports read those), batch ids a day (a broker redelivers
 * within minutes), the ad server's servings a day longer than their impression beacons are honoured
 * (ad_servings: a replay of an older beacon is refused as expired anyway), and a viewer's
 * frequency-cap count once its period has ended (ad_frequency; see frequencyRowsEnded), and what the
 * sweeps given by app.ts delete (a sign-in or mail counter once its window has ended). Deleted in
 * bulk, a bounded number of rows per statement, so one pass never holds a long lock; configuration
 * changes in the same table are an audit trail and are kept.
 */
import { DATA_PLANE_ACTIONS, parseSpecDateTime } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

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
  frequency: number;
}

/**
 * Sweeps of the API side's own short-lived rows that run with the data plane's (the sign-in and
 * mail counters: app.ts gives repositories/auth-failures.ts's purge), each answering how many rows
 * went, reported under its name. The edge imports no repository: it is handed them.
 */
export type RetentionSweeps = Readonly<Record<string, (db: DbOrTx, now: Date) => Promise<number>>>;

/** How long a serving is kept after its decision: its beacon's life (IMPRESSION_TTL_S) and a day. */
export const SERVINGS_KEPT_MS = 4 * DAY_MS;

const actions = sql.join(
  DATA_PLANE_ACTIONS.map((a) => sql`${a}`),
  sql`, `,
);

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/**
 * How long an hour, day or week frequency count is kept after its period's start: the longest of
 * those periods (a week) and a day. A campaign-long period (its start is the flight's) lasts as
 * long as the campaign runs; its counts go a day after the campaign's end date, or once the
 * campaign is gone or counts by another period.
 */
export const FREQUENCY_KEPT_MS = 8 * DAY_MS;

/** The campaigns whose campaign-long frequency period is still running at `now`. */
async function campaignLongPeriodsRunning(db: DbOrTx, now: number): Promise<string[]> {
  const rows = rowsOf<{ id: string; end_date: string | null }>(
    await db.execute(sql`select id, data->>'endDate' as end_date from campaigns
      where data->>'frequencyPeriod' = 'campaign'`),
  );
  return rows
    .filter((row) => {
      const end = row.end_date ? parseSpecDateTime(row.end_date) : null;
      return end === null || end > now - DAY_MS;
    })
    .map((row) => row.id);
}

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
  sweeps: RetentionSweeps = {},
): Promise<RetentionResult & Record<string, number>> {
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
  const frequencyBefore = new Date(now - FREQUENCY_KEPT_MS).toISOString();
  const running = await campaignLongPeriodsRunning(db, now);
  const keep =
    running.length === 0
      ? sql`true`
      : sql`campaign_id not in (${sql.join(
          running.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const frequency = await deleteInChunks(
    db,
    () => sql`delete from ad_frequency where (campaign_id, viewer_key, period_start) in (
      select campaign_id, viewer_key, period_start from ad_frequency
      where period_start < ${frequencyBefore} and ${keep} limit ${ROWS_PER_DELETE})`,
  );
  const swept: Record<string, number> = {};
  for (const [name, sweep] of Object.entries(sweeps)) swept[name] = await sweep(db, new Date(now));
  return { ...swept, events, minutes, batches, servings, frequency };
}
