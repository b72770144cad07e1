import type { NavigationFlags } from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alarmRoutes } from './alarm/index.ts';
import { authPublicRoutes, authRoutes } from './auth/index.ts';
import { customerRoutes } from './customer/index.ts';
import { healthRoutes } from './health/index.ts';
import { overviewRoutes } from './overview/index.ts';
import { userRoutes } from './user/index.ts';

/**
 * The API, mounted under /api (the spec's BASE_URL) and /api_v1 (the second client's base).
 * Public routes first; everything registered inside the protected scope needs a bearer token.
 * `flags` are the server's runtime flags: calls behind a sidebar entry follow its visibility.
 */
export const apiRoutes: FastifyPluginAsyncZod<{ version: string; flags: NavigationFlags }> = async (
  app,
  opts,
) => {
  await app.register(healthRoutes, { version: opts.version });
  await app.register(authPublicRoutes);

  await app.register(async (protectedApp) => {
    protectedApp.addHook('onRequest', app.authenticate);
    await protectedApp.register(authRoutes);
    await protectedApp.register(userRoutes);
    await protectedApp.register(customerRoutes, { flags: opts.flags });
    await protectedApp.register(alarmRoutes, { flags: opts.flags });
    await protectedApp.register(overviewRoutes);
  });
};
