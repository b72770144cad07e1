/**
 * The alarm rules' evaluator: reads every rule's condition from the data plane's per-minute
 * counters (playback_minutes), raises one alarm per rule and object (stream or VOD asset) while
 * the condition holds and clears it (cleared_at) once it ends. One evaluation at a time across
 * processes: the transaction holds a PostgreSQL advisory lock, and an evaluation that cannot take
 * it does nothing (another process is evaluating).
 */
import { ALARM_METRIC_INFO, type AlarmMetric, alarmRuleMessage } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import type { AlarmRow } from '../db/schema/index.ts';
import {
  type AlarmRuleRow,
  allAlarmRules,
  metricOf,
  originOutageMinutes,
  streamNames,
  windowTotals,
} from '../repositories/alarm-rules.ts';
import { clearAlarms, insertAlarm, openRuleAlarms } from '../repositories/alarms.ts';

/** The advisory lock key of an evaluation (any constant no other part of the server uses). */
export const ALARM_EVALUATION_LOCK = 7_316_402_116;

const MINUTE = 60_000;
/** How far back the origin-unreachable rule looks: its largest threshold, one hour. */
const ORIGIN_LOOKBACK_MINUTES = ALARM_METRIC_INFO['origin-unreachable'].max / 60;

export interface EvaluationResult {
  /** False: another process held the lock, nothing was done. */
  ran: boolean;
  raised: AlarmRow[];
  cleared: AlarmRow[];
}

/** A condition that holds for one object of a rule, with its figure (seconds or percent). */
interface Holding {
  rule: AlarmRuleRow;
  objectId: string;
  value: number;
}

/** The objects of a rule whose condition holds at `latest` (the current minute). */
async function holdingOf(db: DbOrTx, rule: AlarmRuleRow, latest: number): Promise<Holding[]> {
  const metric = metricOf(rule);
  const to = new Date(latest);
  if (metric === 'origin-unreachable') {
    const from = new Date(latest - ORIGIN_LOOKBACK_MINUTES * MINUTE);
    return (await originOutageMinutes(db, rule, from, to))
      .map(({ resourceId, minutes }) => ({ rule, objectId: resourceId, value: minutes * 60 }))
      .filter((h) => h.value > 0 && h.value >= rule.threshold);
  }
  const from = new Date(latest - (rule.windowMinutes - 1) * MINUTE);
  const totals = await windowTotals(db, rule, from, to);
  const out: Holding[] = [];
  for (const t of totals) {
    if (metric === 'ad-error-rate' && t.adRequests > 0) {
      const rate = (100 * t.adFailures) / t.adRequests;
      if (rate > rule.threshold) out.push({ rule, objectId: t.resourceId, value: rate });
    }
    if (metric === 'fill-rate' && t.availSeconds > 0) {
      const rate = (100 * t.adSeconds) / t.availSeconds;
      if (rate < rule.threshold) out.push({ rule, objectId: t.resourceId, value: rate });
    }
  }
  return out;
}

const keyOf = (ruleId: string | null, objectId: string | null) => `${ruleId}:${objectId}`;

/** The raising system's identifier of a rule's alarm about an object. */
export const ruleAlarmUuid = (ruleId: string, objectId: string) => `rule:${ruleId}:${objectId}`;

export interface EvaluationHooks {
  /** Runs inside the evaluation's transaction with the alarms it raised (their notifications). */
  onRaised?: (tx: DbOrTx, raised: readonly AlarmRow[]) => Promise<void>;
}

/** One evaluation of every enabled rule at `now` (ms), in one transaction. */
export async function evaluateAlarmRules(
  db: Db,
  now: number,
  hooks: EvaluationHooks = {},
): Promise<EvaluationResult> {
  const at = new Date(now);
  const latest = Math.floor(now / MINUTE) * MINUTE;
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${ALARM_EVALUATION_LOCK}::bigint) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (locked.rows[0]?.locked !== true) return { ran: false, raised: [], cleared: [] };

    const rules = await allAlarmRules(tx);
    const holding = new Map<string, Holding>();
    for (const rule of rules) {
      if (!rule.enabled) continue;
      for (const h of await holdingOf(tx, rule, latest)) holding.set(keyOf(rule.id, h.objectId), h);
    }

    const open = await openRuleAlarms(tx);
    const openKeys = new Set(open.map((a) => keyOf(a.ruleId, a.moduleObjectId)));
    const cleared = open.filter((a) => !holding.has(keyOf(a.ruleId, a.moduleObjectId)));
    await clearAlarms(
      tx,
      cleared.map((a) => a.id),
      at,
    );

    const fresh = [...holding.entries()].filter(([key]) => !openKeys.has(key)).map(([, h]) => h);
    const names = await streamNames(
      tx,
      fresh.map((h) => h.objectId),
    );
    const raised: AlarmRow[] = [];
    for (const { rule, objectId, value } of fresh) {
      const metric = rule.metric as AlarmMetric;
      const objectName = names.get(objectId) ?? objectId;
      raised.push(
        await insertAlarm(tx, {
          severity: rule.severity,
          type: metric,
          name: `${ALARM_METRIC_INFO[metric].alarmName}: ${objectName}`.slice(0, 200),
          message: alarmRuleMessage(metric, {
            objectName,
            value,
            threshold: rule.threshold,
            windowMinutes: rule.windowMinutes,
          }),
          timeOn: at,
          uuid: ruleAlarmUuid(rule.id, objectId),
          moduleObjectId: objectId,
          customerId: rule.customerId,
          ruleId: rule.id,
        }),
      );
    }
    if (raised.length > 0) await hooks.onRaised?.(tx, raised);
    return { ran: true, raised, cleared: cleared.map((a) => ({ ...a, clearedAt: at })) };
  });
}
