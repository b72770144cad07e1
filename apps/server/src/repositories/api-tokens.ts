import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@cuepoint/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type CustomerRow, customers, type UserRow, users } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';

/** `cpk_` and 32 random bytes in base64url (43 characters): 47 characters in all. */
const API_TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export const newApiToken = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * Whether a bearer token is an API token rather than a session token. Session tokens are 43
 * characters, so the length alone tells them apart even when one happens to begin with `cpk_`.
 */
export const isApiToken = (token: string) => API_TOKEN_SHAPE.test(token);

/**
 * Who an API token call acts as: the customer's earliest-created user that may sign in (email
 * confirmed and account reviewed) and is not a main administrator, ties broken by id so the
 * choice is stable. This is the user who signed the account up, as long as it is still active.
 * It is an owner (issue 18, team roles) and never a de-activated member: the team always keeps an
 * active owner (routes/team), so an account whose users may sign in has one.
 * A token never acts as a main administrator: an account with only administrators has no API
 * access, and a token whose account gains an administrator keeps acting as a customer user.
 */
const actingUserOrder = [asc(users.createdAt), asc(users.id)] as const;
const canSignIn = and(
  eq(users.isActive, true),
  eq(users.isGmanaActive, true),
  eq(users.isMainAdmin, false),
  eq(users.role, 'owner'),
  isNull(users.deactivatedAt),
);

/** The user API token calls of this customer act as, or undefined when it has none. */
export async function findApiTokenUser(db: DbOrTx, customerId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.customerId, customerId), canSignIn))
    .orderBy(...actingUserOrder)
    .limit(1);
  return row;
}

/**
 * The principal of an API token, in one query: the customer holding the token's hash, with API
 * access on and not de-activated, and its acting user (see findApiTokenUser). Not cached: a token
 * that is switched off, replaced or whose account is de-activated stops working at once.
 */
export async function findApiTokenPrincipal(
  db: DbOrTx,
  token: string,
): Promise<{ user: UserRow; customer: CustomerRow } | undefined> {
  const [row] = await db
    .select({ user: users, customer: customers })
    .from(customers)
    .innerJoin(users, eq(users.customerId, customers.id))
    .where(
      and(
        eq(customers.apiTokenHash, hashToken(token)),
        eq(customers.enableApi, true),
        isNull(customers.deactivatedAt),
        canSignIn,
      ),
    )
    .orderBy(...actingUserOrder)
    .limit(1);
  return row;
}

/**
 * Stores a customer's API token (its SHA-256 for look-up, `sealed` for showing it to its owner)
 * and switches API access on; with `null`, removes both and switches it off. Answers the row.
 */
export async function setApiToken(
  db: DbOrTx,
  customerId: string,
  token: { plain: string; sealed: string } | null,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set(
      token
        ? { apiTokenHash: hashToken(token.plain), apiTokenSealed: token.sealed, enableApi: true }
        : { apiTokenHash: null, apiTokenSealed: null, enableApi: false },
    )
    .where(eq(customers.id, customerId))
    .returning();
  return row;
}
