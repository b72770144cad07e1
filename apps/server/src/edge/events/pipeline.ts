/**
 * The data plane's event pipeline. Playback records what happens (every ad decision, beacon,
 * origin and ad-server failure is an event) and counts what is too frequent to be an event
 * (playlist requests, viewers, origin fetches); nothing here waits on a database or a broker:
 *
 * - `record` and the counting calls only touch memory: a playlist is never delayed;
 * - every `flushMs` (or sooner when `maxBatch` events wait), the events and the minute counters
 *   they changed leave as one batch, with an id, through a sink: straight into the database, or
 *   into a broker (Redis streams) from which writers put them in the database;
 * - a batch is written in one transaction, once (its id is recorded: a redelivered batch is
 *   skipped), its events in multi-row inserts and its counters as upserts that add.
 *
 * When the sink fails the batch is kept and retried at the next flush (up to `maxBuffered`
 * events wait; past that the oldest are dropped and counted: the data plane keeps playing).
 */
import { randomUUID } from 'node:crypto';
import {
  type DataPlaneAction,
  type DataPlaneEventData,
  type EventLevel,
  LATENCY_BUCKETS_MS,
} from '@cuepoint/core';
import {
  type MinuteCounters,
  PLAYBACK_COUNTER_NAMES,
  PLAYBACK_COUNTERS,
} from '../../db/schema/playback-stats.ts';
import type { ViewerCounter } from './viewers.ts';

export type { MinuteCounters } from '../../db/schema/playback-stats.ts';

export type PlaybackKind = 'liveStream' | 'vod';

/** What an event or a count is about. */
export interface EventSubject {
  kind: PlaybackKind;
  resourceId: string;
  customerId: string;
  resourceName: string;
}

interface EventCommon {
  at: number;
  subject: EventSubject;
  level: EventLevel;
  message: string;
  sessionId?: string | undefined;
  availId?: string | undefined;
}

/** One event of one action, with that action's data (core's DATA_PLANE_EVENT_DATA). */
export type DataPlaneEventOf<A extends DataPlaneAction> = EventCommon & {
  action: A;
  data: DataPlaneEventData[A];
};

/** A data-plane event: a union discriminated by its action. */
export type DataPlaneEvent = { [A in DataPlaneAction]: DataPlaneEventOf<A> }[DataPlaneAction];

/** An event as recorded: its time defaults to now. */
export type NewDataPlaneEvent = {
  [A in DataPlaneAction]: Omit<DataPlaneEventOf<A>, 'at'> & { at?: number };
}[DataPlaneAction];

export interface MinuteRow extends MinuteCounters {
  resourceId: string;
  customerId: string;
  kind: PlaybackKind;
  /** The minute's start (ms). */
  minute: number;
}

export interface EventBatch {
  id: string;
  events: DataPlaneEvent[];
  minutes: MinuteRow[];
}

/** Where batches go: the database, or a broker on the way to it. */
export interface EventSink {
  write(batch: EventBatch): Promise<void>;
}

export const emptyHistogram = () => new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);

/** Every declared counter at zero (db/schema/playback-stats.ts PLAYBACK_COUNTERS). */
export const emptyCounters = (): MinuteCounters =>
  Object.fromEntries(
    PLAYBACK_COUNTER_NAMES.map((name) => [
      name,
      PLAYBACK_COUNTERS[name] === 'histogram' ? emptyHistogram() : 0,
    ]),
  ) as MinuteCounters;

/** The histogram bucket of a latency (the last one: slower than every bound). */
export function latencyBucket(ms: number): number {
  const index = LATENCY_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BUCKETS_MS.length : index;
}

const MINUTE_MS = 60_000;
const minuteOf = (at: number) => Math.floor(at / MINUTE_MS) * MINUTE_MS;
const minuteKey = (resourceId: string, minute: number) => `${resourceId}@${minute}`;

export interface PipelineOptions {
  sink: EventSink;
  now?: () => number;
  flushMs?: number;
  /** Events that make a flush start before its time. */
  maxBatch?: number;
  /** Events kept at most while the sink fails. */
  maxBuffered?: number;
  onError?: (error: unknown) => void;
  /**
   * Counts viewers across processes (viewers.ts); without one, the sessions this process served
   * are the minute's viewers.
   */
  viewers?: ViewerCounter | undefined;
}

export interface PipelineStats {
  recorded: number;
  written: number;
  batches: number;
  dropped: number;
  failures: number;
}

export class EventPipeline {
  readonly stats: PipelineStats = { recorded: 0, written: 0, batches: 0, dropped: 0, failures: 0 };
  private events: DataPlaneEvent[] = [];
  /** Counters not yet flushed, by resource id and minute. */
  private minutes = new Map<string, MinuteRow>();
  /** Sessions seen per resource in its current minute (a viewer counts once per minute). */
  private seen = new Map<string, { minute: number; sessions: Set<string> }>();
  /** Sessions new to this process in a minute, not yet counted (keyed as `minutes`). */
  private fresh = new Map<string, string[]>();
  /** A batch the sink refused: sent again before anything newer. */
  private retry: EventBatch | undefined;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private readonly now: () => number;
  private readonly maxBatch: number;
  private readonly maxBuffered: number;

  constructor(private readonly options: PipelineOptions) {
    this.now = options.now ?? Date.now;
    this.maxBatch = options.maxBatch ?? 2_000;
    this.maxBuffered = options.maxBuffered ?? 100_000;
  }

  /** Starts flushing every flushMs. */
  start(): this {
    const every = this.options.flushMs ?? 1_000;
    this.timer = setInterval(() => void this.flush(), every);
    this.timer.unref();
    return this;
  }

  /** Records an event and counts what it says. */
  record(event: NewDataPlaneEvent): void {
    if (this.closed) return;
    const full: DataPlaneEvent = { ...event, at: event.at ?? this.now() };
    this.stats.recorded += 1;
    if (this.events.length >= this.maxBuffered) {
      this.events.shift();
      this.stats.dropped += 1;
    }
    this.events.push(full);
    countEvent(this.counters(full.subject, full.at), full);
    if (this.events.length >= this.maxBatch && !this.flushing) void this.flush();
  }

  /** A playlist request of a viewer session. */
  request(subject: EventSubject, sessionId: string): void {
    if (this.closed) return;
    const at = this.now();
    const counters = this.counters(subject, at);
    counters.requests += 1;
    const minute = minuteOf(at);
    let seen = this.seen.get(subject.resourceId);
    if (!seen || seen.minute !== minute) {
      seen = { minute, sessions: new Set() };
      this.seen.set(subject.resourceId, seen);
    }
    if (!seen.sessions.has(sessionId)) {
      seen.sessions.add(sessionId);
      // Counted at the flush: how many of them the other processes did not count (viewers.ts).
      const key = minuteKey(subject.resourceId, minute);
      const fresh = this.fresh.get(key);
      if (fresh) fresh.push(sessionId);
      else this.fresh.set(key, [sessionId]);
    }
  }

  /** A viewer session started. */
  session(subject: EventSubject): void {
    if (this.closed) return;
    this.counters(subject, this.now()).sessions += 1;
  }

  /** An origin playlist fetch and how long it took; a failed one is also an event. */
  originFetch(subject: EventSubject, ms: number, failure?: string): void {
    if (this.closed) return;
    const counters = this.counters(subject, this.now());
    counters.originRequests += 1;
    counters.originLatencyMs[latencyBucket(ms)]! += 1;
    if (failure !== undefined) {
      this.record({
        subject,
        action: 'origin-error',
        level: 'error',
        message: `Origin failed: ${failure}`,
        data: { latencyMs: Math.round(ms) },
      });
    }
  }

  private counters(subject: EventSubject, at: number): MinuteCounters {
    const minute = minuteOf(at);
    const key = minuteKey(subject.resourceId, minute);
    let row = this.minutes.get(key);
    if (!row) {
      row = {
        ...emptyCounters(),
        resourceId: subject.resourceId,
        customerId: subject.customerId,
        kind: subject.kind,
        minute,
      };
      this.minutes.set(key, row);
    }
    return row;
  }

  /** Sends what waits as one batch (one flush at a time; a caller waits for the one under way). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    if (this.retry) {
      if (!(await this.send(this.retry))) return;
      this.retry = undefined;
    }
    while (this.events.length > 0 || this.minutes.size > 0) {
      const events = this.events.splice(0, this.maxBatch);
      // Counters go with the first batch of a flush (they cover every event recorded so far).
      const rows = this.minutes;
      const fresh = this.fresh;
      this.minutes = new Map();
      this.fresh = new Map();
      this.forgetOldMinutes();
      await this.countViewers(rows, fresh);
      const minutes = [...rows.values()];
      const batch: EventBatch = { id: randomUUID(), events, minutes };
      if (!(await this.send(batch))) {
        this.retry = batch;
        return;
      }
    }
  }

  /** Each minute's viewers: its new sessions, less those another process counted already. */
  private async countViewers(rows: Map<string, MinuteRow>, fresh: Map<string, string[]>) {
    const counter = this.options.viewers;
    await Promise.all(
      [...fresh].map(async ([key, sessions]) => {
        const row = rows.get(key);
        if (!row) return;
        if (!counter) {
          row.viewers += sessions.length;
          return;
        }
        try {
          row.viewers += await counter.add(row.resourceId, row.minute, sessions);
        } catch (error) {
          // Redis away: this process's own count (a session another process saw counts twice).
          row.viewers += sessions.length;
          this.options.onError?.(error);
        }
      }),
    );
  }

  private async send(batch: EventBatch): Promise<boolean> {
    try {
      await this.options.sink.write(batch);
      this.stats.batches += 1;
      this.stats.written += batch.events.length;
      return true;
    } catch (error) {
      this.stats.failures += 1;
      this.options.onError?.(error);
      return false;
    }
  }

  private forgetOldMinutes() {
    const current = minuteOf(this.now());
    for (const [id, seen] of this.seen) if (seen.minute < current) this.seen.delete(id);
  }

  /** Events and counts not yet written (tests, shutdown). */
  get pending(): number {
    return this.events.length + (this.retry?.events.length ?? 0);
  }

  /** Writes what waits, then stops. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    this.closed = true;
  }
}

/** What an event adds to its minute's counters. */
function countEvent(counters: MinuteCounters, event: DataPlaneEvent): void {
  switch (event.action) {
    case 'ad-decision': {
      const data = event.data;
      counters.avails += 1;
      counters.availSeconds += data.availSeconds ?? data.adSeconds;
      counters.adSeconds += data.adSeconds;
      if (data.adSeconds === 0) counters.availsEmpty += 1;
      if (data.requestUrl !== null) counters.adRequests += 1;
      if (data.reason === 'timeout') counters.adTimeouts += 1;
      else if (data.reason === 'vast-error' || data.reason === 'wrapper-depth') counters.adErrors += 1;
      if (data.latencyMs !== null) counters.adLatencyMs[latencyBucket(data.latencyMs)]! += 1;
      for (const candidate of data.candidates) {
        if (candidate.chosen) counters.adsChosen += 1;
        else counters.adsSkipped += 1;
      }
      return;
    }
    case 'beacon': {
      const { urls, failed, event: tracked } = event.data;
      counters.beaconsSent += urls - failed;
      counters.beaconErrors += failed;
      if (failed < urls) {
        if (tracked === 'impression') counters.impressions += 1;
        if (tracked === 'complete') counters.completes += 1;
      }
      return;
    }
    case 'origin-error':
      counters.originErrors += 1;
      return;
    case 'source-switch':
      counters.sourceSwitches += 1;
      return;
    case 'ad-server-error':
      return;
  }
}
