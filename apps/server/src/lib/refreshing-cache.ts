/**
 * One value loaded by `load`, served from memory and loaded again once `refreshMs` old: `current`
 * waits for that load, `peek` answers the value held at once and loads in the background. One
 * load at a time (concurrent callers share it). A failed load keeps the value held (the initial
 * one until a load succeeds), and the next use tries again. `invalidate` (this process just
 * changed what `load` reads) makes the next use load, and a load started before it cannot
 * overwrite what one started after it reads.
 */
export interface RefreshingCacheOptions<T> {
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

export class RefreshingCache<T> {
  readonly #load: () => Promise<T>;
  readonly #refreshMs: number;
  readonly #now: () => number;
  readonly #onError: ((error: unknown) => void) | undefined;
  #value: T;
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<T> | undefined;
  /** Bumped by `invalidate`: a load started before it does not overwrite a newer one. */
  #generation = 0;

  constructor(options: RefreshingCacheOptions<T>) {
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
