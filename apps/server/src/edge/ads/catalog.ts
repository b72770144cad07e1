/**
 * What the built-in ad server reads of the resources, kept in process memory so that a decision
 * costs no catalog query: per customer, a snapshot of its active campaigns with their advertisers,
 * creatives (HLS, or their MP4 conditioned into HLS) and placements; per stream or asset, its
 * customer, bundles, pod templates and pod length. Each is read again every few seconds in the
 * background while the last one keeps serving (a change in the console reaches the ad server
 * within that time), and read at once when it is missing or much too old.
 *
 * Stored data was validated by its core schema on write; it is read here field by field, with the
 * schema's defaults for a field added since (no zod on this path: a refresh of a thousand
 * campaigns must not hold the event loop).
 */
import {
  BREAK_POSITIONS,
  type BreakPosition,
  DEVICE_TYPES,
  type DeviceType,
  FREQUENCY_PERIODS,
  type FrequencyPeriod,
  isHlsVideoUrl,
  POD_FILL_POLICIES,
  type PodFillPolicy,
  parseSpecDateTime,
  parseTimeOfDay,
} from '@cuepoint/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  advertisers,
  bundles,
  campaigns,
  conditionedCreatives,
  creatives,
  customers,
  liveStreams,
  placements,
  pods,
  type ResourceTable,
  vodAssets,
} from '../../db/schema/index.ts';
import { CREATIVES_PATH, conditioningKey, ladderOf } from '../conditioning/conditioner.ts';
import type {
  CatalogCampaign,
  CatalogCreative,
  CatalogPlacement,
  CatalogSnapshot,
  PodTemplate,
  PriorityTier,
} from './engine.ts';

/** The ladder creatives are conditioned into when saved (routes/creatives: CREATIVE_LADDER). */
export const DEFAULT_CREATIVE_LADDER = ladderOf([]);

type Data = Record<string, unknown>;
const str = (data: Data, key: string, fallback = ''): string => {
  const v = data[key];
  return typeof v === 'string' ? v : fallback;
};
const num = (data: Data, key: string, fallback: number): number => {
  const v = data[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
};
const strings = (data: Data, key: string): string[] => {
  const v = data[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};
const setOrNull = <T extends string>(values: readonly T[]): ReadonlySet<T> | null =>
  values.length === 0 ? null : new Set(values);
const oneOf = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
const date = (text: string): number | null => (text === '' ? null : parseSpecDateTime(text));
const time = (text: string): number | null => (text === '' ? null : parseTimeOfDay(text));
const isActive = (data: Data) => str(data, 'status', 'active') === 'active';

interface Row {
  id: string;
  data: Data;
}

async function rowsOf(db: DbOrTx, table: ResourceTable, customerId: string): Promise<Row[]> {
  return db
    .select({ id: table.id, data: table.data })
    .from(table)
    .where(and(eq(table.customerId, customerId), isNull(table.deletedAt)));
}

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

function readPlacement(row: Row): CatalogPlacement | undefined {
  const d = row.data;
  if (!isActive(d)) return undefined;
  const positions = strings(d, 'positions').filter((p): p is BreakPosition =>
    (BREAK_POSITIONS as readonly string[]).includes(p),
  );
  return {
    id: row.id,
    ...streamsAndVods(strings(d, 'liveStreamIds'), strings(d, 'vodIds')),
    positions: new Set(positions.length > 0 ? positions : BREAK_POSITIONS),
    maxAdDuration: num(d, 'maxAdDuration', 60),
    maxPodDuration: num(d, 'maxPodDuration', 180),
  };
}

/** Both lists empty: every stream and asset; otherwise only those named (an empty one: none). */
function streamsAndVods(streams: string[], vods: string[]) {
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
    rowsOf(db, campaigns, customerId),
    rowsOf(db, advertisers, customerId),
    rowsOf(db, creatives, customerId),
    rowsOf(db, placements, customerId),
  ]);

  // MP4 creatives play once conditioned into HLS (for the default ladder, when they were saved).
  const progressive = new Map<string, string>();
  for (const row of creativeRows) {
    const url = str(row.data, 'videoUrl');
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

  const advertiserOf = new Map(
    advertiserRows.map((r) => [r.id, { name: str(r.data, 'name'), active: isActive(r.data) }]),
  );
  const creativeOf = new Map<string, CatalogCreative>();
  const creativesOfAdvertiser = new Map<string, CatalogCreative[]>();
  for (const row of creativeRows) {
    const d = row.data;
    if (!isActive(d)) continue;
    const videoUrl = str(d, 'videoUrl');
    let hlsUrl: string | null = null;
    let file: CatalogCreative['progressive'] = null;
    if (isHlsVideoUrl(videoUrl)) hlsUrl = videoUrl;
    else if (videoUrl !== '') {
      const key = conditioningKey(videoUrl, DEFAULT_CREATIVE_LADDER);
      if (ready.has(key)) hlsUrl = `${publicUrl}${CREATIVES_PATH}/${key}/master.m3u8`;
      const type = PROGRESSIVE_TYPES[extensionOf(videoUrl)];
      if (type) file = { url: videoUrl, type };
    }
    const tracking = Array.isArray(d.trackingUrls)
      ? (d.trackingUrls as unknown[]).flatMap((t) =>
          t &&
          typeof t === 'object' &&
          typeof (t as Data).event === 'string' &&
          typeof (t as Data).url === 'string'
            ? [{ event: (t as Data).event as string, url: (t as Data).url as string }]
            : [],
        )
      : [];
    const advertiserId = typeof d.advertiserId === 'string' ? d.advertiserId : null;
    const creative: CatalogCreative = {
      id: row.id,
      name: str(d, 'name'),
      duration: num(d, 'duration', 0),
      hlsUrl,
      progressive: file,
      clickThroughUrl: str(d, 'clickThroughUrl'),
      trackingUrls: tracking,
      universalAdIdRegistry: str(d, 'universalAdIdRegistry', 'ad-id.org') || 'unknown',
      universalAdId: str(d, 'universalAdId'),
    };
    if (creative.duration <= 0) continue;
    creativeOf.set(row.id, creative);
    if (advertiserId)
      creativesOfAdvertiser.set(advertiserId, [...(creativesOfAdvertiser.get(advertiserId) ?? []), creative]);
  }
  const placementOf = new Map<string, CatalogPlacement>();
  for (const row of placementRows) {
    const placement = readPlacement(row);
    if (placement) placementOf.set(row.id, placement);
  }

  const list: CatalogCampaign[] = [];
  for (const row of campaignRows) {
    const d = row.data;
    if (!isActive(d)) continue;
    const advertiserId = str(d, 'advertiserId');
    const advertiser = advertiserOf.get(advertiserId);
    const named = strings(d, 'creativeIds');
    const campaignCreatives =
      named.length > 0
        ? named.flatMap((id) => {
            const c = creativeOf.get(id);
            return c ? [c] : [];
          })
        : (creativesOfAdvertiser.get(advertiserId) ?? []);
    const days = Array.isArray(d.targetDays)
      ? (d.targetDays as unknown[]).filter((x): x is number => typeof x === 'number')
      : [0, 1, 2, 3, 4, 5, 6];
    const daily = d.dailyBudget;
    list.push({
      id: row.id,
      name: str(d, 'name'),
      advertiserId,
      advertiserName: advertiser?.name ?? 'an advertiser no longer there',
      advertiserActive: advertiser?.active ?? false,
      start: date(str(d, 'startDate')),
      end: date(str(d, 'endDate')),
      scheduleStart: date(str(d, 'scheduleStartDate')),
      scheduleEnd: date(str(d, 'maxDate')),
      excludeStart: date(str(d, 'excludeStartDate')),
      excludeEnd: date(str(d, 'excludeMaxDate')),
      ruleStart: time(str(d, 'ruleStartTime')),
      ruleEnd: time(str(d, 'ruleEndTime')),
      days: new Set(days),
      priority: oneOf<PriorityTier>(str(d, 'priority'), ['sponsorship', 'standard', 'house'], 'standard'),
      priorityLevel: num(d, 'priorityLevel', 5),
      weight: Math.max(1, num(d, 'weight', 1)),
      bookedImpressions: Math.max(0, num(d, 'bookedImpressions', 0)),
      dailyBudget: typeof daily === 'number' && daily > 0 ? daily : null,
      frequencyCap: Math.max(0, num(d, 'frequencyCap', 0)),
      frequencyPeriod: oneOf<FrequencyPeriod>(str(d, 'frequencyPeriod'), FREQUENCY_PERIODS, 'day'),
      pacing: str(d, 'pacing') === 'asap' ? 'asap' : 'even',
      cpmMillicents: Math.round(num(d, 'cpm', 0) * 100),
      ...(() => {
        const targets = streamsAndVods(strings(d, 'targetLiveStreamIds'), strings(d, 'targetVodIds'));
        return { targetLiveStreamIds: targets.liveStreamIds, targetVodIds: targets.vodIds };
      })(),
      targetCountries: setOrNull(strings(d, 'targetCountries').map((c) => c.toUpperCase())),
      targetDevices: setOrNull(
        strings(d, 'targetDevices').filter((x): x is DeviceType =>
          (DEVICE_TYPES as readonly string[]).includes(x),
        ),
      ),
      placements: strings(d, 'placementIds').flatMap((id) => {
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

// ---------------------------------------------------------------------------------------------
// A stream or asset: whose it is and where its avails' demand comes from

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);
/** Ads per pod without a template, for a VOD asset (it has no pod length of its own). */
export const VOD_POD_LENGTH = 5;

function readPod(row: Row | undefined): PodTemplate | null {
  if (!row || !isActive(row.data)) return null;
  const d = row.data;
  return {
    id: row.id,
    name: str(d, 'name'),
    adpodLength: Math.max(1, num(d, 'adpodLength', 3)),
    minTotalDuration: num(d, 'minTotalDuration', 0),
    maxTotalDuration: num(d, 'maxTotalDuration', 120),
    minAdDuration: num(d, 'minAdDuration', 0),
    maxAdDuration: num(d, 'maxAdDuration', 60),
    competitiveSeparation: d.competitiveSeparation !== false,
    fillPolicy: oneOf<PodFillPolicy>(str(d, 'fillPolicy'), POD_FILL_POLICIES, 'best-fit'),
    slateFallback: d.slateFallback !== false,
  };
}

async function readBundles(
  db: DbOrTx,
  customerId: string,
  ids: string[],
): Promise<Map<string, DemandBundle>> {
  const out = new Map<string, DemandBundle>();
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return out;
  const rows = await db
    .select({ id: bundles.id, data: bundles.data })
    .from(bundles)
    .where(and(eq(bundles.customerId, customerId), inArray(bundles.id, wanted), isNull(bundles.deletedAt)));
  const podIds = rows.flatMap((r) =>
    typeof r.data.podId === 'string' && isUuid(r.data.podId) ? [r.data.podId] : [],
  );
  const podRows =
    podIds.length === 0
      ? []
      : await db
          .select({ id: pods.id, data: pods.data })
          .from(pods)
          .where(and(eq(pods.customerId, customerId), inArray(pods.id, podIds), isNull(pods.deletedAt)));
  const podOf = new Map(podRows.map((r) => [r.id, r]));
  for (const row of rows) {
    const d = row.data;
    if (!isActive(d)) continue;
    const sources = Array.isArray(d.sources)
      ? (d.sources as unknown[]).flatMap((s) => {
          if (!s || typeof s !== 'object') return [];
          const source = s as Data;
          return [
            {
              type: str(source, 'type'),
              percentage: num(source, 'percentage', 0),
              campaignIds: strings(source, 'campaignIds'),
              url: str(source, 'url'),
            },
          ];
        })
      : [];
    out.set(row.id, {
      id: row.id,
      name: str(d, 'name'),
      pod: readPod(typeof d.podId === 'string' ? podOf.get(d.podId) : undefined),
      sources,
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
  if (!isUuid(id)) return undefined;
  const table = kind === 'liveStream' ? liveStreams : vodAssets;
  const [row] = await db
    .select({
      id: table.id,
      customerId: table.customerId,
      data: table.data,
      deactivatedAt: customers.deactivatedAt,
    })
    .from(table)
    .innerJoin(customers, eq(customers.id, table.customerId))
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const d = row.data;
  const entries =
    kind === 'liveStream'
      ? Array.isArray(d.bundles)
        ? (d.bundles as unknown[]).flatMap((b) => {
            if (!b || typeof b !== 'object') return [];
            const e = b as Data;
            return [
              {
                name: str(e, 'name'),
                percentage: num(e, 'percentage', 0),
                bundleId: typeof e.bundleId === 'string' ? e.bundleId : null,
              },
            ];
          })
        : []
      : typeof d.bundleId === 'string'
        ? [{ name: 'Bundle', percentage: 100, bundleId: d.bundleId }]
        : [];
  const named = entries.some((e) => e.bundleId !== null);
  const bundleOf = named
    ? await readBundles(
        db,
        row.customerId,
        entries.flatMap((e) => (e.bundleId ? [e.bundleId] : [])),
      )
    : new Map();
  return {
    kind,
    id: row.id,
    name: str(d, 'name'),
    customerId: row.customerId,
    active: row.deactivatedAt === null && isActive(d),
    podLength: kind === 'liveStream' ? Math.max(1, num(d, 'adpodLength', 1)) : VOD_POD_LENGTH,
    shares: named
      ? entries.map((e) => ({
          name: e.name,
          percentage: e.percentage,
          bundle: e.bundleId ? (bundleOf.get(e.bundleId) ?? null) : null,
        }))
      : [],
    cuePoints:
      kind === 'vod' && Array.isArray(d.cuePoints)
        ? (d.cuePoints as unknown[]).filter((x): x is number => typeof x === 'number').sort((a, b) => a - b)
        : [],
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

// ---------------------------------------------------------------------------------------------
// The in-process cache

/**
 * Values read by `read`, per key: served from memory; older than `ttlMs`, read again in the
 * background while the old one keeps serving; older than `maxStaleMs` (or missing), read before
 * answering. One read in flight per key; a failed read is not kept.
 */
export class RefreshingCache<T> {
  private readonly entries = new Map<string, { at: number; value: T; refreshing: boolean }>();
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    /** Reads the value; `previous` is the one kept, which it may answer again when nothing changed. */
    private readonly read: (key: string, previous: T | undefined) => Promise<T>,
    private readonly options: { ttlMs: number; maxStaleMs: number; now: () => number; maxEntries?: number },
  ) {}

  async get(key: string): Promise<T> {
    const now = this.options.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.options.ttlMs) return entry.value;
    if (entry && now - entry.at < this.options.maxStaleMs) {
      if (!entry.refreshing) {
        entry.refreshing = true;
        this.load(key).catch(() => {
          entry.refreshing = false;
        });
      }
      return entry.value;
    }
    return this.load(key);
  }

  /** Changes the kept value in place (a reservation this process made), if there is one. */
  update(key: string, change: (value: T) => void): void {
    const entry = this.entries.get(key);
    if (entry) change(entry.value);
  }

  /** Forgets a key: the next get reads it. */
  invalidate(key: string): void {
    this.entries.delete(key);
  }

  private load(key: string): Promise<T> {
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const at = this.options.now();
    const loading = this.read(key, this.entries.get(key)?.value).then((value) => {
      this.entries.delete(key);
      this.entries.set(key, { at, value, refreshing: false });
      const max = this.options.maxEntries ?? 10_000;
      if (this.entries.size > max) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      return value;
    });
    this.loading.set(key, loading);
    const clear = () => {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    };
    loading.then(clear, clear);
    return loading;
  }
}
