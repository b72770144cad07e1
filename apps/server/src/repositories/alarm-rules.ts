import type { AlarmMetric, AlarmRule, AlarmRuleInput } from '@cuepoint/core';
import { and, asc, desc, eq, gte, inArray, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  type AlarmRuleRow,
  alarmRules,
  customers,
  liveStreams,
  playbackMinutes,
  vodAssets,
} from '../db/schema/index.ts';

export type { AlarmRuleRow };

/** A rule as the API answers it: the row with its customer's and stream's names. */
export interface AlarmRuleView extends AlarmRuleRow {
  customerName: string;
  resourceName: string | null;
}

const resourceName = sql<
  string | null
>`coalesce(${liveStreams.data} ->> 'name', ${vodAssets.data} ->> 'name')`;

function selectRules(db: DbOrTx) {
  return db
    .select({
      id: alarmRules.id,
      customerId: alarmRules.customerId,
      resourceId: alarmRules.resourceId,
      metric: alarmRules.metric,
      threshold: alarmRules.threshold,
      windowMinutes: alarmRules.windowMinutes,
      severity: alarmRules.severity,
      enabled: alarmRules.enabled,
      createdAt: alarmRules.createdAt,
      updatedAt: alarmRules.updatedAt,
      updatedBy: alarmRules.updatedBy,
      customerName: customers.name,
      resourceName,
    })
    .from(alarmRules)
    .innerJoin(customers, eq(customers.id, alarmRules.customerId))
    .leftJoin(liveStreams, eq(liveStreams.id, alarmRules.resourceId))
    .leftJoin(vodAssets, eq(vodAssets.id, alarmRules.resourceId));
}

/** Every rule, by customer name, then newest first. */
export async function listAlarmRules(db: DbOrTx): Promise<AlarmRuleView[]> {
  return selectRules(db).orderBy(asc(customers.name), desc(alarmRules.createdAt), asc(alarmRules.id));
}

export async function findAlarmRule(db: DbOrTx, id: string): Promise<AlarmRuleView | undefined> {
  const [row] = await selectRules(db).where(eq(alarmRules.id, id));
  return row;
}

/** One rule, locked for an update or a delete. */
export async function lockAlarmRule(db: DbOrTx, id: string): Promise<AlarmRuleRow | undefined> {
  const [row] = await db.select().from(alarmRules).where(eq(alarmRules.id, id)).for('update');
  return row;
}

export async function insertAlarmRule(db: DbOrTx, rule: AlarmRuleInput, by: string): Promise<string> {
  const [row] = await db
    .insert(alarmRules)
    .values({ ...rule, updatedBy: by })
    .returning({ id: alarmRules.id });
  return row!.id;
}

export async function updateAlarmRule(
  db: DbOrTx,
  id: string,
  rule: AlarmRuleInput,
  by: string,
): Promise<void> {
  await db
    .update(alarmRules)
    .set({ ...rule, updatedBy: by, updatedAt: new Date() })
    .where(eq(alarmRules.id, id));
}

export async function deleteAlarmRule(db: DbOrTx, id: string): Promise<void> {
  await db.delete(alarmRules).where(eq(alarmRules.id, id));
}

/** Whether `resourceId` is a live stream or VOD asset of `customerId` (locked for share). */
export async function isStreamOfCustomer(
  db: DbOrTx,
  resourceId: string,
  customerId: string,
): Promise<boolean> {
  for (const table of [liveStreams, vodAssets]) {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, resourceId), eq(table.customerId, customerId)))
      .for('share');
    if (row) return true;
  }
  return false;
}

/** Every customer account (id and name, by name): what a rule may name. */
export async function listRuleCustomers(db: DbOrTx): Promise<{ id: string; name: string }[]> {
  return db.select({ id: customers.id, name: customers.name }).from(customers).orderBy(asc(customers.name));
}

/** The names of streams and VOD assets by id (those that exist). */
export async function streamNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = new Map<string, string>();
  for (const table of [liveStreams, vodAssets]) {
    const rows = await db
      .select({ id: table.id, name: sql<string>`${table.data} ->> 'name'` })
      .from(table)
      .where(inArray(table.id, [...ids]));
    for (const row of rows) found.set(row.id, row.name);
  }
  return found;
}

/** Where a rule looks: its customer's counters, or one stream's. */
const scopeOf = (rule: Pick<AlarmRuleRow, 'customerId' | 'resourceId'>) =>
  and(
    eq(playbackMinutes.customerId, rule.customerId),
    rule.resourceId ? eq(playbackMinutes.resourceId, rule.resourceId) : undefined,
  );

const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::float8`.mapWith(Number);

export interface WindowTotals {
  resourceId: string;
  adRequests: number;
  adFailures: number;
  availSeconds: number;
  adSeconds: number;
}

/** Each stream's summed ad counters of the minutes from `from` to `to` (inclusive), in the rule's scope. */
export async function windowTotals(
  db: DbOrTx,
  rule: Pick<AlarmRuleRow, 'customerId' | 'resourceId'>,
  from: Date,
  to: Date,
): Promise<WindowTotals[]> {
  return db
    .select({
      resourceId: playbackMinutes.resourceId,
      adRequests: total(playbackMinutes.adRequests),
      adFailures:
        sql<number>`coalesce(sum(${playbackMinutes.adErrors} + ${playbackMinutes.adTimeouts}), 0)::float8`.mapWith(
          Number,
        ),
      availSeconds: total(playbackMinutes.availSeconds),
      adSeconds: total(playbackMinutes.adSeconds),
    })
    .from(playbackMinutes)
    .where(and(scopeOf(rule), gte(playbackMinutes.minute, from), lte(playbackMinutes.minute, to)))
    .groupBy(playbackMinutes.resourceId);
}

/**
 * Each stream's count of trailing minutes in which every origin request failed: consecutive minutes
 * up to the latest one with origin requests, when that one is `latest` or the minute before it
 * (no recent traffic is no evidence of an outage). Minutes from `from` on: at most an hour of rows
 * per stream, walked newest first.
 */
export async function originOutageMinutes(
  db: DbOrTx,
  rule: Pick<AlarmRuleRow, 'customerId' | 'resourceId'>,
  from: Date,
  latest: Date,
): Promise<{ resourceId: string; minutes: number }[]> {
  const rows = await db
    .select({
      resourceId: playbackMinutes.resourceId,
      minute: playbackMinutes.minute,
      failed: sql<boolean>`${playbackMinutes.originErrors} >= ${playbackMinutes.originRequests}`,
    })
    .from(playbackMinutes)
    .where(
      and(
        scopeOf(rule),
        gte(playbackMinutes.minute, from),
        lte(playbackMinutes.minute, latest),
        sql`${playbackMinutes.originRequests} > 0`,
      ),
    )
    .orderBy(asc(playbackMinutes.resourceId), desc(playbackMinutes.minute));
  const out = new Map<string, number>();
  let current: { id: string; expected: number; done: boolean } | undefined;
  for (const row of rows) {
    const at = row.minute.getTime();
    if (current?.id !== row.resourceId) {
      const recent = at >= latest.getTime() - 60_000;
      current = { id: row.resourceId, expected: at, done: !recent };
      out.set(row.resourceId, 0);
    }
    if (current.done) continue;
    if (at !== current.expected || !row.failed) {
      current.done = true;
      continue;
    }
    out.set(row.resourceId, (out.get(row.resourceId) ?? 0) + 1);
    current.expected = at - 60_000;
  }
  return [...out].map(([resourceId, minutes]) => ({ resourceId, minutes }));
}

/** Every rule the evaluator reads. */
export async function allAlarmRules(db: DbOrTx): Promise<AlarmRuleRow[]> {
  return db.select().from(alarmRules);
}

export const metricOf = (rule: AlarmRuleRow) => rule.metric as AlarmMetric;

/** The API shape of a rule. */
export function toAlarmRuleDto(row: AlarmRuleView): AlarmRule {
  return {
    _id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    metric: row.metric as AlarmMetric,
    threshold: row.threshold,
    windowMinutes: row.windowMinutes,
    severity: row.severity,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}
