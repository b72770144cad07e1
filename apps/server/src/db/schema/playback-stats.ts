import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * The data plane's per-minute counters of each live stream and VOD asset (events/): what the
 * monitor, the monitoring charts and the alarm rules read. Every process adds its own minute's
 * counts (an upsert that adds), so several edge processes sum. Latencies are histograms with the
 * bucket bounds of LATENCY_BUCKETS_MS (core): they add up across processes and minutes, and give
 * percentiles of any period.
 */
export const playbackMinutes = pgTable(
  'playback_minutes',
  {
    resourceId: uuid().notNull(),
    minute: timestamp({ withTimezone: true }).notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** Sessions that asked for a playlist in the minute (per process: a session is counted by each process it reached). */
    viewers: integer().notNull().default(0),
    sessions: integer().notNull().default(0),
    requests: integer().notNull().default(0),
    adRequests: integer().notNull().default(0),
    adErrors: integer().notNull().default(0),
    adTimeouts: integer().notNull().default(0),
    avails: integer().notNull().default(0),
    /** Avails that got no ad (slate or content). */
    availsEmpty: integer().notNull().default(0),
    availSeconds: doublePrecision().notNull().default(0),
    adSeconds: doublePrecision().notNull().default(0),
    adsChosen: integer().notNull().default(0),
    adsSkipped: integer().notNull().default(0),
    impressions: integer().notNull().default(0),
    completes: integer().notNull().default(0),
    beaconsSent: integer().notNull().default(0),
    beaconErrors: integer().notNull().default(0),
    originRequests: integer().notNull().default(0),
    originErrors: integer().notNull().default(0),
    adLatencyMs: integer().array().notNull(),
    originLatencyMs: integer().array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.minute] }),
    index('playback_minutes_minute_idx').on(t.minute),
    index('playback_minutes_customer_minute_idx').on(t.customerId, t.minute),
  ],
);
export type PlaybackMinuteRow = typeof playbackMinutes.$inferSelect;

/**
 * Batches of events already written: a batch delivered twice (a broker's redelivery after a
 * crash) is written once, events and counters alike.
 */
export const eventBatches = pgTable(
  'event_batches',
  {
    id: uuid().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_batches_at_idx').on(t.at)],
);
