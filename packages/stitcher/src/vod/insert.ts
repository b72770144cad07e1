import { adDuration, type PlannedAd } from '../ads.ts';
import type { MediaPlaylist, MediaSegment } from '../hls/types.ts';
import { adSegmentBeacons, type TrackedSegment } from '../tracking/plan.ts';

export interface VodBreak {
  id?: string;
  /** Seconds into the content: 0 is a pre-roll, the content duration or more a post-roll. */
  offset: number;
  ads: PlannedAd[];
}

export interface VodInsertOptions {
  /** Which segment boundary a mid-roll goes to when its offset falls inside a segment. */
  snap?: 'nearest' | 'before' | 'after';
}

export interface PlacedBreak {
  id: string;
  /** Boundary used, in content seconds. */
  contentOffset: number;
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

/**
 * Inserts pre-, mid- and post-rolls into a VOD media playlist at segment boundaries, with
 * EXT-X-DISCONTINUITY around every ad. The input playlist is not modified.
 */
export function insertVodAds(
  content: MediaPlaylist,
  breaks: VodBreak[],
  options: VodInsertOptions = {},
): VodInsertResult {
  const snap = options.snap ?? 'nearest';
  const segs = content.segments;
  const starts: number[] = [0];
  for (const s of segs) starts.push(starts[starts.length - 1]! + s.duration);
  const total = starts[starts.length - 1]!;
  const contentHasMap = segs.some((s) => s.map !== undefined);
  const issues: string[] = [];

  const boundary = (offset: number): number => {
    if (offset <= 0) return 0;
    if (offset >= total - 1e-6) return segs.length;
    let i = 0;
    while (i < segs.length && starts[i + 1]! <= offset + 1e-6) i++;
    // offset is within segment i: [starts[i], starts[i+1])
    if (Math.abs(starts[i]! - offset) < 1e-6) return i;
    if (snap === 'before') return i;
    if (snap === 'after') return i + 1;
    return offset - starts[i]! <= starts[i + 1]! - offset ? i : i + 1;
  };

  const at = new Map<number, { id: string; ads: PlannedAd[] }[]>();
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
    const idx = boundary(b.offset);
    const list = at.get(idx) ?? [];
    list.push({ id: b.id ?? `break-${n}`, ads });
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
