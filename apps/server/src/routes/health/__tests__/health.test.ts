import { healthResponseSchema } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testApp } from '../../../test/helpers.ts';

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
