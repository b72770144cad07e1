import { API_PATHS, healthResponseSchema, routePattern } from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_S } from '../../lib/database-errors.ts';

/** `GET /api/health`: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  app.get(
    routePattern(API_PATHS.health),
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      // Probes from load balancers must not be throttled.
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      let reachable = true;
      let latencyMs = 0;
      try {
        latencyMs = await app.database.ping();
      } catch (err) {
        reachable = false;
        app.log.error({ err }, 'database unreachable');
      }
      if (!reachable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { reachable, driver: app.database.driver, latencyMs: Math.round(latencyMs * 100) / 100 },
        version: opts.version,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
