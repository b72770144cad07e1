import { normalizeIP } from '@fastify/rate-limit';
import LocalStore, { type IncrCallback } from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './request-problem.ts';

export interface RateLimitOptions {
  /** Requests a client address may make a minute. */
  max: number;
  /** Shared by every process through this Redis; counted in this process without it. */
  redis?: Redis | undefined;
  /** Key prefix in Redis (tests give each app its own). */
  nameSpace?: string | undefined;
}

const WINDOW_MS = 60_000;
/** IPv6 clients are counted by their /56, as @fastify/rate-limit does (one customer's network). */
const IPV6_SUBNET = 56;

/**
 * The key a request is counted under: its client address (behind the trusted proxies,
 * `request.ip`). Only an address with a colon can be IPv6 and need @fastify/rate-limit's
 * normalisation (mapped IPv4, the /56): the IPv6 test it starts with is a long regular
 * expression, paid on every request before.
 */
export const rateLimitKey = (ip: string) => (ip.includes(':') ? normalizeIP(ip, IPV6_SUBNET) : ip);

/**
 * The API's rate limit: every request counted by client address against `max` a minute, with
 * @fastify/rate-limit's stores (its LRU in this process, or its Redis script shared by every
 * process) and its headers (x-ratelimit-limit, -remaining, -reset; retry-after on a 429).
 *
 * One root onRequest hook, callback-style, rather than the plugin's own hook: route-level hooks run
 * after the authentication hook (refused requests would never count), and the plugin's hook costs
 * four promises a request where the local store answers synchronously (docs/scale-out.md,
 * "Authenticated reads against bare Fastify"). Routes opt out with `config: { rateLimit: false }`.
 *
 * Redis down or hung: requests go on unlimited for that time rather than failing (500): the data
 * plane's viewers keep playing from their sessions' local copies (playback/sessions.ts). That is
 * logged at most every ten seconds, not once a request.
 */
export function rateLimitHook(options: RateLimitOptions): onRequestHookHandler {
  const { max } = options;
  const store = options.redis
    ? new RedisStore(false, false, options.redis, options.nameSpace)
    : new LocalStore(false, false);
  let lastWarned = 0;

  const counted =
    (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): IncrCallback =>
    (err, count) => {
      if (err || !count) {
        const now = Date.now();
        if (now - lastWarned >= 10_000) {
          lastWarned = now;
          request.log.warn({ err }, 'rate limit store unavailable: requests go uncounted');
        }
        done();
        return;
      }
      const resetSeconds = Math.ceil(count.ttl / 1000);
      if (count.current <= max) {
        reply.header('x-ratelimit-limit', max);
        reply.header('x-ratelimit-remaining', max - count.current);
        reply.header('x-ratelimit-reset', resetSeconds);
        done();
        return;
      }
      reply.header('x-ratelimit-limit', max);
      reply.header('x-ratelimit-remaining', 0);
      reply.header('x-ratelimit-reset', resetSeconds);
      reply.header('retry-after', resetSeconds);
      done(tooManyRequests(`Too many requests, please retry in ${resetSeconds} seconds`));
    };

  return function rateLimit(request, reply, done) {
    if (request.routeOptions.config?.rateLimit === false) {
      done();
      return;
    }
    store.incr(rateLimitKey(request.ip), counted(request, reply, done), WINDOW_MS, max);
  };
}

/** What a keyed limiter answers: allowed, or refused with the seconds until its window resets. */
export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A limit of `max` a minute per key of the caller's choosing (the ad server's decisions per
 * address and stream), on the same stores as the API's limit: this process's LRU, or Redis shared
 * by every process. Redis down: allowed (and logged by the caller), as the API's limit does.
 */
export function keyedLimiter(options: RateLimitOptions): (key: string) => Promise<LimitVerdict> {
  const { max } = options;
  const store = options.redis
    ? new RedisStore(false, false, options.redis, options.nameSpace)
    : new LocalStore(false, false, 50_000);
  return (key) =>
    new Promise((resolve) => {
      store.incr(
        key,
        (err, count) => {
          if (err || !count || count.current <= max) resolve({ allowed: true });
          else resolve({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(count.ttl / 1000)) });
        },
        WINDOW_MS,
        max,
      );
    });
}
