/**
 * The built-in ad server's delivery counters in the database (ad_delivery_days, ad_frequency:
 * db/schema/ad-delivery.ts), so that budgets, pacing and frequency caps hold across every process
 * serving one account.
 *
 * A decision reads the served counts (kept a second per account by the ad server, today's rows
 * only; the days before once a minute) and knows the viewer's frequency counts from its own
 * reservations; the pod it picks is then reserved with one statement that checks every chosen
 * campaign against its booked impressions, daily budget and the viewer's cap as the database has
 * them and, for those within, increments `served` (one atomic upsert per campaign, day and stream)
 * and the viewer's frequency count. On PostgreSQL that statement runs in a transaction holding each
 * budgeted or capped campaign's advisory lock (taken in id order: no deadlock), so two processes
 * cannot both take the last impression; embedded PGlite runs one statement at a time anyway. A
 * campaign another process filled meanwhile is refused there: the decision drops it and fills
 * the pod again without it.
 *
 * An impression (its signed beacon, signing.ts) adds one impression and the campaign's revenue per
 * impression to the day's row, with one atomic upsert too.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The resource id of a decision that names no stream or asset. */
export const NO_RESOURCE = '00000000-0000-0000-0000-000000000000';

/** What the frequency table keeps of a viewer: a hash, scoped to the account. */
export function viewerKeyOf(customerId: string, viewer: string): string {
  return createHash('sha256').update(`${customerId}\n${viewer}`).digest('base64url').slice(0, 32);
}

export type ServedCounts = Map<string, { total: number; today: number }>;

/** Ads served per campaign of the account: on `day` (UTC), or before it (`before`). */
export async function readServedOf(
  db: DbOrTx,
  customerId: string,
  day: string,
  which: 'today' | 'before',
): Promise<Map<string, number>> {
  const when = which === 'today' ? sql`day = ${day}::date` : sql`day < ${day}::date`;
  const rows = rowsOf<{ campaign_id: string; served: number | string }>(
    await db.execute(sql`select campaign_id, sum(served)::float8 as served from ad_delivery_days
      where customer_id = ${customerId}::uuid and ${when} group by campaign_id`),
  );
  return new Map(rows.map((row) => [row.campaign_id, Number(row.served)]));
}

/** Served so far and today, from the counts before today and today's. */
export function servedCounts(
  before: ReadonlyMap<string, number>,
  today: ReadonlyMap<string, number>,
): ServedCounts {
  const out: ServedCounts = new Map();
  for (const [id, n] of before) out.set(id, { total: n, today: 0 });
  for (const [id, n] of today) out.set(id, { total: (out.get(id)?.total ?? 0) + n, today: n });
  return out;
}

export interface Reservation {
  campaignId: string;
  /** 0: open-ended. */
  bookedImpressions: number;
  dailyBudget: number | null;
  /** 0: none. */
  frequencyCap: number;
  periodStart: number;
}

export interface ReservationResult {
  campaignId: string;
  reserved: boolean;
  /** The counts the database had before this reservation. */
  total: number;
  today: number;
  seen: number;
}

/**
 * Reserves a pod's ads (see the file's comment): answers, per campaign, whether it was reserved
 * and the counts that decided it.
 */
export async function reserve(
  db: Db,
  scope: { customerId: string; resourceId: string; day: string; viewerKey: string },
  wanted: readonly Reservation[],
  options: { exclusive?: boolean } = {},
): Promise<ReservationResult[]> {
  if (wanted.length === 0) return [];
  // On a database that runs one statement at a time for one process (PGlite), the statement alone
  // is atomic: no lock, no transaction.
  const guarded = options.exclusive
    ? []
    : wanted
        .filter((w) => w.bookedImpressions > 0 || w.dailyBudget !== null || w.frequencyCap > 0)
        .map((w) => w.campaignId)
        .sort();
  const values = sql.join(
    wanted.map(
      (w) =>
        sql`(${w.campaignId}::uuid, ${w.bookedImpressions}::float8, ${w.dailyBudget}::float8, ${w.frequencyCap}::int, ${new Date(w.periodStart).toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const statement = sql`with want(campaign_id, booked, daily, cap, period_start) as (values ${values}),
    counted as (
      select w.*,
        case when w.booked > 0 then coalesce((select sum(d.served) from ad_delivery_days d
          where d.campaign_id = w.campaign_id), 0)::float8 else 0 end as total,
        case when w.daily is not null then coalesce((select sum(d.served) from ad_delivery_days d
          where d.campaign_id = w.campaign_id and d.day = ${scope.day}::date), 0)::float8 else 0 end as today,
        case when w.cap > 0 then coalesce((select f.count from ad_frequency f where f.campaign_id = w.campaign_id
          and f.viewer_key = ${scope.viewerKey} and f.period_start = w.period_start), 0) else 0 end as seen
      from want w
    ),
    ok as (
      select * from counted
      where (booked = 0 or total < booked) and (daily is null or today < daily) and (cap = 0 or seen < cap)
    ),
    served as (
      insert into ad_delivery_days (campaign_id, day, resource_id, customer_id, served)
      select campaign_id, ${scope.day}::date, ${scope.resourceId}::uuid, ${scope.customerId}::uuid, 1 from ok
      on conflict (campaign_id, day, resource_id) do update set served = ad_delivery_days.served + 1
      returning campaign_id
    ),
    counted_viewer as (
      insert into ad_frequency (campaign_id, viewer_key, period_start, count)
      select campaign_id, ${scope.viewerKey}, period_start, 1 from ok where cap > 0
      on conflict (campaign_id, viewer_key, period_start) do update set count = ad_frequency.count + 1
      returning campaign_id
    )
    select c.campaign_id, c.total, c.today, c.seen,
      exists (select 1 from served s where s.campaign_id = c.campaign_id) as reserved
    from counted c`;
  const run = async (tx: DbOrTx) => {
    if (guarded.length > 0) {
      const keys = sql.join(
        guarded.map((id) => sql`(${`ads:${id}`})`),
        sql`, `,
      );
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0))
        from (select k from (values ${keys}) as v(k) order by k) as ordered`);
    }
    return rowsOf<{
      campaign_id: string;
      total: number | string;
      today: number | string;
      seen: number | string;
      reserved: boolean;
    }>(await tx.execute(statement));
  };
  const rows = guarded.length > 0 ? await db.transaction(run) : await run(db);
  return rows.map((row) => ({
    campaignId: row.campaign_id,
    reserved: row.reserved === true,
    total: Number(row.total),
    today: Number(row.today),
    seen: Number(row.seen),
  }));
}

/** Undoes reservations (a pod decided again without a campaign another process filled). */
export async function release(
  db: DbOrTx,
  scope: { day: string; resourceId: string; viewerKey: string },
  reserved: readonly Reservation[],
): Promise<void> {
  if (reserved.length === 0) return;
  const ids = sql.join(
    reserved.map((r) => sql`${r.campaignId}::uuid`),
    sql`, `,
  );
  await db.execute(sql`update ad_delivery_days set served = greatest(served - 1, 0)
    where campaign_id in (${ids}) and day = ${scope.day}::date and resource_id = ${scope.resourceId}::uuid`);
  const capped = reserved.filter((r) => r.frequencyCap > 0);
  if (capped.length === 0) return;
  const pairs = sql.join(
    capped.map((r) => sql`(${r.campaignId}::uuid, ${new Date(r.periodStart).toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`update ad_frequency set count = greatest(count - 1, 0)
    where viewer_key = ${scope.viewerKey} and (campaign_id, period_start) in (${pairs})`);
}

/** Counts one impression of a campaign's ad and its revenue (one atomic upsert). */
export async function recordImpression(
  db: DbOrTx,
  impression: {
    campaignId: string;
    customerId: string;
    resourceId: string;
    day: string;
    revenueMillicents: number;
  },
): Promise<void> {
  await db.execute(sql`insert into ad_delivery_days
      (campaign_id, day, resource_id, customer_id, impressions, revenue_millicents)
    values (${impression.campaignId}::uuid, ${impression.day}::date, ${impression.resourceId}::uuid,
      ${impression.customerId}::uuid, 1, ${impression.revenueMillicents})
    on conflict (campaign_id, day, resource_id) do update set
      impressions = ad_delivery_days.impressions + 1,
      revenue_millicents = ad_delivery_days.revenue_millicents + excluded.revenue_millicents`);
}
