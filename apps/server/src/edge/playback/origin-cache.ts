/**
 * One origin fetch per playlist per refresh, shared by every viewer of it. A thousand viewers
 * asking for a stream's media playlist within one refresh must cost the origin one request:
 * - an answer younger than its time to live (part of the target duration) is served as it is;
 * - while a fetch is under way, everyone asking waits for that one (coalesced, single flight);
 * - when the origin fails (time-out, network, a non-2xx status), the last good answer is served,
 *   marked stale with the failure, so a viewer keeps its window (or the caller fills slate)
 *   instead of an error playlist; with no good answer yet, the failure is thrown.
 * Entries nobody asked for within `idleMs` are dropped, and at most `maxEntries` are kept.
 *
 * Who asked is told of each fetch that served them: a caller names itself (an OriginAsker, the
 * stream or asset whose playlist it is) and is told once of every fetch whose answer it was
 * given, with its time and failure. Two streams of one origin URL share its fetches, and each
 * counts every fetch that served it (not only the one that asked last).
 */
import { SafeFetchError } from '../fetch/safe-fetch.ts';

export interface OriginAnswer {
  body: string;
  /** The URL that answered (after redirects). */
  url: string;
  /** When it was fetched (the cache's clock). */
  fetchedAt: number;
  /** The origin failed since: this is the last good answer, and `failure` says why. */
  stale: boolean;
  failure?: SafeFetchError;
}

export interface OriginFetched {
  url: string;
  status: number;
  body: string;
}

/** Who asks for a playlist: told once of each fetch whose answer it was given. */
export interface OriginAsker {
  /** One id per asker (a stream's id): told once per fetch, however often it asks. */
  readonly id: string;
  /** A fetch that served it: how long it took, and why it failed (undefined: it answered 2xx). */
  fetched(ms: number, failure: string | undefined): void;
}

/** The last fetch of an entry, as its askers are told of it. */
interface Fetch {
  ms: number;
  failure: string | undefined;
  /** The askers told of it already. */
  told: Set<string>;
}

export interface OriginCacheOptions {
  /** Fetches a URL (safeFetchText under the data plane's policy, in production). */
  fetch: (url: string) => Promise<OriginFetched>;
  now?: () => number;
  /** Drop an entry nobody asked for in this long. */
  idleMs?: number;
  maxEntries?: number;
}

interface Entry {
  good?: { body: string; url: string; fetchedAt: number };
  failure?: SafeFetchError;
  /** When the last fetch ended (good or not): a failing origin is not asked again at once. */
  triedAt?: number;
  inflight?: Promise<void>;
  askedAt: number;
  last?: Fetch;
}

export interface OriginCacheStats {
  /** Fetches started (what the origin saw). */
  fetches: number;
  /** Answers served without a fetch of their own (fresh, or waiting for one under way). */
  shared: number;
  /** Answers served stale after a failure. */
  stale: number;
}

export class OriginCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly idleMs: number;
  private readonly maxEntries: number;
  readonly stats: OriginCacheStats = { fetches: 0, shared: 0, stale: 0 };

  constructor(private readonly options: OriginCacheOptions) {
    this.now = options.now ?? Date.now;
    this.idleMs = options.idleMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** The playlist at `url`, at most `ttlMs` old unless the origin is failing (see the module comment). */
  async get(url: string, ttlMs: number, asker?: OriginAsker): Promise<OriginAnswer> {
    const now = this.now();
    let entry = this.entries.get(url);
    if (!entry) {
      entry = { askedAt: now };
      this.entries.set(url, entry);
      this.trim(now);
    }
    entry.askedAt = now;
    const fresh = (at: number | undefined) => at !== undefined && now - at < ttlMs;
    if (!entry.inflight && !fresh(entry.triedAt)) {
      entry.inflight = this.refresh(url, entry);
    } else {
      this.stats.shared += 1;
    }
    if (entry.inflight) await entry.inflight;
    if (asker) tell(asker, entry.last);
    return this.answer(entry);
  }

  private answer(entry: Entry): OriginAnswer {
    if (!entry.good) throw entry.failure ?? new SafeFetchError('network', 'the origin has not answered yet');
    if (!entry.failure) return { ...entry.good, stale: false };
    this.stats.stale += 1;
    return { ...entry.good, stale: true, failure: entry.failure };
  }

  private async refresh(url: string, entry: Entry) {
    this.stats.fetches += 1;
    const started = performance.now();
    // What the askers are told: the origin's status, or the fetch's own error, after the URL.
    let failure: string | undefined;
    try {
      const answer = await this.options.fetch(url);
      if (answer.status < 200 || answer.status > 299) {
        failure = `${url}: the origin answered ${answer.status}`;
        throw new SafeFetchError('status', failure, answer.status);
      }
      entry.good = { body: answer.body, url: answer.url, fetchedAt: this.now() };
      entry.failure = undefined;
    } catch (error) {
      failure ??= `${url}: ${error instanceof Error ? error.message : String(error)}`;
      entry.failure =
        error instanceof SafeFetchError
          ? error
          : new SafeFetchError(
              'network',
              `${url}: ${error instanceof Error ? error.message : String(error)}`,
            );
    } finally {
      entry.last = { ms: performance.now() - started, failure, told: new Set() };
      entry.triedAt = this.now();
      entry.inflight = undefined;
    }
  }

  /** Drops idle entries, then the least recently asked ones over the limit. */
  private trim(now: number) {
    if (this.entries.size <= this.maxEntries && this.entries.size % 256 !== 0) return;
    for (const [url, entry] of this.entries) {
      if (!entry.inflight && now - entry.askedAt > this.idleMs) this.entries.delete(url);
    }
    if (this.entries.size <= this.maxEntries) return;
    const byAge = [...this.entries]
      .filter(([, e]) => !e.inflight)
      .sort(([, a], [, b]) => a.askedAt - b.askedAt);
    for (const [url] of byAge.slice(0, this.entries.size - this.maxEntries)) this.entries.delete(url);
  }

  get size() {
    return this.entries.size;
  }
}

/** Tells `asker` of the fetch `last`, once. */
function tell(asker: OriginAsker, last: Fetch | undefined) {
  if (!last || last.told.has(asker.id)) return;
  last.told.add(asker.id);
  asker.fetched(last.ms, last.failure);
}
