/**
 * An account's demand written straight to the database through the generic repository (each
 * record parsed by its core schema first, as the API would store it): the ad server's tests read
 * it back through the real catalog, counters and routes.
 */
import { RESOURCES, type ResourceKind } from '@cuepoint/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { adDeliveryDays } from '../../../db/schema/index.ts';
import { insertResource } from '../../../repositories/resources.ts';
import type { ImpressionClaim } from '../impressions.ts';

/** Epoch ms as the spec's MM-DD-YYYYTHH:mm:ss (UTC). */
export function specDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}-${d.getUTCFullYear()}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

export const DAY_MS = 86_400_000;

export async function addResource(
  db: DbOrTx,
  kind: ResourceKind,
  customerId: string,
  data: Record<string, unknown>,
): Promise<string> {
  const parsed = RESOURCES[kind].schema.parse(data) as Record<string, unknown>;
  const row = await insertResource(db, kind, { customerId, data: parsed, updatedBy: 'tests' });
  return row.id;
}

let serial = 0;
const unique = (name: string) => `${name} ${++serial}`;

export interface Demand {
  streamId: string;
  vodId: string;
  advertiserId: string;
  placementId: string;
}

/** A live stream, a VOD asset (cue points at 2 and 5 minutes), an advertiser and an all-covering placement. */
export async function demandBase(db: DbOrTx, customerId: string): Promise<Demand> {
  const streamId = await addResource(db, 'liveStream', customerId, {
    name: unique('Ads stream'),
    sourceStreamUrl: 'https://origin.example/live/ads/',
    adpodLength: 4,
    bundles: [{ name: 'Default', percentage: 100, bundleId: null }],
  });
  const vodId = await addResource(db, 'vod', customerId, {
    name: unique('Ads asset'),
    sourceUrl: 'https://origin.example/vod/ads/master.m3u8',
    duration: 600,
    cuePoints: [120, 300],
  });
  const advertiserId = await addResource(db, 'advertiser', customerId, { name: unique('Acme Sports') });
  const placementId = await addResource(db, 'placement', customerId, { name: unique('All streams') });
  return { streamId, vodId, advertiserId, placementId };
}

export async function addCreative(
  db: DbOrTx,
  customerId: string,
  advertiserId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  return addResource(db, 'creative', customerId, {
    name: unique('Spot'),
    advertiserId,
    videoUrl: `https://cdn.example/ads/spot-${serial}/master.m3u8`,
    duration: 15,
    ...overrides,
  });
}

/** An active campaign running from yesterday for a month (UTC), with one creative of its own. */
export async function addCampaign(
  db: DbOrTx,
  customerId: string,
  base: Demand,
  overrides: Record<string, unknown> = {},
  creative: Record<string, unknown> = {},
): Promise<{ campaignId: string; creativeId: string }> {
  const creativeId = await addCreative(db, customerId, base.advertiserId, creative);
  const now = Date.now();
  const campaignId = await addResource(db, 'campaign', customerId, {
    name: unique('Campaign'),
    advertiserId: base.advertiserId,
    startDate: specDate(now - DAY_MS),
    endDate: specDate(now + 30 * DAY_MS),
    placementIds: [base.placementId],
    creativeIds: [creativeId],
    pacing: 'asap',
    cpm: 12.5,
    ...overrides,
  });
  return { campaignId, creativeId };
}

/** What the counters hold for a campaign (all days and streams). */
export async function delivered(db: DbOrTx, campaignId: string) {
  const [row] = await db
    .select({
      served: sql<string>`coalesce(sum(${adDeliveryDays.served}), 0)`,
      impressions: sql<string>`coalesce(sum(${adDeliveryDays.impressions}), 0)`,
      revenue: sql<string>`coalesce(sum(${adDeliveryDays.revenueMillicents}), 0)`,
    })
    .from(adDeliveryDays)
    .where(and(eq(adDeliveryDays.campaignId, campaignId)));
  return {
    served: Number(row?.served),
    impressions: Number(row?.impressions),
    revenue: Number(row?.revenue),
  };
}

/** The VAST answer's ads: id, sequence, impression URLs and media file URLs. */
export function adsOf(vast: string) {
  return [...vast.matchAll(/<Ad id="([^"]+)" sequence="(\d+)">(.*?)<\/Ad>/gs)].map((m) => ({
    id: m[1]!,
    sequence: Number(m[2]),
    impressions: [...m[3]!.matchAll(/<Impression[^>]*><!\[CDATA\[(.*?)\]\]><\/Impression>/g)].map(
      (x) => x[1]!,
    ),
    mediaFiles: [
      ...m[3]!.matchAll(/<MediaFile delivery="(\w+)" type="([^"]+)"[^>]*><!\[CDATA\[(.*?)\]\]>/g),
    ].map((x) => ({
      delivery: x[1]!,
      type: x[2]!,
      url: x[3]!,
    })),
    duration: /<Duration>([^<]+)<\/Duration>/.exec(m[3]!)?.[1],
  }));
}

/** The claim of an impression beacon URL (its query), as AdServer.countImpression takes it. */
export function claimOf(url: string): ImpressionClaim {
  const q = new URL(url).searchParams;
  return {
    c: q.get('c')!,
    u: q.get('u')!,
    r: q.get('r')!,
    m: Number(q.get('m')),
    t: Number(q.get('t')),
    i: q.get('i')!,
  };
}
