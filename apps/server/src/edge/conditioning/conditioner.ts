/**
 * Creative conditioning: ad servers answer MP4 files, and a creative is stitched only as HLS
 * renditions matching the stream's ladder and container (MPEG-TS, or fMP4/CMAF: the stitcher
 * does not mix them). The first time an ad decision meets an MP4 creative for a ladder and a
 * container, it records the triple (table conditioned_creatives; a TS set is keyed by the pair
 * alone, as before fMP4 was made) and queues one job for it in
 * pg-boss (on the same database: PGlite embedded, or PostgreSQL), whose id is derived from the
 * pair, so every process asking queues the same one job; the ad is skipped with the reason until
 * the job has made it ready. A process with ffmpeg runs the jobs: download (under the data plane's
 * fetch policy), transcode into DATA_DIR/creatives/<key>/, served at /media/creatives/<key>/.
 * A creative whose three attempts failed is queued again when asked for after
 * CONDITIONING_RETRY_MINUTES (core): a source down for a while is not lost for good.
 *
 * Without ffmpeg the server says so at start and in the console (runtime config), queues
 * nothing, and notes why the MP4 ads are skipped; HLS creatives are unaffected.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONDITIONING_RETRY_MINUTES } from '@cuepoint/core';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database, Db } from '../../db/client.ts';
import { conditionedCreatives } from '../../db/schema/index.ts';
import { CappedMap } from '../../lib/capped-map.ts';
import { type FetchPolicy, safeFetchBytes } from '../fetch/safe-fetch.ts';
import { type Container, type FfmpegStatus, type Rung, transcodeToHls } from './ffmpeg.ts';

export const CONDITIONING_QUEUE = 'condition-creative';

/** Where the conditioned creatives are served (public, like segments). */
export const CREATIVES_PATH = '/media/creatives';

export const CONDITIONING_LIMITS = {
  /** Largest MP4 downloaded. */
  sourceMaxBytes: 200 * 1024 * 1024,
  downloadTimeoutMs: 120_000,
  transcodeTimeoutMs: 10 * 60_000,
  /** Rungs of one ladder at most (a stream's multivariant playlist may list many). */
  maxRungs: 6,
  /** A failed creative is queued again when asked for this long after its failure. */
  retryFailedAfterMs: CONDITIONING_RETRY_MINUTES * 60_000,
};

export type Lookup =
  | { state: 'ready'; playlistUrl: string }
  | { state: 'queued' }
  | { state: 'failed'; reason: string }
  | { state: 'unavailable'; reason: string };

/** A ladder from a stream's variants: distinct sizes, highest bandwidth first. */
export function ladderOf(variants: readonly { resolution?: string; bandwidth?: number }[]): Rung[] {
  const rungs: Rung[] = [];
  for (const v of variants) {
    const match = /^(\d{2,5})x(\d{2,5})$/.exec(v.resolution ?? '');
    if (!match || v.bandwidth === undefined) continue;
    const rung = { width: Number(match[1]), height: Number(match[2]), bandwidth: v.bandwidth };
    if (!rungs.some((r) => r.width === rung.width && r.height === rung.height)) rungs.push(rung);
  }
  rungs.sort((a, b) => b.bandwidth - a.bandwidth);
  // A stream that says nothing of its sizes gets one common rung.
  return rungs.length > 0
    ? rungs.slice(0, CONDITIONING_LIMITS.maxRungs)
    : [{ width: 640, height: 360, bandwidth: 1_000_000 }];
}

/**
 * The name of (source, ladder, container): the row's key, the job's id, the folder. A TS set's
 * is the pair's (the key every TS creative had before fMP4 sets were made: they stay valid).
 */
export function conditioningKey(
  sourceUrl: string,
  ladder: readonly Rung[],
  container: Container = 'ts',
): string {
  // Each rung's fields in one order, whatever order a row's JSON gives them back in.
  const rungs = ladder.map((r) => ({ width: r.width, height: r.height, bandwidth: r.bandwidth }));
  return createHash('sha256')
    .update(`${sourceUrl}\n${JSON.stringify(rungs)}${container === 'ts' ? '' : `\n${container}`}`)
    .digest('hex')
    .slice(0, 32);
}

/** The container a row's key was made for (the row says source and ladder; the key the rest). */
const containerOfRow = (row: { key: string; sourceUrl: string; ladder: unknown }): Container =>
  conditioningKey(row.sourceUrl, row.ladder as Rung[], 'fmp4') === row.key ? 'fmp4' : 'ts';

/** A UUID made of the key (pg-boss ids are UUIDs): the same key, the same job, in any process. */
const jobId = (key: string) =>
  `${key.slice(0, 8)}-${key.slice(8, 12)}-4${key.slice(13, 16)}-a${key.slice(17, 20)}-${key.slice(20, 32)}`;

/**
 * A creative still queued when looked up has its job sent again, at most this often per process:
 * a send that was lost (the database cut, the process ended between the row and the job) would
 * otherwise leave it queued for ever. While the job lives, the send is a no-op (the same id).
 */
export const CONDITIONING_RESEND_MS = 30_000;

export interface ConditionerOptions {
  database: Database;
  dataDir: string;
  /** Absolute base of the URLs given to players. */
  publicUrl: string;
  /** Whether this server conditions creatives at all (CONDITIONING). */
  enabled: boolean;
  ffmpegBin: string;
  ffmpeg: FfmpegStatus;
  policy: FetchPolicy;
  log: FastifyBaseLogger;
  /**
   * Called once a job has settled for good: the creative is ready, or its last attempt failed
   * (the notifications, conditioning/plugin.ts). Its failure is logged, never the job's.
   */
  onSettled?: ((outcome: ConditioningOutcome) => Promise<void>) | undefined;
}

/** How a conditioning job ended. */
export interface ConditioningOutcome {
  key: string;
  sourceUrl: string;
  ladder: Rung[];
  status: 'ready' | 'failed';
  reason: string | null;
  /** The creative had failed before and was tried again (CONDITIONING_LIMITS.retryFailedAfterMs). */
  retried: boolean;
}

export class Conditioner {
  private starting: Promise<PgBoss | undefined> | undefined;
  private readonly db: Db;
  /** The share transcoded (0..1) of each creative this process is transcoding now. */
  private readonly transcoding = new Map<string, number>();
  /** When this process last sent each queued creative's job (CONDITIONING_RESEND_MS). */
  private readonly sent = new CappedMap<string, number>(1_000);
  /** Aborted by stop(): a transcode under way is killed, not left running past the server. */
  private stopping = new AbortController();

  constructor(private readonly options: ConditionerOptions) {
    this.db = options.database.db;
  }

  /** What the console shows: whether MP4 creatives can be conditioned here, and if not why. */
  get status(): { available: boolean; reason?: string } {
    if (!this.options.enabled)
      return { available: false, reason: 'creative conditioning is off on this server (CONDITIONING=off)' };
    if (!this.options.ffmpeg.available) return { available: false, reason: this.options.ffmpeg.reason };
    return { available: true };
  }

  /**
   * How far this process's transcode of `key` is (0..1), or null when it is not transcoding it
   * (waiting in the queue, done, or in another process's hands).
   */
  progressOf(key: string): number | null {
    return this.transcoding.get(key) ?? null;
  }

  /** The folder of a conditioned creative. */
  dirOf(key: string): string {
    return join(this.options.dataDir, 'creatives', key);
  }

  /** Starts the queue (and this process's worker, ffmpeg permitting), once; never throws. */
  start(): Promise<PgBoss | undefined> {
    if (!this.status.available) return Promise.resolve(undefined);
    this.starting ??= this.startQueue().catch((error: unknown) => {
      this.options.log.error({ err: error }, 'conditioning: the job queue did not start');
      return undefined;
    });
    return this.starting;
  }

  private async startQueue(): Promise<PgBoss> {
    const target = this.options.database.queueTarget;
    const boss =
      target.driver === 'pglite'
        ? new PgBoss({ db: fromPglite(target.client), schema: 'pgboss' })
        : new PgBoss({ connectionString: target.url, schema: 'pgboss', max: 2 });
    boss.on('error', (error: unknown) => this.options.log.warn({ err: error }, 'conditioning: queue error'));
    await boss.start();
    await boss.createQueue(CONDITIONING_QUEUE, { retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60 });
    // One transcode at a time per process: ffmpeg takes every core it is given.
    await boss.work<{ key: string }>(
      CONDITIONING_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await this.condition(job.data.key, job.retryCount);
      },
    );
    return boss;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.stopping = new AbortController();
    const boss = await this.starting;
    this.starting = undefined;
    await boss?.stop({ graceful: false, timeout: 2_000 });
  }

  /**
   * The HLS playlist of `sourceUrl` conditioned for `ladder` in `container` (MPEG-TS unless
   * asked), or why there is none yet; the first time, the creative is queued.
   */
  async lookup(sourceUrl: string, ladder: readonly Rung[], container: Container = 'ts'): Promise<Lookup> {
    const status = this.status;
    if (!status.available) return { state: 'unavailable', reason: status.reason ?? 'unavailable' };
    const key = conditioningKey(sourceUrl, ladder, container);
    const [row] = await this.db
      .select()
      .from(conditionedCreatives)
      .where(eq(conditionedCreatives.key, key))
      .limit(1);
    if (row?.status === 'ready')
      return { state: 'ready', playlistUrl: `${this.options.publicUrl}${CREATIVES_PATH}/${key}/master.m3u8` };
    if (row?.status === 'failed') {
      const due = new Date(Date.now() - CONDITIONING_LIMITS.retryFailedAfterMs);
      if (row.updatedAt > due) return { state: 'failed', reason: row.reason ?? 'failed' };
      // Tried again: whichever process updates the row first queues the job (the update is
      // conditional); any other finds it queued. Its finished job still holds the id, so it goes.
      // The reason stays while it is queued again: the job knows it is a retry (no second notice).
      const [taken] = await this.db
        .update(conditionedCreatives)
        .set({ status: 'queued', updatedAt: sql`now()` })
        .where(
          and(
            eq(conditionedCreatives.key, key),
            eq(conditionedCreatives.status, 'failed'),
            lte(conditionedCreatives.updatedAt, due),
          ),
        )
        .returning({ key: conditionedCreatives.key });
      if (taken) {
        this.remember(key, Date.now());
        void this.enqueue(key, { replace: true });
      }
      return { state: 'queued' };
    }
    if (!row) {
      await this.db
        .insert(conditionedCreatives)
        .values({ key, sourceUrl, ladder: [...ladder], status: 'queued' })
        .onConflictDoNothing();
    }
    // Not awaited by the viewer's request beyond the insert: the queue may still be starting.
    const now = Date.now();
    if ((this.sent.get(key) ?? Number.NEGATIVE_INFINITY) <= now - CONDITIONING_RESEND_MS) {
      this.remember(key, now);
      void this.enqueue(key);
    }
    return { state: 'queued' };
  }

  /** Notes when this process sent `key`'s job (the capped map forgets the longest ago). */
  private remember(key: string, now: number) {
    this.sent.set(key, now);
  }

  /**
   * Sends `key`'s job. `replace`: a failed creative tried again, whose last job (completed: its
   * last attempt recorded the failure) still holds the id and would make the send a no-op.
   */
  private async enqueue(key: string, { replace = false } = {}) {
    const boss = await this.start();
    try {
      if (replace) await boss?.deleteJob(CONDITIONING_QUEUE, jobId(key));
      // The same id in every process: the second send is a no-op.
      await boss?.send(CONDITIONING_QUEUE, { key }, { id: jobId(key) });
    } catch (error) {
      this.options.log.warn({ err: error, key }, 'conditioning: the job was not queued');
    }
  }

  /** The job: download, transcode, publish; a last failure is recorded on the creative. */
  async condition(key: string, attempt = 0): Promise<void> {
    const [row] = await this.db
      .select()
      .from(conditionedCreatives)
      .where(eq(conditionedCreatives.key, key))
      .limit(1);
    if (!row || row.status === 'ready') return;
    // A queued creative with a reason is one that failed and is being tried again.
    const retried = row.reason !== null;
    const { signal } = this.stopping;
    let settled: ConditioningOutcome | undefined;
    const work = join(this.options.dataDir, 'creatives', `.work-${key}-${randomBytes(4).toString('hex')}`);
    try {
      const answer = await safeFetchBytes(row.sourceUrl, {
        policy: this.options.policy,
        timeoutMs: CONDITIONING_LIMITS.downloadTimeoutMs,
        maxBytes: CONDITIONING_LIMITS.sourceMaxBytes,
      });
      if (answer.status !== 200) throw new Error(`${row.sourceUrl} answered ${answer.status}`);
      await mkdir(join(work, 'out'), { recursive: true });
      const input = join(work, 'source');
      await writeFile(input, answer.body);
      this.transcoding.set(key, 0);
      const seconds = await transcodeToHls(
        this.options.ffmpegBin,
        input,
        join(work, 'out'),
        row.ladder as Rung[],
        CONDITIONING_LIMITS.transcodeTimeoutMs,
        (done) => this.transcoding.set(key, done),
        signal,
        containerOfRow(row),
      );
      await rm(this.dirOf(key), { recursive: true, force: true });
      await rename(join(work, 'out'), this.dirOf(key));
      await this.db
        .update(conditionedCreatives)
        .set({ status: 'ready', reason: null, durationSeconds: String(seconds), updatedAt: sql`now()` })
        .where(eq(conditionedCreatives.key, key));
      this.options.log.info({ key, source: row.sourceUrl, seconds }, 'conditioning: creative ready');
      settled = {
        key,
        sourceUrl: row.sourceUrl,
        ladder: row.ladder as Rung[],
        status: 'ready',
        reason: null,
        retried,
      };
    } catch (error) {
      // Stopped with the server: not the creative's failure. It stays queued, not failed, and its
      // job is taken up again as after a crash (pg-boss retries it, or hands it out on expiry).
      if (signal.aborted) {
        this.options.log.info({ key }, 'conditioning: transcode stopped with the server');
        throw error;
      }
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log.warn({ key, source: row.sourceUrl, reason, attempt }, 'conditioning: attempt failed');
      // pg-boss retries twice; the last failure stays on the creative (its ads skipped with it).
      if (attempt < 2) throw error;
      await this.db
        .update(conditionedCreatives)
        .set({ status: 'failed', reason: reason.slice(0, 500), updatedAt: sql`now()` })
        .where(eq(conditionedCreatives.key, key));
      settled = {
        key,
        sourceUrl: row.sourceUrl,
        ladder: row.ladder as Rung[],
        status: 'failed',
        reason: reason.slice(0, 500),
        retried,
      };
    } finally {
      this.transcoding.delete(key);
      await rm(work, { recursive: true, force: true });
    }
    if (settled && this.options.onSettled) {
      await this.options.onSettled(settled).catch((error: unknown) => {
        this.options.log.error({ err: error, key }, 'conditioning: the settled hook failed');
      });
    }
  }
}
