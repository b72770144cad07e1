import type { Alarm, AlarmSeverity, AlarmState } from '@cuepoint/core';
import {
  and,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
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
    ends_at: row.endsAt?.toISOString() ?? null,
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

// ---- API alarms' ends (Alertmanager's endsAt and resolve timeout) ------------------------------

/** Advisory lock class of one API alarm identity's raise (a constant no other part uses). */
const ALARM_RAISE_LOCK_CLASS = 731_640_212;

/** Who an API alarm is: the caller's uuid, and the customer (null: the platform). */
export interface AlarmIdentity {
  uuid: string;
  customerId: string | null;
}

const identityIs = ({ uuid, customerId }: AlarmIdentity) =>
  and(
    isNull(alarms.ruleId),
    eq(alarms.uuid, uuid),
    customerId === null ? isNull(alarms.customerId) : eq(alarms.customerId, customerId),
  );

/**
 * Serializes the raises of one identity until the transaction ends, across processes (an
 * advisory lock): two raises at once are one insert and one heartbeat, never two alarms.
 */
export async function lockAlarmIdentity(tx: DbOrTx, identity: AlarmIdentity): Promise<void> {
  const key = `${identity.customerId ?? 'platform'}:${identity.uuid}`;
  await tx.execute(sql`select pg_advisory_xact_lock(${ALARM_RAISE_LOCK_CLASS}::int, hashtext(${key}))`);
}

/**
 * Clears the open alarms whose end is at or before `at`, at their end (never before they were
 * raised); only `identity`'s when given. Answers the alarms it cleared: one conditional update,
 * so each is cleared once even when several processes resolve at the same time (the one that
 * waited on the row finds it cleared and leaves it).
 */
export async function resolveEndedAlarms(
  db: DbOrTx,
  at: Date,
  identity?: AlarmIdentity,
): Promise<AlarmRow[]> {
  return db
    .update(alarms)
    .set({ clearedAt: sql`greatest(${alarms.endsAt}, ${alarms.timeOn})` })
    .where(
      and(
        isNull(alarms.clearedAt),
        isNotNull(alarms.endsAt),
        lte(alarms.endsAt, at),
        identity ? identityIs(identity) : undefined,
      ),
    )
    .returning();
}

/**
 * A heartbeat: moves the end of `identity`'s open alarm that has not ended by `at` to `endsAt`
 * (cleared at once when that is not after `at`). Answers the alarm, or undefined when there is
 * none (the raise is a new alarm). Call it holding `lockAlarmIdentity`.
 */
export async function extendAlarm(
  db: DbOrTx,
  identity: AlarmIdentity,
  endsAt: Date,
  at: Date,
): Promise<AlarmRow | undefined> {
  const [row] = await db
    .update(alarms)
    .set({
      endsAt,
      clearedAt: endsAt <= at ? sql`greatest(${endsAt.toISOString()}::timestamptz, ${alarms.timeOn})` : null,
    })
    .where(
      and(identityIs(identity), isNull(alarms.clearedAt), or(isNull(alarms.endsAt), gt(alarms.endsAt, at))),
    )
    .returning();
  return row;
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
