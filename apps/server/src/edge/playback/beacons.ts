/**
 * Server-side beacons: the impression, start, quartile and complete URLs of the ads a viewer's
 * playlists carried, sent by the data plane as the viewer's playback reaches each point (for
 * players that fire none of their own; the tracking URL serves those that do). Sending never
 * delays a playlist: a bounded queue, a few at a time, each with a time-out, retried twice.
 */
import { cacheBuster, expandMacros, vastTimestamp } from '@cuepoint/stitcher';
import type { FastifyBaseLogger } from 'fastify';
import { type FetchPolicy, safeFetchText } from '../fetch/safe-fetch.ts';

export interface BeaconOptions {
  policy: FetchPolicy;
  now: () => number;
  log?: FastifyBaseLogger;
  timeoutMs?: number;
  /** Sends at once at most. */
  concurrency?: number;
  /** Waiting sends at most (more are dropped and counted). */
  maxQueued?: number;
  /** Delays before the retries of a failed send. */
  retryDelaysMs?: readonly number[];
}

/** What became of a group of URLs sent together (one tracking event of one ad). */
export interface BeaconOutcome {
  sent: number;
  failed: number;
}

interface Group {
  left: number;
  outcome: BeaconOutcome;
  done: (outcome: BeaconOutcome) => void;
}

interface Pending {
  url: string;
  attempt: number;
  group?: Group | undefined;
}

export class BeaconSender {
  readonly stats = { sent: 0, failed: 0, dropped: 0, retried: 0 };
  private readonly queue: Pending[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private active = 0;
  private closed = false;
  private readonly concurrency: number;
  private readonly maxQueued: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: BeaconOptions) {
    this.concurrency = options.concurrency ?? 16;
    this.maxQueued = options.maxQueued ?? 10_000;
    this.retryDelaysMs = options.retryDelaysMs ?? [1_000, 4_000];
  }

  /**
   * Queues each URL (its cache-buster and timestamp macros filled in when sent); `done` hears
   * once every one of them was delivered or given up (dropped counts as failed).
   */
  send(urls: readonly string[], done?: (outcome: BeaconOutcome) => void): void {
    const group =
      done && urls.length > 0 ? { left: urls.length, outcome: { sent: 0, failed: 0 }, done } : undefined;
    for (const url of urls) this.enqueue({ url, attempt: 0, group });
  }

  private settle(item: Pending, delivered: boolean) {
    const group = item.group;
    if (!group) return;
    if (delivered) group.outcome.sent += 1;
    else group.outcome.failed += 1;
    group.left -= 1;
    if (group.left === 0) group.done(group.outcome);
  }

  private enqueue(item: Pending) {
    if (this.closed) return;
    if (this.queue.length >= this.maxQueued) {
      this.stats.dropped += 1;
      this.settle(item, false);
      return;
    }
    this.queue.push(item);
    this.pump();
  }

  private pump() {
    while (!this.closed && this.active < this.concurrency && this.queue.length > 0) {
      const item = this.queue.shift()!;
      this.active += 1;
      void this.deliver(item).finally(() => {
        this.active -= 1;
        this.pump();
      });
    }
  }

  private async deliver(item: Pending): Promise<void> {
    const url = expandMacros(item.url, {
      CACHEBUSTING: cacheBuster(Math.random),
      TIMESTAMP: vastTimestamp(this.options.now()),
    });
    try {
      const answer = await safeFetchText(url, {
        policy: this.options.policy,
        timeoutMs: this.options.timeoutMs ?? 2_000,
        maxBytes: 64 * 1024,
      });
      if (answer.status >= 500) throw new Error(`${url} answered ${answer.status}`);
      this.stats.sent += 1;
      this.settle(item, true);
    } catch (error) {
      const delay = this.retryDelaysMs[item.attempt];
      if (delay === undefined || this.closed) {
        this.stats.failed += 1;
        this.settle(item, false);
        this.options.log?.warn({ err: error, url }, 'beacon: not delivered');
        return;
      }
      this.stats.retried += 1;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.enqueue({ ...item, attempt: item.attempt + 1 });
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Stops sending: waiting beacons and retries are dropped. */
  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queue.length = 0;
  }
}
