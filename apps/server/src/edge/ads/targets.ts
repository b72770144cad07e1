/**
 * What the ad server reads of a live stream or VOD asset (its target): whose it is, whether it may
 * get ads, and where its avails' demand comes from (its bundles' shares, their sources and pod
 * templates, its pod length), through the edge's read model. Cached by ad-server.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { findStored, type StoredResource, storedOf } from '../read-model/resources.ts';
import type { PodTemplate } from './engine.ts';

const isActive = (row: { data: { status: string } }) => row.data.status === 'active';

export interface DemandBundle {
  id: string;
  name: string;
  pod: PodTemplate | null;
  sources: readonly { type: string; percentage: number; campaignIds: readonly string[]; url: string }[];
}

export interface AdTarget {
  kind: 'liveStream' | 'vod';
  id: string;
  name: string;
  customerId: string;
  /** Whether it may get ads: it is active and its account is not de-activated. */
  active: boolean;
  /** Ads one pod takes at most without a template (a live stream's adpodLength). */
  podLength: number;
  /**
   * The shares of the avails and the bundle each goes to (null: that share has no demand); empty
   * when the stream names no bundle at all (every active campaign of the account then competes).
   */
  shares: readonly { name: string; percentage: number; bundle: DemandBundle | null }[];
  /** A VOD asset's cue points (seconds); none for a live stream. */
  cuePoints: readonly number[];
}

/** Ads per pod without a template, for a VOD asset (it has no pod length of its own). */
export const VOD_POD_LENGTH = 5;

function readPod(row: StoredResource<'pod'> | undefined): PodTemplate | null {
  if (!row || !isActive(row)) return null;
  const d = row.data;
  return {
    id: row.id,
    name: d.name,
    adpodLength: d.adpodLength,
    minTotalDuration: d.minTotalDuration,
    maxTotalDuration: d.maxTotalDuration,
    minAdDuration: d.minAdDuration,
    maxAdDuration: d.maxAdDuration,
    competitiveSeparation: d.competitiveSeparation,
    fillPolicy: d.fillPolicy,
    slateFallback: d.slateFallback,
  };
}

async function readBundles(
  db: DbOrTx,
  customerId: string,
  ids: string[],
): Promise<Map<string, DemandBundle>> {
  const out = new Map<string, DemandBundle>();
  const rows = await storedOf(db, 'bundle', customerId, ids);
  const podIds = rows.flatMap((r) => (r.data.podId ? [r.data.podId] : []));
  const podOf = new Map(
    (podIds.length === 0 ? [] : await storedOf(db, 'pod', customerId, podIds)).map((r) => [r.id, r]),
  );
  for (const row of rows) {
    if (!isActive(row)) continue;
    const d = row.data;
    out.set(row.id, {
      id: row.id,
      name: d.name,
      pod: readPod(d.podId ? podOf.get(d.podId) : undefined),
      sources: d.sources.map((source) => ({
        type: source.type,
        percentage: source.percentage,
        campaignIds: source.campaignIds,
        url: source.url,
      })),
    });
  }
  return out;
}

/**
 * A live stream or VOD asset and its demand; undefined when there is none (unknown, deleted, or
 * not an id). An inactive one, or one of a de-activated account, is answered with `active` false.
 */
export async function loadAdTarget(
  db: DbOrTx,
  kind: 'liveStream' | 'vod',
  id: string,
): Promise<AdTarget | undefined> {
  const stream = kind === 'liveStream' ? await findStored(db, 'liveStream', id, null) : undefined;
  const vod = kind === 'vod' ? await findStored(db, 'vod', id, null) : undefined;
  const row = stream ?? vod;
  if (!row) return undefined;
  const [customer] = await db
    .select({ deactivatedAt: customers.deactivatedAt })
    .from(customers)
    .where(eq(customers.id, row.customerId))
    .limit(1);
  if (!customer) return undefined;
  const entries: { name: string; percentage: number; bundleId: string | null }[] = stream
    ? stream.data.bundles
    : vod?.data.bundleId
      ? [{ name: 'Bundle', percentage: 100, bundleId: vod.data.bundleId }]
      : [];
  const named = entries.some((e) => e.bundleId !== null);
  const bundleOf = named
    ? await readBundles(
        db,
        row.customerId,
        entries.flatMap((e) => (e.bundleId ? [e.bundleId] : [])),
      )
    : new Map<string, DemandBundle>();
  return {
    kind,
    id: row.id,
    name: row.data.name,
    customerId: row.customerId,
    active: customer.deactivatedAt === null && isActive(row),
    podLength: stream ? stream.data.adpodLength : VOD_POD_LENGTH,
    shares: named
      ? entries.map((e) => ({
          name: e.name,
          percentage: e.percentage,
          bundle: e.bundleId ? (bundleOf.get(e.bundleId) ?? null) : null,
        }))
      : [],
    cuePoints: vod ? [...vod.data.cuePoints].sort((a, b) => a - b) : [],
  };
}

/** Whether the customer may be served (exists, not de-activated). */
export async function customerServes(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`${customers.deactivatedAt} is null` })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.ok === true;
}
