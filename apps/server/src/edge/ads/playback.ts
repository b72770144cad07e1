/**
 * What playback's internal ad decision calls (playback/ad-decisions.ts, an avail of a stream whose
 * ad decision is 'internal', or of a VOD asset with a bundle): the avail's demand is drawn from the
 * stream's bundles (their percentages, then the bundle's sources'); a campaigns source is decided
 * here by the built-in ad server, with its pod template; a VAST, VMAP or exchange source is handed
 * back as its tag URL for playback's external path.
 */
import type { AdCandidate, BreakPosition, SkipReason } from '@cuepoint/core';
import type { AdServer } from './ad-server.ts';
import type { CampaignAd, ViewerContext } from './decision.ts';
import { drawDemand } from './demand-draw.ts';

/**
 * The stitcher's id of an ad server ad: unique in its avail (its place in the pod and its
 * campaign), the same for every rendition.
 */
export const stitchedAdId = (ad: Pick<CampaignAd, 'sequence' | 'campaignId'>) =>
  `${ad.sequence}-${ad.campaignId}`.slice(0, 48);

export type PlaybackDemand =
  | {
      kind: 'campaigns';
      /**
       * The ad server's own ads (one shape from the decision to playback), each with its
       * stitcher id; playback keeps what a viewer session needs of them (sessions.ts DecidedAd).
       */
      ads: Array<CampaignAd & { id: string }>;
      /** Every campaign considered, placed or left out with the reason (the break's diagnostics). */
      candidates: AdCandidate[];
      reason?: SkipReason;
      notes: string[];
      /** Seconds of the avail the ads leave; `slateFallback` false: content fills them, not slate. */
      remainder: number;
      slateFallback: boolean;
      /** Gives back the ads of these campaigns that playback dropped (CampaignDecision.release). */
      release?: ((campaignIds: readonly string[]) => Promise<void>) | undefined;
    }
  | { kind: 'tag'; type: 'vast' | 'vmap' | 'exchange'; url: string; notes: string[] }
  | { kind: 'none'; reason: SkipReason; notes: string[] };

export interface PlaybackDemandRequest {
  resource: { kind: 'liveStream' | 'vod'; id: string };
  position: BreakPosition;
  /** Seconds to fill. */
  duration: number;
  viewer: ViewerContext;
  /** The bundle and source draws, and the weighted order of the campaigns. */
  random: () => number;
  /** Seconds until the break plays (CampaignDecisionRequest.startsIn). */
  startsIn?: number | undefined;
}

/**
 * The demand of one avail of a stream or asset, decided (campaigns) or pointed at (a tag).
 * A stream that names no bundle draws from every active campaign of its account.
 */
export async function decideFromCampaigns(
  server: AdServer,
  request: PlaybackDemandRequest,
): Promise<PlaybackDemand> {
  const target = await server.target(request.resource.kind, request.resource.id);
  if (!target?.active)
    return {
      kind: 'none',
      reason: 'no-ad-source',
      notes: ['the stream or asset is gone or inactive: no ads'],
    };
  const demand = drawDemand(target, request.random);
  const notes = demand.bundle ? [`bundle ${demand.bundle.name}`] : [];
  if (demand.campaignIds === null) {
    const source = demand.source;
    if (source && (source.type === 'vast' || source.type === 'vmap' || source.type === 'exchange'))
      return { kind: 'tag', type: source.type, url: source.url, notes };
    return { kind: 'none', reason: 'no-demand', notes: [...notes, demand.none ?? 'no demand'] };
  }
  const decision = await server.decide({
    customerId: target.customerId,
    resource: request.resource,
    position: request.position,
    duration: request.duration,
    viewer: request.viewer,
    podLength: target.podLength,
    pod: demand.pod,
    campaignIds: demand.campaignIds,
    random: request.random,
    startsIn: request.startsIn,
  });
  return {
    kind: 'campaigns',
    ads: decision.ads.map((ad) => ({ ...ad, id: stitchedAdId(ad) })),

    candidates: decision.candidates,
    ...(decision.reason ? { reason: decision.reason } : {}),
    notes: [...notes, ...decision.notes],
    remainder: decision.remainder,
    slateFallback: decision.slateFallback,
    release: decision.release,
  };
}
