import { type Asset, type Catalog, type Rendition, timelineOf } from './catalog.ts';
import { type BreakPosition, type LiveWindow, loopIndexOf, type WindowSegment } from './schedule.ts';
import { encodeSpliceInsert, scte35Base64, scte35Hex } from './scte35.ts';

/**
 * The demo origin's playlists as text. Live media playlists carry the ad breaks in one of three
 * marker forms that real origins emit, so an SSAI can be tried against each:
 *
 * - `cue`: EXT-X-CUE-OUT:<duration> / EXT-X-CUE-OUT-CONT:ElapsedTime=..,Duration=.. / EXT-X-CUE-IN
 *   (no SCTE-35 payload; the common denominator of many packagers);
 * - `daterange`: EXT-X-DATERANGE with SCTE35-OUT (PLANNED-DURATION; also announced on the last
 *   segment up to ANNOUNCE_SECONDS before the break starts), then the same ID with
 *   END-DATE, DURATION and SCTE35-IN (the HLS specification's form);
 * - `oatcls`: EXT-OATCLS-SCTE35:<base64 splice_insert> + EXT-X-CUE-OUT, CUE-OUT-CONT repeating
 *   the message in its SCTE35 attribute, then the return message + EXT-X-CUE-IN (AWS Elemental).
 *
 * During a break the origin still lists content segments, as a broadcast origin does: replacing
 * them is the SSAI's job.
 */

export const CUE_FORMS = ['cue', 'daterange', 'oatcls'] as const;
export type CueForm = (typeof CUE_FORMS)[number];

export const isCueForm = (value: string): value is CueForm =>
  (CUE_FORMS as readonly string[]).includes(value);

/** Seconds as HLS decimals: always three places, so every playlist writes them alike. */
const seconds = (s: number) => s.toFixed(3);
const isoDate = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

export interface LivePlaylistInput {
  window: LiveWindow;
  form: CueForm;
  rendition: Rendition;
  catalog: Catalog;
  /** The absolute URL of a media file (its path relative to the media folder). */
  mediaUrl: (file: string) => string;
}

/** The SCTE-35 splice_insert that starts (out) or ends (in) a break, at that segment's PTS. */
function splice(brk: BreakPosition, out: boolean, catalog: Catalog): Uint8Array {
  const d = catalog.segmentDuration;
  const atSegment = (out ? brk.start : brk.start + brk.duration) / d;
  // Every content segment starts on a keyframe, D seconds after the previous one.
  const pts = catalog.contentFirstPts + loopIndexOf(atSegment, timelineOf(catalog)) * d * 90_000;
  return encodeSpliceInsert(
    out
      ? { eventId: brk.index, outOfNetwork: true, pts, duration: brk.duration }
      : { eventId: brk.index, outOfNetwork: false, pts },
  );
}

/** The DATERANGE ID of a break: stable across refreshes, processes and renditions. */
export const breakId = (brk: BreakPosition) => `splice-${brk.index >>> 0}`;

function dateRangeOut(brk: BreakPosition, catalog: Catalog): string {
  return (
    `#EXT-X-DATERANGE:ID="${breakId(brk)}",START-DATE="${isoDate(brk.start)}",` +
    `PLANNED-DURATION=${seconds(brk.duration)},SCTE35-OUT=${scte35Hex(splice(brk, true, catalog))}`
  );
}

function dateRangeIn(brk: BreakPosition, catalog: Catalog): string {
  return (
    `#EXT-X-DATERANGE:ID="${breakId(brk)}",START-DATE="${isoDate(brk.start)}",` +
    `END-DATE="${isoDate(brk.start + brk.duration)}",DURATION=${seconds(brk.duration)},` +
    `SCTE35-IN=${scte35Hex(splice(brk, false, catalog))}`
  );
}

/** The cue tags written before one segment. */
function cueTags(segment: WindowSegment, first: boolean, form: CueForm, catalog: Catalog): string[] {
  const { inBreak, breakEnds } = segment;
  if (form === 'daterange') {
    // The OUT range is also repeated on the window's first segment while its break is still on,
    // so a player or SSAI joining mid-break sees it (START-DATE tells how much has elapsed).
    if (inBreak && (inBreak.elapsed === 0 || first)) return [dateRangeOut(inBreak, catalog)];
    if (breakEnds) return [dateRangeIn(breakEnds, catalog)];
    return [];
  }
  if (inBreak) {
    const oatcls = form === 'oatcls' ? scte35Base64(splice(inBreak, true, catalog)) : undefined;
    if (inBreak.elapsed === 0) {
      const cueOut = `#EXT-X-CUE-OUT:${seconds(inBreak.duration)}`;
      return oatcls ? [`#EXT-OATCLS-SCTE35:${oatcls}`, cueOut] : [cueOut];
    }
    const cont = `#EXT-X-CUE-OUT-CONT:ElapsedTime=${seconds(inBreak.elapsed)},Duration=${seconds(inBreak.duration)}`;
    return [oatcls ? `${cont},SCTE35=${oatcls}` : cont];
  }
  if (breakEnds) {
    if (form === 'oatcls') {
      return [`#EXT-OATCLS-SCTE35:${scte35Base64(splice(breakEnds, false, catalog))}`, '#EXT-X-CUE-IN'];
    }
    return ['#EXT-X-CUE-IN'];
  }
  return [];
}

/** A live media playlist: the sliding window of one rendition, with the breaks in `form`. */
export function liveMediaPlaylist(input: LivePlaylistInput): string {
  const { window, form, rendition, catalog, mediaUrl } = input;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${catalog.segmentDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  window.segments.forEach((segment, i) => {
    const file = rendition.segments[segment.loopIndex]!;
    if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${isoDate(segment.start)}`);
    lines.push(...cueTags(segment, i === 0, form, catalog));
    // The next break, announced on the last segment (its START-DATE is past the window).
    if (form === 'daterange' && window.upcoming && i === window.segments.length - 1)
      lines.push(dateRangeOut(window.upcoming, catalog));
    lines.push(`#EXTINF:${seconds(file.duration)},`, mediaUrl(file.file));
  });
  return `${lines.join('\n')}\n`;
}

/** The content loop as a VOD: `loops` times over, a discontinuity at each wrap, no markers. */
export function vodMediaPlaylist(
  rendition: Rendition,
  loops: number,
  catalog: Catalog,
  mediaUrl: (file: string) => string,
) {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${catalog.segmentDuration}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let loop = 0; loop < loops; loop++) {
    if (loop > 0) lines.push('#EXT-X-DISCONTINUITY');
    for (const s of rendition.segments) lines.push(`#EXTINF:${seconds(s.duration)},`, mediaUrl(s.file));
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** A multivariant playlist over an asset's renditions, each pointing where `uriOf` says. */
export function multivariantPlaylist(asset: Asset, uriOf: (rendition: Rendition) => string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of asset.renditions) lines.push(`#EXT-X-STREAM-INF:${r.attributes}`, uriOf(r));
  return `${lines.join('\n')}\n`;
}
