import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * Every change of a customer's payment plan, with who made it and when: the spec lets a customer
 * upgrade itself in one call, so billing charges from this record and the main administrator
 * sees it. `changedBy` is the signed-in person (the administrator during login-as), `actingAs` the
 * user the request acted as. No foreign keys to users: the record outlives them.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fromPlan: text().notNull(),
    toPlan: text().notNull(),
    changedBy: uuid().notNull(),
    actingAs: uuid().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_customer_at_idx').on(t.customerId, t.at)],
);

export type PlanChangeRow = typeof planChanges.$inferSelect;
