/** Customer accounts: look-ups, row locks, the account dialog's update, review and de-activation. */
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type CustomerRow, customers, type NewCustomerRow, users } from '../db/schema/index.ts';

export type { CustomerRow };
/** Columns an edit may set (the version is bumped by the update itself). */
export type CustomerChanges = Partial<Omit<NewCustomerRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>>;

export async function findCustomer(db: DbOrTx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

/** The customer row locked `for update` (inside the caller's transaction): writes to it queue up. */
export async function lockCustomer(db: DbOrTx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return row;
}

/**
 * The customer's payment plan, its row locked `for share` (inside the caller's transaction): a
 * plan change waits until the write that relied on the plan has committed. Undefined when the
 * customer does not exist.
 */
export async function lockCustomerPlan(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ paymentPlan: customers.paymentPlan })
    .from(customers)
    .where(eq(customers.id, id))
    .for('share');
  return row?.paymentPlan;
}

/**
 * Whether the customer exists, its row locked `for share` (inside the caller's transaction), so
 * it cannot be deleted before the rows that will refer to it are written.
 */
export async function customerExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, id))
    .for('share');
  return row !== undefined;
}

/**
 * The active customer a login page on `host` belongs to: the one whose custom domain is `host`,
 * else the one whose sub-domain is its first label.
 */
export async function findCustomerByHost(
  db: DbOrTx,
  host: string,
): Promise<Pick<CustomerRow, 'customDomainName' | 'loginLogo'> | undefined> {
  const label = host.split('.')[0] ?? '';
  const rows = await db
    .select({ customDomainName: customers.customDomainName, loginLogo: customers.loginLogo })
    .from(customers)
    .where(
      and(
        isNull(customers.deactivatedAt),
        or(eq(customers.customDomainName, host), eq(customers.subDomainName, label)),
      ),
    )
    .limit(2);
  return rows.find((row) => row.customDomainName === host) ?? rows[0];
}

/** Whether a customer other than `exceptId` already has this custom domain. */
export async function customDomainTaken(db: DbOrTx, domainName: string, exceptId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.customDomainName, domainName), ne(customers.id, exceptId)))
    .limit(1);
  return other !== undefined;
}

/** Applies an edit and bumps the version; answers the row (undefined when there is none). */
export async function updateCustomer(
  db: DbOrTx,
  id: string,
  changes: CustomerChanges,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...changes, version: sql`${customers.version} + 1` })
    .where(eq(customers.id, id))
    .returning();
  return row;
}

export interface PendingAccount {
  id: string;
  name: string;
  createdAt: Date;
  users: { id: string; email: string; isActive: boolean }[];
}

/** Customers that signed up and await review, oldest first, each with its users by email. */
export async function listPendingCustomers(db: DbOrTx): Promise<PendingAccount[]> {
  const rows = await db
    .select({
      customer: { id: customers.id, name: customers.name, createdAt: customers.createdAt },
      user: { id: users.id, email: users.email, isActive: users.isActive },
    })
    .from(customers)
    .innerJoin(users, eq(users.customerId, customers.id))
    .where(isNull(customers.reviewedAt))
    .orderBy(asc(customers.createdAt), asc(users.email));
  const byCustomer = new Map<string, PendingAccount>();
  for (const { customer, user } of rows) {
    const entry = byCustomer.get(customer.id) ?? { ...customer, users: [] };
    entry.users.push(user);
    byCustomer.set(customer.id, entry);
  }
  return [...byCustomer.values()];
}

/**
 * Ends the review of a customer: its users may sign in (once their email is confirmed). Answers
 * the ids of its users, or undefined when there is no such customer.
 */
export async function approveCustomer(
  db: DbOrTx,
  id: string,
  now = new Date(),
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .update(customers)
      .set({ reviewedAt: now })
      .where(eq(customers.id, id))
      .returning({ id: customers.id });
    if (!customer) return undefined;
    const approved = await tx
      .update(users)
      .set({ isGmanaActive: true })
      .where(eq(users.customerId, id))
      .returning({ id: users.id });
    return approved.map((row) => row.id);
  });
}

/**
 * De-activates a customer: API access and its token end with it. Answers false when it already
 * was (a concurrent request got there first).
 */
export async function deactivateCustomer(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const [done] = await db
    .update(customers)
    .set({ deactivatedAt: now, enableApi: false, apiTokenHash: null, apiTokenSealed: null })
    .where(and(eq(customers.id, id), isNull(customers.deactivatedAt)))
    .returning({ id: customers.id });
  return done !== undefined;
}
