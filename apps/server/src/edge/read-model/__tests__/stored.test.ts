/**
 * The read model keeps no default of its own (issue 37): a stored row reads as core's schema
 * output, a field missing from the stored JSON as core's default, and a row that core's schema
 * refuses field by field with core's default for each refused field.
 */
import {
  LIVE_STREAM_DEFAULTS,
  type LiveStream,
  liveStreamSchema,
  positiveIntSchema,
  RESOURCE_KINDS,
  RESOURCES,
} from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { readStored, setStoredRowLog, storedReader } from '../stored.ts';

const stored = { ...LIVE_STREAM_DEFAULTS, name: 'A stream', sourceStreamUrl: 'https://origin.test/live/' };
const without = (data: Record<string, unknown>, ...fields: string[]) =>
  Object.fromEntries(Object.entries(data).filter(([key]) => !fields.includes(key)));

describe('stored rows read as core’s output', () => {
  it('reads a field missing from the stored JSON as core’s default', () => {
    const row = { id: 'a', data: without({ ...stored, adpodLength: 4, prefetchCount: 9 }, 'adpodLength') };
    const read = readStored('liveStream', row);
    expect(read.adpodLength).toBe(LIVE_STREAM_DEFAULTS.adpodLength);
    expect(read.prefetchCount).toBe(9);
  });

  it('follows the schema it is given: change the default and the read follows, none is its own', () => {
    // The same schema with another default for one field: what the edge reads is that default.
    const changed = liveStreamSchema.safeExtend({
      adpodLength: positiveIntSchema('Ad pod length', 100).default(7),
    });
    const defaults: LiveStream = { ...LIVE_STREAM_DEFAULTS, adpodLength: 7 };
    const reader = storedReader('liveStream', changed, defaults);
    expect(reader.read({ id: 'b', data: without(stored, 'adpodLength') }).adpodLength).toBe(7);
    // A refused value (old data) falls back to the default of the defaults given, not to core's.
    expect(reader.read({ id: 'c', data: { ...stored, adpodLength: 'many' } }).adpodLength).toBe(7);
  });

  it('reads a row core refuses field by field, core’s default for each refused field, logged once', () => {
    const logged: string[] = [];
    setStoredRowLog((message) => logged.push(message));
    try {
      const data = {
        ...stored,
        adpodLength: 'many',
        prefetchCount: 9,
        bundles: [{ name: 'Half', percentage: 50 }],
      };
      for (let i = 0; i < 2; i++) {
        const read = readStored('liveStream', { id: 'old-row', data });
        expect(read.adpodLength).toBe(LIVE_STREAM_DEFAULTS.adpodLength);
        expect(read.prefetchCount).toBe(9);
        // Valid on its own (only the rule across fields, a 100% total, fails): kept as stored.
        expect(read.bundles).toEqual([{ name: 'Half', percentage: 50, bundleId: null }]);
      }
      expect(logged).toEqual([
        "stored liveStream old-row fails core's schema: read with core's defaults for adpodLength",
      ]);
    } finally {
      setStoredRowLog(() => {});
    }
  });

  it('parses once per row version', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const first = readStored('liveStream', { id: 'versioned', data: stored, updatedAt: at });
    expect(
      readStored('liveStream', { id: 'versioned', data: { ...stored, prefetchCount: 8 }, updatedAt: at }),
    ).toBe(first);
    const next = readStored('liveStream', {
      id: 'versioned',
      data: { ...stored, prefetchCount: 8 },
      updatedAt: new Date(at.getTime() + 1),
    });
    expect(next.prefetchCount).toBe(8);
  });

  it('has one set of defaults in core: each field’s schema default is its defaults constant’s', () => {
    for (const kind of RESOURCE_KINDS) {
      const { schema, defaults } = RESOURCES[kind];
      const shape = (
        schema as unknown as {
          shape: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
        }
      ).shape;
      for (const [field, value] of Object.entries(defaults as Record<string, unknown>)) {
        const parsed = shape[field]?.safeParse(undefined);
        if (parsed?.success) expect(parsed.data, `${kind}.${field}`).toEqual(value);
      }
    }
  });
});
