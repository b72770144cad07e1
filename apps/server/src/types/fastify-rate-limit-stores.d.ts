// @fastify/rate-limit's two stores, imported by path (lib/rate-limit.ts): the package ships no
// types for them. Both answer through the callback; the local store does so synchronously.
declare module '@fastify/rate-limit/store/*.js' {
  import type { Redis } from 'ioredis';

  export interface RateLimitCount {
    /** Requests counted in the window so far, this one included. */
    current: number;
    /** Milliseconds until the window ends. */
    ttl: number;
  }
  export type IncrCallback = (err: Error | null, count: RateLimitCount | null) => void;

  interface RateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindowMs: number, max: number): void;
  }
  const Store: {
    new (
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redisOrCacheSize?: Redis | number,
      keyPrefix?: string,
    ): RateLimitStore;
  };
  export default Store;
}
