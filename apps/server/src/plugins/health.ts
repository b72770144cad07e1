import type { HealthResponse } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/** How long one health result is answered again (a load balancer's probes cost no query). */
export const HEALTH_CACHE_MS = 1_000;
/** A Redis that does not answer PING within this long counts as unreachable. */
const REDIS_PING_TIMEOUT_MS = 1_000;

export type HealthChecks = Pick<HealthResponse, 'database' | 'redis'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (and Redis, when configured): checked at most once per HEALTH_CACHE_MS. */
    healthChecks(): Promise<HealthChecks>;
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * What `/api/health` reports, shared by every probe within HEALTH_CACHE_MS (one check in flight
 * at a time): the database's ping and, when REDIS_URL is set, Redis's. A Redis that is
 * reconnecting fails at once (no command is queued behind the reconnection).
 */
export const healthPlugin = fp(async (app: FastifyInstance, opts: { redis?: Redis | undefined }) => {
  let cached: { at: number; result: Promise<HealthChecks> } | undefined;

  async function check(): Promise<HealthChecks> {
    const database = app.database
      .ping()
      .then((latencyMs) => ({ reachable: true, latencyMs: round(latencyMs) }))
      .catch((err: unknown) => {
        app.log.error({ err }, 'database unreachable');
        return { reachable: false, latencyMs: 0 };
      });
    const redis = opts.redis ? pingRedis(opts.redis) : undefined;
    const [db, r] = await Promise.all([database, redis]);
    return {
      database: { ...db, driver: app.database.driver },
      ...(r ? { redis: r } : {}),
    };
  }

  async function pingRedis(redis: Redis) {
    if (redis.status !== 'ready') return { reachable: false, latencyMs: 0 };
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        redis.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis PING timed out')), REDIS_PING_TIMEOUT_MS);
        }),
      ]);
      return { reachable: true, latencyMs: round(performance.now() - started) };
    } catch (err) {
      app.log.error({ err }, 'Redis unreachable');
      return { reachable: false, latencyMs: 0 };
    } finally {
      clearTimeout(timer);
    }
  }

  app.decorate('healthChecks', () => {
    const now = Date.now();
    if (!cached || now - cached.at >= HEALTH_CACHE_MS) cached = { at: now, result: check() };
    return cached.result;
  });
});
