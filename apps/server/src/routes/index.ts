import { RESOURCE_KINDS } from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alarmRoutes } from './alarm/index.ts';
import { authPublicRoutes, authRoutes } from './auth/index.ts';
import { billingPublicRoutes, billingRoutes } from './billing/index.ts';
import { campaignDeliveryRoutes } from './campaigns/index.ts';
import { configRoutes } from './config/index.ts';
import { countryRoutes } from './country/index.ts';
import { creativeConditioningHooks, creativeRoutes } from './creatives/index.ts';
import { customerRoutes } from './customer/index.ts';
import { customerTokenRoutes } from './customer/token.ts';
import { demandReportRoutes } from './demand/index.ts';
import { healthRoutes } from './health/index.ts';
import { logoPublicRoutes, logoRoutes } from './logo/index.ts';
import { monitoringRoutes } from './monitoring/index.ts';
import { notificationRoutes } from './notification/index.ts';
import { overviewRoutes } from './overview/index.ts';
import { playbackBreakRoutes } from './playback/index.ts';
import { playoutRoutes } from './playout/index.ts';
import { reportRoutes } from './reports/index.ts';
import { creativeUploadRoutes } from './resources/creative-upload.ts';
import { eventRoutes } from './resources/events.ts';
import { resourceRoutes } from './resources/resource-routes.ts';
import { slateUploadRoutes } from './resources/slate-upload.ts';
import { scheduleRoutes } from './schedule/index.ts';
import { teamPublicRoutes, teamRoutes } from './team/index.ts';
import { userRoutes } from './user/index.ts';
import { userSearchRoutes } from './user/search.ts';

/**
 * The API, mounted under /api (the spec's BASE_URL) and /api_v1 (the second client's base).
 * Public routes first; everything registered inside the protected scope needs a bearer token.
 * Calls behind a sidebar entry follow its visibility under the runtime flags (app.runtimeConfig).
 */
export const apiRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  await app.register(healthRoutes, { version: opts.version });
  await app.register(authPublicRoutes);
  await app.register(logoPublicRoutes);
  await app.register(teamPublicRoutes);
  // Stripe's webhook: public (signed by Stripe), with its own raw-body JSON parser.
  await app.register(billingPublicRoutes);

  await app.register(async (protectedApp) => {
    protectedApp.addHook('onRequest', app.authenticate);
    await protectedApp.register(authRoutes);
    await protectedApp.register(userRoutes);
    await protectedApp.register(userSearchRoutes);
    await protectedApp.register(teamRoutes);
    await protectedApp.register(customerRoutes);
    await protectedApp.register(customerTokenRoutes);
    await protectedApp.register(alarmRoutes);
    await protectedApp.register(overviewRoutes);
    await protectedApp.register(notificationRoutes);
    await protectedApp.register(demandReportRoutes);
    await protectedApp.register(reportRoutes);
    await protectedApp.register(billingRoutes);
    await protectedApp.register(countryRoutes);
    await protectedApp.register(logoRoutes);
    await protectedApp.register(slateUploadRoutes);
    await protectedApp.register(creativeUploadRoutes);
    // Before the generic routes: it hooks the creative writes to queue their conditioning.
    await protectedApp.register(creativeConditioningHooks);
    for (const kind of RESOURCE_KINDS) await protectedApp.register(resourceRoutes, { kind });
    await protectedApp.register(eventRoutes);
    await protectedApp.register(creativeRoutes);
    await protectedApp.register(campaignDeliveryRoutes);
    await protectedApp.register(playbackBreakRoutes);
    await protectedApp.register(scheduleRoutes);
    await protectedApp.register(monitoringRoutes);
    await protectedApp.register(playoutRoutes);
    await protectedApp.register(configRoutes);
  });
};
