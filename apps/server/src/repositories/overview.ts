/** The overview dashboard's counts of users and sessions (resources: repositories/resources.ts). */
import { and, count, countDistinct, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { alarms, customers, sessions, users } from '../db/schema/index.ts';

export interface ActivityCounts {
  users: number;
  activeUsers: number;
  activeSessions: number;
}

export interface PlatformActivityCounts extends ActivityCounts {
  customers: number;
  pendingReview: number;
  /** Alarms raised since `alarmsSince`. */
  alarms24h: number;
}

// One pass over the scope's users, each joined to its live sessions (not revoked, not expired, not
// replaced by a rotated token: one sign-in counts once).
const canSignIn = and(users.isActive, users.isGmanaActive);
const activity = {
  users: countDistinct(users.id),
  activeUsers: sql<number>`count(distinct ${users.id}) filter (where ${canSignIn})`.mapWith(Number),
  activeSessions: count(sessions.id),
};
const live = (now: Date) =>
  and(
    eq(sessions.userId, users.id),
    isNull(sessions.revokedAt),
    isNull(sessions.replacedAt),
    gt(sessions.expiresAt, now),
  );

/** Users, those who may sign in, and live sessions of one customer. */
export async function countCustomerActivity(
  db: DbOrTx,
  customerId: string,
  now: Date,
): Promise<ActivityCounts> {
  const [counts] = await db
    .select(activity)
    .from(users)
    .leftJoin(sessions, live(now))
    .where(eq(users.customerId, customerId));
  return counts!;
}

/** The same over the whole platform, with its customers, those awaiting review and recent alarms. */
export async function countPlatformActivity(
  db: DbOrTx,
  now: Date,
  alarmsSince: Date,
): Promise<PlatformActivityCounts> {
  const [counts] = await db
    .select({
      ...activity,
      customers: db.$count(customers),
      pendingReview: db.$count(customers, isNull(customers.reviewedAt)),
      alarms24h: db.$count(alarms, gte(alarms.timeOn, alarmsSince)),
    })
    .from(users)
    .leftJoin(sessions, live(now));
  return counts!;
}
