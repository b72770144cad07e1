import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { healthResponseSchema } from '@cuepoint/core';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { HEALTH_CACHE_MS, healthPlugin } from '../../../plugins/health.ts';
import { freshDatabase, testApp } from '../../../test/helpers.ts';
import { healthRoutes } from '../index.ts';

describe('GET /api/health', () => {
  it('reports the database reachable', async () => {
    const app = await testApp();
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(200);
      const body = healthResponseSchema.parse(res.json());
      expect(body.status).toBe('ok');
      expect(body.database.reachable).toBe(true);
      expect(body.database.driver).toBe(process.env.CUEPOINT_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
      expect((await app.inject('/api_v1/health')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 degraded when the database is gone', async () => {
    const database = await freshDatabase();
    const app = await testApp({ database });
    try {
      await database.close();
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/health with Redis, cached', () => {
  /** The health route on a database whose ping is counted, and a Redis client given by the test. */
  async function healthApp(redis: Redis | undefined, ping: () => Promise<number>) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('database', { driver: 'postgres', ping } as unknown as Database);
    await app.register(healthPlugin, { redis });
    await app.register(healthRoutes, { prefix: '/api', version: 'test' });
    return app;
  }

  it('answers 503 while Redis is unreachable, naming it, and one check serves a second of probes', async () => {
    // A port nothing listens on: the client keeps reconnecting, as during a Redis restart.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    const redis = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', () => {});
    let pings = 0;
    const app = await healthApp(redis, async () => {
      pings += 1;
      return 1;
    });
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(healthResponseSchema.parse(res.json())).toMatchObject({
        status: 'degraded',
        database: { reachable: true },
        redis: { reachable: false },
      });
      expect(res.headers['retry-after']).toBe('5');
      for (let i = 0; i < 5; i += 1) expect((await app.inject('/api/health')).statusCode).toBe(503);
      expect(pings).toBe(1);
      await new Promise((r) => setTimeout(r, HEALTH_CACHE_MS + 50));
      await app.inject('/api/health');
      expect(pings).toBe(2);
    } finally {
      redis.disconnect();
      await app.close();
    }
  });

  it('reports Redis reachable with its latency', async () => {
    const redis = { status: 'ready', ping: async () => 'PONG' } as unknown as Redis;
    const app = await healthApp(redis, async () => 1);
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(200);
      expect(healthResponseSchema.parse(res.json())).toMatchObject({
        status: 'ok',
        redis: { reachable: true },
      });
    } finally {
      await app.close();
    }
  });
});
