/**
 * What playback needs of a live stream's datasource (and its slate), read from the resources
 * tables. Every playlist request needs it, so it is kept in process for a few seconds (with one
 * read in flight per stream): a change in the console reaches viewers within that time.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { liveStreams } from '../../db/schema/index.ts';
import { CappedMap } from '../../lib/capped-map.ts';
import { findStored, isResourceId } from '../read-model/resources.ts';
import { activeScheduledEvents } from '../read-model/schedule.ts';
import type { Stored } from '../read-model/stored.ts';
import { type Delivery, readDelivery } from './delivery.ts';
import type { ScheduleEntry } from './scheduled-breaks.ts';
import { type ViewerAccess, viewerAccess, viewerAccessLog } from './viewer-access.ts';

export { isResourceId };

export interface LiveConfig {
  id: string;
  customerId: string;
  /** The stream's name (events name it). */
  name: string;
  /** The stored datasource as core's LiveStream (its defaults for what is not stored): read-model/. */
  stream: Stored<'liveStream'>;
  /** The slate's video URL, or why there is no usable slate. */
  slate: { videoUrl: string } | { note: string };
  /** The customer's CDN for segment URLs. */
  delivery: Delivery;
  /** The stream's active scheduled events (the Event Scheduler): their breaks are placed per request. */
  schedule: ScheduleEntry[];
  /** Who may play (Trusted IPs, Blocked IPs), parsed once with the config: viewer-access.ts. */
  access: ViewerAccess;
}

/**
 * Reads one active live stream, its slate and its customer's delivery; undefined when unknown,
 * inactive, without a source, or its customer is de-activated.
 */
export async function readLiveConfig(db: DbOrTx, id: string): Promise<LiveConfig | undefined> {
  const row = await findStored(db, 'liveStream', id, null);
  if (!row) return undefined;
  const stream = row.data;
  if (stream.status !== 'active' || stream.sourceStreamUrl === '') return undefined;
  const delivery = await readDelivery(db, row.customerId);
  if (!delivery) return undefined;
  return {
    id: row.id,
    customerId: row.customerId,
    name: stream.name,
    stream,
    slate: await readSlate(db, stream.slateId, row.customerId),
    delivery,
    schedule: await activeScheduledEvents(db, row.id),
    access: viewerAccess(`live stream ${row.id}`, await readAccessLists(db, row.id), viewerAccessLog),
  };
}

/**
 * The stream's Trusted IPs and Blocked IPs as stored, entry by entry: the one pair of fields the
 * edge does not read through core's field schema (read-model/stored.ts), which would read a list
 * with one bad entry (old data) as core's default, [], and so open a blocked address or a
 * restricted stream to all. viewer-access.ts ignores the bad entry alone and applies the others.
 */
async function readAccessLists(db: DbOrTx, id: string): Promise<{ trusted: unknown; blocked: unknown }> {
  const [row] = await db
    .select({
      trusted: sql<unknown>`${liveStreams.data} -> 'trustedIpsList'`,
      blocked: sql<unknown>`${liveStreams.data} -> 'blockedIpsList'`,
    })
    .from(liveStreams)
    .where(eq(liveStreams.id, id))
    .limit(1);
  return { trusted: row?.trusted ?? [], blocked: row?.blocked ?? [] };
}

async function readSlate(
  db: DbOrTx,
  slateId: string | null,
  customerId: string,
): Promise<LiveConfig['slate']> {
  if (slateId === null) return { note: 'the stream has no slate' };
  const slate = (await findStored(db, 'slate', slateId, customerId))?.data;
  if (!slate) return { note: 'the stream’s slate no longer exists' };
  if (slate.status !== 'active') return { note: 'the stream’s slate is inactive' };
  let path: string;
  try {
    path = new URL(slate.videoUrl).pathname;
  } catch {
    return { note: 'the slate’s video URL is not a URL' };
  }
  // An MP4 or TS file would have to be packaged as HLS first (a later step: the transcode queue).
  if (!path.toLowerCase().endsWith('.m3u8'))
    return { note: 'the slate’s video is not an HLS playlist (.m3u8): it needs transcoding' };
  return { videoUrl: slate.videoUrl };
}

/** A playback configuration read by `read`, kept `ttlMs` per id, one read in flight per id. */
export class ConfigCache<T> {
  private readonly entries: CappedMap<string, { at: number; value: Promise<T | undefined> }>;

  constructor(
    private readonly read: (id: string) => Promise<T | undefined>,
    private readonly ttlMs: number,
    private readonly now: () => number,
    maxEntries = 10_000,
  ) {
    this.entries = new CappedMap(maxEntries);
  }

  get(id: string): Promise<T | undefined> {
    const now = this.now();
    const entry = this.entries.get(id);
    if (entry && now - entry.at < this.ttlMs) return entry.value;
    const value = this.read(id);
    this.entries.set(id, { at: now, value });
    // A failed read (database down) is not kept: the next request tries again.
    value.catch(() => {
      if (this.entries.get(id)?.value === value) this.entries.delete(id);
    });
    return value;
  }
}
