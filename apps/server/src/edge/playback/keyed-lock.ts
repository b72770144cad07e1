/**
 * One piece of work at a time per key. A player fetches its video and audio playlists in
 * parallel, and each request reads the viewer's session, changes it (state, ad decisions) and
 * writes it back: run side by side, one would overwrite the other's decisions. Within a process
 * they are queued per session; across processes (Redis sessions) the last write wins, which
 * costs at worst an avail decided twice.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(work);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  get size() {
    return this.tails.size;
  }
}
