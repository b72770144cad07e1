/**
 * What the built-in ad server is asked and what it answers: the request of one break, the viewer,
 * and the decided pod (its ads, every candidate and why, what is left to fill). The routes
 * (/ads/vast, /ads/vmap) and playback (playback.ts) speak these shapes; ad-server.ts decides.
 */
import { type AdCandidate, type BreakPosition, SKIP_REASONS, type SkipReason } from '@cuepoint/core';
import type { PodTemplate } from './engine.ts';

export interface ViewerContext {
  address?: string | undefined;
  userAgent?: string | undefined;
  /** Given by the caller (an SSAI that knows it); else looked up from the address. */
  country?: string | undefined;
  /** What identifies the viewer for frequency caps (a session id); else the address and agent. */
  key?: string | undefined;
}

export interface CampaignDecisionRequest {
  customerId: string;
  /** The stream or asset; null for none (counted under the nil id). */
  resource: { kind: 'liveStream' | 'vod'; id: string } | null;
  position: BreakPosition;
  /** Seconds to fill. */
  duration: number;
  viewer: ViewerContext;
  /** Ads per pod without a template. */
  podLength: number;
  pod?: PodTemplate | null | undefined;
  /** The bundle source's campaigns; empty or absent: every active campaign of the account. */
  campaignIds?: readonly string[] | null | undefined;
  random?: (() => number) | undefined;
  /**
   * Seconds from the decision to the break's start, when it is later than now (a VOD mid-roll
   * decided as the session starts, a VMAP's breaks): the reservations hold that much longer.
   */
  startsIn?: number | undefined;
}

/** What a tracking event's URLs are, as playback's ad tracking carries them. */
export interface CampaignAdTracking {
  impression: string[];
  start: string[];
  firstQuartile: string[];
  midpoint: string[];
  thirdQuartile: string[];
  complete: string[];
}

/** One ad of a decided pod. */
export interface CampaignAd {
  sequence: number;
  /** The Ad element's id in VAST (the campaign's). */
  vastAdId: string;
  campaignId: string;
  creativeId: string;
  title: string;
  advertiser: string;
  /** Seconds. */
  duration: number;
  /** The creative's HLS (its own, or its MP4 conditioned for the default ladder). */
  playlistUrl: string;
  /** Its progressive file (MP4...) when it has one: what playback conditions for another ladder. */
  progressive: { url: string; type: string } | null;
  /** Unique per decided ad. */
  servingId: string;
  tracking: CampaignAdTracking;
  clickThroughUrl: string;
  clickTracking: string[];
  universalAdId: { registry: string; value: string };
}

export interface CampaignDecision {
  ads: CampaignAd[];
  /** Every campaign considered, placed or left out with the reason (the break's diagnostics). */
  candidates: AdCandidate[];
  filled: number;
  remainder: number;
  slateFallback: boolean;
  reason?: SkipReason;
  notes: string[];
  /**
   * Gives back the reservations of the decision's ads of these campaigns, when the caller dropped
   * them after all (playback: a creative that did not load, a decision that came too late): they
   * were not served, hold nothing and do not count for the viewer's cap. Once per ad.
   */
  release?: (campaignIds: readonly string[]) => Promise<void>;
}

/** A decision's reason in words, for notes and logs. */
export const reasonText = (reason: SkipReason | undefined) => (reason ? SKIP_REASONS[reason] : '');
