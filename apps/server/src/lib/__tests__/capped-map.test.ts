import { describe, expect, it } from 'vitest';
import { CappedMap } from '../capped-map.ts';

describe('CappedMap', () => {
  it('keeps at most max entries, dropping the oldest written', () => {
    const map = new CappedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
    expect(map.size).toBe(2);
  });

  it('makes a key written again the newest', () => {
    const map = new CappedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10);
    // Rewriting a key of a full map drops nothing.
    expect(map.size).toBe(2);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
    expect(map.get('a')).toBe(10);
  });

  it('does not reorder on a read', () => {
    const map = new CappedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    expect(map.has('a')).toBe(true);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('is a Map: delete, clear and iteration are its own', () => {
    const map = new CappedMap<string, number>(3);
    map.set('a', 1).set('b', 2);
    expect(map).toBeInstanceOf(Map);
    expect(map.delete('a')).toBe(true);
    expect([...map.keys()]).toEqual(['b']);
    map.clear();
    expect(map.size).toBe(0);
  });

  it('refuses a bound below one', () => {
    expect(() => new CappedMap(0)).toThrow(RangeError);
  });
});
