import type { AdTracking, PlannedAd } from '../ads.ts';

export type BeaconEvent =
  | 'impression'
  | 'start'
  | 'firstQuartile'
  | 'midpoint'
  | 'thirdQuartile'
  | 'complete';

export interface DueBeacon {
  event: BeaconEvent;
  adId: string;
  urls: string[];
}

const QUARTILES: [BeaconEvent, number][] = [
  ['firstQuartile', 0.25],
  ['midpoint', 0.5],
  ['thirdQuartile', 0.75],
];

/**
 * For each segment of an ad, the beacons due when a player requests it: impression and start
 * with the first segment, a quartile with the segment in which that point of the ad falls,
 * complete with the last segment. Events with no URL are still listed (with no URLs) so the
 * serving layer can count them.
 */
export function adSegmentBeacons(ad: PlannedAd): DueBeacon[][] {
  const segs = ad.segments;
  const n = segs.length;
  const out: DueBeacon[][] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = [];
  if (n === 0) return out;
  const t: AdTracking = ad.tracking ?? {};
  let total = 0;
  for (let i = 0; i < n; i++) total += segs[i]!.duration;
  due(out[0]!, ad, t, 'impression');
  due(out[0]!, ad, t, 'start');
  for (let qi = 0; qi < QUARTILES.length; qi++) {
    const [event, q] = QUARTILES[qi]!;
    const at = q * total;
    let start = 0;
    let idx = n - 1;
    for (let i = 0; i < n; i++) {
      const end = start + segs[i]!.duration;
      if (at >= start && at < end) {
        idx = i;
        break;
      }
      start = end;
    }
    due(out[idx]!, ad, t, event);
  }
  due(out[n - 1]!, ad, t, 'complete');
  return out;
}

function due(list: DueBeacon[], ad: PlannedAd, t: AdTracking, event: BeaconEvent): void {
  list.push({ event, adId: ad.id, urls: t[event] ?? [] });
}

/** A beacon plan keyed by output media sequence number (live) or segment position (VOD). */
export interface TrackedSegment {
  /** Output media sequence number. */
  msn: number;
  uri: string;
  availId: string;
  adId: string;
  beacons: DueBeacon[];
}
