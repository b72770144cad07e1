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
 * The per-minute counters of a live stream or VOD asset, declared once: the playback_minutes
 * columns below, the data plane's in-memory minute row and its empty value, and the sink's
 * upsert that adds (edge/events/) are all made from this list. A `count` is an integer that adds,
 * `seconds` a float that adds, a `histogram` the latency buckets of LATENCY_BUCKETS_MS (core),
 * added bucket by bucket.
 */
export const PLAYBACK_COUNTERS = {
  /**
   * Distinct sessions that asked for a playlist in the minute, across processes when they share a
   * Redis (each adds only what the others had not counted: edge/events/viewers.ts).
   */
  viewers: 'count',
  sessions: 'count',
  requests: 'count',
  adRequests: 'count',
  adErrors: 'count',
  adTimeouts: 'count',
  avails: 'count',
  /** Avails that got no ad (slate or content). */
  availsEmpty: 'count',
  availSeconds: 'seconds',
  adSeconds: 'seconds',
  adsChosen: 'count',
  adsSkipped: 'count',
  impressions: 'count',
  completes: 'count',
  beaconsSent: 'count',
  beaconErrors: 'count',
  originRequests: 'count',
  originErrors: 'count',
  /** Switches of a redundant live stream between its primary and backup sources (either way). */
  sourceSwitches: 'count',
  adLatencyMs: 'histogram',
  originLatencyMs: 'histogram',
} as const satisfies Record<string, 'count' | 'seconds' | 'histogram'>;
export type PlaybackCounter = keyof typeof PLAYBACK_COUNTERS;
export type CounterKind = (typeof PLAYBACK_COUNTERS)[PlaybackCounter];
export const PLAYBACK_COUNTER_NAMES = Object.keys(PLAYBACK_COUNTERS) as PlaybackCounter[];

/** The column of each kind of counter. */
const COUNTER_COLUMNS = {
  count: () => integer().notNull().default(0),
  seconds: () => doublePrecision().notNull().default(0),
  histogram: () => integer().array().notNull(),
};
type CounterColumns = {
  [K in PlaybackCounter]: ReturnType<(typeof COUNTER_COLUMNS)[(typeof PLAYBACK_COUNTERS)[K]]>;
};
const counterColumns = () =>
  Object.fromEntries(
    PLAYBACK_COUNTER_NAMES.map((name) => [name, COUNTER_COLUMNS[PLAYBACK_COUNTERS[name]]()]),
  ) as CounterColumns;

/** A minute's counters as numbers (a histogram as its buckets). */
export type MinuteCounters = {
  -readonly [K in PlaybackCounter]: (typeof PLAYBACK_COUNTERS)[K] extends 'histogram' ? number[] : number;
};

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
    ...counterColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.minute] }),
    index('playback_minutes_minute_idx').on(t.minute),
    index('playback_minutes_customer_minute_idx').on(t.customerId, t.minute),
  ],
);
export type PlaybackMinuteRow = typeof playbackMinutes.$inferSelect;

/** Compiles only while the table's counter columns are exactly the declared counters, typed alike. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const counterColumnsMatch: Same<Pick<PlaybackMinuteRow, PlaybackCounter>, MinuteCounters> &
  Same<Exclude<keyof PlaybackMinuteRow, PlaybackCounter>, 'resourceId' | 'minute' | 'customerId' | 'kind'> =
  true;
void counterColumnsMatch;

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
