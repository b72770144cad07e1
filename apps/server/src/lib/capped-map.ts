/**
 * A Map of at most `max` entries for the in-process caches and memos. A `set` (of a new key or an
 * existing one) makes its key the newest; past `max`, the oldest written key is dropped. Reads do
 * not reorder (a `get` costs what a Map's does): eviction is by age of the last write, not least
 * recently used. A caller that wants a hit to count as recent sets the value again.
 *
 * It is a Map (every read, `delete`, iteration and `size` are Map's own), built empty: entries
 * go in through `set` only, so the bound always holds.
 */
export class CappedMap<K, V> extends Map<K, V> {
  readonly max: number;

  constructor(max: number) {
    super();
    if (!(max >= 1)) throw new RangeError(`CappedMap: max must be at least 1 (got ${max})`);
    this.max = max;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.max) super.delete(super.keys().next().value as K);
    return this;
  }
}
