import {
  type NavigationFlags,
  OVERVIEW_RECENT_ALARMS,
  type OverviewResponse,
  overviewResponseSchema,
} from '@cuepoint/core';
import { and, count, countDistinct, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { alarms, customers, sessions, users } from '../../db/schema/index.ts';
import { canSeeEntry } from '../../lib/navigation-access.ts';
import { listAlarms, toAlarmDto } from '../../repositories/alarms.ts';
import { countResources } from '../../repositories/resources.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The overview's resource counts, named as the response names them. */
async function resourceCounts(db: Db, customerId: string | null, withEncoders: boolean) {
  const counts = await countResources(db, customerId);
  return {
    liveStreams: counts.liveStream,
    vodAssets: counts.vod,
    streamerChannels: counts.streamer,
    slates: counts.slate,
    ...(withEncoders ? { encoders: counts.encoder } : {}),
  };
}

export const overviewRoutes: FastifyPluginAsyncZod<{ flags: NavigationFlags }> = async (app, opts) => {
  app.get(
    '/overview/summary',
    {
      schema: {
        tags: ['overview'],
        summary:
          'The /overview dashboard: counts of the caller’s customer, or of the whole platform with the newest alarms for a main administrator',
        security: [{ bearer: [] }],
        response: { 200: overviewResponseSchema },
      },
    },
    async (request): Promise<OverviewResponse> => {
      const { user, customer, actor } = request.auth!;
      // During login-as the administrator sees what the user acted as sees.
      const platform = user.isMainAdmin && !actor;
      const encoders = canSeeEntry(request.auth!, 'encoder', opts.flags);
      const now = new Date();

      // One pass over the scope's users, each joined to its live sessions (not revoked, not
      // expired, not replaced by a rotated token: one sign-in counts once).
      const canSignIn = and(users.isActive, users.isGmanaActive);
      const base = {
        users: countDistinct(users.id),
        activeUsers: sql<number>`count(distinct ${users.id}) filter (where ${canSignIn})`.mapWith(Number),
        activeSessions: count(sessions.id),
      };
      const live = and(
        eq(sessions.userId, users.id),
        isNull(sessions.revokedAt),
        isNull(sessions.replacedAt),
        gt(sessions.expiresAt, now),
      );

      if (!platform) {
        const [[counts], resources] = await Promise.all([
          app.db.select(base).from(users).leftJoin(sessions, live).where(eq(users.customerId, customer.id)),
          resourceCounts(app.db, customer.id, encoders),
        ]);
        return { scope: 'customer', counts: { ...counts!, ...resources }, recentAlarms: [] };
      }

      const [[counts], recent, resources] = await Promise.all([
        app.db
          .select({
            ...base,
            customers: app.db.$count(customers),
            pendingReview: app.db.$count(customers, isNull(customers.reviewedAt)),
            alarms24h: app.db.$count(alarms, gte(alarms.timeOn, new Date(now.getTime() - DAY_MS))),
          })
          .from(users)
          .leftJoin(sessions, live),
        listAlarms(app.db, { limit: OVERVIEW_RECENT_ALARMS }),
        resourceCounts(app.db, null, encoders),
      ]);
      return {
        scope: 'platform',
        counts: { ...counts!, ...resources },
        recentAlarms: recent.map(toAlarmDto),
      };
    },
  );
};
