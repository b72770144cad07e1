import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { fakeConsoleBuild, freshDatabase, testApp, testEnv } from '../../test/helpers.ts';

describe('baseline protection and error handling', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await freshDatabase();
    app = await buildApp({
      env: testEnv({ BODY_LIMIT: '1024' }),
      database,
      webDist: await fakeConsoleBuild(),
    });
    // A route that fails with an internal error carrying secrets, to prove 5xx answers hide them.
    app.get('/api/test/explode', async () => {
      throw new Error('connection to db-internal.local:5432 failed for password hunter2');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('sends the lean security headers on API answers: nothing may load, frame or sniff them', async () => {
    for (const url of ['/api/health', '/api/no/such/route', '/api_v1/health']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers JSON 404 for unknown API paths, on both API bases', async () => {
    for (const url of ['/api/no/such/route', '/api_v1/nothing']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('never leaks internals in a 5xx answer, and gives the request id to quote', async () => {
    const res = await app.inject({ url: '/api/test/explode', headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('db-internal');
    expect(res.json()).toMatchObject({
      statusCode: 500,
      error: 'Internal Server Error',
      requestId: 'trace-abc-123',
    });
    expect(res.headers['x-request-id']).toBe('trace-abc-123');
  });

  it('generates a request id when none (or a malformed one) is given', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().statusCode).toBe(413);
  });

  it('answers 400 naming each failing field for a bad payload', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'email', message: 'This field is required' },
      { field: 'password', message: 'This field is required' },
    ]);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('publishes OpenAPI 3 generated from the route schemas, documenting /api once', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/login', '/api/user/getUser/{id}']),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api_v1'))).toBe(false);
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      ['email', 'password'],
    );
    const ui = await app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('global rate limit', () => {
  it('counts clients by their forwarded address when the proxy is trusted', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' } });
    try {
      const from = (client: string) =>
        app.inject({ url: '/api/user/getUser/x', headers: { 'x-forwarded-for': client } });
      expect((await from('203.0.113.1')).statusCode).toBe(401);
      expect((await from('203.0.113.1')).statusCode).toBe(401);
      expect((await from('203.0.113.1')).statusCode).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect((await from('203.0.113.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('takes the client from a hop count: the nearest proxy is trusted, not what the client wrote', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MAX: '1', TRUST_PROXY: '1' } });
    try {
      const from = (chain: string) =>
        app.inject({ url: '/api/user/getUser/x', headers: { 'x-forwarded-for': chain } });
      expect((await from('203.0.113.1')).statusCode).toBe(401);
      // The same client behind the proxy, whatever it prepends: limited.
      expect((await from('198.51.100.9, 203.0.113.1')).statusCode).toBe(429);
      // Another client the proxy saw: its own budget.
      expect((await from('203.0.113.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('answers 429 with a clear message past the limit', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const routes: number[] = [];
      for (const url of [
        '/api/user/getUser/x',
        '/api/user/getUser/w',
        '/api_v1/user/getUser/y',
        '/api/user/getUser/z',
      ]) {
        routes.push((await app.inject(url)).statusCode);
      }
      expect(routes).toEqual([401, 401, 401, 429]);
      // Probing unknown paths counts too.
      expect((await app.inject('/api/probe')).statusCode).toBe(429);
      const res = await app.inject('/api/no-such');
      expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(res.json().message).toMatch(/^Too many requests, please retry in \d+ seconds$/);
      // Health probes are not throttled.
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
