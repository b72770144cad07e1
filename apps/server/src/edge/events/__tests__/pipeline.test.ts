/**
 * The event pipeline on the real database: batches (never one insert per event), counters that
 * add across batches and processes, a batch written once however often it is delivered, a
 * failing sink that loses nothing, retention in bulk; and the Redis stream broker when a Redis
 * server is there (TEST_REDIS_URL; .ci/run sets it).
 */
import { randomUUID } from 'node:crypto';
import { LATENCY_BUCKETS_MS } from '@cuepoint/core';
import { eq, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { customers, playbackMinutes, resourceEvents } from '../../../db/schema/index.ts';
import { PLAYBACK_COUNTER_NAMES, PLAYBACK_COUNTERS } from '../../../db/schema/playback-stats.ts';
import { freshDatabase } from '../../../test/helpers.ts';
import { DatabaseSink, writeBatch } from '../database-sink.ts';
import {
  type EventBatch,
  EventPipeline,
  type EventSink,
  type EventSubject,
  emptyCounters,
  latencyBucket,
  type MinuteRow,
} from '../pipeline.ts';
import { RedisStreamConsumer, RedisStreamSink } from '../redis-stream.ts';
import { applyRetention } from '../retention.ts';

let database: Database;
let customerId: string;
beforeAll(async () => {
  database = await freshDatabase();
  const [row] = await database.db.select({ id: customers.id }).from(customers).limit(1);
  customerId = row!.id;
});
afterAll(async () => {
  await database?.close();
});

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const subject = (): EventSubject => ({
  kind: 'liveStream',
  resourceId: randomUUID(),
  customerId,
  resourceName: 'Pipeline stream',
});

/** A sink that counts what it was given, then writes it to the database. */
class CountingSink implements EventSink {
  batches: EventBatch[] = [];
  failNext = 0;
  async write(batch: EventBatch) {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('the database is away');
    }
    this.batches.push(batch);
    await writeBatch(database.db, batch);
  }
}

const decision = (s: EventSubject, adSeconds: number, latencyMs: number) => ({
  subject: s,
  action: 'ad-decision' as const,
  level: 'info' as const,
  message: 'Ad break',
  sessionId: 'viewer',
  availId: 'break-1',
  data: {
    requestUrl: 'http://ads.test/vast',
    latencyMs,
    availSeconds: 30,
    adSeconds,
    outcome: 'filled' as const,
    reason: null,
    candidates: [],
    notes: [],
  },
});

async function minuteRows(resourceId: string) {
  return database.db
    .select()
    .from(playbackMinutes)
    .where(eq(playbackMinutes.resourceId, resourceId))
    .orderBy(playbackMinutes.minute);
}

async function eventCount(resourceId: string) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(resourceEvents)
    .where(eq(resourceEvents.resourceId, resourceId));
  return row!.n;
}

describe('EventPipeline', () => {
  it('writes events in batches of maxBatch, with the counters they changed', async () => {
    const sink = new CountingSink();
    const clock = { now: T0 };
    const pipeline = new EventPipeline({ sink, now: () => clock.now, maxBatch: 1_000 });
    const s = subject();
    for (let i = 0; i < 2_500; i++) pipeline.record(decision(s, i % 2 === 0 ? 30 : 0, i % 100));
    await pipeline.flush();
    expect(sink.batches.map((b) => b.events.length)).toEqual([1_000, 1_000, 500]);
    expect(await eventCount(s.resourceId)).toBe(2_500);
    const [row] = await minuteRows(s.resourceId);
    expect(row).toMatchObject({
      avails: 2_500,
      availsEmpty: 1_250,
      availSeconds: 75_000,
      adSeconds: 37_500,
      adRequests: 2_500,
      minute: new Date(T0),
      customerId,
      kind: 'liveStream',
    });
    // Latencies 0..99 ms, 25 of each: buckets ≤5, ≤10, ≤25, ≤50, ≤100.
    expect(row!.adLatencyMs).toEqual([150, 125, 375, 625, 1_225, 0, 0, 0, 0, 0, 0, 0]);
    expect(row!.adLatencyMs).toHaveLength(LATENCY_BUCKETS_MS.length + 1);
  });

  it('adds counters across flushes and processes, and counts a viewer once per minute', async () => {
    const clock = { now: T0 + 5 * MINUTE };
    const a = new EventPipeline({ sink: new DatabaseSink(database.db), now: () => clock.now });
    const b = new EventPipeline({ sink: new DatabaseSink(database.db), now: () => clock.now });
    const s = subject();
    a.request(s, 'one');
    a.request(s, 'one');
    a.originFetch(s, 12);
    await a.flush();
    a.request(s, 'one');
    a.request(s, 'two');
    a.originFetch(s, 7_000, 'http://origin.test/a.m3u8: the origin answered 503');
    b.request(s, 'three');
    b.session(s);
    await Promise.all([a.flush(), b.flush()]);
    clock.now += MINUTE;
    a.request(s, 'one');
    await a.flush();
    const rows = await minuteRows(s.resourceId);
    expect(rows.map((r) => [r.requests, r.viewers, r.sessions, r.originRequests, r.originErrors])).toEqual([
      [5, 3, 1, 2, 1],
      [1, 1, 0, 0, 0],
    ]);
    expect(rows[0]!.originLatencyMs[latencyBucket(12)]).toBe(1);
    expect(rows[0]!.originLatencyMs[latencyBucket(7_000)]).toBe(1);
    // The failed fetch is an event too.
    expect(await eventCount(s.resourceId)).toBe(1);
  });

  it('writes a batch once however often it is delivered', async () => {
    const s = subject();
    const batches: EventBatch[] = [];
    const capture = new EventPipeline({
      sink: { write: async (batch) => void batches.push(batch) },
      now: () => T0 + 10 * MINUTE,
    });
    capture.record(decision(s, 30, 40));
    capture.request(s, 'viewer');
    await capture.close();
    expect(batches).toHaveLength(1);
    expect(await writeBatch(database.db, batches[0]!)).toBe(true);
    expect(await writeBatch(database.db, batches[0]!)).toBe(false);
    expect(await eventCount(s.resourceId)).toBe(1);
    expect((await minuteRows(s.resourceId)).map((r) => [r.avails, r.requests])).toEqual([[1, 1]]);
  });

  it('keeps a refused batch and sends it again first; past maxBuffered the oldest events go', async () => {
    const sink = new CountingSink();
    const errors: unknown[] = [];
    const pipeline = new EventPipeline({
      sink,
      now: () => T0 + 20 * MINUTE,
      maxBuffered: 3,
      onError: (e) => errors.push(e),
    });
    const s = subject();
    pipeline.record(decision(s, 30, 1));
    sink.failNext = 1;
    await pipeline.flush();
    expect(errors).toHaveLength(1);
    expect(pipeline.pending).toBe(1);
    for (let i = 0; i < 4; i++) pipeline.record(decision(s, 0, 2));
    expect(pipeline.stats.dropped).toBe(1);
    await pipeline.flush();
    expect(pipeline.pending).toBe(0);
    expect(sink.batches.map((b) => b.events.length)).toEqual([1, 3]);
    expect(await eventCount(s.resourceId)).toBe(4);
    // The counters count every event recorded, dropped ones included (they are what happened).
    expect((await minuteRows(s.resourceId))[0]!.avails).toBe(5);
  });

  it('drops what concerns a customer deleted since, and writes the rest', async () => {
    const s = subject();
    const gone = { ...subject(), customerId: randomUUID() };
    const pipeline = new EventPipeline({ sink: new DatabaseSink(database.db), now: () => T0 + 30 * MINUTE });
    pipeline.record(decision(gone, 30, 1));
    pipeline.record(decision(s, 30, 1));
    await pipeline.flush();
    expect(pipeline.pending).toBe(0);
    expect(await eventCount(s.resourceId)).toBe(1);
    expect(await eventCount(gone.resourceId)).toBe(0);
  });
});

const rowsOfResult = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const TYPES = { count: 'integer', seconds: 'double precision', histogram: 'ARRAY' } as const;

/** The counters are declared once (PLAYBACK_COUNTERS): the table, the empty row and the upsert follow. */
describe('the declared counters', () => {
  it('are the counter columns of the migrated table, of the declared kinds', async () => {
    const columns = rowsOfResult<{ column_name: string; data_type: string }>(
      await database.db.execute(sql`select column_name, data_type from information_schema.columns
        where table_name = 'playback_minutes' order by ordinal_position`),
    );
    const keys = new Set(['resource_id', 'minute', 'customer_id', 'kind']);
    expect(
      Object.fromEntries(
        columns.filter((c) => !keys.has(c.column_name)).map((c) => [c.column_name, c.data_type]),
      ),
    ).toEqual(
      Object.fromEntries(
        PLAYBACK_COUNTER_NAMES.map((name) => [toSnakeCase(name), TYPES[PLAYBACK_COUNTERS[name]]]),
      ),
    );
  });

  it('start at zero and each add up in the sink', async () => {
    const empty = emptyCounters();
    expect(Object.keys(empty).sort()).toEqual([...PLAYBACK_COUNTER_NAMES].sort());
    const histogram = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
    for (const name of PLAYBACK_COUNTER_NAMES)
      expect(empty[name]).toEqual(PLAYBACK_COUNTERS[name] === 'histogram' ? histogram : 0);

    const resourceId = randomUUID();
    const minute = Date.UTC(2026, 10, 24, 12, 0, 0);
    const row = (): MinuteRow => {
      const counters = emptyCounters();
      for (const [i, name] of PLAYBACK_COUNTER_NAMES.entries()) {
        if (PLAYBACK_COUNTERS[name] === 'histogram') (counters[name] as number[])[i % histogram.length] = i;
        else (counters as unknown as Record<string, number>)[name] = i + 1;
      }
      return { ...counters, resourceId, customerId, kind: 'liveStream', minute };
    };
    await writeBatch(database.db, { id: randomUUID(), events: [], minutes: [row()] });
    await writeBatch(database.db, { id: randomUUID(), events: [], minutes: [row()] });
    const [stored] = await database.db
      .select()
      .from(playbackMinutes)
      .where(eq(playbackMinutes.resourceId, resourceId));
    const once = row();
    for (const name of PLAYBACK_COUNTER_NAMES) {
      const value = once[name];
      expect([name, stored![name]]).toEqual([
        name,
        Array.isArray(value) ? value.map((n) => n * 2) : value * 2,
      ]);
    }
  });
});

describe('retention', () => {
  it('deletes old data-plane events and counters in bulk, and keeps configuration changes', async () => {
    const s = subject();
    const now = T0 + 40 * 24 * 60 * MINUTE;
    const old = new EventPipeline({
      sink: new DatabaseSink(database.db),
      now: () => now - 10 * 24 * 60 * MINUTE,
    });
    old.record(decision(s, 30, 1));
    old.request(s, 'v');
    await old.flush();
    const recent = new EventPipeline({ sink: new DatabaseSink(database.db), now: () => now - MINUTE });
    recent.record(decision(s, 30, 1));
    recent.request(s, 'v');
    await recent.flush();
    await database.db.insert(resourceEvents).values({
      at: new Date(now - 30 * 24 * 60 * MINUTE),
      customerId,
      kind: 'liveStream',
      resourceId: s.resourceId,
      resourceName: 'Pipeline stream',
      action: 'updated',
      message: 'Updated',
    });
    const deleted = await applyRetention(database.db, { eventDays: 7, counterDays: 5 }, now);
    expect(deleted.events).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ action: resourceEvents.action, at: resourceEvents.at })
      .from(resourceEvents)
      .where(eq(resourceEvents.resourceId, s.resourceId))
      .orderBy(resourceEvents.at);
    expect(left.map((e) => e.action)).toEqual(['updated', 'ad-decision']);
    expect((await minuteRows(s.resourceId)).map((r) => r.minute.getTime())).toEqual([
      Math.floor((now - MINUTE) / MINUTE) * MINUTE,
    ]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// Needs a Redis server: .ci/run sets TEST_REDIS_URL when one answers; elsewhere this is skipped.
describe.skipIf(!redisUrl)('the Redis stream broker', () => {
  it('carries batches to the writers, once each, and falls back to the database when Redis is away', async () => {
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    const stream = `cuepoint:test-events:${randomUUID()}`;
    const consumer = new RedisStreamConsumer({ redis, db: database.db, stream, blockMs: 200 }).start();
    try {
      const s = subject();
      const pipeline = new EventPipeline({
        sink: new RedisStreamSink(redis, database.db, stream),
        now: () => T0 + 50 * MINUTE,
      });
      pipeline.record(decision(s, 30, 5));
      pipeline.request(s, 'viewer');
      await pipeline.flush();
      await expect.poll(() => eventCount(s.resourceId), { timeout: 10_000 }).toBe(1);
      // The same batch delivered again (a writer died before acknowledging): written once.
      const [entry] = (await redis.xrange(stream, '-', '+')) as [string, string[]][];
      await redis.xadd(stream, '*', ...entry![1]);
      await expect.poll(() => consumer.stats.duplicates, { timeout: 10_000 }).toBe(1);
      expect((await minuteRows(s.resourceId)).map((r) => [r.avails, r.requests])).toEqual([[1, 1]]);

      const away = new Redis('redis://127.0.0.1:1', {
        maxRetriesPerRequest: 0,
        lazyConnect: true,
        retryStrategy: () => null,
      });
      away.on('error', () => undefined);
      const sink = new RedisStreamSink(away, database.db, stream);
      const fallback = new EventPipeline({ sink, now: () => T0 + 51 * MINUTE });
      fallback.record(decision(s, 30, 5));
      await fallback.flush();
      expect(sink.fallbacks).toBe(1);
      expect(await eventCount(s.resourceId)).toBe(2);
      away.disconnect();
    } finally {
      await consumer.stop();
      await redis.del(stream);
      redis.disconnect();
    }
  });
});
