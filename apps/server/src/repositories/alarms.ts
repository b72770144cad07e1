import type { Alarm, AlarmSeverity, AlarmState } from '@cuepoint/core';
import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type AlarmRow, alarms, type NewAlarmRow, users } from '../db/schema/index.ts';
import { escapeLike } from './user-search.ts';

export interface AlarmListFilters {
  limit: number;
  since?: Date | undefined;
  severity?: readonly AlarmSeverity[] | undefined;
  state?: AlarmState | undefined;
  customerId?: string | undefined;
  q?: string | undefined;
}

const STATE_CONDITIONS: Record<AlarmState, () => SQL | undefined> = {
  cleared: () => isNotNull(alarms.clearedAt),
  acknowledged: () => and(isNull(alarms.clearedAt), isNotNull(alarms.acknowledgedAt)),
  open: () => and(isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt)),
};

/**
 * Alarms newest first (ties by id, so pages are stable), at most `limit`, raised at or after
 * `since`, of some severities, in one state (core's `alarmState`), of one customer, or whose name,
 * message, type or object contains `q` (case-insensitive).
 */
export async function listAlarms(db: DbOrTx, params: AlarmListFilters): Promise<AlarmRow[]> {
  const pattern = params.q ? `%${escapeLike(params.q)}%` : undefined;
  return db
    .select()
    .from(alarms)
    .where(
      and(
        params.since ? gte(alarms.timeOn, params.since) : undefined,
        params.severity && params.severity.length > 0
          ? inArray(alarms.severity, [...params.severity])
          : undefined,
        params.state ? STATE_CONDITIONS[params.state]() : undefined,
        params.customerId ? eq(alarms.customerId, params.customerId) : undefined,
        pattern
          ? or(
              ilike(alarms.name, pattern),
              ilike(alarms.message, pattern),
              ilike(alarms.type, pattern),
              ilike(alarms.moduleObjectId, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(alarms.timeOn), desc(alarms.id))
    .limit(params.limit);
}

/** The answer shape of spec section 3 (snake_case field names as the console reads them). */
export function toAlarmDto(row: AlarmRow): Alarm {
  return {
    _id: row.id,
    severity: row.severity,
    type: row.type,
    name: row.name,
    message: row.message,
    time_on: row.timeOn.toISOString(),
    uuid: row.uuid,
    module_object_id: row.moduleObjectId,
    customerId: row.customerId,
    rule_id: row.ruleId,
    cleared_at: row.clearedAt?.toISOString() ?? null,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: row.acknowledgedBy,
  };
}

/** Stores a raised alarm; answers the row. */
export async function insertAlarm(db: DbOrTx, alarm: NewAlarmRow): Promise<AlarmRow> {
  const [row] = await db.insert(alarms).values(alarm).returning();
  return row!;
}

/** One alarm, locked for the acknowledging transaction. */
export async function lockAlarm(db: DbOrTx, id: string): Promise<AlarmRow | undefined> {
  const [row] = await db.select().from(alarms).where(eq(alarms.id, id)).for('update');
  return row;
}

/** Marks an alarm acknowledged by `email` at `at`; answers the row. */
export async function acknowledgeAlarm(db: DbOrTx, id: string, email: string, at: Date): Promise<AlarmRow> {
  const [row] = await db
    .update(alarms)
    .set({ acknowledgedAt: at, acknowledgedBy: email })
    .where(eq(alarms.id, id))
    .returning();
  return row!;
}

/** The open (not cleared) alarms raised by some rules: the evaluator's state. */
export async function openRuleAlarms(db: DbOrTx): Promise<AlarmRow[]> {
  return db
    .select()
    .from(alarms)
    .where(and(isNotNull(alarms.ruleId), isNull(alarms.clearedAt)));
}

/** Clears alarms (their condition ended) at `at`. */
export async function clearAlarms(db: DbOrTx, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(alarms)
    .set({ clearedAt: at })
    .where(and(inArray(alarms.id, [...ids]), isNull(alarms.clearedAt)));
}

/** Clears the open alarms of one rule (it is deleted or disabled). */
export async function clearAlarmsOfRule(db: DbOrTx, ruleId: string, at: Date): Promise<void> {
  await db
    .update(alarms)
    .set({ clearedAt: at })
    .where(and(eq(alarms.ruleId, ruleId), isNull(alarms.clearedAt)));
}

/** The emails of the active main administrators (who get the mails of critical alarms). */
export async function mainAdministratorEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isMainAdmin, true), eq(users.isActive, true)))
    .orderBy(users.email);
  return rows.map((r) => r.email);
}
