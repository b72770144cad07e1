import { ALARM_SEVERITIES } from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** The rule whose condition raised it (alarms/evaluator.ts); null: raised through the API. */
    ruleId: uuid().references(() => alarmRules.id, { onDelete: 'set null' }),
    /** When the condition ended (the alarm stays listed, cleared). */
    clearedAt: timestamp({ withTimezone: true }),
    /**
     * An API alarm's end (Alertmanager's endsAt): the caller's, else its last raise plus the
     * resolve timeout; once past, the alarm is cleared at it (repositories/alarms.ts). Null: a
     * rule's alarm, or an API alarm raised before this column, which never ends by itself.
     */
    endsAt: timestamp({ withTimezone: true }),
    acknowledgedAt: timestamp({ withTimezone: true }),
    /** Email of who acknowledged it. */
    acknowledgedBy: text(),
  },
  (t) => [
    // At most one open alarm per rule and object: the evaluator raises it once and clears it.
    index('alarms_rule_open_idx').on(t.ruleId, t.moduleObjectId).where(sql`${t.clearedAt} is null`),
    index('alarms_time_on_idx').on(t.timeOn.desc()),
    // The open API alarms by the caller's uuid (a raise again is a heartbeat), and by their end.
    index('alarms_api_open_uuid_idx').on(t.uuid).where(sql`${t.ruleId} is null and ${t.clearedAt} is null`),
    index('alarms_open_ends_at_idx')
      .on(t.endsAt)
      .where(sql`${t.clearedAt} is null and ${t.endsAt} is not null`),
    index('alarms_customer_id_idx').on(t.customerId),
    check(
      'alarms_severity_check',
      sql`${t.severity} in (${sql.raw(ALARM_SEVERITIES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
);

export type AlarmRow = typeof alarms.$inferSelect;

/**
 * Alarm rules (/alarms, main administrator): a condition on the per-minute counters of one
 * customer's streams (resourceId null) or one stream, evaluated every minute. `metric`:
 * origin-unreachable (seconds without a good origin answer), ad-error-rate (percent of ad
 * requests failed), fill-rate (percent of avail time filled with ads, below the threshold).
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    resourceId: uuid(),
    metric: text().notNull(),
    threshold: doublePrecision().notNull(),
    /** Minutes of counters each evaluation reads. */
    windowMinutes: integer().notNull().default(5),
    severity: text({ enum: ALARM_SEVERITIES }).notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text(),
  },
  (t) => [index('alarm_rules_customer_idx').on(t.customerId)],
);
export type AlarmRuleRow = typeof alarmRules.$inferSelect;
export type NewAlarmRow = typeof alarms.$inferInsert;
