import { and, asc, eq, ilike, isNull, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { customers, users } from '../db/schema/index.ts';

/** `text` as a literal LIKE pattern: the wildcards % and _ and the escape character \ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface UserSearchHit {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  customerName: string;
  isMainAdmin: boolean;
}

/**
 * Users a main administrator may act as (the login-as picker): those who may sign in (email
 * confirmed, account reviewed, account not de-activated) whose email, first or last name or
 * customer name contains `q` (case-insensitive; every user when `q` is empty), ordered by email,
 * at most `limit`, without `excludeIds` (the caller).
 */
export async function searchUsers(
  db: DbOrTx,
  params: { q: string; limit: number; excludeIds: string[] },
): Promise<UserSearchHit[]> {
  const pattern = `%${escapeLike(params.q)}%`;
  const matches =
    params.q === ''
      ? undefined
      : or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(customers.name, pattern),
        );
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      customerName: customers.name,
      isMainAdmin: users.isMainAdmin,
    })
    .from(users)
    .innerJoin(customers, eq(users.customerId, customers.id))
    .where(
      and(
        eq(users.isActive, true),
        eq(users.isGmanaActive, true),
        isNull(customers.deactivatedAt),
        params.excludeIds.length > 0 ? notInArray(users.id, params.excludeIds) : undefined,
        matches,
      ),
    )
    .orderBy(asc(users.email))
    .limit(params.limit);
}
