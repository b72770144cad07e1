import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
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
 * The built-in ad server's delivery counters, per campaign, day (UTC) and stream or asset (the nil
 * uuid for a /ads/vast call that names none). `served` grows when a decision places the campaign's
 * ad (the budgets, booked impressions and pacing read it, so they hold across processes: the
 * increment is one atomic upsert); `impressions` and `revenueMillicents` grow when the ad's
 * impression is counted (its beacon), revenue at the campaign's CPM of that moment, in thousandths
 * of a cent (a CPM in cents is exactly the revenue of one impression in millicents: integers only).
 * No foreign key to the campaign: the counts outlive it (insights, reports, billing).
 */
export const adDeliveryDays = pgTable(
  'ad_delivery_days',
  {
    campaignId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    resourceId: uuid().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    served: bigint({ mode: 'number' }).notNull().default(0),
    impressions: bigint({ mode: 'number' }).notNull().default(0),
    revenueMillicents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day, t.resourceId] }),
    index('ad_delivery_days_customer_day_idx').on(t.customerId, t.day),
    index('ad_delivery_days_day_idx').on(t.day),
  ],
);
export type AdDeliveryDayRow = typeof adDeliveryDays.$inferSelect;

/**
 * Frequency caps: how many of a campaign's ads one viewer (a hash of the session's viewer key)
 * was given in a period starting at `periodStart`. One atomic upsert per placed ad, so every
 * process sees the same count; periods ended are deleted by retention (events/retention.ts).
 */
export const adFrequency = pgTable(
  'ad_frequency',
  {
    campaignId: uuid().notNull(),
    viewerKey: text().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.viewerKey, t.periodStart] }),
    index('ad_frequency_period_idx').on(t.periodStart),
  ],
);

/**
 * One row per ad the ad server placed in an answer (its serving id, the `i` of its impression
 * beacon). Until its impression is counted (`countedAt`) and while `expiresAt` is ahead, the row
 * is a reservation: it holds one of the campaign's booked impressions and of its daily budget for
 * the decision in flight, so that two viewers cannot be promised the last one; expired, it holds
 * nothing. Counted, it is what makes the beacon count once: a replay finds `countedAt` set and
 * counts nothing (one atomic upsert, so across every process). Rows are deleted by retention once
 * their beacon can no longer be honoured (ads/ad-server.ts IMPRESSION_TTL_S).
 */
export const adServings = pgTable(
  'ad_servings',
  {
    servingId: uuid().primaryKey(),
    campaignId: uuid().notNull(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    resourceId: uuid().notNull(),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    countedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('ad_servings_held_idx').on(t.campaignId, t.expiresAt).where(sql`${t.countedAt} is null`),
    index('ad_servings_decided_idx').on(t.decidedAt),
  ],
);
