/**
 * Writes event batches into the database: in one transaction, once per batch id (a batch a
 * broker delivers twice is skipped, so counters never count twice), events as multi-row inserts
 * into resource_events (the log viewer's table), counters as upserts that add.
 */
import { DATA_PLANE_ACTOR } from '@cuepoint/core';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { DbOrTx } from '../../db/client.ts';
import { customers, eventBatches, playbackMinutes, resourceEvents } from '../../db/schema/index.ts';
import {
  PLAYBACK_COUNTER_NAMES,
  PLAYBACK_COUNTERS,
  type PlaybackCounter,
} from '../../db/schema/playback-stats.ts';
import type { EventBatch, EventSink, MinuteRow } from './pipeline.ts';

/** Rows per insert statement (PostgreSQL allows 65,535 parameters; an event row has 13). */
const ROWS_PER_INSERT = 1_000;

/**
 * The upsert's SET, one entry per declared counter (PLAYBACK_COUNTERS): a count or seconds plus
 * the new one, a histogram bucket by bucket.
 */
const ADD_ON_CONFLICT = Object.fromEntries(
  PLAYBACK_COUNTER_NAMES.map((name) => {
    const column = toSnakeCase(name);
    const added =
      PLAYBACK_COUNTERS[name] === 'histogram'
        ? `array(select coalesce(a, 0) + coalesce(b, 0) from unnest("playback_minutes"."${column}", excluded."${column}") as t(a, b))`
        : `"playback_minutes"."${column}" + excluded."${column}"`;
    return [name, sql.raw(added)];
  }),
) as Record<PlaybackCounter, SQL>;

const minuteValues = (row: MinuteRow) => ({ ...row, minute: new Date(row.minute) });

export async function writeBatch(db: DbOrTx, batch: EventBatch): Promise<boolean> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(eventBatches)
      .values({ id: batch.id })
      .onConflictDoNothing()
      .returning({ id: eventBatches.id });
    if (fresh.length === 0) return false;
    // A customer deleted since (its streams' events with it) would fail the whole batch for good.
    const named = [
      ...new Set([
        ...batch.events.map((e) => e.subject.customerId),
        ...batch.minutes.map((m) => m.customerId),
      ]),
    ];
    const existing = named.length
      ? new Set(
          (await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, named))).map(
            (r) => r.id,
          ),
        )
      : new Set<string>();
    const events = batch.events.filter((e) => existing.has(e.subject.customerId));
    for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
      await tx.insert(resourceEvents).values(
        events.slice(i, i + ROWS_PER_INSERT).map((event) => ({
          at: new Date(event.at),
          customerId: event.subject.customerId,
          kind: event.subject.kind,
          resourceId: event.subject.resourceId,
          resourceName: event.subject.resourceName,
          action: event.action,
          level: event.level,
          message: event.message,
          actor: DATA_PLANE_ACTOR,
          sessionId: event.sessionId ?? null,
          availId: event.availId ?? null,
          data: event.data,
        })),
      );
    }
    // In a fixed order: two writers upserting the same minutes never wait on each other in a circle.
    const minutes = batch.minutes
      .filter((m) => existing.has(m.customerId))
      .sort((a, b) => a.resourceId.localeCompare(b.resourceId) || a.minute - b.minute);
    for (let i = 0; i < minutes.length; i += ROWS_PER_INSERT) {
      await tx
        .insert(playbackMinutes)
        .values(minutes.slice(i, i + ROWS_PER_INSERT).map(minuteValues))
        .onConflictDoUpdate({
          target: [playbackMinutes.resourceId, playbackMinutes.minute],
          set: ADD_ON_CONFLICT,
        });
    }
    return true;
  });
}

/** The default sink: the app's own database. */
export class DatabaseSink implements EventSink {
  constructor(private readonly db: DbOrTx) {}

  async write(batch: EventBatch): Promise<void> {
    await writeBatch(this.db, batch);
  }
}
