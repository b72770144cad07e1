import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { customers, planChanges, users } from '../db/schema/index.ts';

export interface PlanChangeEntry {
  customerId: string;
  fromPlan: string;
  toPlan: string;
  changedBy: string;
  actingAs: string;
}

/** Records a change of payment plan (inside the transaction that makes it). */
export async function recordPlanChange(db: DbOrTx, entry: PlanChangeEntry): Promise<void> {
  await db.insert(planChanges).values(entry);
}

/** Every plan change, newest first, or one customer's; with the customer's name and the people's emails. */
export async function listPlanChanges(db: DbOrTx, customerId?: string) {
  const changer = alias(users, 'changer');
  const actor = alias(users, 'actor');
  return db
    .select({
      id: planChanges.id,
      customerId: planChanges.customerId,
      customerName: customers.name,
      fromPlan: planChanges.fromPlan,
      toPlan: planChanges.toPlan,
      changedBy: planChanges.changedBy,
      changedByEmail: changer.email,
      actingAs: planChanges.actingAs,
      actingAsEmail: actor.email,
      at: planChanges.at,
    })
    .from(planChanges)
    .innerJoin(customers, eq(customers.id, planChanges.customerId))
    .leftJoin(changer, eq(changer.id, planChanges.changedBy))
    .leftJoin(actor, eq(actor.id, planChanges.actingAs))
    .where(customerId ? eq(planChanges.customerId, customerId) : undefined)
    .orderBy(desc(planChanges.at), desc(planChanges.id));
}
