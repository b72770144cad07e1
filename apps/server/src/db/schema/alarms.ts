import { ALARM_SEVERITIES } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * Alarms raised by the platform (spec section 3), shown to main administrators in the alarm bell,
 * on /alarms and on the overview. `customerId` names the customer an alarm concerns; null is a
 * platform alarm. Listed newest first, hence the descending index on `time_on`.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid().primaryKey().defaultRandom(),
    severity: text({ enum: ALARM_SEVERITIES }).notNull(),
    type: text().notNull(),
    name: text().notNull(),
    message: text().notNull(),
    timeOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The raising system's own identifier of the alarm. */
    uuid: text().notNull(),
    /** The object the alarm is about, e.g. a channel id. */
    moduleObjectId: text(),
    customerId: uuid().references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('alarms_time_on_idx').on(t.timeOn.desc()),
    index('alarms_customer_id_idx').on(t.customerId),
    check(
      'alarms_severity_check',
      sql`${t.severity} in (${sql.raw(ALARM_SEVERITIES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
);

export type AlarmRow = typeof alarms.$inferSelect;
export type NewAlarmRow = typeof alarms.$inferInsert;
