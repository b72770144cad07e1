import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type CustomerRow, customers, sessions, type UserRow, users } from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

/** How long a session lives without being used (sliding) and at the most. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** `lastUsedAt` is written at most this often per session, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | undefined; ip?: string | undefined; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = meta.now ?? new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
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
  lastUsedAt: Date;
  expiresAt: Date;
  user: UserRow;
  customer: CustomerRow;
}

/** The live (not revoked, not expired) session for a token hash, with its user and customer; one query. */
export async function findActiveSession(
  db: Db,
  tokenHash: string,
  now = new Date(),
): Promise<ActiveSession | undefined> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      user: users,
      customer: customers,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .innerJoin(customers, eq(users.customerId, customers.id))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** Records use of a session when the last record is older than the touch interval. */
export async function touchSession(db: Db, session: ActiveSession, now = new Date()): Promise<void> {
  if (now.getTime() - session.lastUsedAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
  session.lastUsedAt = now;
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, session.sessionId), lt(sessions.lastUsedAt, now)));
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
