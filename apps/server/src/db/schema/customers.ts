import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A customer account: owns users and every customer resource. */
export const customers = pgTable('customers', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** Read-only in the console; unique per platform. */
  subDomainName: text().notNull().unique(),
  paymentPlan: text().notNull().default('standard'),
  /** Numeric UTC offset in hours (spec section 3: "timezone (numeric offset)"). */
  timezone: real().notNull().default(0),
  paymentCustomerId: text(),
  marketplaceToken: text(),
  enableApi: boolean().notNull().default(false),
  /** When a main administrator approved the account after sign-up review. */
  reviewedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
  /** Optimistic concurrency: every update carries the version it edited. */
  version: integer().notNull().default(1),
});

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
