import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type CustomerRow, customers, sessions, type UserRow, users } from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/** How long a session lives without being used (sliding) and at the most. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** `lastUsedAt` is written at most this often per session, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(
  db: DbOrTx,
  userId: string,
  meta: { userAgent?: string | undefined; ip?: string | undefined; now?: Date; familyId?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = meta.now ?? new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const id = randomUUID();
  await db.insert(sessions).values({
    id,
    familyId: meta.familyId ?? id,
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { token, expiresAt };
}

export interface ActiveSession {
  sessionId: string;
  familyId: string | null;
  createdAt: Date;
  replacedAt: Date | null;
  lastUsedAt: Date;
  expiresAt: Date;
  user: UserRow;
  customer: CustomerRow;
}

/**
 * The live (not revoked, not expired) session for a token hash, with its user and customer; one
 * query. A de-activated account or team member has no live session (they are revoked with it;
 * this is the backstop).
 */
export async function findActiveSession(
  db: DbOrTx,
  tokenHash: string,
  now = new Date(),
): Promise<ActiveSession | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      familyId: sessions.familyId,
      createdAt: sessions.createdAt,
      replacedAt: sessions.replacedAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      user: users,
      customer: customers,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .innerJoin(customers, eq(users.customerId, customers.id))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(customers.deactivatedAt),
        // A member de-activated by a team owner has none either (revoked with it; the backstop).
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Whether a session's last-used time is due for a write (at most once a minute per session). */
export const sessionTouchDue = (session: ActiveSession, now = Date.now()) =>
  now - session.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;

/** Records use of a session when the last record is older than the touch interval. */
export async function touchSession(db: DbOrTx, session: ActiveSession, now = new Date()): Promise<void> {
  if (!sessionTouchDue(session, now.getTime())) return;
  session.lastUsedAt = now;
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, session.sessionId), lt(sessions.lastUsedAt, now)));
}

/**
 * In a transaction: locks the root of the session's family (the sign-in's first session, whose id
 * is the family's; a session from before families is its own root) FOR UPDATE. Logout and
 * rotation both take it first, so they apply one after the other: on PostgreSQL a logout whose
 * revoke ran beside a rotation did not see the successor that rotation was inserting, and left it
 * alive. Sessions are never deleted but with their user, so the root is there to lock.
 */
async function lockSessionFamily(
  tx: DbOrTx,
  session: { sessionId: string; familyId: string | null },
): Promise<void> {
  await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.id, session.familyId ?? session.sessionId))
    .for('update');
}

/**
 * Logout: revokes the session and every token of its sign-in (its rotated predecessors and
 * successors), so no earlier token keeps working through its rotation grace. Answers the ids.
 * After the family's lock, so a rotation running at the same time either finished first (its
 * successor is revoked here) or finds the session revoked and makes none.
 */
export async function revokeSessionFamily(
  db: DbOrTx,
  session: { sessionId: string; familyId: string | null },
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockSessionFamily(tx, session);
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(sessions.revokedAt),
          session.familyId
            ? or(eq(sessions.familyId, session.familyId), eq(sessions.id, session.sessionId))
            : or(eq(sessions.familyId, session.sessionId), eq(sessions.id, session.sessionId)),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  });
}

/** After a password change: every session of the user ends. */
export async function revokeUserSessions(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** On de-activation: every session of every user of the customer ends. Answers the users' ids. */
export async function revokeCustomerSessions(
  db: DbOrTx,
  customerId: string,
  now = new Date(),
): Promise<string[]> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.userId, members), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

/** A token older than this gets a fresh one in the `usertoken` header of a 2xx answer. */
export const SESSION_ROTATE_AFTER_MS = 15 * 60 * 1000;
/** How long a replaced token keeps working, so parallel requests sent with it do not fail. */
export const SESSION_ROTATION_GRACE_MS = 60 * 1000;

/**
 * Replaces a session with a fresh one: the old one is marked replaced and expires after the
 * grace. Only the first of several concurrent attempts wins (the conditional update); the
 * others answer undefined and the caller sends no new token. A revoked session (a logout that
 * took the family's lock first) gets no successor.
 */
export async function rotateSession(
  db: DbOrTx,
  session: { sessionId: string; familyId: string | null; userId: string },
  meta: { userAgent?: string | undefined; ip?: string | undefined },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date } | undefined> {
  return db.transaction(async (tx) => {
    // One at a time with a logout of the family (lockSessionFamily).
    await lockSessionFamily(tx, session);
    const graceEnds = new Date(now.getTime() + SESSION_ROTATION_GRACE_MS);
    const [replaced] = await tx
      .update(sessions)
      .set({
        replacedAt: now,
        expiresAt: sql`least(${sessions.expiresAt}, ${graceEnds.toISOString()}::timestamptz)`,
      })
      .where(and(eq(sessions.id, session.sessionId), isNull(sessions.replacedAt), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (!replaced) return undefined;
    return createSession(tx, session.userId, {
      ...meta,
      now,
      familyId: session.familyId ?? session.sessionId,
    });
  });
}
