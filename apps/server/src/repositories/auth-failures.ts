import { and, eq, gt, or, sql } from 'drizzle-orm';
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
 * - device `device:<user>|<nonce>`: 5 attempts in 15 minutes (OWASP's "device cookies"). An
 *   attempt that carries a valid device cookie of the account (services/device-cookie.ts: a browser
 *   this account signed in from) is counted against that device only, never the three above: a
 *   password sprayer locks the account out of untrusted clients, and the owner still signs in from
 *   their own browser wherever they are. A device that guesses wrong itself is locked on its own.
 *
 * A password reset clears the account's counters (its devices' too).
 */
export const LOGIN_LIMITS = { pair: 5, account: 20, address: 20, device: 5 } as const;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** An address the account signed in from within this long is "known" for it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

type Scope = keyof typeof LOGIN_LIMITS;

const normalize = (email: string) => email.trim().toLowerCase();

export interface LoginKeys {
  pair: string;
  account: string;
  address: string;
  /** Set when the attempt carries a valid device cookie of the account: then only it counts. */
  device?: string | undefined;
}

/** A trusted device as the counters know it (the user it was issued to and its nonce). */
export interface DeviceRef {
  userId: string;
  nonce: string;
}

const deviceKey = (device: DeviceRef) => `device:${device.userId}|${device.nonce}`;

export const loginKeys = (email: string, ip: string, device?: DeviceRef): LoginKeys => ({
  pair: `pair:${normalize(email)}|${ip}`,
  account: `email:${normalize(email)}`,
  address: `ip:${ip}`,
  device: device ? deviceKey(device) : undefined,
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
  /** The window each key's count was taken in: a success gives its one back to that window only. */
  windows: { key: string; windowStart: Date }[];
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
  const scopes: Scope[] = keys.device
    ? ['device']
    : options.knownAddress
      ? ['pair']
      : ['pair', 'account', 'address'];
  const keyOf = (scope: Scope) => (scope === 'device' ? keys.device! : keys[scope]);
  const rows = await countAttempts(db, scopes.map(keyOf), LOGIN_WINDOW_MS, now);
  let waitMs = 0;
  for (const row of rows) {
    const scope = scopes.find((s) => keyOf(s) === row.key)!;
    if (row.count > LOGIN_LIMITS[scope]) {
      // Never longer than a window: a concurrent attempt that took its `now` after this one's can
      // have opened the window, later than `now` (the message read "16 minutes").
      const left = Math.min(LOGIN_WINDOW_MS, row.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime());
      waitMs = Math.max(waitMs, left, 1);
    }
  }
  return {
    waitMs,
    keys: scopes.map(keyOf),
    windows: rows.map((row) => ({ key: row.key, windowStart: row.windowStart })),
  };
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

/**
 * Account mails (reset and activation links) sent to one address per hour for one requester, at
 * most: a stranger asking for the owner's mails spends only their own allowance, never the
 * owner's. The requester is the browser's device cookie when it is valid for the recipient
 * (services/device-cookie.ts), else the client address.
 */
export const ACCOUNT_MAILS_PER_HOUR = 5;
/**
 * Against mail bombing from many addresses: account mails to one address per hour that requesters
 * without the recipient's device cookie may ask for, all of them together. The recipient's own
 * browser (its device cookie) is not held to it: it can only mail its own owner.
 */
export const ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER = 20;

/** Who asks for an account mail: the recipient's trusted device, or else a client address. */
export type MailRequester = { device: DeviceRef } | { ip: string };

/**
 * Counts a mail to this address for this requester (and, for an untrusted requester, against the
 * recipient-wide ceiling), in one statement; false once an allowance is used up (send nothing).
 */
export async function takeMailAllowance(
  db: DbOrTx,
  email: string,
  requester: MailRequester,
  now = new Date(),
): Promise<boolean> {
  const recipient = `mail:${normalize(email)}`;
  const limits = new Map<string, number>(
    'device' in requester
      ? [[`${recipient}|device:${requester.device.nonce}`, ACCOUNT_MAILS_PER_HOUR]]
      : [
          [`${recipient}|ip:${requester.ip}`, ACCOUNT_MAILS_PER_HOUR],
          [recipient, ACCOUNT_MAILS_PER_HOUR_ANY_REQUESTER],
        ],
  );
  const rows = await countAttempts(db, [...limits.keys()], HOUR_MS, now);
  return rows.every((row) => row.count <= limits.get(row.key)!);
}

/** Invites of one team member an owner may send again per hour (a 429 with Retry-After after). */
export const INVITE_RESENDS_PER_HOUR = 3;

/**
 * Counts one re-send of the member's invite (an invited user, or an invite of an address that is
 * another customer's user, alike: the answer must not tell them apart). Answers the milliseconds
 * until another is allowed; 0 when this one may go.
 */
export async function takeInviteResendAllowance(
  db: DbOrTx,
  memberId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await countAttempts(db, [`resend:${memberId}`], HOUR_MS, now);
  if (row!.count <= INVITE_RESENDS_PER_HOUR) return 0;
  return Math.max(1, Math.min(HOUR_MS, row!.windowStart.getTime() + HOUR_MS - now.getTime()));
}

/**
 * Notices that an address already has an account (someone signed up, or a team owner of another
 * customer invited it, with that address) sent to one address per hour, at most. Counted apart
 * from the account mails, so a stranger's sign-ups never use up the owner's reset allowance.
 */
export const ACCOUNT_NOTICES_PER_HOUR = 5;

/** Counts a notice to this address; false once the hour's allowance is used up (send nothing). */
export async function takeNoticeAllowance(db: DbOrTx, email: string, now = new Date()): Promise<boolean> {
  const [row] = await countAttempts(db, [`notice:${normalize(email)}`], HOUR_MS, now);
  return row!.count <= ACCOUNT_NOTICES_PER_HOUR;
}

/**
 * A successful sign-in gives back exactly the one attempt it reserved, on every key it counted
 * against, and only in the window it was counted in (a window that started again since holds
 * others' attempts): one statement, never below 0. Other attempts' counts stay, so a sprayer
 * guessing from the owner's address is not given a fresh allowance by each of the owner's sign-ins.
 */
export async function releaseLoginAttempt(db: DbOrTx, reservation: Reservation): Promise<void> {
  if (reservation.windows.length === 0) return;
  await db
    .update(authFailures)
    .set({ count: sql`greatest(${authFailures.count} - 1, 0)` })
    .where(
      or(
        ...reservation.windows.map((w) =>
          and(eq(authFailures.key, w.key), eq(authFailures.windowStart, w.windowStart)),
        ),
      ),
    );
}

/**
 * After a password reset (or an accepted invite): every sign-in counter of the account (from
 * every address, and of its devices) is cleared.
 */
export async function clearAccountLimits(db: DbOrTx, user: { id: string; email: string }): Promise<void> {
  const keys = loginKeys(user.email, '');
  await db
    .delete(authFailures)
    .where(
      sql`${authFailures.key} = ${keys.account} or starts_with(${authFailures.key}, ${keys.pair}) or starts_with(${authFailures.key}, ${`device:${user.id}|`})`,
    );
}

/** The window of each kind of counter, by key prefix; any other key is kept the longest of them. */
const WINDOWS_BY_PREFIX: readonly (readonly [string, number])[] = [
  ['pair:', LOGIN_WINDOW_MS],
  ['email:', LOGIN_WINDOW_MS],
  ['ip:', LOGIN_WINDOW_MS],
  ['device:', LOGIN_WINDOW_MS],
  ['mail:', HOUR_MS],
  ['notice:', HOUR_MS],
  ['resend:', HOUR_MS],
];
const LONGEST_WINDOW_MS = Math.max(...WINDOWS_BY_PREFIX.map(([, ms]) => ms));
const ROWS_PER_PURGE = 10_000;

/**
 * The retention sweep's part (edge/events/retention.ts): deletes every counter whose window has
 * ended (the next attempt would start it again at 1 anyway), a bounded number of rows per
 * statement. Answers how many went.
 */
export async function purgeEndedAuthWindows(db: DbOrTx, now = new Date()): Promise<number> {
  const windowMs = sql.join(
    [
      sql`case`,
      ...WINDOWS_BY_PREFIX.map(
        ([prefix, ms]) => sql`when starts_with(${authFailures.key}, ${prefix}) then ${ms}::bigint`,
      ),
      sql`else ${LONGEST_WINDOW_MS}::bigint end`,
    ],
    sql` `,
  );
  const ended = sql`${authFailures.windowStart} <= ${now.toISOString()}::timestamptz - (${windowMs}) * interval '1 millisecond'`;
  let total = 0;
  for (;;) {
    const rows = await db
      .delete(authFailures)
      .where(
        sql`${authFailures.key} in (select ${authFailures.key} from ${authFailures} where ${ended} limit ${ROWS_PER_PURGE})`,
      )
      .returning({ key: authFailures.key });
    total += rows.length;
    if (rows.length < ROWS_PER_PURGE) return total;
  }
}
