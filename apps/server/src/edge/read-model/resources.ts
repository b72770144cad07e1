/**
 * The resources the data plane reads (live streams, VOD assets, slates, streamer channels and the
 * demand: advertisers, campaigns, creatives, placements, bundles, pods), queried from db/schema
 * and answered as core's output types (stored.ts's one rule). Trashed rows are never read.
 */
import type { ResourceKind } from '@cuepoint/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  advertisers,
  bundles,
  campaigns,
  creatives,
  liveStreams,
  placements,
  pods,
  type ResourceTable,
  slates,
  streamerChannels,
  vodAssets,
} from '../../db/schema/index.ts';
import { readStored, type Stored } from './stored.ts';

/** The kinds the edge reads. */
export type EdgeKind = Exclude<ResourceKind, 'encoder'>;

const TABLES: Record<EdgeKind, ResourceTable> = {
  liveStream: liveStreams,
  vod: vodAssets,
  slate: slates,
  streamer: streamerChannels,
  advertiser: advertisers,
  campaign: campaigns,
  creative: creatives,
  placement: placements,
  bundle: bundles,
  pod: pods,
};

/** A stored resource as the edge reads it: whose it is, and its data as core's output. */
export interface StoredResource<K extends EdgeKind> {
  id: string;
  customerId: string;
  data: Stored<K>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` can be a resource id (PostgreSQL refuses anything else in a uuid column). */
export const isResourceId = (id: string) => UUID.test(id);

const columns = (t: ResourceTable) => ({
  id: t.id,
  customerId: t.customerId,
  data: t.data,
  updatedAt: t.updatedAt,
});

const stored = <K extends EdgeKind>(
  kind: K,
  row: { id: string; customerId: string; data: unknown; updatedAt: Date },
): StoredResource<K> => ({ id: row.id, customerId: row.customerId, data: readStored(kind, row) });

/** One resource (of `customerId`, or of any customer with null); undefined when unknown or trashed. */
export async function findStored<K extends EdgeKind>(
  db: DbOrTx,
  kind: K,
  id: string,
  customerId: string | null,
): Promise<StoredResource<K> | undefined> {
  if (!isResourceId(id)) return undefined;
  const t: ResourceTable = TABLES[kind];
  const owner = customerId === null ? undefined : eq(t.customerId, customerId);
  const [row] = await db
    .select(columns(t))
    .from(t)
    .where(and(eq(t.id, id), owner, isNull(t.deletedAt)))
    .limit(1);
  return row && stored(kind, row);
}

/** A customer's resources of `kind`: all of them, or those among `ids` (ids that are not ids skipped). */
export async function storedOf<K extends EdgeKind>(
  db: DbOrTx,
  kind: K,
  customerId: string,
  ids?: readonly string[],
): Promise<StoredResource<K>[]> {
  const t: ResourceTable = TABLES[kind];
  let among: ReturnType<typeof inArray> | undefined;
  if (ids !== undefined) {
    const wanted = [...new Set(ids.filter(isResourceId))];
    if (wanted.length === 0) return [];
    among = inArray(t.id, wanted);
  }
  const rows = await db
    .select(columns(t))
    .from(t)
    .where(and(eq(t.customerId, customerId), among, isNull(t.deletedAt)));
  return rows.map((row) => stored(kind, row));
}
