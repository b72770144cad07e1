/**
 * Playout state (db/schema/playout.ts) beside the streamer channels it runs. Read for every
 * customer (a main administrator's view, and the data plane's origin); writes take a transaction.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  customers,
  liveStreams,
  type PlayoutRow,
  playoutChannels,
  type ResourceRow,
  streamerChannels,
  vodAssets,
} from '../db/schema/index.ts';

export interface PlayoutChannelRow {
  channel: ResourceRow;
  customerName: string;
  state: PlayoutRow | null;
}

function channelQuery(db: DbOrTx) {
  return db
    .select({ channel: streamerChannels, customerName: customers.name, state: playoutChannels })
    .from(streamerChannels)
    .innerJoin(customers, eq(customers.id, streamerChannels.customerId))
    .leftJoin(playoutChannels, eq(playoutChannels.channelId, streamerChannels.id));
}

/** Every customer's streamer channels with their playout state, by customer then channel name. */
export async function listPlayoutChannels(db: DbOrTx): Promise<PlayoutChannelRow[]> {
  return channelQuery(db).orderBy(
    asc(sql`lower(${customers.name})`),
    asc(sql`lower(${streamerChannels.data} ->> 'name')`),
    asc(streamerChannels.id),
  );
}

/** One streamer channel (any customer's) with its playout state; `lock` locks the channel row. */
export async function findPlayoutChannel(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<PlayoutChannelRow | undefined> {
  const query = channelQuery(db).where(eq(streamerChannels.id, id));
  const [row] = lock ? await query.for('update', { of: streamerChannels }) : await query;
  return row;
}

/** The VOD assets of a customer among `ids`. */
export async function findVodAssets(
  db: DbOrTx,
  customerId: string,
  ids: readonly string[],
): Promise<ResourceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(vodAssets)
    .where(and(eq(vodAssets.customerId, customerId), inArray(vodAssets.id, [...ids])));
}

/** The VOD assets of several customers' channels (the list), by id. */
export async function findVodAssetsByIds(db: DbOrTx, ids: readonly string[]): Promise<ResourceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(vodAssets)
    .where(inArray(vodAssets.id, [...ids]));
}

/** A live stream of the customer whose source is `sourceStreamUrl` (a channel's origin). */
export async function findLiveStreamBySource(
  db: DbOrTx,
  customerId: string,
  sourceStreamUrl: string,
): Promise<ResourceRow | undefined> {
  const [row] = await db
    .select()
    .from(liveStreams)
    .where(
      and(
        eq(liveStreams.customerId, customerId),
        sql`${liveStreams.data} ->> 'sourceStreamUrl' = ${sourceStreamUrl}`,
      ),
    )
    .orderBy(asc(liveStreams.createdAt))
    .limit(1);
  return row;
}

/** Records a channel as running since `startedAt` (or keeps it running), with its live stream. */
export async function saveStarted(
  db: DbOrTx,
  values: {
    channelId: string;
    customerId: string;
    startedAt: Date;
    startedBy: string | null;
    liveStreamId: string;
  },
): Promise<PlayoutRow> {
  const [row] = await db
    .insert(playoutChannels)
    .values({ ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: playoutChannels.channelId,
      set: {
        // A running channel keeps its start (start is idempotent); a stopped one starts now.
        startedAt: sql`coalesce(${playoutChannels.startedAt}, excluded.started_at)`,
        startedBy: sql`case when ${playoutChannels.startedAt} is null then excluded.started_by else ${playoutChannels.startedBy} end`,
        liveStreamId: values.liveStreamId,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Marks a channel stopped; undefined when it never ran. */
export async function saveStopped(db: DbOrTx, channelId: string): Promise<PlayoutRow | undefined> {
  const [row] = await db
    .update(playoutChannels)
    .set({ startedAt: null, updatedAt: sql`now()` })
    .where(eq(playoutChannels.channelId, channelId))
    .returning();
  return row;
}
