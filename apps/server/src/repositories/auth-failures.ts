import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authFailures } from '../db/schema/index.ts';

/** Failed sign-ins allowed per email, and per client address, in one window. */
export const LOGIN_FAILURE_LIMITS = { email: 5, ip: 20 } as const;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const failureKeys = (email: string, ip: string) => ({
  email: `email:${email.trim().toLowerCase()}`,
  ip: `ip:${ip}`,
});

/** Milliseconds until sign-in is allowed again for these keys (0: allowed now). */
export async function lockedForMs(
  db: Db,
  keys: { email: string; ip: string },
  now = new Date(),
): Promise<number> {
  const rows = await db
    .select()
    .from(authFailures)
    .where(inArray(authFailures.key, [keys.email, keys.ip]));
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === keys.email ? LOGIN_FAILURE_LIMITS.email : LOGIN_FAILURE_LIMITS.ip;
    const ends = row.windowStart.getTime() + LOGIN_FAILURE_WINDOW_MS;
    if (row.count >= limit && ends > now.getTime()) wait = Math.max(wait, ends - now.getTime());
  }
  return wait;
}

/** Counts one failure against each key (a window older than the limit starts again). */
export async function recordFailure(
  db: Db,
  keys: { email: string; ip: string },
  now = new Date(),
): Promise<void> {
  const windowEdge = sql`${new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  await db
    .insert(authFailures)
    .values([
      { key: keys.email, count: 1, windowStart: now },
      { key: keys.ip, count: 1, windowStart: now },
    ])
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        count: sql`case when ${authFailures.windowStart} <= ${windowEdge} then 1 else ${authFailures.count} + 1 end`,
        windowStart: sql`case when ${authFailures.windowStart} <= ${windowEdge} then ${at} else ${authFailures.windowStart} end`,
      },
    });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authFailures).where(inArray(authFailures.key, [key]));
}
