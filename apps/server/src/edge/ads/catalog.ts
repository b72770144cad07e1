/**
 * What the built-in ad server reads of the resources, kept in process memory so that a decision
 * costs no catalog query: per customer, a snapshot of its active campaigns with their advertisers,
 * creatives (HLS, or their MP4 conditioned into HLS) and placements (a stream's or asset's own
 * demand is targets.ts's). Each is read again every few seconds in the
 * background while the last one keeps serving (a change in the console reaches the ad server
 * within that time), and read at once when it is missing or much too old.
 *
 * Stored data is read through the edge's read model (read-model/): core's output types over core's
 * defaults, parsed once per row version, so a refresh parses only the rows that changed.
 */
import { isHlsVideoUrl, parseSpecDateTime, parseTimeOfDay } from '@cuepoint/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  advertisers,
  campaigns,
  conditionedCreatives,
  creatives,
  placements,
  type ResourceTable,
} from '../../db/schema/index.ts';
import { CREATIVES_PATH, conditioningKey, ladderOf } from '../conditioning/conditioner.ts';
import { type StoredResource, storedOf } from '../read-model/resources.ts';
import type { CatalogCampaign, CatalogCreative, CatalogPlacement, CatalogSnapshot } from './engine.ts';

/** The ladder creatives are conditioned into when saved (routes/creatives: CREATIVE_LADDER). */
export const DEFAULT_CREATIVE_LADDER = ladderOf([]);

const setOrNull = <T extends string>(values: readonly T[]): ReadonlySet<T> | null =>
  values.length === 0 ? null : new Set(values);
const date = (text: string): number | null => (text === '' ? null : parseSpecDateTime(text));
const time = (text: string): number | null => (text === '' ? null : parseTimeOfDay(text));
const isActive = (row: { data: { status: string } }) => row.data.status === 'active';

/** MIME types of the progressive files a creative may be (core CREATIVE_VIDEO_EXTENSIONS). */
const PROGRESSIVE_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.ts': 'video/mp2t',
};

function extensionOf(url: string): string {
  try {
    const path = new URL(url).pathname.toLowerCase();
    const dot = path.lastIndexOf('.');
    return dot < 0 ? '' : path.slice(dot);
  } catch {
    return '';
  }
}

function readPlacement(row: StoredResource<'placement'>): CatalogPlacement | undefined {
  if (!isActive(row)) return undefined;
  const d = row.data;
  return {
    id: row.id,
    ...streamsAndVods(d.liveStreamIds, d.vodIds),
    positions: new Set(d.positions),
    maxAdDuration: d.maxAdDuration,
    maxPodDuration: d.maxPodDuration,
  };
}

/** Both lists empty: every stream and asset; otherwise only those named (an empty one: none). */
function streamsAndVods(streams: readonly string[], vods: readonly string[]) {
  if (streams.length === 0 && vods.length === 0) return { liveStreamIds: null, vodIds: null };
  return { liveStreamIds: new Set(streams), vodIds: new Set(vods) };
}

/**
 * What changes when an account's demand changes: each table's row count and last update, and the
 * last creative conditioned (any account's: it is one cheap indexed read). A refresh reads this
 * first and the whole catalog only when it differs.
 */
export async function catalogFingerprint(db: DbOrTx, customerId: string): Promise<string> {
  const stamp = (table: ResourceTable) =>
    sql`(select count(*)::text || '/' || coalesce(max(${table.updatedAt})::text, '') from ${table}
      where ${table.customerId} = ${customerId}::uuid)`;
  const [row] = await db
    .select({
      fingerprint: sql<string>`${stamp(campaigns)} || '|' || ${stamp(advertisers)} || '|' || ${stamp(creatives)} || '|' ||
        ${stamp(placements)} || '|' || coalesce((select max(${conditionedCreatives.updatedAt})::text
          from ${conditionedCreatives}), '')`,
    })
    .from(sql`(select 1) as one`);
  return row?.fingerprint ?? '';
}

/** Reads an account's active campaigns, ready for the engine. */
export async function loadCatalog(
  db: DbOrTx,
  customerId: string,
  options: { publicUrl: string; now: number; fingerprint?: string },
): Promise<CatalogSnapshot> {
  const [campaignRows, advertiserRows, creativeRows, placementRows] = await Promise.all([
    storedOf(db, 'campaign', customerId),
    storedOf(db, 'advertiser', customerId),
    storedOf(db, 'creative', customerId),
    storedOf(db, 'placement', customerId),
  ]);

  // MP4 creatives play once conditioned into HLS (for the default ladder, when they were saved).
  const progressive = new Map<string, string>();
  for (const row of creativeRows) {
    const url = row.data.videoUrl;
    if (url !== '' && !isHlsVideoUrl(url))
      progressive.set(conditioningKey(url, DEFAULT_CREATIVE_LADDER), url);
  }
  const ready = new Set<string>();
  if (progressive.size > 0) {
    const rows = await db
      .select({ key: conditionedCreatives.key })
      .from(conditionedCreatives)
      .where(
        and(
          inArray(conditionedCreatives.key, [...progressive.keys()]),
          eq(conditionedCreatives.status, 'ready'),
        ),
      );
    for (const row of rows) ready.add(row.key);
  }
  const publicUrl = options.publicUrl.replace(/\/+$/, '');

  const advertiserOf = new Map(advertiserRows.map((r) => [r.id, { name: r.data.name, active: isActive(r) }]));
  const creativeOf = new Map<string, CatalogCreative>();
  const creativesOfAdvertiser = new Map<string, CatalogCreative[]>();
  for (const row of creativeRows) {
    const d = row.data;
    if (!isActive(row)) continue;
    const videoUrl = d.videoUrl;
    let hlsUrl: string | null = null;
    let file: CatalogCreative['progressive'] = null;
    if (isHlsVideoUrl(videoUrl)) hlsUrl = videoUrl;
    else if (videoUrl !== '') {
      const key = conditioningKey(videoUrl, DEFAULT_CREATIVE_LADDER);
      if (ready.has(key)) hlsUrl = `${publicUrl}${CREATIVES_PATH}/${key}/master.m3u8`;
      const type = PROGRESSIVE_TYPES[extensionOf(videoUrl)];
      if (type) file = { url: videoUrl, type };
    }
    const creative: CatalogCreative = {
      id: row.id,
      name: d.name,
      duration: d.duration,
      hlsUrl,
      progressive: file,
      clickThroughUrl: d.clickThroughUrl,
      trackingUrls: d.trackingUrls.map((t) => ({ event: t.event, url: t.url })),
      universalAdIdRegistry: d.universalAdIdRegistry || 'unknown',
      universalAdId: d.universalAdId,
    };
    if (creative.duration <= 0) continue;
    creativeOf.set(row.id, creative);
    if (d.advertiserId)
      creativesOfAdvertiser.set(d.advertiserId, [
        ...(creativesOfAdvertiser.get(d.advertiserId) ?? []),
        creative,
      ]);
  }
  const placementOf = new Map<string, CatalogPlacement>();
  for (const row of placementRows) {
    const placement = readPlacement(row);
    if (placement) placementOf.set(row.id, placement);
  }

  const list: CatalogCampaign[] = [];
  for (const row of campaignRows) {
    const d = row.data;
    if (!isActive(row)) continue;
    const advertiser = advertiserOf.get(d.advertiserId);
    const campaignCreatives =
      d.creativeIds.length > 0
        ? d.creativeIds.flatMap((id) => {
            const c = creativeOf.get(id);
            return c ? [c] : [];
          })
        : (creativesOfAdvertiser.get(d.advertiserId) ?? []);
    const targets = streamsAndVods(d.targetLiveStreamIds, d.targetVodIds);
    list.push({
      id: row.id,
      name: d.name,
      advertiserId: d.advertiserId,
      advertiserName: advertiser?.name ?? 'an advertiser no longer there',
      advertiserActive: advertiser?.active ?? false,
      start: date(d.startDate),
      end: date(d.endDate),
      scheduleStart: date(d.scheduleStartDate),
      scheduleEnd: date(d.maxDate),
      excludeStart: date(d.excludeStartDate),
      excludeEnd: date(d.excludeMaxDate),
      ruleStart: time(d.ruleStartTime),
      ruleEnd: time(d.ruleEndTime),
      days: new Set(d.targetDays),
      priority: d.priority,
      priorityLevel: d.priorityLevel,
      weight: d.weight,
      bookedImpressions: d.bookedImpressions,
      dailyBudget: d.dailyBudget,
      frequencyCap: d.frequencyCap,
      frequencyPeriod: d.frequencyPeriod,
      pacing: d.pacing,
      cpmMillicents: Math.round(d.cpm * 100),
      targetLiveStreamIds: targets.liveStreamIds,
      targetVodIds: targets.vodIds,
      targetCountries: setOrNull(d.targetCountries),
      targetDevices: setOrNull(d.targetDevices),
      placements: d.placementIds.flatMap((id) => {
        const p = placementOf.get(id);
        return p ? [p] : [];
      }),
      creatives: campaignCreatives,
    });
  }
  return {
    customerId,
    campaigns: list,
    loadedAt: options.now,
    ...(options.fingerprint !== undefined ? { fingerprint: options.fingerprint } : {}),
  };
}
