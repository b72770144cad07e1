/** One media segment of a transcoded ad (or slate) rendition. */
export interface AdSegment {
  uri: string;
  /** Seconds. */
  duration: number;
  /** EXT-X-MAP attribute list (fMP4/CMAF ads). */
  map?: string;
  /** EXT-X-KEY attribute lists in effect; empty or absent when clear. */
  keys?: string[];
}

/** Beacon URLs of one ad, by the events a stitcher can observe from segment requests. */
export interface AdTracking {
  impression?: string[];
  start?: string[];
  firstQuartile?: string[];
  midpoint?: string[];
  thirdQuartile?: string[];
  complete?: string[];
}

/**
 * One ad ready to stitch, for the rendition being served. `id` identifies the creative across
 * renditions: every rendition of a viewer must be given the same ids with the same segment
 * durations, so that decisions and numbering agree between audio, video and subtitles.
 */
export interface PlannedAd {
  id: string;
  segments: AdSegment[];
  tracking?: AdTracking;
}

/** The ads chosen for one avail. */
export interface AdPlan {
  ads: PlannedAd[];
}

export function adDuration(ad: PlannedAd): number {
  let d = 0;
  for (const s of ad.segments) d += s.duration;
  return d;
}
