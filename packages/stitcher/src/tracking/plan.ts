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
  const n = ad.segments.length;
  const out: DueBeacon[][] = ad.segments.map(() => []);
  if (n === 0) return out;
  const t: AdTracking = ad.tracking ?? {};
  const due = (i: number, event: BeaconEvent) => out[i]!.push({ event, adId: ad.id, urls: t[event] ?? [] });
  let total = 0;
  for (const s of ad.segments) total += s.duration;
  due(0, 'impression');
  due(0, 'start');
  for (const [event, q] of QUARTILES) {
    const at = q * total;
    let start = 0;
    let idx = n - 1;
    for (let i = 0; i < n; i++) {
      const end = start + ad.segments[i]!.duration;
      if (at >= start && at < end) {
        idx = i;
        break;
      }
      start = end;
    }
    due(idx, event);
  }
  due(n - 1, 'complete');
  return out;
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
