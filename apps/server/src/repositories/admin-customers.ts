/**
 * The main administrator's view of customer accounts (the Customers screen): the list with search,
 * filters, sorting and paging, and one account's users. Writes to the row are in customers.ts.
 */
import { type CustomerListQuery, type CustomerStatus, pageSizeRows } from '@cuepoint/core';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type CustomerRow, customers, users } from '../db/schema/index.ts';
import { escapeLike } from './user-search.ts';

/** An account's state, derived from its review and de-activation times (core's CUSTOMER_STATUSES). */
const statusOf = sql<CustomerStatus>`case
  when ${customers.deactivatedAt} is not null then 'deactivated'
  when ${customers.reviewedAt} is null then 'pending'
  else 'active' end`;

// Written out with the table named: in a single-table select drizzle leaves columns unqualified,
// which inside these sub-queries would name the users' own columns.
/** The account's first user (who signed it up). */
const firstUser = (column: 'id' | 'email') =>
  sql.raw(
    `(select u.${column} from users u where u.customer_id = "customers"."id" order by u.created_at, u.id limit 1)`,
  );
const ownerId = sql<string | null>`${firstUser('id')}`.mapWith(String);
const ownerEmail = sql<string | null>`${firstUser('email')}`.mapWith(String);
const userCount =
  sql<number>`${sql.raw('(select count(*) from users u where u.customer_id = "customers"."id")')}`.mapWith(
    Number,
  );

const SORT_COLUMNS: Record<string, SQL | typeof customers.name> = {
  name: sql`lower(${customers.name})`,
  subDomainName: sql`${customers.subDomainName}`,
  ownerEmail: sql`${ownerEmail}`,
  paymentPlan: sql`${customers.paymentPlan}`,
  status: statusOf,
  createdAt: sql`${customers.createdAt}`,
};

export interface CustomerListRow {
  customer: CustomerRow;
  status: CustomerStatus;
  ownerId: string | null;
  ownerEmail: string | null;
  users: number;
}

const listColumns = {
  customer: customers,
  status: statusOf,
  ownerId,
  ownerEmail,
  users: userCount,
};

/** One page of accounts matching the query, and how many match in all. */
export async function listCustomerAccounts(
  db: DbOrTx,
  query: CustomerListQuery,
): Promise<{ rows: CustomerListRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(customers.name, pattern),
        ilike(customers.subDomainName, pattern),
        sql`${ownerEmail} ilike ${pattern}`,
      )!,
    );
  }
  if (query.status) conditions.push(sql`${statusOf} = ${query.status}`);
  if (query.plan) conditions.push(eq(customers.paymentPlan, query.plan));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const size = pageSizeRows(query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn = SORT_COLUMNS[query.sort] ?? SORT_COLUMNS.createdAt!;
  const rows = await db
    .select(listColumns)
    .from(customers)
    .where(where)
    .orderBy(direction(sortColumn), direction(customers.id))
    .limit(size)
    .offset((query.page - 1) * size);
  const [counted] = await db.select({ n: count() }).from(customers).where(where);
  return {
    rows: rows.map((row) => ({ ...row, ownerId: row.ownerId ?? null, ownerEmail: row.ownerEmail ?? null })),
    total: counted?.n ?? 0,
  };
}

/** One account as the list shows it (its status, first user and user count); undefined if none. */
export async function findCustomerAccount(db: DbOrTx, id: string): Promise<CustomerListRow | undefined> {
  const [row] = await db.select(listColumns).from(customers).where(eq(customers.id, id)).limit(1);
  return row && { ...row, ownerId: row.ownerId ?? null, ownerEmail: row.ownerEmail ?? null };
}

/** The account's users, oldest first. */
export async function listCustomerUsers(db: DbOrTx, customerId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      isGmanaActive: users.isGmanaActive,
      isMainAdmin: users.isMainAdmin,
    })
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Ends a sign-up's review with a refusal: the account is marked reviewed (it leaves the review
 * queue) and its users stay unapproved. The caller de-activates it (customers.deactivateCustomer).
 * Answers false when it was no longer awaiting review.
 */
export async function markRejected(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const [done] = await db
    .update(customers)
    .set({ reviewedAt: now, version: sql`${customers.version} + 1` })
    .where(and(eq(customers.id, id), isNull(customers.reviewedAt), isNull(customers.deactivatedAt)))
    .returning({ id: customers.id });
  return done !== undefined;
}

/**
 * Activates a de-activated account: `deactivated_at` is cleared, a refused sign-up counts as
 * reviewed, and its users are approved (`is_gmana_active`, as an approval sets it), so that
 * "active" always means its users may sign in. Answers the users' ids, or undefined when the
 * account was not de-activated.
 */
export async function reactivateCustomer(db: DbOrTx, id: string, now: Date): Promise<string[] | undefined> {
  const [done] = await db
    .update(customers)
    .set({
      deactivatedAt: null,
      reviewedAt: sql`coalesce(${customers.reviewedAt}, ${now.toISOString()}::timestamptz)`,
      version: sql`${customers.version} + 1`,
    })
    .where(and(eq(customers.id, id), sql`${customers.deactivatedAt} is not null`))
    .returning({ id: customers.id });
  if (!done) return undefined;
  const approved = await db
    .update(users)
    .set({ isGmanaActive: true })
    .where(eq(users.customerId, id))
    .returning({ id: users.id });
  return approved.map((row) => row.id);
}
