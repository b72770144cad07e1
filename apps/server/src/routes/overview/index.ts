import {
  API_PATHS,
  OVERVIEW_RECENT_ALARMS,
  type OverviewResponse,
  overviewResponseSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { canSeeEntry } from '../../lib/navigation-access.ts';
import { listAlarms, toAlarmDto } from '../../repositories/alarms.ts';
import { countCustomerActivity, countPlatformActivity } from '../../repositories/overview.ts';
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

export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.overview.summary),
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
      const { user, customer, signedInAdmin } = request.auth!;
      // During login-as the administrator sees what the user acted as sees.
      const platform = user.isMainAdmin && !signedInAdmin;
      const encoders = canSeeEntry(request.auth!, 'encoder', app.runtimeConfig);
      const now = new Date();

      if (!platform) {
        const [counts, resources] = await Promise.all([
          countCustomerActivity(app.db, customer.id, now),
          resourceCounts(app.db, customer.id, encoders),
        ]);
        return { scope: 'customer', counts: { ...counts, ...resources }, recentAlarms: [] };
      }

      const [counts, recent, resources] = await Promise.all([
        countPlatformActivity(app.db, now, new Date(now.getTime() - DAY_MS)),
        listAlarms(app.db, { limit: OVERVIEW_RECENT_ALARMS }),
        resourceCounts(app.db, null, encoders),
      ]);
      return {
        scope: 'platform',
        counts: { ...counts, ...resources },
        recentAlarms: recent.map(toAlarmDto),
      };
    },
  );
};
