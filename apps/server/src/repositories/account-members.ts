import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** Whether any user of the customer is a main administrator (the platform's own account). */
export async function customerHasMainAdmin(db: DbOrTx, customerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.isMainAdmin, true)))
    .limit(1);
  return rows.length > 0;
}
