import { CappedMap } from './capped-map.ts';

/**
 * One value loaded by `load`, served from memory and loaded again once `refreshMs` old: `current`
 * waits for that load, `peek` answers the value held at once and loads in the background. One
 * load at a time (concurrent callers share it). A failed load keeps the value held (the initial
 * one until a load succeeds), and the next use tries again. `invalidate` (this process just
 * changed what `load` reads) makes the next use load, and a load started before it cannot
 * overwrite what one started after it reads.
 */
export interface RefreshingValueOptions<T> {
  load: () => Promise<T>;
  /** What is held before the first load succeeds. */
  initial: T;
  /** How old the value may be before it is loaded again, in ms. */
  refreshMs: number;
  /** The clock, in ms (tests pin it). */
  now?: () => number;
  /** Told of a failed load (the value held keeps serving). */
  onError?: (error: unknown) => void;
}

export class RefreshingValue<T> {
  readonly #load: () => Promise<T>;
  readonly #refreshMs: number;
  readonly #now: () => number;
  readonly #onError: ((error: unknown) => void) | undefined;
  #value: T;
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<T> | undefined;
  /** Bumped by `invalidate`: a load started before it does not overwrite a newer one. */
  #generation = 0;

  constructor(options: RefreshingValueOptions<T>) {
    this.#load = options.load;
    this.#value = options.initial;
    this.#refreshMs = options.refreshMs;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError;
  }

  /** The value, at most `refreshMs` old: when older, the load's (the held value if it fails). */
  current(): Promise<T> {
    if (this.#now() - this.#loadedAt < this.#refreshMs) return Promise.resolve(this.#value);
    return this.#refresh();
  }

  /** The value held, without waiting; once it is `refreshMs` old, a load starts in the background. */
  peek(): T {
    if (this.#now() - this.#loadedAt >= this.#refreshMs) void this.#refresh();
    return this.#value;
  }

  /** Drops what is held from use: the next `current` or `peek` loads. */
  invalidate(): void {
    this.#generation += 1;
    this.#loadedAt = Number.NEGATIVE_INFINITY;
    this.#loading = undefined;
  }

  #refresh(): Promise<T> {
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const loading = this.#load()
      .then((value) => {
        if (generation === this.#generation) {
          this.#value = value;
          this.#loadedAt = this.#now();
        }
        return value;
      })
      .catch((error: unknown) => {
        this.#onError?.(error);
        return this.#value;
      })
      .finally(() => {
        if (this.#loading === loading) this.#loading = undefined;
      });
    this.#loading = loading;
    return loading;
  }
}

/**
 * Values read by `read`, per key (the ad server's catalogs, targets and counts): served from
 * memory; older than `ttlMs`, read again in the background while the old one keeps serving; older
 * than `maxStaleMs` (or missing), read before answering. One read in flight per key; a failed read
 * is not kept. At most `maxEntries` keys (10,000 unless told): the oldest read is dropped first.
 */
export class RefreshingCache<T> {
  private readonly entries: CappedMap<string, { at: number; value: T; refreshing: boolean }>;
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    /** Reads the value; `previous` is the one kept, which it may answer again when nothing changed. */
    private readonly read: (key: string, previous: T | undefined) => Promise<T>,
    private readonly options: { ttlMs: number; maxStaleMs: number; now: () => number; maxEntries?: number },
  ) {
    this.entries = new CappedMap(options.maxEntries ?? 10_000);
  }

  async get(key: string): Promise<T> {
    const now = this.options.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.options.ttlMs) return entry.value;
    if (entry && now - entry.at < this.options.maxStaleMs) {
      if (!entry.refreshing) {
        entry.refreshing = true;
        this.load(key).catch(() => {
          entry.refreshing = false;
        });
      }
      return entry.value;
    }
    return this.load(key);
  }

  /** Changes the kept value in place (a reservation this process made), if there is one. */
  update(key: string, change: (value: T) => void): void {
    const entry = this.entries.get(key);
    if (entry) change(entry.value);
  }

  /** Forgets a key: the next get reads it. */
  invalidate(key: string): void {
    this.entries.delete(key);
  }

  private load(key: string): Promise<T> {
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const at = this.options.now();
    const loading = this.read(key, this.entries.get(key)?.value).then((value) => {
      this.entries.set(key, { at, value, refreshing: false });
      return value;
    });
    this.loading.set(key, loading);
    const clear = () => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    };
    loading.then(clear, clear);
    return loading;
  }
}
