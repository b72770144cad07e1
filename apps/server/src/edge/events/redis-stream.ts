/**
 * The broker (EVENTS_BROKER=redis): batches go into a Redis stream, and a consumer group of
 * writers (every process runs one) puts them in the database.
 *
 * Why Redis streams rather than NATS JetStream: a deployment of several processes already runs
 * Redis (viewer sessions, rate limits), so the broker adds no service to operate; a consumer
 * group gives each batch to one writer, keeps it pending until acknowledged, and lets another
 * writer claim it when its writer died (XAUTOCLAIM); MAXLEN bounds the memory it takes.
 * Delivery is at least once; the database write is idempotent by batch id, so it counts once.
 *
 * When Redis refuses a batch, it is written to the database directly: a broker outage costs
 * throughput, not events.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { DbOrTx } from '../../db/client.ts';
import { writeBatch } from './database-sink.ts';
import type { EventBatch, EventSink } from './pipeline.ts';

export const EVENT_STREAM = 'cuepoint:events';
export const EVENT_GROUP = 'writers';
/** Entries the stream keeps at most (about; trimmed as Redis finds cheapest). */
const STREAM_MAX = 100_000;
/** A batch pending this long with a writer that went away is claimed by another. */
const CLAIM_IDLE_MS = 30_000;

export class RedisStreamSink implements EventSink {
  fallbacks = 0;
  constructor(
    private readonly redis: Redis,
    private readonly db: DbOrTx,
    private readonly stream = EVENT_STREAM,
  ) {}

  async write(batch: EventBatch): Promise<void> {
    try {
      await this.redis.xadd(
        this.stream,
        'MAXLEN',
        '~',
        String(STREAM_MAX),
        '*',
        'batch',
        JSON.stringify(batch),
      );
    } catch {
      this.fallbacks += 1;
      await writeBatch(this.db, batch);
    }
  }
}

export interface ConsumerOptions {
  redis: Redis;
  db: DbOrTx;
  log?: FastifyBaseLogger | undefined;
  stream?: string;
  group?: string;
  consumer?: string;
  /** How long one read waits for new batches. */
  blockMs?: number;
}

/** One writer of the consumer group: reads batches, writes them, acknowledges them. */
export class RedisStreamConsumer {
  readonly stats = { written: 0, duplicates: 0, failures: 0, claimed: 0 };
  private readonly reader: Redis;
  private stopped = false;
  private loop: Promise<void> | undefined;
  private readonly stream: string;
  private readonly group: string;
  private readonly consumer: string;

  constructor(private readonly options: ConsumerOptions) {
    this.stream = options.stream ?? EVENT_STREAM;
    this.group = options.group ?? EVENT_GROUP;
    this.consumer = options.consumer ?? `${hostname()}-${process.pid}`;
    // A blocking read holds its connection: a connection of its own, allowed to wait.
    this.reader = options.redis.duplicate({ commandTimeout: (options.blockMs ?? 1_000) + 5_000 });
  }

  start(): this {
    this.loop = this.run();
    return this;
  }

  private async ensureGroup() {
    try {
      await this.options.redis.xgroup('CREATE', this.stream, this.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String(error).includes('BUSYGROUP')) throw error;
    }
  }

  private async run() {
    let ready = false;
    while (!this.stopped) {
      try {
        if (!ready) {
          await this.ensureGroup();
          ready = true;
        }
        await this.claimAbandoned();
        const answer = (await this.reader.xreadgroup(
          'GROUP',
          this.group,
          this.consumer,
          'COUNT',
          '20',
          'BLOCK',
          String(this.options.blockMs ?? 1_000),
          'STREAMS',
          this.stream,
          '>',
        )) as [string, [string, string[]][]][] | null;
        for (const [, entries] of answer ?? []) await this.handle(entries);
      } catch (error) {
        if (this.stopped) return;
        this.stats.failures += 1;
        ready = false;
        this.options.log?.warn({ err: error }, 'events: the broker read failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
      }
    }
  }

  /** Batches another writer took and never acknowledged (it died): this one writes them. */
  private async claimAbandoned() {
    const claimed = (await this.options.redis.xautoclaim(
      this.stream,
      this.group,
      this.consumer,
      CLAIM_IDLE_MS,
      '0-0',
      'COUNT',
      '20',
    )) as [string, [string, string[]][]];
    const entries = claimed[1] ?? [];
    this.stats.claimed += entries.length;
    await this.handle(entries);
  }

  private async handle(entries: [string, string[]][]) {
    for (const [id, fields] of entries) {
      const at = fields.indexOf('batch');
      const raw = at === -1 ? undefined : fields[at + 1];
      if (raw !== undefined) {
        const written = await writeBatch(this.options.db, JSON.parse(raw) as EventBatch);
        if (written) this.stats.written += 1;
        else this.stats.duplicates += 1;
      }
      await this.options.redis.xack(this.stream, this.group, id);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.reader.disconnect();
    await this.loop?.catch(() => undefined);
  }
}
