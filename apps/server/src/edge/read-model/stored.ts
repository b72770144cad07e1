/**
 * The one rule by which the data plane reads stored configuration (issue 37): a row's `data` is
 * parsed with its resource's core schema (packages/core resources/, through RESOURCES), so the
 * edge reads core's output type over core's one set of defaults, and keeps none of its own.
 *
 * Old data (a row that core's schema refuses as a whole, e.g. written before a rule or field was
 * added): it is read field by field, each field's stored value through core's own schema for that
 * field, and a field whose value that schema refuses (or that is missing) reads as core's default
 * for it (the resource's defaults constant, RESOURCES[kind].defaults). Such a row is logged once
 * per process, naming the fields replaced. The edge then applies its own business checks (a stream
 * without a source does not play), never defaults.
 *
 * Parsing is memoised per row version (id and updatedAt): a catalog refresh parses only the rows
 * that changed since the last one. What a reader answers is shared: callers do not change it.
 */
import { RESOURCES, type ResourceKind } from '@cuepoint/core';
import type { z } from 'zod';
import { CappedMap } from '../../lib/capped-map.ts';

/** What the edge reads of a resource kind: core's schema output. */
export type Stored<K extends ResourceKind> = z.output<(typeof RESOURCES)[K]['schema']>;

type Log = (message: string) => void;
let log: Log = (message) => process.emitWarning(message, { code: 'CUEPOINT_STORED_ROW' });
/** Where a row read with core's defaults in place of stored values is told (app.log in a server). */
export function setStoredRowLog(to: Log): void {
  log = to;
}

/** A reader of one kind's stored data, over a schema and its defaults (core's, for the edge). */
export function storedReader<T extends Record<string, unknown>>(
  name: string,
  schema: z.ZodType<T>,
  defaults: T,
) {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  /** The ids whose repair was logged (once each; the oldest forgotten first). */
  const logged = new CappedMap<string, true>(10_000);
  const memo = new CappedMap<string, { version: number; value: T }>(50_000);

  function repaired(id: string, data: unknown): T {
    const stored = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    const replaced: string[] = [];
    for (const field of Object.keys(defaults)) {
      const parsed = shape[field]?.safeParse(stored[field]);
      if (parsed?.success) out[field] = parsed.data;
      else {
        out[field] = structuredClone(defaults[field]);
        replaced.push(field);
      }
    }
    if (!logged.has(id)) {
      logged.set(id, true);
      log(
        `stored ${name} ${id} fails core's schema: read with core's defaults for ${replaced.join(', ') || 'none of its fields (a rule across fields failed)'}`,
      );
    }
    return out as T;
  }

  return {
    /** The row's data as core's output: parsed whole, else field by field (the header's rule). */
    read(row: { id: string; data: unknown; updatedAt?: Date | null | undefined }): T {
      const version = row.updatedAt?.getTime();
      if (version !== undefined) {
        const kept = memo.get(row.id);
        if (kept?.version === version) return kept.value;
      }
      const parsed = schema.safeParse(row.data);
      const value = parsed.success ? parsed.data : repaired(row.id, row.data);
      if (version !== undefined) {
        memo.set(row.id, { version, value });
      }
      return value;
    },
  };
}

const readers = new Map<ResourceKind, ReturnType<typeof storedReader>>();

/** Reads a stored row of `kind` with core's schema and defaults for that kind. */
export function readStored<K extends ResourceKind>(
  kind: K,
  row: { id: string; data: unknown; updatedAt?: Date | null | undefined },
): Stored<K> {
  let reader = readers.get(kind);
  if (!reader) {
    const { schema, defaults } = RESOURCES[kind];
    reader = storedReader(
      kind,
      schema as z.ZodType<Record<string, unknown>>,
      defaults as Record<string, unknown>,
    );
    readers.set(kind, reader);
  }
  return reader.read(row) as Stored<K>;
}
