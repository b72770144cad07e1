import { adDuration, type PlannedAd } from '../ads.ts';
import { keysWithOriginalIv } from '../hls/keys.ts';
import type { MediaPlaylist, MediaSegment } from '../hls/types.ts';
import { adSegmentBeacons, type TrackedSegment } from '../tracking/plan.ts';

/** Which segment boundary a mid-roll goes to when its offset falls inside a segment. */
export type VodSnap = 'nearest' | 'before' | 'after';

export interface VodBreak {
  id?: string;
  /** Seconds into the content: 0 is a pre-roll, the content duration or more a post-roll. */
  offset: number;
  ads: PlannedAd[];
  /** This break's snap, instead of the options' (breaks from {@link vodBreakTimes} have 'nearest'). */
  snap?: VodSnap;
}

export interface VodInsertOptions {
  /** Which segment boundary a mid-roll goes to when its offset falls inside a segment. */
  snap?: VodSnap;
}

export interface PlacedBreak {
  id: string;
  /** Boundary used, in content seconds. */
  contentOffset: number;
  /**
   * Seconds from the offset asked for to the boundary used (negative: earlier); 0 for pre- and
   * post-rolls. For breaks from {@link vodBreakTimes}: how far this rendition is from the others.
   */
  shift: number;
  /** Where the break starts in the output timeline (seconds). */
  outputOffset: number;
  /** Index in the output playlist of the break's first segment. */
  index: number;
  duration: number;
  ads: string[];
}

export interface VodInsertResult {
  playlist: MediaPlaylist;
  breaks: PlacedBreak[];
  tracking: TrackedSegment[];
  issues: string[];
}

/** Start time (content seconds) of each segment, then the end of the last one. */
function boundaries(segs: readonly MediaSegment[]): number[] {
  const starts: number[] = [0];
  for (const s of segs) starts.push(starts[starts.length - 1]! + s.duration);
  return starts;
}

/** Index of the boundary (in `starts`) a break at `offset` goes to. */
function boundaryIndex(starts: readonly number[], offset: number, snap: VodSnap): number {
  const n = starts.length - 1;
  const total = starts[n]!;
  if (offset <= 0) return 0;
  if (offset >= total - 1e-6) return n;
  let i = 0;
  while (i < n && starts[i + 1]! <= offset + 1e-6) i++;
  // offset is within segment i: [starts[i], starts[i+1])
  if (Math.abs(starts[i]! - offset) < 1e-6) return i;
  if (snap === 'before') return i;
  if (snap === 'after') return i + 1;
  return offset - starts[i]! <= starts[i + 1]! - offset ? i : i + 1;
}

/** Distance (s) from `t` to the nearest of `starts`. */
function distanceToBoundary(starts: readonly number[], t: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const b of starts) {
    const d = Math.abs(b - t);
    if (d < best) best = d;
    else if (b > t) break;
  }
  return best;
}

export interface VodBreakTimesOptions extends VodInsertOptions {
  /**
   * The other renditions of the set (demuxed audio, subtitles...). The break then goes, when one
   * is within `maxShift`, to a boundary of the reference that every one of them also has (within
   * `tolerance`), so that they all break at the same point.
   */
  renditions?: MediaPlaylist[];
  /** Seconds apart two boundaries still count as the same point; default 0.05 (about two AAC frames). */
  tolerance?: number;
  /**
   * How far (s) a mid-roll may move from where `snap` puts it on the reference to find a boundary
   * the renditions share; default three target durations of the reference. 0: never. When none is
   * in reach the break stays where `snap` puts it, and `misalignment` tells what is left.
   */
  maxShift?: number;
}

/** A break time chosen once for every rendition of a multivariant set. */
export interface VodBreakTime {
  id: string;
  /** A boundary of the reference rendition in content seconds: 0 a pre-roll, +Infinity a post-roll. */
  offset: number;
  /** Each rendition puts the break at its own boundary nearest to `offset`. */
  snap: 'nearest';
  /** Largest distance (s) from `offset` to the boundary a rendition will use: the offset left between them. */
  misalignment: number;
}

/**
 * Chooses the time of each break once, on the segment boundaries of the reference rendition (the
 * variant's video), for a multivariant set with demuxed renditions whose segments do not line up
 * (audio cut on AAC frames, 10 s subtitles...). Give the result, with each rendition's own ads,
 * to {@link insertVodAds} for the video and for every audio and subtitles rendition: they then
 * all break at the same point, instead of each snapping the offset to its own nearest boundary.
 */
export function vodBreakTimes(
  reference: MediaPlaylist,
  breaks: readonly { id?: string; offset: number }[],
  options: VodBreakTimesOptions = {},
): VodBreakTime[] {
  const snap = options.snap ?? 'nearest';
  const tolerance = options.tolerance ?? 0.05;
  const maxShift = options.maxShift ?? 3 * reference.targetDuration;
  const starts = boundaries(reference.segments);
  const n = starts.length - 1;
  const others = (options.renditions ?? []).map((r) => boundaries(r.segments));
  const misalignment = (t: number): number => {
    let worst = 0;
    for (const o of others) worst = Math.max(worst, distanceToBoundary(o, t));
    return worst;
  };
  return breaks.map((b, k) => {
    const id = b.id ?? `break-${k}`;
    const base = boundaryIndex(starts, b.offset, snap);
    if (base === 0) return { id, offset: 0, snap: 'nearest', misalignment: 0 };
    if (base === n) return { id, offset: Number.POSITIVE_INFINITY, snap: 'nearest', misalignment: 0 };
    let best = base;
    let bestMis = misalignment(starts[base]!);
    if (bestMis > tolerance && maxShift > 0) {
      // the shared boundary nearest to the offset asked for, if one is within reach
      let distance = Number.POSITIVE_INFINITY;
      for (let i = 1; i < n; i++) {
        const t = starts[i]!;
        if (Math.abs(t - starts[base]!) > maxShift + 1e-6) continue;
        if ((snap === 'before' && t > b.offset + 1e-6) || (snap === 'after' && t < b.offset - 1e-6)) continue;
        const mis = misalignment(t);
        if (mis > tolerance || Math.abs(t - b.offset) >= distance - 1e-9) continue;
        best = i;
        bestMis = mis;
        distance = Math.abs(t - b.offset);
      }
    }
    return { id, offset: starts[best]!, snap: 'nearest', misalignment: bestMis };
  });
}

/**
 * Inserts pre-, mid- and post-rolls into a VOD media playlist at segment boundaries, with
 * EXT-X-DISCONTINUITY around every ad. The input playlist is not modified. For the renditions of
 * a multivariant set, take the break times from {@link vodBreakTimes}.
 */
export function insertVodAds(
  content: MediaPlaylist,
  breaks: VodBreak[],
  options: VodInsertOptions = {},
): VodInsertResult {
  const snap = options.snap ?? 'nearest';
  const segs = content.segments;
  const starts = boundaries(segs);
  const total = starts[starts.length - 1]!;
  const contentHasMap = segs.some((s) => s.map !== undefined);
  const issues: string[] = [];

  const at = new Map<number, { id: string; ads: PlannedAd[]; shift: number }[]>();
  breaks.forEach((b, n) => {
    const ads = b.ads.filter((ad) => {
      if (ad.segments.length === 0) {
        issues.push(`ad ${ad.id} has no segments`);
        return false;
      }
      if (ad.segments.some((s) => (s.map !== undefined) !== contentHasMap)) {
        issues.push(`ad ${ad.id} does not match the content's container (TS vs fMP4)`);
        return false;
      }
      return true;
    });
    const idx = boundaryIndex(starts, b.offset, b.snap ?? snap);
    const mid = b.offset > 0 && b.offset < total - 1e-6;
    const shift = mid ? Math.round((starts[idx]! - b.offset) * 1e6) / 1e6 : 0;
    const list = at.get(idx) ?? [];
    list.push({ id: b.id ?? `break-${n}`, ads, shift });
    at.set(idx, list);
  });

  const out: MediaSegment[] = [];
  const placed: PlacedBreak[] = [];
  const tracking: TrackedSegment[] = [];
  let outTime = 0;
  let targetDuration = content.targetDuration;
  let afterAd = false;
  for (let i = 0; i <= segs.length; i++) {
    for (const b of at.get(i) ?? []) {
      if (b.ads.length === 0) continue;
      const p: PlacedBreak = {
        id: b.id,
        contentOffset: starts[i]!,
        shift: b.shift,
        outputOffset: outTime,
        index: out.length,
        duration: 0,
        ads: [],
      };
      for (const ad of b.ads) {
        const beacons = adSegmentBeacons(ad);
        ad.segments.forEach((s, k) => {
          const seg: MediaSegment = {
            uri: s.uri,
            duration: s.duration,
            title: '',
            discontinuity: k === 0 && out.length > 0,
            keys: s.keys ?? [],
            tags: [],
          };
          if (s.map !== undefined) seg.map = s.map;
          tracking.push({
            msn: content.mediaSequence + out.length,
            uri: s.uri,
            availId: b.id,
            adId: ad.id,
            beacons: beacons[k]!,
          });
          out.push(seg);
          targetDuration = Math.max(targetDuration, Math.round(s.duration));
        });
        p.ads.push(ad.id);
        p.duration += adDuration(ad);
      }
      outTime += p.duration;
      placed.push(p);
      afterAd = true;
    }
    if (i === segs.length) break;
    const src = segs[i]!;
    const seg: MediaSegment = { ...src, discontinuity: src.discontinuity || (afterAd && out.length > 0) };
    // Renumbered: a key whose IV the player takes from the media sequence number gets it written.
    if (src.keys.length > 0 && out.length !== i)
      seg.keys = keysWithOriginalIv(src.keys, content.mediaSequence + i);
    if (
      afterAd &&
      src.programDateTime !== undefined &&
      !src.tags.some((t) => t.name === 'EXT-X-PROGRAM-DATE-TIME')
    ) {
      seg.tags = [
        { name: 'EXT-X-PROGRAM-DATE-TIME', value: new Date(src.programDateTime).toISOString() },
        ...src.tags,
      ];
    }
    out.push(seg);
    outTime += src.duration;
    afterAd = false;
  }
  const playlist: MediaPlaylist = { ...content, targetDuration, segments: out };
  return { playlist, breaks: placed, tracking, issues };
}
