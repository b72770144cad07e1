import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type CustomerRow, customers, type NewUserRow, type UserRow, users } from '../db/schema/index.ts';

export type { UserRow };
/** The profile fields a user edits (spec section 3); absent ones are left as stored. */
export type UserProfileChanges = Partial<
  Pick<NewUserRow, 'firstName' | 'lastName' | 'mobilePhone' | 'country' | 'jobTitle' | 'organizationType'>
>;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserWithCustomer(
  db: DbOrTx,
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

export async function countUsers(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length;
}

/** The ids of a customer's users (to drop their cached sessions after the account changed). */
export async function listCustomerUserIds(db: DbOrTx, customerId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  return rows.map((row) => row.id);
}

/** The email address is confirmed (the activation link was used). */
export async function activateUser(db: DbOrTx, id: string): Promise<void> {
  await db.update(users).set({ isActive: true }).where(eq(users.id, id));
}

export async function setPasswordHash(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Saves a profile edit and bumps the version; answers the user's ids, or undefined without one. */
export async function updateUserProfile(
  db: DbOrTx,
  id: string,
  changes: UserProfileChanges,
): Promise<{ id: string; customerId: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, version: sql`${users.version} + 1` })
    .where(eq(users.id, id))
    .returning({ id: users.id, customerId: users.customerId });
  return row;
}
