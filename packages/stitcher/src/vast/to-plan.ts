import type { AdSegment, AdTracking, PlannedAd } from '../ads.ts';
import type { ResolvedAd } from './resolve.ts';

/** The beacons of a resolved VAST ad, in the shape the tracking plan uses. */
export function trackingFromResolvedAd(ad: ResolvedAd): AdTracking {
  const t = ad.tracking;
  return {
    impression: [...ad.impressions],
    start: [...(t.start ?? []), ...(t.creativeView ?? [])],
    firstQuartile: [...(t.firstQuartile ?? [])],
    midpoint: [...(t.midpoint ?? [])],
    thirdQuartile: [...(t.thirdQuartile ?? [])],
    complete: [...(t.complete ?? [])],
  };
}

/**
 * Turns resolved VAST ads into planned ads, given the transcoded segments of each creative for
 * the rendition at hand (the serving layer's creative cache). Ads with no transcode are left out.
 */
export function adsFromResolvedVast(
  ads: ResolvedAd[],
  segmentsFor: (ad: ResolvedAd) => { id: string; segments: AdSegment[] } | undefined,
): PlannedAd[] {
  const out: PlannedAd[] = [];
  for (const ad of ads) {
    const s = segmentsFor(ad);
    if (!s) continue;
    out.push({ id: s.id, segments: s.segments, tracking: trackingFromResolvedAd(ad) });
  }
  return out;
}
