import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const REPORT_SCHEDULES = ['daily', 'weekly'] as const;

/**
 * A report a main administrator saved (/reports): its query (metrics, grouping, period rule) and,
 * when scheduled, whom it is mailed to and when next. The scheduler mails due reports through the
 * outbox or SMTP and moves `nextRunAt` on in the same transaction.
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    query: jsonb().$type<Record<string, unknown>>().notNull(),
    schedule: text({ enum: REPORT_SCHEDULES }),
    recipients: jsonb().$type<string[]>().notNull().default([]),
    nextRunAt: timestamp({ withTimezone: true }),
    lastRunAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_reports_owner_idx').on(t.ownerId),
    index('saved_reports_next_run_idx').on(t.nextRunAt),
  ],
);
export type SavedReportRow = typeof savedReports.$inferSelect;
