import { describe, expect, it } from 'vitest';
import { RefreshingCache, RefreshingValue } from '../refreshing-cache.ts';

/** A load the test answers by hand, counting its calls. */
function manualLoad() {
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<number>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { load, pending };
}

const setup = () => {
  let clock = 1_000;
  const manual = manualLoad();
  const errors: unknown[] = [];
  const cache = new RefreshingValue<number>({
    load: manual.load,
    initial: 0,
    refreshMs: 100,
    now: () => clock,
    onError: (e) => errors.push(e),
  });
  return { cache, ...manual, errors, advance: (ms: number) => (clock += ms) };
};

describe('RefreshingValue', () => {
  it('loads once, then serves from memory until refreshMs old', async () => {
    const { cache, pending, advance } = setup();
    const first = cache.current();
    const second = cache.current();
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    advance(99);
    expect(await cache.current()).toBe(7);
    expect(cache.peek()).toBe(7);
    expect(pending).toHaveLength(1);
    advance(1);
    const third = cache.current();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(8);
    expect(await third).toBe(8);
  });

  it('peek answers the value held and loads in the background, one load at a time', async () => {
    const { cache, pending } = setup();
    expect(cache.peek()).toBe(0);
    expect(cache.peek()).toBe(0);
    const waiting = cache.current();
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(5);
    expect(await waiting).toBe(5);
    expect(cache.peek()).toBe(5);
  });

  it('keeps the value held when a load fails, and tries again on the next use', async () => {
    const { cache, pending, errors, advance } = setup();
    const first = cache.current();
    pending[0]!.resolve(3);
    await first;
    advance(100);
    const failing = cache.current();
    pending[1]!.reject(new Error('down'));
    expect(await failing).toBe(3);
    expect(errors).toHaveLength(1);
    const retry = cache.current();
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(4);
    expect(await retry).toBe(4);
  });

  it('after invalidate loads again, and a load started before it does not overwrite', async () => {
    const { cache, pending } = setup();
    const stale = cache.current();
    cache.invalidate();
    const fresh = cache.current();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await fresh).toBe(2);
    pending[0]!.resolve(1);
    expect(await stale).toBe(1);
    expect(await cache.current()).toBe(2);
    expect(pending).toHaveLength(2);
  });
});

describe('RefreshingCache (per key)', () => {
  it('shares one read per key, keeps no failed read, and forgets the oldest key past maxEntries', async () => {
    let clock = 0;
    const reads: string[] = [];
    let fail = false;
    const cache = new RefreshingCache<string>(
      async (key, previous) => {
        reads.push(key);
        if (fail) throw new Error('down');
        return `${key}:${previous ?? 'none'}`;
      },
      { ttlMs: 100, maxStaleMs: 1_000, now: () => clock, maxEntries: 2 },
    );
    const [a1, a2] = await Promise.all([cache.get('a'), cache.get('a')]);
    expect([a1, a2]).toEqual(['a:none', 'a:none']);
    expect(reads).toEqual(['a']);
    fail = true;
    await expect(cache.get('b')).rejects.toThrow('down');
    fail = false;
    expect(await cache.get('b')).toBe('b:none');
    expect(await cache.get('c')).toBe('c:none');
    // 'a' was the oldest read: forgotten, read again from nothing.
    clock = 50;
    expect(await cache.get('a')).toBe('a:none');
    expect(reads).toEqual(['a', 'b', 'b', 'c', 'a']);
    cache.invalidate('a');
    expect(await cache.get('a')).toBe('a:none');
    expect(reads).toHaveLength(6);
  });
});
