/**
 * The ad breaks of a stream or asset, read back from the data plane's events (resource_events:
 * one ad-decision event per viewer per break, ad-server errors and beacons beside them): the
 * timeline groups them by break, a break's diagnostics list its viewers' decisions.
 */
import {
  type AdDecisionData,
  BREAK_DECISIONS_LIMIT,
  BREAK_LIST_LIMIT,
  type BreakDecision,
  type BreakSummary,
  SKIP_REASON_CODES,
  type SkipReason,
} from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export interface BreakScope {
  customerId: string;
  kind: 'liveStream' | 'vod';
  resourceId: string;
  from: Date;
  to: Date;
}

interface SummaryRow extends Record<string, unknown> {
  avail_id: string;
  at: Date | string;
  avail_seconds: number | null;
  viewers: number;
  filled: number;
  partial: number;
  slate: number;
  content: number;
  ad_seconds: number | null;
  errors: number;
  top_reason: string | null;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const isReason = (value: unknown): value is SkipReason =>
  typeof value === 'string' && (SKIP_REASON_CODES as readonly string[]).includes(value);

const toSummary = (row: SummaryRow): BreakSummary => ({
  availId: row.avail_id,
  at: new Date(row.at).toISOString(),
  availSeconds: row.avail_seconds === null ? null : Number(row.avail_seconds),
  viewers: Number(row.viewers),
  filled: Number(row.filled),
  partial: Number(row.partial),
  slate: Number(row.slate),
  content: Number(row.content),
  adSeconds: Math.round(Number(row.ad_seconds ?? 0) * 10) / 10,
  errors: Number(row.errors),
  topReason: isReason(row.top_reason) ? row.top_reason : null,
});

/** The summary columns of the breaks of a scope, grouped by break (filtered to one when given). */
function summaryQuery(scope: BreakScope, availId?: string) {
  const decision = sql`action = 'ad-decision'`;
  return sql<SummaryRow>`
    select avail_id,
      min(at) filter (where ${decision}) as at,
      max((data->>'availSeconds')::float) filter (where ${decision}) as avail_seconds,
      count(*) filter (where ${decision})::int as viewers,
      count(*) filter (where ${decision} and data->>'outcome' = 'filled')::int as filled,
      count(*) filter (where ${decision} and data->>'outcome' = 'partial')::int as partial,
      count(*) filter (where ${decision} and data->>'outcome' = 'slate')::int as slate,
      count(*) filter (where ${decision} and data->>'outcome' = 'content')::int as content,
      avg((data->>'adSeconds')::float) filter (where ${decision}) as ad_seconds,
      count(*) filter (where action = 'ad-server-error')::int as errors,
      mode() within group (order by data->>'reason') filter (where ${decision} and data->>'reason' is not null) as top_reason
    from resource_events
    where customer_id = ${scope.customerId} and kind = ${scope.kind} and resource_id = ${scope.resourceId}
      and action in ('ad-decision', 'ad-server-error') and avail_id is not null
      and at >= ${scope.from.toISOString()} and at <= ${scope.to.toISOString()}
      ${availId === undefined ? sql`` : sql`and avail_id = ${availId}`}
    group by avail_id
    having count(*) filter (where ${decision}) > 0
    order by min(at) filter (where ${decision}) desc
    limit ${BREAK_LIST_LIMIT}`;
}

/** The breaks of the period, newest first. */
export async function listBreaks(db: DbOrTx, scope: BreakScope): Promise<BreakSummary[]> {
  return rowsOf<SummaryRow>(await db.execute(summaryQuery(scope))).map(toSummary);
}

interface DecisionRow extends Record<string, unknown> {
  at: Date | string;
  session_id: string | null;
  data: AdDecisionData;
}

interface BeaconRow extends Record<string, unknown> {
  event: string;
  sent: number;
  failed: number;
}

/** One break's diagnostics, or undefined when the period has no decision of it. */
export async function breakDetail(db: DbOrTx, scope: BreakScope, availId: string) {
  const [summary] = rowsOf<SummaryRow>(await db.execute(summaryQuery(scope, availId))).map(toSummary);
  if (!summary) return undefined;
  const inBreak = sql`customer_id = ${scope.customerId} and kind = ${scope.kind}
    and resource_id = ${scope.resourceId} and avail_id = ${availId}
    and at >= ${scope.from.toISOString()} and at <= ${scope.to.toISOString()}`;
  const decisions = rowsOf<DecisionRow>(
    await db.execute(sql`select at, session_id, data from resource_events
      where ${inBreak} and action = 'ad-decision'
      order by at desc, id desc limit ${BREAK_DECISIONS_LIMIT}`),
  ).map(
    (row): BreakDecision => ({
      ...row.data,
      at: new Date(row.at).toISOString(),
      sessionId: row.session_id,
    }),
  );
  const beacons = rowsOf<BeaconRow>(
    await db.execute(sql`select data->>'event' as event,
        coalesce(sum((data->>'urls')::int - (data->>'failed')::int), 0)::int as sent,
        coalesce(sum((data->>'failed')::int), 0)::int as failed
      from resource_events where ${inBreak} and action = 'beacon'
      group by 1 order by 1`),
  ).map((row) => ({ event: row.event, sent: Number(row.sent), failed: Number(row.failed) }));
  return { summary, decisions, beacons };
}
