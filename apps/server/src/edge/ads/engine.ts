/**
 * The built-in ad server's decisioning engine: pure, no I/O. Given a snapshot of an account's
 * active campaigns (catalog.ts), one break to fill (the stream or asset, its position, the avail's
 * seconds, the viewer, an optional pod template) and the delivery counters (counters.ts), it picks
 * the pod: which campaigns' ads, in which order, and why every other campaign was left out.
 *
 * Eligibility, in this order (the first failed rule is the candidate's reason): the advertiser is
 * active; the flight (start..end); the schedule window and the exclude window; the day of the week
 * and the daily hours (UTC); targeting (streams and VOD assets, the viewer's country, the device
 * read from the user agent); a placement of the campaign covering the stream or asset and the
 * break's position; booked impressions and the daily budget not reached; even pacing (served so
 * far at most the booked impressions times the elapsed share of the flight, plus a small
 * allowance); the viewer's frequency cap; a creative that can play (HLS, or conditioned into HLS)
 * within the placement's and the template's per-ad bounds.
 *
 * Order: sponsorship, then standard by level (1 first), then house; within one level a weighted
 * random order (each campaign's weight its share). The pod is then filled in that order within its
 * bounds: the template's slots, total and per-ad durations, competitive separation (no two ads of
 * one advertiser) and fill policy ('best-fit': as much of the avail as the ads fill, the rest to
 * slate; 'exact': only a pod filling the avail to the second, else none); without a template, the
 * stream's pod length and the avail. One campaign places one ad per pod.
 *
 * Deterministic: the same snapshot, request, counters and random sequence give the same pod.
 */
import type { BreakPosition, DeviceType, FrequencyPeriod, PodFillPolicy, SkipReason } from '@cuepoint/core';

// ---------------------------------------------------------------------------------------------
// The catalog's shapes (what catalog.ts reads from the resources, ready for the rules)

export interface CatalogCreative {
  id: string;
  name: string;
  /** Seconds. */
  duration: number;
  /** The HLS playlist to stitch: the creative's own, or its MP4 conditioned; null until there is one. */
  hlsUrl: string | null;
  /** The creative's progressive file (MP4, MOV, TS) and its MIME type, when it has one. */
  progressive: { url: string; type: string } | null;
  clickThroughUrl: string;
  trackingUrls: readonly { event: string; url: string }[];
  universalAdIdRegistry: string;
  universalAdId: string;
}

export interface CatalogPlacement {
  id: string;
  /** Streams and assets covered; both null: every stream and asset of the account. */
  liveStreamIds: ReadonlySet<string> | null;
  vodIds: ReadonlySet<string> | null;
  positions: ReadonlySet<BreakPosition>;
  maxAdDuration: number;
  maxPodDuration: number;
}

export type PriorityTier = 'sponsorship' | 'standard' | 'house';

export interface CatalogCampaign {
  id: string;
  name: string;
  advertiserId: string;
  advertiserName: string;
  advertiserActive: boolean;
  /** Epoch ms (UTC); null when unreadable (no bound). */
  start: number | null;
  end: number | null;
  scheduleStart: number | null;
  scheduleEnd: number | null;
  /** The exclude window counts only with both ends. */
  excludeStart: number | null;
  excludeEnd: number | null;
  /** Seconds since midnight UTC; null: no bound. */
  ruleStart: number | null;
  ruleEnd: number | null;
  /** Days of the week it runs, 0 Sunday to 6 Saturday (UTC). */
  days: ReadonlySet<number>;
  priority: PriorityTier;
  /** 1 (first) to 10, for 'standard'. */
  priorityLevel: number;
  weight: number;
  /** 0: open-ended. */
  bookedImpressions: number;
  dailyBudget: number | null;
  /** 0: none. */
  frequencyCap: number;
  frequencyPeriod: FrequencyPeriod;
  pacing: 'even' | 'asap';
  /** Revenue of one impression in thousandths of a cent (the CPM in cents). */
  cpmMillicents: number;
  /** Targeting; null: everything. Streams and assets: both null targets every one. */
  targetLiveStreamIds: ReadonlySet<string> | null;
  targetVodIds: ReadonlySet<string> | null;
  targetCountries: ReadonlySet<string> | null;
  targetDevices: ReadonlySet<DeviceType> | null;
  placements: readonly CatalogPlacement[];
  /** Its creatives that are active (those named, or the advertiser's when it names none). */
  creatives: readonly CatalogCreative[];
}

export interface CatalogSnapshot {
  customerId: string;
  /** The account's active campaigns, by id (inactive and deleted ones are not in it). */
  campaigns: readonly CatalogCampaign[];
  /** When it was read (epoch ms). */
  loadedAt: number;
  /** What the resources it was read from looked like (catalog.ts: catalogFingerprint). */
  fingerprint?: string;
}

export interface PodTemplate {
  id: string;
  name: string;
  adpodLength: number;
  minTotalDuration: number;
  maxTotalDuration: number;
  minAdDuration: number;
  maxAdDuration: number;
  competitiveSeparation: boolean;
  fillPolicy: PodFillPolicy;
  slateFallback: boolean;
}

// ---------------------------------------------------------------------------------------------
// One break to fill, and the counters

export interface EngineViewer {
  /** ISO 3166-1 alpha-2, upper case, when known (a lookup of the address, or given). */
  country?: string | undefined;
  device?: DeviceType | undefined;
}

export interface EngineRequest {
  resource: { kind: 'liveStream' | 'vod'; id: string };
  position: BreakPosition;
  /** Seconds to fill. */
  duration: number;
  viewer: EngineViewer;
  /** Epoch ms. */
  now: number;
  /** The bundle's pod template; none: the stream's pod length and the avail bound the pod. */
  pod?: PodTemplate | null | undefined;
  /** Ads one pod takes at most without a template (the stream's adpodLength). */
  podLength: number;
  /** A bundle source's campaigns; null or undefined: every campaign of the snapshot. */
  campaignIds?: ReadonlySet<string> | null | undefined;
  /** Campaigns left out before the engine runs (a reservation another process won), with why. */
  excluded?: ReadonlyMap<string, { reason: SkipReason; detail: string }> | undefined;
  /** In [0, 1): the weighted draws. */
  random: () => number;
}

export interface EngineCounters {
  /** Ads served so far (all days) and today (UTC), per campaign. */
  served: ReadonlyMap<string, { total: number; today: number }>;
  /** The viewer's ads per campaign in the campaign's current frequency period. */
  frequency: ReadonlyMap<string, number>;
}

export interface PodAd {
  /** 1-based position in the pod. */
  sequence: number;
  campaign: CatalogCampaign;
  creative: CatalogCreative;
}

export interface EngineCandidate {
  campaignId: string;
  creativeId: string | null;
  title: string;
  duration: number | null;
  chosen: boolean;
  reason: SkipReason | null;
  detail: string | null;
}

export interface EngineDecision {
  ads: PodAd[];
  /**
   * The campaigns considered, placed or left out with the reason and the numbers: the placed
   * first, then the eligible ones left out, then the others (MAX_CANDIDATES at most).
   */
  candidates: EngineCandidate[];
  /** How many campaigns were considered in all. */
  considered: number;
  /** Seconds of ads. */
  filled: number;
  /** Seconds of the avail the ads leave (slate, or content when the template has no slate). */
  remainder: number;
  slateFallback: boolean;
  /** Why the pod is empty or short, when it is. */
  reason?: SkipReason;
  notes: string[];
}

// ---------------------------------------------------------------------------------------------
// Helpers the service and the tests share

/** Even pacing's allowance over the straight line: a share of the goal, at least one ad. */
export const PACING_ALLOWANCE = { share: 0.01, min: 1 } as const;
/** "Exact" fill: the pod's seconds may differ from the target by less than this. */
export const EXACT_TOLERANCE_S = 0.5;
/** An ad this much longer than the room left still fits (durations are rounded in VAST). */
export const FIT_TOLERANCE_S = 0.001;
/** Candidates the exact-fill search looks at, and the search's steps at most. */
const EXACT_SEARCH = { candidates: 40, steps: 20_000 } as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A small seeded generator (mulberry32) for deterministic draws: tests, benchmarks. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The device a user agent names; undefined when there is no user agent to read. */
export function deviceOf(userAgent: string | undefined): DeviceType | undefined {
  if (!userAgent || userAgent.trim() === '') return undefined;
  const ua = userAgent;
  if (
    /smart-?tv|hbbtv|appletv|apple ?tv|tvos|crkey|roku|\bAFT[A-Z]|bravia|tizen|web0s|webos|netcast|playstation|xbox|googletv|android ?tv|fire ?tv|\bTV\b/i.test(
      ua,
    )
  )
    return 'ctv';
  if (/ipad|tablet|kindle|silk\/|playbook|nexus (7|9|10)|sm-t\d/i.test(ua)) return 'tablet';
  if (/android/i.test(ua) && !/mobile/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini|iemobile/i.test(ua)) return 'mobile';
  return 'desktop';
}

/** The start (epoch ms) of the frequency period `now` falls in; 'campaign' is the flight's start. */
export function frequencyPeriodStart(
  period: FrequencyPeriod,
  now: number,
  flightStart: number | null,
): number {
  switch (period) {
    case 'hour':
      return Math.floor(now / HOUR_MS) * HOUR_MS;
    case 'day':
      return Math.floor(now / DAY_MS) * DAY_MS;
    case 'week': {
      // ISO weeks, Monday 00:00 UTC (1970-01-01 was a Thursday).
      const day = Math.floor(now / DAY_MS);
      return (day - ((day + 3) % 7)) * DAY_MS;
    }
    case 'campaign':
      return flightStart ?? 0;
  }
}

/** The UTC day of `now`, as the counters key it ('YYYY-MM-DD'). */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

const secondsText = (s: number) => `${Math.round(s * 1000) / 1000}s`;
const clock = (secondsOfDay: number) =>
  `${String(Math.floor(secondsOfDay / 3600)).padStart(2, '0')}:${String(Math.floor(secondsOfDay / 60) % 60).padStart(2, '0')}`;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Where a campaign ranks: 0 sponsorship, 1..10 standard levels, 11 house. */
export const tierOf = (c: Pick<CatalogCampaign, 'priority' | 'priorityLevel'>) =>
  c.priority === 'sponsorship' ? 0 : c.priority === 'house' ? 11 : Math.min(10, Math.max(1, c.priorityLevel));

const covers = (
  streams: ReadonlySet<string> | null,
  vods: ReadonlySet<string> | null,
  resource: EngineRequest['resource'],
) => {
  if (streams === null && vods === null) return true;
  const named = resource.kind === 'liveStream' ? streams : vods;
  return named?.has(resource.id) ?? false;
};

// ---------------------------------------------------------------------------------------------
// Eligibility

interface Eligible {
  campaign: CatalogCampaign;
  /** Creatives that fit the per-ad bounds and can play, longest first. */
  creatives: CatalogCreative[];
  /** The longest pod the campaign's covering placements allow. */
  maxPod: number;
  rank: number;
}

/** A campaign left out: its reason, and the words with the numbers (written only when shown). */
interface Rejection {
  campaign: CatalogCampaign;
  reason: SkipReason;
  detail: () => string;
  creative: CatalogCreative | null;
}

/** What every rule of one request reads, worked out once. */
interface RequestFacts {
  request: EngineRequest;
  weekday: number;
  secondsOfDay: number;
  minAd: number;
  maxAd: number;
}

/** Why a campaign is left out of this avail, its detail worked out only when asked for. */
type Skip = { reason: SkipReason; detail: () => string };
type Verdict = Eligible | Skip;

const no = (reason: SkipReason, detail: () => string): Skip => ({ reason, detail });

/** The flight, the schedule and exclude windows, and the daypart (UTC): null when it runs now. */
function timingRule(campaign: CatalogCampaign, facts: RequestFacts): Skip | null {
  const { now } = facts.request;
  if (campaign.start !== null && now < campaign.start)
    return no('flight', () => 'its flight has not started');
  if (campaign.end !== null && now > campaign.end) return no('flight', () => 'its flight has ended');

  if (campaign.scheduleStart !== null && now < campaign.scheduleStart)
    return no('schedule', () => 'its schedule window has not started');
  if (campaign.scheduleEnd !== null && now > campaign.scheduleEnd)
    return no('schedule', () => 'its schedule window has ended');
  if (
    campaign.excludeStart !== null &&
    campaign.excludeEnd !== null &&
    now >= campaign.excludeStart &&
    now <= campaign.excludeEnd
  )
    return no('schedule', () => 'it is in its exclude window');

  if (!campaign.days.has(facts.weekday))
    return no('daypart', () => `it does not run on ${WEEKDAY_NAMES[facts.weekday]} (UTC)`);
  if (campaign.ruleStart !== null && facts.secondsOfDay < campaign.ruleStart)
    return no('daypart', () => `it runs from ${clock(campaign.ruleStart!)} UTC`);
  if (campaign.ruleEnd !== null && facts.secondsOfDay > campaign.ruleEnd + 59)
    return no('daypart', () => `it runs until ${clock(campaign.ruleEnd!)} UTC`);
  return null;
}

/** The streams and assets, countries and devices it targets: null when this viewer is one of them. */
function targetingRule(campaign: CatalogCampaign, request: EngineRequest): Skip | null {
  const { resource } = request;
  if (!covers(campaign.targetLiveStreamIds, campaign.targetVodIds, resource))
    return no(
      'targeting',
      () => `it does not target this ${resource.kind === 'liveStream' ? 'live stream' : 'VOD asset'}`,
    );
  if (campaign.targetCountries !== null) {
    const country = request.viewer.country;
    if (country === undefined)
      return no('targeting', () => 'it targets countries and the viewer’s country is unknown');
    if (!campaign.targetCountries.has(country))
      return no('targeting', () => `it does not target the country ${country}`);
  }
  if (campaign.targetDevices !== null) {
    const device = request.viewer.device;
    if (device === undefined)
      return no('targeting', () => 'it targets devices and the viewer’s device is unknown');
    if (!campaign.targetDevices.has(device))
      return no('targeting', () => `it does not target ${device} devices`);
  }
  return null;
}

/** Its placements that cover this avail: the longest ad and pod they allow, or why none does. */
function placementRule(
  campaign: CatalogCampaign,
  request: EngineRequest,
): { maxAd: number; maxPod: number } | Skip {
  let maxAd = -1;
  let maxPod = -1;
  for (const p of campaign.placements) {
    if (!p.positions.has(request.position) || !covers(p.liveStreamIds, p.vodIds, request.resource)) continue;
    if (p.maxAdDuration > maxAd) maxAd = p.maxAdDuration;
    if (p.maxPodDuration > maxPod) maxPod = p.maxPodDuration;
  }
  if (maxPod < 0)
    return no(
      'placement',
      () => `no placement of it covers a ${request.position}-roll of this stream or asset`,
    );
  return { maxAd, maxPod };
}

/** Booked impressions, the daily budget and even pacing: null while it has some to deliver now. */
function deliveryRule(campaign: CatalogCampaign, now: number, served: EngineCounters['served']): Skip | null {
  const count = served.get(campaign.id);
  const total = count?.total ?? 0;
  const today = count?.today ?? 0;
  if (campaign.bookedImpressions > 0 && total >= campaign.bookedImpressions)
    return no('booked', () => `${total} of ${campaign.bookedImpressions} booked impressions served`);
  if (campaign.dailyBudget !== null && today >= campaign.dailyBudget)
    return no('budget', () => `${today} of its daily budget of ${campaign.dailyBudget} served today`);
  if (campaign.pacing === 'even') {
    const pace = evenPace(campaign, now);
    if (pace !== null) {
      const sofar = pace.daily ? today : total;
      if (sofar >= pace.allowed)
        return no(
          'pacing',
          () =>
            `${sofar} served, even pacing allows ${Math.floor(pace.allowed)} by now (${pace.daily ? 'of today’s budget' : 'of the booked impressions'})`,
        );
    }
  }
  return null;
}

/** Its playable creatives that fit one ad of this avail, longest first, or why none does. */
function creativeRule(
  campaign: CatalogCampaign,
  facts: RequestFacts,
  maxAdOfPlacements: number,
): CatalogCreative[] | Skip {
  if (campaign.creatives.length === 0) return no('no-creative', () => 'it has no active creative');
  const maxAd = Math.min(facts.maxAd, maxAdOfPlacements, facts.request.duration);
  let playable = 0;
  let shortest = Number.POSITIVE_INFINITY;
  let fitting: CatalogCreative[] | undefined;
  for (const c of campaign.creatives) {
    if (c.hlsUrl === null) continue;
    playable++;
    if (c.duration < shortest) shortest = c.duration;
    if (c.duration >= facts.minAd - FIT_TOLERANCE_S && c.duration <= maxAd + FIT_TOLERANCE_S) {
      fitting ??= [];
      fitting.push(c);
    }
  }
  if (playable === 0) return no('not-conditioned', () => 'its creatives are not conditioned into HLS yet');
  if (!fitting)
    return no(
      'duration',
      () =>
        `its shortest creative (${secondsText(shortest)}) is outside ${facts.minAd > 0 ? `${secondsText(facts.minAd)} to ` : 'at most '}${secondsText(maxAd)} per ad`,
    );
  if (fitting.length > 1)
    fitting.sort((a, b) => b.duration - a.duration || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return fitting;
}

/** One campaign for one avail: eligible (with its fitting creatives), or the first rule it fails. */
function judge(campaign: CatalogCampaign, facts: RequestFacts, served: EngineCounters['served']): Verdict {
  if (!campaign.advertiserActive)
    return no('inactive', () => `its advertiser ${campaign.advertiserName} is inactive`);
  const skip = timingRule(campaign, facts) ?? targetingRule(campaign, facts.request);
  if (skip) return skip;
  const bounds = placementRule(campaign, facts.request);
  if ('reason' in bounds) return bounds;
  const spent = deliveryRule(campaign, facts.request.now, served);
  if (spent) return spent;
  const creatives = creativeRule(campaign, facts, bounds.maxAd);
  if (!Array.isArray(creatives)) return creatives;
  return { campaign, creatives, maxPod: bounds.maxPod, rank: tierOf(campaign) };
}

/**
 * What even pacing allows by `now`: the booked impressions times the elapsed share of the flight,
 * or (open-ended campaigns) the daily budget times the elapsed share of the day, plus the
 * allowance; null when nothing paces it.
 */
export function evenPace(
  campaign: Pick<CatalogCampaign, 'bookedImpressions' | 'dailyBudget' | 'start' | 'end'>,
  now: number,
): { allowed: number; daily: boolean } | null {
  const allowance = (goal: number) => Math.max(PACING_ALLOWANCE.min, goal * PACING_ALLOWANCE.share);
  if (
    campaign.bookedImpressions > 0 &&
    campaign.start !== null &&
    campaign.end !== null &&
    campaign.end > campaign.start
  ) {
    const share = Math.min(1, Math.max(0, (now - campaign.start) / (campaign.end - campaign.start)));
    return {
      allowed: campaign.bookedImpressions * share + allowance(campaign.bookedImpressions),
      daily: false,
    };
  }
  if (campaign.dailyBudget !== null) {
    const share = (now % DAY_MS) / DAY_MS;
    return { allowed: campaign.dailyBudget * share + allowance(campaign.dailyBudget), daily: true };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Ordering and filling

/** A snapshot's campaigns by id, worked out once per snapshot: the draws do not depend on its order. */
const byId = new WeakMap<CatalogSnapshot, readonly CatalogCampaign[]>();
function campaignsById(snapshot: CatalogSnapshot): readonly CatalogCampaign[] {
  let sorted = byId.get(snapshot);
  if (!sorted) {
    sorted = [...snapshot.campaigns].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    byId.set(snapshot, sorted);
  }
  return sorted;
}

/**
 * Priority order, then a weighted random order within each level (Efraimidis-Spirakis keys: the
 * chance of coming first is the weight's share). `eligible` is in id order, so the draws are too.
 */
function rankOrder(eligible: Eligible[], random: () => number): Eligible[] {
  const keys = new Float64Array(eligible.length);
  for (let i = 0; i < eligible.length; i++)
    keys[i] = Math.log(Math.max(random(), Number.MIN_VALUE)) / Math.max(1, eligible[i]!.campaign.weight);
  const order = eligible.map((_, i) => i);
  order.sort((a, b) => eligible[a]!.rank - eligible[b]!.rank || keys[b]! - keys[a]!);
  return order.map((i) => eligible[i]!);
}

interface PodBounds {
  slots: number;
  /** Seconds the pod fills at most (the avail, within the template's maximum). */
  maxTotal: number;
  minTotal: number;
  separation: boolean;
  policy: PodFillPolicy;
}

type Placed = { eligible: Eligible; creative: CatalogCreative };
type Reject = (e: Eligible, reason: SkipReason, detail: () => string) => void;

/** Best fit: in rank order, each campaign's longest creative that fits the room left. */
function fillBestFit(ranked: Eligible[], bounds: PodBounds, reject: Reject): Placed[] {
  const pod: Placed[] = [];
  let total = 0;
  const advertisers = new Set<string>();
  for (const e of ranked) {
    if (pod.length >= bounds.slots) {
      reject(e, 'pod-full', () => `the pod is full (${bounds.slots} slot${bounds.slots === 1 ? '' : 's'})`);
      continue;
    }
    if (bounds.separation && advertisers.has(e.campaign.advertiserId)) {
      reject(e, 'separation', () => `the pod already has an ad of ${e.campaign.advertiserName}`);
      continue;
    }
    const room = Math.min(bounds.maxTotal, e.maxPod) - total;
    const creative = e.creatives.find((c) => c.duration <= room + FIT_TOLERANCE_S);
    if (!creative) {
      const shortest = e.creatives.at(-1)!.duration;
      reject(
        e,
        'duration',
        () => `${secondsText(shortest)} does not fit the ${secondsText(Math.max(0, room))} left`,
      );
      continue;
    }
    pod.push({ eligible: e, creative });
    total += creative.duration;
    advertisers.add(e.campaign.advertiserId);
  }
  return pod;
}

/**
 * Exact fill: the pod whose seconds reach the target (within EXACT_TOLERANCE_S), preferring the
 * higher-ranked campaigns (a depth-first search that tries each campaign in rank order before
 * leaving it out, so the first pod found is the most preferred); null when there is none.
 */
function fillExact(ranked: Eligible[], bounds: PodBounds, target: number): Placed[] | null {
  const pool = ranked.slice(0, EXACT_SEARCH.candidates);
  let steps = 0;
  const chosen: Placed[] = [];
  const advertisers = new Map<string, number>();
  const search = (index: number, total: number): boolean => {
    if (Math.abs(total - target) < EXACT_TOLERANCE_S && chosen.length > 0) return true;
    if (index >= pool.length || chosen.length >= bounds.slots || ++steps > EXACT_SEARCH.steps) return false;
    const e = pool[index]!;
    const separated = bounds.separation && (advertisers.get(e.campaign.advertiserId) ?? 0) > 0;
    if (!separated) {
      for (const creative of e.creatives) {
        const next = total + creative.duration;
        if (next > target + EXACT_TOLERANCE_S || next > e.maxPod + FIT_TOLERANCE_S) continue;
        chosen.push({ eligible: e, creative });
        advertisers.set(e.campaign.advertiserId, (advertisers.get(e.campaign.advertiserId) ?? 0) + 1);
        if (search(index + 1, next)) return true;
        chosen.pop();
        advertisers.set(e.campaign.advertiserId, (advertisers.get(e.campaign.advertiserId) ?? 1) - 1);
      }
    }
    return search(index + 1, total);
  };
  return search(0, 0) ? chosen : null;
}

const titleOf = (campaign: CatalogCampaign, creative: CatalogCreative | null) =>
  creative ? `${campaign.name}: ${creative.name}` : campaign.name;

/** Candidates a decision lists at most (placed first, then the others); the reason counts all. */
export const MAX_CANDIDATES = 100;

/**
 * The first half of a decision: every campaign judged on everything but the viewer's frequency,
 * which the caller reads next for `capped` only (the eligible campaigns with a cap).
 */
export interface PreparedDecision {
  request: EngineRequest;
  template: PodTemplate | null;
  bounds: PodBounds;
  eligible: Eligible[];
  rejected: Rejection[];
  capped: CatalogCampaign[];
}

export function prepareDecision(
  snapshot: CatalogSnapshot,
  request: EngineRequest,
  served: EngineCounters['served'],
): PreparedDecision {
  const template = request.pod ?? null;
  const bounds: PodBounds = template
    ? {
        slots: template.adpodLength,
        maxTotal: Math.min(request.duration, template.maxTotalDuration),
        minTotal: template.minTotalDuration,
        separation: template.competitiveSeparation,
        policy: template.fillPolicy,
      }
    : {
        slots: Math.max(1, request.podLength),
        maxTotal: request.duration,
        minTotal: 0,
        separation: false,
        policy: 'best-fit',
      };
  const facts: RequestFacts = {
    request,
    weekday: new Date(request.now).getUTCDay(),
    secondsOfDay: Math.floor((request.now % DAY_MS) / 1000),
    minAd: template?.minAdDuration ?? 0,
    maxAd: template?.maxAdDuration ?? Number.POSITIVE_INFINITY,
  };
  const eligible: Eligible[] = [];
  const rejected: Rejection[] = [];
  const capped: CatalogCampaign[] = [];
  for (const campaign of campaignsById(snapshot)) {
    if (request.campaignIds && !request.campaignIds.has(campaign.id)) continue;
    const excluded = request.excluded?.get(campaign.id);
    const verdict: Verdict = excluded
      ? { reason: excluded.reason, detail: () => excluded.detail }
      : judge(campaign, facts, served);
    if ('rank' in verdict) {
      eligible.push(verdict);
      if (campaign.frequencyCap > 0) capped.push(campaign);
    } else rejected.push({ campaign, reason: verdict.reason, detail: verdict.detail, creative: null });
  }
  return { request, template, bounds, eligible, rejected, capped };
}

/** The second half: the viewer's frequency caps, the order, the pod. */
export function finishDecision(
  prepared: PreparedDecision,
  frequency: ReadonlyMap<string, number>,
): EngineDecision {
  const { request, template, bounds } = prepared;
  const notes: string[] = [];
  if (template)
    notes.push(`pod template ${template.name}: ${template.adpodLength} slots, ${template.fillPolicy}`);
  const ineligible = prepared.rejected;
  const left: Rejection[] = [];
  const reject: Reject = (e, reason, detail) => {
    left.push({ campaign: e.campaign, reason, detail, creative: e.creatives[0] ?? null });
  };

  const eligible: Eligible[] = [];
  for (const e of prepared.eligible) {
    const c = e.campaign;
    const seen = c.frequencyCap > 0 ? (frequency.get(c.id) ?? 0) : 0;
    if (c.frequencyCap > 0 && seen >= c.frequencyCap)
      reject(
        e,
        'frequency-cap',
        () => `the viewer had ${seen} of its ${c.frequencyCap} ads per ${c.frequencyPeriod}`,
      );
    else eligible.push(e);
  }
  const ranked = rankOrder(eligible, request.random);

  let placed: Placed[];
  if (bounds.policy === 'exact') {
    const found = fillExact(ranked, bounds, bounds.maxTotal);
    placed = found ?? [];
    const inPod = new Set(placed.map((p) => p.eligible.campaign.id));
    if (!found && ranked.length > 0)
      notes.push(`no pod of the eligible ads fills ${secondsText(bounds.maxTotal)} exactly`);
    for (const e of ranked) {
      if (inPod.has(e.campaign.id)) continue;
      reject(
        e,
        'exact-fill',
        found
          ? () => 'the exact pod was filled by higher-ranked ads'
          : () => `no pod with it fills ${secondsText(bounds.maxTotal)} exactly`,
      );
    }
  } else {
    placed = fillBestFit(ranked, bounds, reject);
  }

  let filled = placed.reduce((sum, p) => sum + p.creative.duration, 0);
  if (placed.length > 0 && filled < bounds.minTotal - FIT_TOLERANCE_S) {
    const under = `the pod's ${secondsText(filled)} is under the template's minimum of ${secondsText(bounds.minTotal)}`;
    notes.push(under);
    for (const p of placed) reject(p.eligible, 'duration', () => under);
    placed = [];
    filled = 0;
  }

  const ads: PodAd[] = placed.map((p, i) => ({
    sequence: i + 1,
    campaign: p.eligible.campaign,
    creative: p.creative,
  }));
  const candidates: EngineCandidate[] = ads.map((ad) => ({
    campaignId: ad.campaign.id,
    creativeId: ad.creative.id,
    title: titleOf(ad.campaign, ad.creative),
    duration: ad.creative.duration,
    chosen: true,
    reason: null,
    detail: null,
  }));
  // The eligible ones left out first (they were closest), then the others; words only for those listed.
  for (const r of [left, ineligible]) {
    for (const x of r) {
      if (candidates.length >= MAX_CANDIDATES) break;
      candidates.push({
        campaignId: x.campaign.id,
        creativeId: x.creative?.id ?? null,
        title: titleOf(x.campaign, x.creative),
        duration: x.creative?.duration ?? null,
        chosen: false,
        reason: x.reason,
        detail: x.detail(),
      });
    }
  }
  const remainder = Math.max(0, request.duration - filled);
  const decision: EngineDecision = {
    ads,
    candidates,
    considered: ads.length + left.length + ineligible.length,
    filled,
    remainder,
    slateFallback: template?.slateFallback ?? true,
    notes,
  };
  const reason = decisionReason(ads.length, remainder, left, ineligible);
  if (reason) decision.reason = reason;
  return decision;
}

/** The pod for one break (see the file's comment). */
export function decidePod(
  snapshot: CatalogSnapshot,
  request: EngineRequest,
  counters: EngineCounters,
): EngineDecision {
  return finishDecision(prepareDecision(snapshot, request, counters.served), counters.frequency);
}

/** The break's reason: no demand, or the most frequent reason of the campaigns left out. */
function decisionReason(
  placed: number,
  remainder: number,
  ...rejected: Rejection[][]
): SkipReason | undefined {
  if (placed > 0 && remainder < EXACT_TOLERANCE_S) return undefined;
  const counts = new Map<SkipReason, number>();
  let best: SkipReason | undefined;
  for (const list of rejected)
    for (const c of list) {
      const n = (counts.get(c.reason) ?? 0) + 1;
      counts.set(c.reason, n);
      if (best === undefined || n > (counts.get(best) ?? 0)) best = c.reason;
    }
  if (best === undefined) return placed > 0 ? 'duration' : 'no-demand';
  return best;
}
