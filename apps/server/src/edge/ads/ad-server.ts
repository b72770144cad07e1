/**
 * The built-in ad server: a decision for one break from an account's campaigns (engine.ts) with
 * the catalog in memory (catalog.ts), the counters in the database (counters.ts) and the pod
 * reserved there, so that budgets, pacing and caps hold across processes; and the signed
 * impression beacon each decided ad carries.
 *
 * `AdServer.decide` is what both the public routes (/ads/vast, /ads/vmap: routes.ts) and playback
 * (`decideFromCampaigns`, an internal decision's campaigns source) call. Its shapes are
 * decision.ts's; the beacon's signing is impressions.ts's, the stream's bundle draw
 * demand-draw.ts's, the VAST of a pod vast.ts's.
 */
import { randomUUID } from 'node:crypto';
import type { AdCandidate, SkipReason } from '@cuepoint/core';
import type { Db } from '../../db/client.ts';
import { RefreshingCache } from '../../lib/refreshing-cache.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { catalogFingerprint, loadCatalog } from './catalog.ts';
import {
  MAX_HOLD_S,
  NO_RESOURCE,
  RESERVATION_HOLD_S,
  type Reservation,
  readServedOf,
  recordImpression,
  release,
  reserve,
  type ServedCounts,
  servedCounts,
  viewerKeyOf,
} from './counters.ts';
import type { CampaignAd, CampaignDecision, CampaignDecisionRequest } from './decision.ts';
import {
  type CatalogSnapshot,
  deviceOf,
  type EngineCandidate,
  type EngineDecision,
  finishDecision,
  frequencyPeriodStart,
  type PodAd,
  prepareDecision,
  utcDay,
} from './engine.ts';
import type { CountryLookup } from './geo.ts';
import { checkImpression, type ImpressionClaim, signedImpressionUrl } from './impressions.ts';
import { type AdTarget, customerServes, loadAdTarget } from './targets.ts';
import { ViewerCounts } from './viewer-counts.ts';

export interface AdServerOptions {
  db: Db;
  /**
   * The database runs one statement at a time and no other process writes to it (embedded
   * PGlite): a reservation needs no lock. PostgreSQL: false (several processes share it).
   */
  exclusive?: boolean;
  /** Absolute base of the beacon and conditioned-creative URLs. */
  publicUrl: string;
  /**
   * The ad handler's base as configured now (the platform configuration's ADHANDLER): the
   * impression beacons start with it; undefined or empty: `publicUrl`.
   */
  adHandlerBase?: (() => string | undefined) | undefined;
  now: () => number;
  /** The weighted draws (tests give a seeded one). */
  random?: () => number;
  signer: Pick<SecretBox, 'sign' | 'verify'>;
  countryOf?: CountryLookup | undefined;
  /** How long a catalog (and a stream's demand) serves before it is read again. */
  catalogTtlMs?: number;
  /** How long the served counts serve (the reservation checks the database's own). */
  countersTtlMs?: number;
}

/** Rounds of reservation: a campaign another process filled is dropped and the pod filled again. */
const RESERVE_ROUNDS = 3;
const toAdCandidate = (c: EngineCandidate): AdCandidate => ({
  id: c.creativeId ? `${c.campaignId}/${c.creativeId}` : c.campaignId,
  title: c.title,
  duration: c.duration,
  chosen: c.chosen,
  reason: c.reason,
  detail: c.detail,
});

export class AdServer {
  readonly catalogs: RefreshingCache<CatalogSnapshot>;
  readonly targets: RefreshingCache<AdTarget | undefined>;
  private readonly served: RefreshingCache<ServedCounts>;
  private readonly servedBefore: RefreshingCache<Map<string, number>>;
  private readonly publicUrl: string;
  private readonly viewers = new ViewerCounts();

  constructor(private readonly options: AdServerOptions) {
    const now = options.now;
    const ttlMs = options.catalogTtlMs ?? 5_000;
    const cache = { ttlMs, maxStaleMs: ttlMs * 12, now };
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.catalogs = new RefreshingCache(async (customerId, previous) => {
      const fingerprint = await catalogFingerprint(options.db, customerId);
      if (previous && previous.fingerprint === fingerprint) return previous;
      return loadCatalog(options.db, customerId, { publicUrl: this.publicUrl, now: now(), fingerprint });
    }, cache);
    this.targets = new RefreshingCache((key) => {
      const [kind, id] = key.split(':') as ['liveStream' | 'vod', string];
      return loadAdTarget(options.db, kind, id);
    }, cache);
    const countersTtl = options.countersTtlMs ?? 1_000;
    // Served before today changes only by another process's late release: read once a minute.
    this.servedBefore = new RefreshingCache(
      (key) => {
        const [customerId, day] = key.split('|') as [string, string];
        return readServedOf(options.db, customerId, day, 'before');
      },
      { ttlMs: 60_000, maxStaleMs: 600_000, now },
    );
    this.served = new RefreshingCache(
      async (key) => {
        const [customerId, day] = key.split('|') as [string, string];
        const [before, today] = await Promise.all([
          this.servedBefore.get(`${customerId}|${day}`),
          readServedOf(options.db, customerId, day, 'today', now()),
        ]);
        return servedCounts(before, today);
      },
      // With no other process writing (embedded PGlite), what this one reserves is all there is:
      // its own counts stay right, read again only now and then (to see reservations expire).
      options.exclusive
        ? { ttlMs: 10_000, maxStaleMs: 60_000, now }
        : { ttlMs: countersTtl, maxStaleMs: countersTtl * 5, now },
    );
  }

  /** A live stream or VOD asset the ad server may fill (cached), or undefined. */
  target(kind: 'liveStream' | 'vod', id: string): Promise<AdTarget | undefined> {
    return this.targets.get(`${kind}:${id}`);
  }

  /** The pod for one break of an account's campaigns, reserved in the counters. */
  async decide(request: CampaignDecisionRequest): Promise<CampaignDecision> {
    const now = this.options.now();
    // Read for every decision, not cached: a de-activated account's ads stop at once, as its
    // playback does (one primary-key read).
    if (!(await customerServes(this.options.db, request.customerId)))
      return emptyDecision('no-demand', 'the account is de-activated: no ads', request.duration);
    const snapshot = await this.catalogs.get(request.customerId);
    const scope = request.campaignIds && request.campaignIds.length > 0 ? new Set(request.campaignIds) : null;
    if (scope ? !snapshot.campaigns.some((c) => scope.has(c.id)) : snapshot.campaigns.length === 0)
      return emptyDecision(
        'no-demand',
        'the account has no active campaign for this break',
        request.duration,
      );

    const viewer = request.viewer;
    const rawKey = viewer.key ?? `${viewer.address ?? ''}|${viewer.userAgent ?? ''}`;
    const viewerKey = viewerKeyOf(request.customerId, rawKey);
    const country =
      viewer.country?.toUpperCase() ??
      (viewer.address ? this.options.countryOf?.(viewer.address) : undefined);
    const device = deviceOf(viewer.userAgent);
    const day = utcDay(now);
    const servedKey = `${request.customerId}|${day}`;
    const served = await this.served.get(servedKey);
    const resource = request.resource ?? { kind: 'liveStream' as const, id: NO_RESOURCE };
    const random = request.random ?? this.options.random ?? Math.random;
    const excluded = new Map<string, { reason: SkipReason; detail: string }>();
    const raced: string[] = [];
    const engineRequest = {
      resource,
      position: request.position,
      duration: request.duration,
      viewer: { country, device },
      now,
      pod: request.pod ?? null,
      podLength: request.podLength,
      campaignIds: scope,
      excluded,
      random,
    };

    const holdSeconds = Math.min(MAX_HOLD_S, RESERVATION_HOLD_S + Math.max(0, request.startsIn ?? 0));
    const reservation = {
      customerId: request.customerId,
      resourceId: resource.id,
      day,
      viewerKey,
      now,
      expiresAt: now + holdSeconds * 1000,
    };
    /** The serving id of each campaign's ad in the pod as reserved. */
    const servings = new Map<string, string>();
    /** What the last round reserved (what the decision's ads hold). */
    let reserved: Reservation[] = [];
    let decision: EngineDecision | undefined;
    for (let round = 0; round < RESERVE_ROUNDS; round++) {
      const prepared = prepareDecision(snapshot, engineRequest, served);
      // The viewer's counts as this process knows them (no query): the reservation checks the
      // database's, and a campaign capped in another process is learnt from its refusal.
      const frequency = this.viewers.countsOf(viewerKey, prepared.capped, now);
      decision = finishDecision(prepared, frequency);
      if (decision.ads.length === 0) break;
      const wanted: Reservation[] = decision.ads.map((ad) => ({
        campaignId: ad.campaign.id,
        servingId: randomUUID(),
        bookedImpressions: ad.campaign.bookedImpressions,
        dailyBudget: ad.campaign.dailyBudget,
        frequencyCap: ad.campaign.frequencyCap,
        periodStart: frequencyPeriodStart(ad.campaign.frequencyPeriod, now, ad.campaign.start),
      }));
      const results = await reserve(this.options.db, reservation, wanted, {
        exclusive: this.options.exclusive ?? false,
      });
      reserved = wanted.filter((_, i) => results[i]?.reserved);
      servings.clear();
      for (const w of wanted) servings.set(w.campaignId, w.servingId);
      const refused = results.filter((r) => !r.reserved);
      // A round with a refusal gives its reservations back, but the last round keeps them.
      const keeps = refused.length === 0 || round === RESERVE_ROUNDS - 1;
      for (const [i, r] of results.entries()) {
        const w = wanted[i]!;
        const add = r.reserved && keeps ? 1 : 0;
        // What this process now knows of the viewer's and the campaign's counts (the database's,
        // where the reservation read them), until they are read again.
        if (w.frequencyCap > 0) this.viewers.learn(viewerKey, r.campaignId, w.periodStart, r.seen + add);
        this.served.update(servedKey, (counts) => {
          const known = counts.get(r.campaignId) ?? { total: 0, today: 0 };
          counts.set(r.campaignId, {
            total: (w.bookedImpressions > 0 ? r.total : known.total) + add,
            today: (w.dailyBudget !== null ? r.today : known.today) + add,
          });
        });
      }
      if (refused.length === 0) break;
      // Another process reached these campaigns' limits first: they are left out with the reason.
      for (const r of refused) {
        const ad = decision.ads.find((a) => a.campaign.id === r.campaignId)!;
        excluded.set(r.campaignId, refusal(ad, r));
        raced.push(`campaign ${ad.campaign.name} reached its limit in another decision meanwhile: left out`);
      }
      const kept = new Set(results.filter((r) => r.reserved).map((r) => r.campaignId));
      if (round === RESERVE_ROUNDS - 1) {
        // The last round keeps what it reserved.
        decision = withOnly(decision, kept, excluded);
        break;
      }
      // Otherwise the reserved ones are given back and the pod decided again without the refused.
      await release(
        this.options.db,
        { day, resourceId: resource.id, viewerKey },
        wanted.filter((w) => kept.has(w.campaignId)),
      );
    }
    decision!.notes.push(...raced);
    const placed = new Set(decision!.ads.map((ad) => ad.campaign.id));
    const held = reserved.filter((w) => placed.has(w.campaignId));
    const answer = this.toCampaignDecision(decision!, {
      customerId: request.customerId,
      resourceId: resource.id,
      now,
      servings,
    });
    if (held.length === 0) return answer;
    return {
      ...answer,
      release: async (campaignIds) => {
        const back = held.filter((w) => campaignIds.includes(w.campaignId));
        if (back.length === 0) return;
        for (const w of back) held.splice(held.indexOf(w), 1);
        await release(this.options.db, { day, resourceId: resource.id, viewerKey }, back);
        this.served.update(servedKey, (counts) => {
          for (const w of back) {
            const known = counts.get(w.campaignId);
            if (known)
              counts.set(w.campaignId, {
                total: Math.max(0, known.total - 1),
                today: Math.max(0, known.today - 1),
              });
          }
        });
        for (const w of back)
          if (w.frequencyCap > 0) this.viewers.unlearn(viewerKey, w.campaignId, w.periodStart);
      },
    };
  }

  /** The signed impression beacon of one decided ad. */
  impressionUrl(claim: ImpressionClaim): string {
    const base = this.options.adHandlerBase?.()?.replace(/\/+$/, '') || this.publicUrl;
    return signedImpressionUrl(this.options.signer, base, claim);
  }

  /**
   * Counts an impression beacon's impression once (ads/counters.ts recordImpression): 'counted',
   * or 'replay' when its serving id was counted before (by any process). The beacon must have
   * been verified.
   */
  async countImpression(claim: ImpressionClaim): Promise<'counted' | 'replay'> {
    const now = this.options.now();
    const counted = await recordImpression(this.options.db, {
      servingId: claim.i,
      campaignId: claim.c,
      customerId: claim.u,
      resourceId: claim.r,
      decidedAt: claim.t * 1000,
      now,
      day: utcDay(now),
      revenueMillicents: claim.m,
    });
    return counted ? 'counted' : 'replay';
  }

  /** Whether an impression beacon is ours, unaltered and recent enough. */
  verifyImpression(claim: ImpressionClaim, signature: string): 'ok' | 'forged' | 'expired' {
    return checkImpression(this.options.signer, claim, signature, this.options.now());
  }

  private toCampaignDecision(
    decision: EngineDecision,
    context: { customerId: string; resourceId: string; now: number; servings: ReadonlyMap<string, string> },
  ): CampaignDecision {
    const t = Math.floor(context.now / 1000);
    const ads = decision.ads.map((ad): CampaignAd => {
      const servingId = context.servings.get(ad.campaign.id) ?? randomUUID();
      const third = (event: string) =>
        ad.creative.trackingUrls.filter((u) => u.event === event).map((u) => u.url);
      const impression = this.impressionUrl({
        c: ad.campaign.id,
        u: context.customerId,
        r: context.resourceId,
        m: ad.campaign.cpmMillicents,
        t,
        i: servingId,
      });
      return {
        sequence: ad.sequence,
        vastAdId: ad.campaign.id,
        campaignId: ad.campaign.id,
        creativeId: ad.creative.id,
        title: titleOf(ad),
        advertiser: ad.campaign.advertiserName,
        duration: ad.creative.duration,
        playlistUrl: ad.creative.hlsUrl!,
        progressive: ad.creative.progressive,
        servingId,
        tracking: {
          impression: [impression, ...third('impression')],
          start: third('start'),
          firstQuartile: third('firstQuartile'),
          midpoint: third('midpoint'),
          thirdQuartile: third('thirdQuartile'),
          complete: third('complete'),
        },
        clickThroughUrl: ad.creative.clickThroughUrl,
        clickTracking: third('clickTracking'),
        universalAdId: { registry: ad.creative.universalAdIdRegistry, value: ad.creative.universalAdId },
      };
    });
    const out: CampaignDecision = {
      ads,
      candidates: decision.candidates.map(toAdCandidate),
      filled: decision.filled,
      remainder: decision.remainder,
      slateFallback: decision.slateFallback,
      notes: decision.notes,
    };
    if (decision.reason) out.reason = decision.reason;
    return out;
  }
}

const titleOf = (ad: PodAd) => ad.creative.name || ad.campaign.name;

function refusal(
  ad: PodAd,
  r: { total: number; today: number; seen: number },
): { reason: SkipReason; detail: string } {
  const c = ad.campaign;
  if (c.bookedImpressions > 0 && r.total >= c.bookedImpressions)
    return { reason: 'booked', detail: `${r.total} of ${c.bookedImpressions} booked impressions served` };
  if (c.dailyBudget !== null && r.today >= c.dailyBudget)
    return { reason: 'budget', detail: `${r.today} of its daily budget of ${c.dailyBudget} served today` };
  return {
    reason: 'frequency-cap',
    detail: `the viewer had ${r.seen} of its ${c.frequencyCap} ads per ${c.frequencyPeriod}`,
  };
}

/** The decision with only the ads of `kept`; the others are left out with their refusal. */
function withOnly(
  decision: EngineDecision,
  kept: ReadonlySet<string>,
  excluded: ReadonlyMap<string, { reason: SkipReason; detail: string }>,
): EngineDecision {
  const ads = decision.ads.filter((a) => kept.has(a.campaign.id)).map((a, i) => ({ ...a, sequence: i + 1 }));
  const filled = ads.reduce((sum, a) => sum + a.creative.duration, 0);
  const candidates = decision.candidates.map((c) => {
    const why = excluded.get(c.campaignId);
    return c.chosen && !kept.has(c.campaignId) && why
      ? { ...c, chosen: false, reason: why.reason, detail: why.detail }
      : c;
  });
  return {
    ...decision,
    ads,
    candidates,
    filled,
    remainder: Math.max(0, decision.remainder + decision.filled - filled),
  };
}

function emptyDecision(reason: SkipReason, note: string, duration: number): CampaignDecision {
  return {
    ads: [],
    candidates: [],
    filled: 0,
    remainder: duration,
    slateFallback: true,
    reason,
    notes: [note],
  };
}
