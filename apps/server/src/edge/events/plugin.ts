/**
 * The event pipeline of this process (app.events): batches to the database, or to the Redis
 * stream with this process also one of its writers; viewers counted across processes in Redis
 * when there is one; retention once an hour. Flushed on shutdown
 * while the database is still open.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env.ts';
import { DatabaseSink } from './database-sink.ts';
import { EventPipeline } from './pipeline.ts';
import { RedisStreamConsumer, RedisStreamSink } from './redis-stream.ts';
import { applyRetention, type RetentionSweeps } from './retention.ts';
import { RedisViewerCounter } from './viewers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventPipeline;
  }
}

export interface EventsPluginOptions {
  env: Pick<Env, 'EVENTS_BROKER' | 'EVENTS_FLUSH_MS' | 'EVENTS_RETENTION_DAYS' | 'COUNTERS_RETENTION_DAYS'>;
  redis?: Redis | undefined;
  now?: () => number;
  /** The API side's sweeps that run with retention (retention.ts RetentionSweeps). */
  sweeps?: RetentionSweeps | undefined;
}

const RETENTION_EVERY_MS = 60 * 60 * 1000;

export const eventsPlugin = fp(async (app: FastifyInstance, opts: EventsPluginOptions) => {
  const { env } = opts;
  const now = opts.now ?? Date.now;
  const viaRedis = env.EVENTS_BROKER === 'redis' && opts.redis !== undefined;
  const sink = viaRedis ? new RedisStreamSink(opts.redis!, app.db) : new DatabaseSink(app.db);
  const pipeline = new EventPipeline({
    sink,
    now,
    flushMs: env.EVENTS_FLUSH_MS,
    // With Redis there, viewers are counted across every process (viewers.ts).
    viewers: opts.redis ? new RedisViewerCounter(opts.redis) : undefined,
    onError: (err) => app.log.warn({ err }, 'events: a batch was not written; it is tried again'),
  }).start();
  app.decorate('events', pipeline);
  const consumer = viaRedis
    ? new RedisStreamConsumer({ redis: opts.redis!, db: app.db, log: app.log }).start()
    : undefined;

  const retention = setInterval(() => {
    applyRetention(
      app.db,
      { eventDays: env.EVENTS_RETENTION_DAYS, counterDays: env.COUNTERS_RETENTION_DAYS },
      now(),
      opts.sweeps,
    )
      .then((deleted) => {
        const { batches: _batches, ...reported } = deleted;
        if (Object.values(reported).some((n) => n > 0)) app.log.info({ deleted }, 'events: retention');
      })
      .catch((err) => app.log.warn({ err }, 'events: retention failed'));
  }, RETENTION_EVERY_MS);
  retention.unref();

  app.addHook('preClose', async () => {
    clearInterval(retention);
    await pipeline.close();
    await consumer?.stop();
  });
});
