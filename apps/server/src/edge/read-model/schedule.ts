/**
 * A live stream's active scheduled events (the Event Scheduler, db/schema event-schedule), whose
 * breaks playback places per request. Their data is what core's scheduledEventData built on write
 * (core's ScheduledEventData): it has no defaults of its own to read.
 */
import type { ScheduledEventData } from '@cuepoint/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { scheduledEvents } from '../../db/schema/index.ts';

export async function activeScheduledEvents(
  db: DbOrTx,
  streamId: string,
): Promise<{ id: string; data: ScheduledEventData }[]> {
  return db
    .select({ id: scheduledEvents.id, data: scheduledEvents.data })
    .from(scheduledEvents)
    .where(and(eq(scheduledEvents.streamId, streamId), sql`${scheduledEvents.data} ->> 'status' = 'active'`));
}
