import type { Alarm } from '@cuepoint/core';
import { desc, gte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type AlarmRow, alarms, type NewAlarmRow } from '../db/schema/index.ts';

/** Alarms newest first (ties by id, so pages are stable), at most `limit`, raised at or after `since`. */
export async function listAlarms(
  db: DbOrTx,
  params: { limit: number; since?: Date | undefined },
): Promise<AlarmRow[]> {
  return db
    .select()
    .from(alarms)
    .where(params.since ? gte(alarms.timeOn, params.since) : undefined)
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
  };
}

/** Stores a raised alarm; answers the row. */
export async function insertAlarm(db: DbOrTx, alarm: NewAlarmRow): Promise<AlarmRow> {
  const [row] = await db.insert(alarms).values(alarm).returning();
  return row!;
}
