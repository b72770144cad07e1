import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandling } from '../../plugins/errors.ts';
import { rateLimitHook, rateLimitKey } from '../rate-limit.ts';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A Fastify with the limit, the server's error handler, one limited and one exempt route. */
async function limitedApp(options: Parameters<typeof rateLimitHook>[0], logs?: string[]) {
  const app = Fastify({
    logger: logs
      ? {
          level: 'warn',
          stream: new Writable({ write: (chunk, _enc, next) => next(void logs.push(String(chunk))) }),
        }
      : false,
  });
  apps.push(app);
  await app.register(errorHandling);
  app.addHook('onRequest', rateLimitHook(options));
  app.get('/limited', async () => ({ ok: true }));
  app.get('/probe', { config: { rateLimit: false } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('rateLimitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients by their /56, however the address is written', () => {
    const key = rateLimitKey('2001:db8:abcd:12ff::1');
    expect(rateLimitKey('2001:0db8:abcd:1200:0:0:0:2')).toBe(key);
    expect(rateLimitKey('2001:DB8:ABCD:12AB::9')).toBe(key);
    expect(rateLimitKey('2001:db8:abcd:1300::1')).not.toBe(key);
  });
});

describe('rateLimitHook', () => {
  it('tells each answer its budget, then refuses with 429, Retry-After and the wait in seconds', async () => {
    const app = await limitedApp({ max: 2 });
    const first = await app.inject('/limited');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect(first.headers['x-ratelimit-reset']).toBe('60');
    expect((await app.inject('/limited')).headers['x-ratelimit-remaining']).toBe('0');

    const refused = await app.inject('/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many requests, please retry in ${wait} seconds`,
    });
  });

  it('counts by client address: IPv6 clients of one /56 share a budget, others have their own', async () => {
    const app = await limitedApp({ max: 1 });
    const from = (remoteAddress: string) => app.inject({ url: '/limited', remoteAddress });
    expect((await from('2001:db8:abcd:1201::1')).statusCode).toBe(200);
    expect((await from('2001:db8:abcd:12fe::7')).statusCode).toBe(429);
    expect((await from('2001:db8:abcd:1301::1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429);
  });

  it('neither counts nor marks a route that opts out', async () => {
    const app = await limitedApp({ max: 1 });
    for (let i = 0; i < 3; i++) {
      const probe = await app.inject('/probe');
      expect(probe.statusCode).toBe(200);
      expect(probe.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await app.inject('/limited')).statusCode).toBe(200);
    expect((await app.inject('/limited')).statusCode).toBe(429);
  });

  it('lets requests through uncounted while the shared store fails, with one warning, not one a request', async () => {
    // Redis is outside the product: a client whose every command fails stands for one that is down
    // (scripts/__tests__/cluster.test.ts restarts a real one under load).
    const failing = {
      rateLimit: (...args: unknown[]) => (args.at(-1) as (err: Error) => void)(new Error('connection lost')),
      rateLimitRead: () => undefined,
    } as unknown as Redis;
    const logs: string[] = [];
    const app = await limitedApp({ max: 1, redis: failing, nameSpace: 'test:' }, logs);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject('/limited');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const warnings = logs.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: 'rate limit store unavailable: requests go uncounted' });
    expect(warnings[0].err.message).toBe('connection lost');
  });
});
