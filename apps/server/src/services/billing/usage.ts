/**
 * A customer's billable usage for a month (UTC), read from the data plane's rolled-up counters and
 * the resource tables, and the plan(s) in force (plan_changes):
 *
 * - ad impressions: the sum of `playback_minutes.impressions` (every demand source's impression
 *   beacons, live and VOD);
 * - stitched viewer hours: `playback_minutes.viewers` counts the viewer sessions that asked for a
 *   stitched playlist in each minute, so its sum over the month is viewer-minutes; viewer hours =
 *   viewer-minutes / 60 (rounded once to thousandths). This is the fairest figure the counters
 *   give: a viewer is billed for each minute it actually played, never for idle sessions. (A
 *   session reaching two edge processes in the same minute is counted by each: the counters cannot
 *   tell them apart.)
 * - live channels: the live streams that could be played during the month: those active at the
 *   period's end and created before it, plus any live stream (deleted or de-activated since) that
 *   had viewers in the period; each is billed a full channel-month;
 * - VOD hours stored: the durations of the VOD assets stored at the period's end (created before
 *   it), in hours, billed per hour-month.
 *
 * Plan changes cut the month at the start of the change's day (UTC): see invoice-lines.ts.
 */
import { PAYMENT_PLANS, type PaymentPlan, type Usage } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../repositories/playback-minutes.ts';
import type { LineInput, UsageSegment } from './invoice-lines.ts';
import { viewerHoursMilli } from './invoice-lines.ts';
import { formatQuantity } from './money.ts';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => iso(ms).slice(0, 10);
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const asPlan = (value: string): PaymentPlan =>
  (PAYMENT_PLANS as readonly string[]).includes(value) ? (value as PaymentPlan) : 'standard';

/** A month's bounds (UTC): its first instant, the next month's first instant, and its days. */
export function monthBounds(month: string): { start: number; end: number; days: number } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  const start = Date.UTC(year, index, 1);
  const end = Date.UTC(year, index + 1, 1);
  return { start, end, days: Math.round((end - start) / DAY_MS) };
}

/** The month (YYYY-MM, UTC) of an instant. */
export const monthOf = (ms: number) => iso(ms).slice(0, 7);

export interface CustomerForBilling {
  id: string;
  name: string;
  paymentPlan: string;
  paymentCustomerId: string | null;
}

export interface MonthUsage {
  usage: Usage;
  /** What buildInvoiceLines needs (manual lines aside). */
  lineInput: Omit<LineInput, 'manualLines'>;
  period: { start: string; end: string };
}

interface PlanChangeRow {
  at: Date | string;
  from_plan: string;
  to_plan: string;
}

/**
 * The plan parts of [start, end): the plan in force at the start (the first later change's
 * `fromPlan`, else the current plan), then a new part from the start of each change's day.
 */
export function planSegments(
  start: number,
  end: number,
  currentPlan: PaymentPlan,
  changes: readonly { at: number; fromPlan: PaymentPlan; toPlan: PaymentPlan }[],
): { plan: PaymentPlan; start: number; end: number }[] {
  const sorted = [...changes].sort((a, b) => a.at - b.at);
  const parts: { plan: PaymentPlan; start: number }[] = [{ plan: sorted[0]?.fromPlan ?? currentPlan, start }];
  for (const change of sorted) {
    if (change.at >= end) break;
    const boundary = Math.max(start, Math.floor(change.at / DAY_MS) * DAY_MS);
    const last = parts.at(-1)!;
    if (last.start === boundary) last.plan = change.toPlan;
    else parts.push({ plan: change.toPlan, start: boundary });
  }
  const merged: { plan: PaymentPlan; start: number }[] = [];
  for (const part of parts) if (merged.at(-1)?.plan !== part.plan) merged.push(part);
  return merged.map((part, i) => ({ ...part, end: merged[i + 1]?.start ?? end }));
}

/**
 * The customer's usage of `month`, counted up to `now` for the current month. The caller checks
 * the month is not in the future.
 */
export async function monthUsage(
  db: DbOrTx,
  customer: CustomerForBilling,
  month: string,
  now: number,
): Promise<MonthUsage> {
  const bounds = monthBounds(month);
  const to = Math.min(bounds.end, now);
  const [fromIso, toIso] = [iso(bounds.start), iso(to)];

  const changeRows = await rowsOf<PlanChangeRow>(
    db,
    sql`select at, from_plan, to_plan from plan_changes
        where customer_id = ${customer.id} and at >= ${fromIso}::timestamptz
        order by at, id`,
  );
  const changes = changeRows.map((row) => ({
    at: new Date(row.at).getTime(),
    fromPlan: asPlan(row.from_plan),
    toPlan: asPlan(row.to_plan),
  }));
  const parts = planSegments(bounds.start, bounds.end, asPlan(customer.paymentPlan), changes);

  const perDay = await rowsOf<{ day: string; impressions: unknown; viewers: unknown }>(
    db,
    sql`select to_char(date_trunc('day', minute at time zone 'UTC'), 'YYYY-MM-DD') as day,
          sum(impressions) as impressions, sum(viewers) as viewers
        from playback_minutes
        where customer_id = ${customer.id}
          and minute >= ${fromIso}::timestamptz and minute < ${toIso}::timestamptz
        group by 1`,
  );
  const [channels] = await rowsOf<{ n: unknown }>(
    db,
    sql`select count(*) as n from (
          select id from live_streams
          where customer_id = ${customer.id} and created_at < ${toIso}::timestamptz
            and data ->> 'status' = 'active'
          union
          select resource_id as id from playback_minutes
          where customer_id = ${customer.id} and kind = 'liveStream' and viewers > 0
            and minute >= ${fromIso}::timestamptz and minute < ${toIso}::timestamptz
        ) channels`,
  );
  // Durations are seconds (possibly fractional): thousandths of an hour = seconds / 3.6.
  const [vod] = await rowsOf<{ milli: unknown }>(
    db,
    sql`select round(coalesce(sum((data ->> 'duration')::numeric), 0) / 3.6) as milli
        from vod_assets
        where customer_id = ${customer.id} and created_at < ${toIso}::timestamptz
          and jsonb_typeof(data -> 'duration') = 'number'`,
  );

  const segments: UsageSegment[] = parts.map((part) => ({
    plan: part.plan,
    startDay: dayOf(part.start),
    days: Math.round((part.end - part.start) / DAY_MS),
    impressions: 0,
    viewerMinutes: 0,
  }));
  let impressions = 0;
  let viewerMinutes = 0;
  for (const row of perDay) {
    const at = Date.parse(`${row.day}T00:00:00Z`);
    const index = parts.findIndex((part) => at >= part.start && at < part.end);
    const segment = segments[index === -1 ? segments.length - 1 : index]!;
    segment.impressions += num(row.impressions);
    segment.viewerMinutes += num(row.viewers);
    impressions += num(row.impressions);
    viewerMinutes += num(row.viewers);
  }
  const liveChannels = num(channels?.n);
  const vodHoursMilli = BigInt(String(vod?.milli ?? '0').split('.')[0] ?? '0');
  const inWindow = changes.filter((change) => change.at < to);

  return {
    usage: {
      customerId: customer.id,
      month,
      from: fromIso,
      to: toIso,
      plan: parts.findLast((part) => part.start < to)?.plan ?? parts[0]!.plan,
      quantities: {
        impressions,
        viewerHours: formatQuantity(viewerHoursMilli(viewerMinutes)),
        liveChannels,
        vodHours: formatQuantity(vodHoursMilli),
      },
      planChanges: inWindow.map((change) => ({
        at: iso(change.at),
        fromPlan: change.fromPlan,
        toPlan: change.toPlan,
      })),
    },
    lineInput: { monthDays: bounds.days, segments, liveChannels, vodHoursMilli },
    period: { start: dayOf(bounds.start), end: dayOf(bounds.end - DAY_MS) },
  };
}
