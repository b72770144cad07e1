/**
 * Scheduled events (the Event Scheduler). Functions take `db` or a transaction first. Events are
 * a main administrator's: no customer scope here (the route admits only administrators); the
 * data plane reads one stream's active events.
 */
import type { ScheduledEvent, ScheduledEventData } from '@cuepoint/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { customers, liveStreams, type ScheduledEventRow, scheduledEvents } from '../db/schema/index.ts';

export type { ScheduledEventRow };

export type ListedScheduledEventRow = ScheduledEventRow & { customerName: string; streamName: string };

const listed = {
  row: scheduledEvents,
  customerName: customers.name,
  streamName: sql<string>`${liveStreams.data} ->> 'name'`,
};

const flatten = ({
  row,
  customerName,
  streamName,
}: {
  row: ScheduledEventRow;
  customerName: string;
  streamName: string;
}) => ({
  ...row,
  customerName,
  streamName: streamName ?? '',
});

/** Every event, or one stream's, by name (then id: names may repeat across streams). */
export async function listScheduledEvents(
  db: DbOrTx,
  filter: { streamId?: string | undefined } = {},
): Promise<ListedScheduledEventRow[]> {
  const rows = await db
    .select(listed)
    .from(scheduledEvents)
    .innerJoin(customers, eq(customers.id, scheduledEvents.customerId))
    .innerJoin(liveStreams, eq(liveStreams.id, scheduledEvents.streamId))
    .where(filter.streamId === undefined ? undefined : eq(scheduledEvents.streamId, filter.streamId))
    .orderBy(asc(sql`lower(${scheduledEvents.data} ->> 'name')`), asc(scheduledEvents.id))
    .limit(1000);
  return rows.map(flatten);
}

/** One event with its names; `lock` takes the row `for update` (inside a transaction). */
export async function findScheduledEvent(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<ListedScheduledEventRow | undefined> {
  const query = db
    .select(listed)
    .from(scheduledEvents)
    .innerJoin(customers, eq(customers.id, scheduledEvents.customerId))
    .innerJoin(liveStreams, eq(liveStreams.id, scheduledEvents.streamId))
    .where(eq(scheduledEvents.id, id));
  const [row] = lock ? await query.for('update', { of: scheduledEvents }) : await query;
  return row ? flatten(row) : undefined;
}

export interface ScheduledEventWrite {
  customerId: string;
  streamId: string;
  data: ScheduledEventData;
  by: string;
}

export async function insertScheduledEvent(
  db: DbOrTx,
  input: ScheduledEventWrite,
): Promise<ScheduledEventRow> {
  const [row] = await db
    .insert(scheduledEvents)
    .values({ ...input, createdBy: input.by, updatedBy: input.by })
    .returning();
  return row!;
}

export async function updateScheduledEvent(
  db: DbOrTx,
  id: string,
  input: ScheduledEventWrite,
): Promise<ScheduledEventRow> {
  const [row] = await db
    .update(scheduledEvents)
    .set({
      customerId: input.customerId,
      streamId: input.streamId,
      data: input.data,
      updatedBy: input.by,
      updatedAt: new Date(),
      version: sql`${scheduledEvents.version} + 1`,
    })
    .where(eq(scheduledEvents.id, id))
    .returning();
  return row!;
}

export async function deleteScheduledEvent(db: DbOrTx, id: string): Promise<void> {
  await db.delete(scheduledEvents).where(eq(scheduledEvents.id, id));
}

/** The API's view of an event. */
export function toScheduledEventDto(row: ListedScheduledEventRow): ScheduledEvent {
  return {
    ...row.data,
    _id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    streamId: row.streamId,
    streamName: row.streamName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
