import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type CustomerRow, customers, type UserRow, users } from '../db/schema/index.ts';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserWithCustomer(
  db: Db,
  id: string,
): Promise<{ user: UserRow; customer: CustomerRow } | undefined> {
  const [row] = await db
    .select({ user: users, customer: customers })
    .from(users)
    .innerJoin(customers, eq(users.customerId, customers.id))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length;
}
