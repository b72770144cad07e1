import { formatDuration } from '../hls/serialize.ts';
import type { MediaPlaylist, MediaSegment } from '../hls/types.ts';
import type { DetectedAvail } from '../markers/detect.ts';

export const INTERSTITIAL_CLASS = 'com.apple.hls.interstitial';

export interface Interstitial {
  id: string;
  /** Seconds from the start of the playlist's first segment (ignored when `cue` has PRE/POST). */
  offset: number;
  /**
   * Program date-time (ms since the epoch) of the start, instead of `offset`; it may be before the
   * first segment (a live break that began before the window).
   */
  startDate?: number;
  /** X-ASSET-LIST (JSON asset list URL) or X-ASSET-URI (a single asset); give exactly one. */
  assetList?: string;
  assetUri?: string;
  duration?: number;
  plannedDuration?: number;
  /** X-RESUME-OFFSET: 0 for an insertion, the break length to replace content. */
  resumeOffset?: number;
  restrict?: ('SKIP' | 'JUMP')[];
  snap?: ('OUT' | 'IN')[];
  cue?: ('PRE' | 'POST' | 'ONCE')[];
  playoutLimit?: number;
}

export interface InterstitialOptions {
  /** Program date-time (ms) given to the first segment when the playlist has none. */
  epoch?: number;
}

function quote(v: string): string {
  return `"${v.replace(/["\r\n]/g, '')}"`;
}

function tagValue(i: Interstitial, startDate: number): string {
  const parts = [
    `ID=${quote(i.id)}`,
    `CLASS="${INTERSTITIAL_CLASS}"`,
    `START-DATE="${new Date(startDate).toISOString()}"`,
  ];
  if (i.duration !== undefined) parts.push(`DURATION=${formatDuration(i.duration)}`);
  if (i.plannedDuration !== undefined) parts.push(`PLANNED-DURATION=${formatDuration(i.plannedDuration)}`);
  if (i.cue && i.cue.length > 0) parts.push(`CUE="${i.cue.join(',')}"`);
  if (i.assetList !== undefined) parts.push(`X-ASSET-LIST=${quote(i.assetList)}`);
  else if (i.assetUri !== undefined) parts.push(`X-ASSET-URI=${quote(i.assetUri)}`);
  if (i.resumeOffset !== undefined) parts.push(`X-RESUME-OFFSET=${formatDuration(i.resumeOffset)}`);
  if (i.playoutLimit !== undefined) parts.push(`X-PLAYOUT-LIMIT=${formatDuration(i.playoutLimit)}`);
  if (i.restrict && i.restrict.length > 0) parts.push(`X-RESTRICT="${i.restrict.join(',')}"`);
  if (i.snap && i.snap.length > 0) parts.push(`X-SNAP="${i.snap.join(',')}"`);
  return parts.join(',');
}

/**
 * Server-guided ad insertion: leaves the content untouched and announces each break as an HLS
 * interstitial (EXT-X-DATERANGE, CLASS="com.apple.hls.interstitial") for players that support
 * it. Adds an EXT-X-PROGRAM-DATE-TIME to the first segment when the playlist has none.
 */
export function addInterstitials(
  content: MediaPlaylist,
  interstitials: Interstitial[],
  options: InterstitialOptions = {},
): MediaPlaylist {
  const segs: MediaSegment[] = content.segments.map((s) => ({ ...s, tags: [...s.tags] }));
  const first = segs[0];
  if (!first) return content;
  let base = first.programDateTime;
  if (base === undefined) {
    base = options.epoch ?? 0;
    first.tags.unshift({ name: 'EXT-X-PROGRAM-DATE-TIME', value: new Date(base).toISOString() });
    let t = base;
    for (const s of segs) {
      s.programDateTime = t;
      t += s.duration * 1000;
    }
  }
  for (const i of interstitials) {
    if ((i.assetList === undefined) === (i.assetUri === undefined)) {
      throw new TypeError(`interstitial ${i.id} needs exactly one of assetList and assetUri`);
    }
    const pre = i.cue?.includes('PRE') || i.cue?.includes('POST');
    if (!pre && i.startDate !== undefined) {
      // on the segment the date falls in (the first one when it is before the window)
      let at = 0;
      for (let k = 1; k < segs.length; k++) if ((segs[k]!.programDateTime ?? 0) <= i.startDate) at = k;
      segs[at]!.tags.push({ name: 'EXT-X-DATERANGE', value: tagValue(i, Math.round(i.startDate)) });
      continue;
    }
    const offset = pre ? 0 : Math.max(0, i.offset);
    let idx = 0;
    let t = 0;
    while (idx < segs.length - 1 && t + segs[idx]!.duration <= offset + 1e-6) {
      t += segs[idx]!.duration;
      idx++;
    }
    const seg = segs[idx]!;
    const segStart = seg.programDateTime ?? base + t * 1000;
    const startDate = pre ? base : segStart + (offset - t) * 1000;
    seg.tags.push({ name: 'EXT-X-DATERANGE', value: tagValue(i, Math.round(startDate)) });
  }
  return { ...content, segments: segs };
}

/**
 * Live, server-guided: one interstitial per avail found in the origin playlist, replacing the
 * avail's content (X-RESUME-OFFSET = its duration). Needs program date-times in the origin.
 *
 * Stable from one refresh to the next, also once the avail's start has left the window: the
 * START-DATE is the avail's own start (the program date-time of its first visible segment less
 * the time already elapsed, from CUE-OUT-CONT's ElapsedTime or the DATERANGE's START-DATE), and
 * the ID comes from the avail's marker (DATERANGE ID, SCTE-35 event id, also read from
 * CUE-OUT-CONT's SCTE35 attribute) or, for a marker without one, from that start:
 * `ad-cue-<start in ms since the epoch>`. `assetListFor` is given the avail with that id.
 */
export function interstitialsForAvails(
  origin: MediaPlaylist,
  avails: DetectedAvail[],
  assetListFor: (avail: DetectedAvail) => string,
): MediaPlaylist {
  const list: Interstitial[] = [];
  // Program date-time of each segment, as addInterstitials gives them when the origin has none.
  const dates: number[] = [];
  const dated = origin.segments[0]?.programDateTime !== undefined;
  let t = 0;
  for (const s of origin.segments) {
    const d = dated ? (s.programDateTime ?? t) : t;
    dates.push(d);
    t = d + s.duration * 1000;
  }
  for (const a of avails) {
    const startDate = Math.round((dates[a.startIndex] ?? 0) - a.elapsedAtStart * 1000);
    // `cue-<msn>` is detection's name for an avail whose marker has no id: it moves with the window
    const id = a.id === `cue-${a.startMsn}` ? `cue-${startDate}` : a.id;
    const i: Interstitial = {
      id: `ad-${id}`,
      offset: 0,
      startDate,
      assetList: assetListFor({ ...a, id }),
      restrict: ['SKIP', 'JUMP'],
    };
    if (a.duration !== undefined) {
      i.plannedDuration = a.duration;
      i.resumeOffset = a.duration;
    }
    list.push(i);
  }
  return addInterstitials(origin, list);
}

/** The JSON body of an X-ASSET-LIST response. */
export function buildAssetList(assets: { uri: string; duration: number }[]): {
  ASSETS: { URI: string; DURATION: number }[];
} {
  return { ASSETS: assets.map((a) => ({ URI: a.uri, DURATION: a.duration })) };
}
