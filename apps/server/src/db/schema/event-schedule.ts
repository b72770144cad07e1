import type { ScheduledEventData } from '@cuepoint/core';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { liveStreams } from './resources.ts';

/**
 * Scheduled events of the Event Scheduler (main administrator): ad breaks of one live stream at
 * fixed times, at an interval, or on a DTMF trigger. `customerId` is the stream's customer (the
 * administrator schedules for customers); `data` is exactly what core's `scheduledEventData`
 * outputs from an input validated by `scheduledEventInputSchema`. Deleting the stream (or its
 * customer) deletes its events. `version` starts at 1 and grows by one per update.
 */
export const scheduledEvents = pgTable(
  'scheduled_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    streamId: uuid()
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    version: integer().notNull().default(1),
    data: jsonb().$type<ScheduledEventData>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Email of who created it, and of who last changed it. */
    createdBy: text(),
    updatedBy: text(),
  },
  (t) => [
    index('scheduled_events_stream_idx').on(t.streamId),
    index('scheduled_events_customer_idx').on(t.customerId),
  ],
);

export type ScheduledEventRow = typeof scheduledEvents.$inferSelect;
