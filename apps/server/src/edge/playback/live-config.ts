/**
 * What playback needs of a live stream's datasource (and its slate), read from the resources
 * tables. Every playlist request needs it, so it is kept in process for a few seconds (with one
 * read in flight per stream): a change in the console reaches viewers within that time.
 */
import { AD_DECISIONS } from '@cuepoint/core';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { activeScheduledEventsOf } from '../../repositories/event-schedule.ts';
import { findResource } from '../../repositories/resources.ts';
import { type Delivery, readDelivery } from './delivery.ts';
import type { ScheduleEntry } from './scheduled-breaks.ts';

/**
 * The fields playback reads, with the schema's defaults (packages/core live-stream.ts): stored
 * data was validated on write, and a field added since is read as its default.
 */
const playbackStreamSchema = z.object({
  status: z.string(),
  sourceStreamUrl: z.string(),
  adDecision: z.enum(AD_DECISIONS).catch('internal'),
  vastUrl: z.string().catch(''),
  bundles: z.array(z.object({ name: z.string(), percentage: z.number() })).catch([]),
  adpodLength: z.number().int().positive().catch(1),
  maxWaitingSec: z.number().positive().catch(128),
  userLiveliness: z.number().int().positive().catch(3600),
  /** Ads one viewer session is given at most; later avails play slate. */
  adfrequencyCap: z.number().int().positive().catch(1000),
  /** Avails announced ahead (EXT-X-DATERANGE) whose ads are decided before they start. */
  prefetchCount: z.number().int().positive().catch(3),
  /** Seconds of ads one avail takes at most; the rest of a longer avail is slate. */
  maxAdBacklogDuration: z.number().int().positive().catch(600),
  slateId: z.string().nullable().catch(null),
});

const playbackSlateSchema = z.object({ status: z.string().catch('active'), videoUrl: z.string() });

export interface LiveConfig {
  id: string;
  customerId: string;
  /** The stream's name (events name it). */
  name: string;
  stream: z.infer<typeof playbackStreamSchema>;
  /** The slate's video URL, or why there is no usable slate. */
  slate: { videoUrl: string } | { note: string };
  /** The customer's CDN for segment URLs. */
  delivery: Delivery;
  /** The stream's active scheduled events (the Event Scheduler): their breaks are placed per request. */
  schedule: ScheduleEntry[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` can be a resource id (PostgreSQL refuses anything else in a uuid column). */
export const isResourceId = (id: string) => UUID.test(id);

/**
 * Reads one active live stream, its slate and its customer's delivery; undefined when unknown,
 * inactive, malformed, or its customer is de-activated.
 */
export async function readLiveConfig(db: DbOrTx, id: string): Promise<LiveConfig | undefined> {
  if (!isResourceId(id)) return undefined;
  const row = await findResource(db, 'liveStream', id, null);
  if (!row) return undefined;
  const parsed = playbackStreamSchema.safeParse(row.data);
  if (!parsed.success || parsed.data.status !== 'active') return undefined;
  const stream = parsed.data;
  const delivery = await readDelivery(db, row.customerId);
  if (!delivery) return undefined;
  return {
    id: row.id,
    customerId: row.customerId,
    name: typeof row.data.name === 'string' ? row.data.name : '',
    stream,
    slate: await readSlate(db, stream.slateId, row.customerId),
    delivery,
    schedule: await activeScheduledEventsOf(db, row.id),
  };
}

async function readSlate(
  db: DbOrTx,
  slateId: string | null,
  customerId: string,
): Promise<LiveConfig['slate']> {
  if (slateId === null) return { note: 'the stream has no slate' };
  const row = isResourceId(slateId) ? await findResource(db, 'slate', slateId, customerId) : undefined;
  const slate = row ? playbackSlateSchema.safeParse(row.data) : undefined;
  if (!slate?.success) return { note: 'the stream’s slate no longer exists' };
  if (slate.data.status !== 'active') return { note: 'the stream’s slate is inactive' };
  let path: string;
  try {
    path = new URL(slate.data.videoUrl).pathname;
  } catch {
    return { note: 'the slate’s video URL is not a URL' };
  }
  // An MP4 or TS file would have to be packaged as HLS first (a later step: the transcode queue).
  if (!path.toLowerCase().endsWith('.m3u8'))
    return { note: 'the slate’s video is not an HLS playlist (.m3u8): it needs transcoding' };
  return { videoUrl: slate.data.videoUrl };
}

/** A playback configuration read by `read`, kept `ttlMs` per id, one read in flight per id. */
export class ConfigCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T | undefined> }>();

  constructor(
    private readonly read: (id: string) => Promise<T | undefined>,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 10_000,
  ) {}

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
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}
