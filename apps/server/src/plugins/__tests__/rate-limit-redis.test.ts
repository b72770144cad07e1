import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { fakeConsoleBuild, freshDatabase, testEnv } from '../../test/helpers.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// Needs a Redis server: .ci/run sets TEST_REDIS_URL when one answers; elsewhere this is skipped.
describe.skipIf(!redisUrl)('rate limit shared through Redis (REDIS_URL)', () => {
  it('counts the requests of two API processes against one limit', async () => {
    const redis = new Redis(redisUrl!);
    const database = await freshDatabase();
    const namespace = `${Date.now()}-${Math.random()}`;
    const make = async () =>
      buildApp({
        env: testEnv({ RATE_LIMIT_MAX: '3' }),
        database,
        redis,
        rateLimitNamespace: namespace,
        webDist: await fakeConsoleBuild(),
      });
    const [a, b] = await Promise.all([make(), make()]);
    try {
      const statuses = [];
      for (const app of [a, b, a, b]) statuses.push((await app.inject('/api/user/getUser/x')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
      await database.close();
      await redis.quit();
    }
  });
});
