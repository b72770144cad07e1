import { API_PATHS, healthResponseSchema, routePattern } from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_S } from '../../lib/database-errors.ts';

/**
 * `GET /api/health`: 200 when the database (and Redis, when configured) answers, 503 when one
 * does not. The checks are shared for a second (`plugins/health.ts`), so probes stay cheap.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  app.get(
    routePattern(API_PATHS.health),
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness, database and Redis reachability',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      // Probes from load balancers must not be throttled.
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const checks = await app.healthChecks();
      const reachable = checks.database.reachable && (checks.redis?.reachable ?? true);
      if (!reachable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.code(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        ...checks,
        version: opts.version,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
