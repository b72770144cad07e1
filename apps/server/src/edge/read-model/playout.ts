/**
 * A streamer channel as the playout origin reads it: its stored data (core's Streamer, through
 * stored.ts's rule) and when it was started (db/schema playout; null: stopped).
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { playoutChannels } from '../../db/schema/index.ts';
import { findStored, type StoredResource } from './resources.ts';

export interface StoredPlayoutChannel {
  channel: StoredResource<'streamer'>;
  startedAt: Date | null;
}

/** One streamer channel (any customer's) and its playout state; undefined when unknown. */
export async function findPlayoutChannel(db: DbOrTx, id: string): Promise<StoredPlayoutChannel | undefined> {
  const channel = await findStored(db, 'streamer', id, null);
  if (!channel) return undefined;
  const [state] = await db
    .select({ startedAt: playoutChannels.startedAt })
    .from(playoutChannels)
    .where(eq(playoutChannels.channelId, id))
    .limit(1);
  return { channel, startedAt: state?.startedAt ?? null };
}
