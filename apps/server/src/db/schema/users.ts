import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Stored lower-cased; unique across the platform. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    mobilePhone: text().notNull().default(''),
    jobTitle: text(),
    country: text().notNull().default(''),
    organizationType: text(),
    isMainAdmin: boolean().notNull().default(false),
    /** Email address confirmed through the activation link. */
    isActive: boolean().notNull().default(false),
    /** Account reviewed and approved by a main administrator. */
    isGmanaActive: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_customer_id_idx').on(t.customerId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
