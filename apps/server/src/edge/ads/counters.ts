/**
 * The built-in ad server's delivery counters in the database (ad_delivery_days, ad_servings,
 * ad_frequency: db/schema/ad-delivery.ts), so that budgets, pacing and frequency caps hold across
 * every process serving one account.
 *
 * What is counted when (docs/architecture.md, "What the ad server counts"):
 * - A decision places an ad: `served` grows (ads placed in answers, a fill figure), and the ad's
 *   serving id is held in ad_servings as a reservation until `expiresAt` (the break's start plus
 *   RESERVATION_HOLD_S, at most MAX_HOLD_S): it holds one of the campaign's booked impressions and
 *   one of its daily budget while the ad is on its way to a viewer.
 * - The ad's impression beacon arrives: the serving id is marked counted, `impressions` and
 *   `revenue_millicents` grow, and the reservation becomes the impression. A replay of the same
 *   beacon finds it counted and counts nothing (one atomic upsert: across processes too).
 * - A reservation whose impression never came expires and holds nothing: anonymous decisions can
 *   hold a campaign's last impressions for minutes, never spend them.
 *
 * Booked impressions and daily budgets are therefore spent by impressions (and held by the
 * reservations in flight): `spent = impressions + live reservations`. A beacon that arrives after
 * its reservation expired still counts (the viewer saw the ad): a campaign may end a few
 * impressions over its booking, never under it because of decisions nobody played.
 *
 * A decision reads the spent counts (kept a second per account by the ad server, today's rows and
 * live reservations; the impressions of the days before once a minute) and knows the viewer's
 * frequency counts from its own reservations; the pod it picks is then reserved with one statement
 * that checks every chosen campaign against its booked impressions, daily budget and the viewer's
 * cap as the database has them and, for those within, inserts the reservations, increments
 * `served` and the viewer's frequency count. On PostgreSQL that statement runs in a transaction
 * holding each budgeted or capped campaign's advisory lock (taken in id order: no deadlock), so two
 * processes cannot both take the last impression; embedded PGlite runs one statement at a time
 * anyway. A campaign another process filled meanwhile is refused there: the decision drops it and
 * fills the pod again without it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** The resource id of a decision that names no stream or asset. */
export const NO_RESOURCE = '00000000-0000-0000-0000-000000000000';

/** What the frequency table keeps of a viewer: a hash, scoped to the account. */
export function viewerKeyOf(customerId: string, viewer: string): string {
  return createHash('sha256').update(`${customerId}\n${viewer}`).digest('base64url').slice(0, 32);
}

export type ServedCounts = Map<string, { total: number; today: number }>;

/**
 * What each campaign of the account has spent of its bookings: the impressions counted on `day`
 * (UTC) and the reservations live at `now` (`today`), or the impressions counted before `day`
 * (`before`).
 */
export async function readServedOf(
  db: DbOrTx,
  customerId: string,
  day: string,
  which: 'today' | 'before',
  now = Date.now(),
): Promise<Map<string, number>> {
  const rows =
    which === 'before'
      ? rowsOf<{ campaign_id: string; spent: number | string }>(
          await db.execute(sql`select campaign_id, sum(impressions)::float8 as spent from ad_delivery_days
            where customer_id = ${customerId}::uuid and day < ${day}::date group by campaign_id`),
        )
      : rowsOf<{ campaign_id: string; spent: number | string }>(
          await db.execute(sql`select campaign_id, sum(n)::float8 as spent from (
              select campaign_id, impressions as n from ad_delivery_days
                where customer_id = ${customerId}::uuid and day = ${day}::date
              union all
              select campaign_id, count(*) as n from ad_servings
                where customer_id = ${customerId}::uuid and counted_at is null
                  and expires_at > ${new Date(now).toISOString()}::timestamptz
                group by campaign_id
            ) as spent group by campaign_id`),
        );
  return new Map(rows.map((row) => [row.campaign_id, Number(row.spent)]));
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

/** How long a decided ad holds its campaign's booking after its break starts (seconds). */
export const RESERVATION_HOLD_S = 300;
/** The longest a reservation holds (a VOD mid-roll hours into an asset waits no longer). */
export const MAX_HOLD_S = 6 * 3_600;

export interface Reservation {
  campaignId: string;
  /** The decided ad's serving id (its impression beacon's `i`). */
  servingId: string;
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
  /** The counts the database had before this reservation (spent: impressions and live holds). */
  total: number;
  today: number;
  seen: number;
}

export interface ReservationScope {
  customerId: string;
  resourceId: string;
  day: string;
  viewerKey: string;
  /** The decision's time (epoch ms). */
  now: number;
  /** Until when the reservations hold (epoch ms). */
  expiresAt: number;
}

/**
 * Reserves a pod's ads (see the file's comment): answers, per campaign, whether it was reserved
 * and the counts that decided it.
 */
export async function reserve(
  db: Db,
  scope: ReservationScope,
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
      (w, i) =>
        sql`(${i}::int, ${w.campaignId}::uuid, ${w.servingId}::uuid, ${w.bookedImpressions}::float8, ${w.dailyBudget}::float8, ${w.frequencyCap}::int, ${new Date(w.periodStart).toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const now = new Date(scope.now).toISOString();
  const statement = sql`with want(ord, campaign_id, serving_id, booked, daily, cap, period_start) as (values ${values}),
    held as (
      select w.ord, case when w.booked > 0 or w.daily is not null then
        (select count(*) from ad_servings s where s.campaign_id = w.campaign_id and s.counted_at is null
          and s.expires_at > ${now}::timestamptz) else 0 end::float8 as n
      from want w
    ),
    counted as (
      select w.*,
        case when w.booked > 0 then coalesce((select sum(d.impressions) from ad_delivery_days d
          where d.campaign_id = w.campaign_id), 0)::float8 + h.n else 0 end as total,
        case when w.daily is not null then coalesce((select sum(d.impressions) from ad_delivery_days d
          where d.campaign_id = w.campaign_id and d.day = ${scope.day}::date), 0)::float8 + h.n else 0 end as today,
        case when w.cap > 0 then coalesce((select f.count from ad_frequency f where f.campaign_id = w.campaign_id
          and f.viewer_key = ${scope.viewerKey} and f.period_start = w.period_start), 0) else 0 end as seen
      from want w join held h on h.ord = w.ord
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
    holding as (
      insert into ad_servings (serving_id, campaign_id, customer_id, resource_id, decided_at, expires_at)
      select serving_id, campaign_id, ${scope.customerId}::uuid, ${scope.resourceId}::uuid,
        ${now}::timestamptz, ${new Date(scope.expiresAt).toISOString()}::timestamptz from ok
      returning serving_id
    ),
    counted_viewer as (
      insert into ad_frequency (campaign_id, viewer_key, period_start, count)
      select campaign_id, ${scope.viewerKey}, period_start, 1 from ok where cap > 0
      on conflict (campaign_id, viewer_key, period_start) do update set count = ad_frequency.count + 1
      returning campaign_id
    )
    select c.campaign_id, c.total, c.today, c.seen,
      exists (select 1 from served s where s.campaign_id = c.campaign_id)
        and exists (select 1 from holding h where h.serving_id = c.serving_id) as reserved
    from counted c order by c.ord`;
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
  const servings = sql.join(
    reserved.map((r) => sql`${r.servingId}::uuid`),
    sql`, `,
  );
  await db.execute(sql`delete from ad_servings where serving_id in (${servings}) and counted_at is null`);
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

/**
 * Counts one impression of a decided ad and its revenue, once per serving id: the first beacon
 * marks the serving counted (its reservation becomes the impression) and adds to the day's row;
 * a replay, in this process or any other, finds it counted and adds nothing. One statement.
 * Answers whether this call counted it.
 */
export async function recordImpression(
  db: DbOrTx,
  impression: {
    servingId: string;
    campaignId: string;
    customerId: string;
    resourceId: string;
    /** When the ad was decided (epoch ms; the beacon's `t`). */
    decidedAt: number;
    /** When the impression is counted (epoch ms). */
    now: number;
    day: string;
    revenueMillicents: number;
  },
): Promise<boolean> {
  const decidedAt = new Date(impression.decidedAt).toISOString();
  const now = new Date(impression.now).toISOString();
  const rows = rowsOf<{ campaign_id: string }>(
    await db.execute(sql`with claimed as (
      insert into ad_servings (serving_id, campaign_id, customer_id, resource_id, decided_at, expires_at, counted_at)
      values (${impression.servingId}::uuid, ${impression.campaignId}::uuid, ${impression.customerId}::uuid,
        ${impression.resourceId}::uuid, ${decidedAt}::timestamptz, ${decidedAt}::timestamptz, ${now}::timestamptz)
      on conflict (serving_id) do update set counted_at = excluded.counted_at
        where ad_servings.counted_at is null
      returning serving_id
    )
    insert into ad_delivery_days (campaign_id, day, resource_id, customer_id, impressions, revenue_millicents)
    select ${impression.campaignId}::uuid, ${impression.day}::date, ${impression.resourceId}::uuid,
      ${impression.customerId}::uuid, 1, ${impression.revenueMillicents}::bigint from claimed
    on conflict (campaign_id, day, resource_id) do update set
      impressions = ad_delivery_days.impressions + 1,
      revenue_millicents = ad_delivery_days.revenue_millicents + excluded.revenue_millicents
    returning campaign_id`),
  );
  return rows.length > 0;
}
