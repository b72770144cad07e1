import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { authFailures, sessions } from '../db/schema/index.ts';

/**
 * Sign-in throttling and the account-mail allowance (README, "Sign-in and mail limits").
 * Counters live in `auth_failures`, one row per key with a fixed window. An attempt is *reserved*
 * before the password hash runs: one statement increments every counter that applies and answers
 * the new counts, so however many guesses arrive at once, at most the limit of them are ever
 * evaluated. A successful sign-in gives its reservation back.
 *
 * - pair `(account, address)`: 5 attempts in 15 minutes. Locks only that address out of that
 *   account, so a stranger's guesses never lock the owner out from their own address.
 * - account (any address): 20 attempts in 15 minutes, the slower back-off against guesses spread
 *   over many addresses. It does not apply from an address this account signed in from in the
 *   last 30 days, so the owner keeps access while someone else sprays guesses.
 * - address (any account): 20 attempts in 15 minutes against one address trying many accounts;
 *   it does not apply to an account that signed in from that address before (colleagues behind
 *   one office NAT keep access).
 *
 * A password reset clears the account's counters.
 */
export const LOGIN_LIMITS = { pair: 5, account: 20, address: 20 } as const;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** An address the account signed in from within this long is "known" for it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

type Scope = keyof typeof LOGIN_LIMITS;

const normalize = (email: string) => email.trim().toLowerCase();

export interface LoginKeys {
  pair: string;
  account: string;
  address: string;
}

export const loginKeys = (email: string, ip: string): LoginKeys => ({
  pair: `pair:${normalize(email)}|${ip}`,
  account: `email:${normalize(email)}`,
  address: `ip:${ip}`,
});

/** Whether this user signed in from this address recently (a session was created from it). */
export async function isKnownAddress(
  db: DbOrTx,
  userId: string,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        gt(sessions.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface Reservation {
  /** Milliseconds until an attempt is allowed again; 0 when this one may be evaluated. */
  waitMs: number;
  /** The keys this attempt counted against (given back on success). */
  keys: string[];
}

/**
 * Counts one attempt against each applicable key, atomically, and answers whether it is within
 * every limit. A window older than LOGIN_WINDOW_MS starts again at 1.
 */
export async function reserveLoginAttempt(
  db: DbOrTx,
  keys: LoginKeys,
  options: { knownAddress: boolean },
  now = new Date(),
): Promise<Reservation> {
  const scopes: Scope[] = options.knownAddress ? ['pair'] : ['pair', 'account', 'address'];
  const rows = await countAttempts(
    db,
    scopes.map((s) => keys[s]),
    LOGIN_WINDOW_MS,
    now,
  );
  let waitMs = 0;
  for (const row of rows) {
    const scope = scopes.find((s) => keys[s] === row.key)!;
    if (row.count > LOGIN_LIMITS[scope]) {
      // Never longer than a window: a concurrent attempt that took its `now` after this one's can
      // have opened the window, later than `now` (the message read "16 minutes").
      const left = Math.min(LOGIN_WINDOW_MS, row.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime());
      waitMs = Math.max(waitMs, left, 1);
    }
  }
  return { waitMs, keys: scopes.map((s) => keys[s]) };
}

/**
 * Adds one to each key's counter in one statement (a window older than `windowMs` starts again
 * at 1) and answers the new counts: concurrent callers each see a distinct count.
 */
async function countAttempts(db: DbOrTx, keys: string[], windowMs: number, now: Date) {
  const windowEdge = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .insert(authFailures)
    .values(keys.map((key) => ({ key, count: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        count: sql`case when ${authFailures.windowStart} <= ${windowEdge} then 1 else ${authFailures.count} + 1 end`,
        windowStart: sql`case when ${authFailures.windowStart} <= ${windowEdge} then ${at} else ${authFailures.windowStart} end`,
      },
    })
    .returning();
}

/** Account mails (reset and activation links) sent to one address per hour, at most. */
export const ACCOUNT_MAILS_PER_HOUR = 5;

/** Counts a mail to this address; false once the hour's allowance is used up (send nothing). */
export async function takeMailAllowance(db: DbOrTx, email: string, now = new Date()): Promise<boolean> {
  const [row] = await countAttempts(db, [`mail:${normalize(email)}`], 60 * 60 * 1000, now);
  return row!.count <= ACCOUNT_MAILS_PER_HOUR;
}

/**
 * Notices that an address already has an account (someone signed up, or a team owner of another
 * customer invited it, with that address) sent to one address per hour, at most. Counted apart
 * from the account mails, so a stranger's sign-ups never use up the owner's reset allowance.
 */
export const ACCOUNT_NOTICES_PER_HOUR = 5;

/** Counts a notice to this address; false once the hour's allowance is used up (send nothing). */
export async function takeNoticeAllowance(db: DbOrTx, email: string, now = new Date()): Promise<boolean> {
  const [row] = await countAttempts(db, [`notice:${normalize(email)}`], 60 * 60 * 1000, now);
  return row!.count <= ACCOUNT_NOTICES_PER_HOUR;
}

/** A successful sign-in: the pair starts afresh and the other counters get this attempt back. */
export async function releaseLoginAttempt(
  db: DbOrTx,
  keys: LoginKeys,
  reservation: Reservation,
): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, keys.pair));
  const others = reservation.keys.filter((k) => k !== keys.pair);
  if (others.length === 0) return;
  await db
    .update(authFailures)
    .set({ count: sql`greatest(${authFailures.count} - 1, 0)` })
    .where(inArray(authFailures.key, others));
}

/** After a password reset: every counter of the account (from every address) is cleared. */
export async function clearAccountLimits(db: DbOrTx, email: string): Promise<void> {
  const keys = loginKeys(email, '');
  await db
    .delete(authFailures)
    .where(sql`${authFailures.key} = ${keys.account} or starts_with(${authFailures.key}, ${keys.pair})`);
}
