import { type Attribute, getAttribute, parseAttributes } from './attributes.ts';
import { parseDateTime } from './date.ts';
import type { MediaPlaylist, MediaSegment, MultivariantPlaylist, Playlist, Tag } from './types.ts';

export class PlaylistParseError extends Error {
  override name = 'PlaylistParseError';
}

const MULTIVARIANT_MARKERS = ['#EXT-X-STREAM-INF', '#EXT-X-MEDIA:', '#EXT-X-I-FRAME-STREAM-INF'];

function splitTag(line: string): Tag {
  const colon = line.indexOf(':');
  if (colon < 0) return { name: line.slice(1) };
  return { name: line.slice(1, colon), value: line.slice(colon + 1) };
}

/** `line.trim()`, without the call when neither end can be whitespace (printable ASCII). */
function trimLine(line: string): string {
  const a = line.charCodeAt(0);
  const b = line.charCodeAt(line.length - 1);
  return a > 32 && a < 127 && b > 32 && b < 127 ? line : line.trim();
}

function lines(text: string): string[] {
  const raw = text.split('\n');
  const out: string[] = [];
  for (const r of raw) {
    const l = r.endsWith('\r') ? r.slice(0, -1).trim() : r.trim();
    if (l !== '') out.push(l);
  }
  if (out[0] !== undefined && out[0].charCodeAt(0) === 0xfeff) out[0] = out[0].slice(1);
  return out;
}

/**
 * The error for a text whose first line (a BOM, blank and whitespace lines aside) is not #EXTM3U:
 * it shows that line, so that an HTML error page or a JSON answer is recognized at once.
 */
function notAPlaylist(first: string | undefined): PlaylistParseError {
  if (first === undefined)
    return new PlaylistParseError('playlist does not start with #EXTM3U (it is empty)');
  const shown = first.length > 60 ? `${first.slice(0, 60)}...` : first;
  return new PlaylistParseError(`playlist does not start with #EXTM3U (first line: "${shown}")`);
}

/** Parses either kind of playlist, deciding from its tags. */
export function parsePlaylist(text: string): Playlist {
  for (const m of MULTIVARIANT_MARKERS) if (text.includes(m)) return parseMultivariantPlaylist(text);
  return parseMediaPlaylist(text);
}

function parseIntSafe(v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : fallback;
}

/** Keys are keyed by KEYFORMAT: a new key replaces the one with the same format. */
function applyKey(current: string[], value: string): string[] {
  const attrs = parseAttributes(value);
  if (getAttribute(attrs, 'METHOD') === 'NONE') return [];
  const format = getAttribute(attrs, 'KEYFORMAT') ?? 'identity';
  const next = current.filter(
    (k) => (getAttribute(parseAttributes(k), 'KEYFORMAT') ?? 'identity') !== format,
  );
  next.push(value);
  return next;
}

/**
 * Parses a media playlist. Lenient: unknown tags are kept where they were, malformed values fall
 * back to defaults. A BOM and blank or whitespace lines before #EXTM3U are skipped. Throws
 * PlaylistParseError only when the text is not an HLS playlist at all.
 */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  // The lines are read in one pass (no array of lines): each trimmed, empty ones skipped.
  const end = text.length;
  let pos = 0;
  let first: string | undefined;
  while (pos < end && first === undefined) {
    const nl = text.indexOf('\n', pos);
    const stop = nl === -1 ? end : nl;
    const l = trimLine(text.slice(pos, stop));
    pos = stop + 1;
    if (l !== '') first = l.charCodeAt(0) === 0xfeff ? l.slice(1) : l;
  }
  if (first !== '#EXTM3U') throw notAPlaylist(first);
  const pl: MediaPlaylist = {
    type: 'media',
    targetDuration: 0,
    mediaSequence: 0,
    discontinuitySequence: 0,
    hasDiscontinuitySequence: false,
    endList: false,
    iFramesOnly: false,
    independentSegments: false,
    headerTags: [],
    segments: [],
    trailingTags: [],
  };
  let pending: Tag[] = [];
  let duration = Number.NaN;
  let title = '';
  let discontinuity = false;
  let byteRange: { length: number; offset?: number } | undefined;
  let map: string | undefined;
  let keys: string[] = [];
  let pdt: number | undefined;
  const lastRangeEnd = new Map<string, number>();

  while (pos < end) {
    const nl = text.indexOf('\n', pos);
    const stop = nl === -1 ? end : nl;
    const line = trimLine(text.slice(pos, stop));
    pos = stop + 1;
    if (line === '') continue;
    if (line.charCodeAt(0) !== 35 /* # */) {
      // URI line.
      if (Number.isNaN(duration)) {
        // A URI without EXTINF: keep the playlist usable, treat it as zero-length.
        duration = 0;
      }
      let range: { length: number; offset: number } | undefined;
      if (byteRange) {
        const offset = byteRange.offset ?? lastRangeEnd.get(line) ?? 0;
        range = { length: byteRange.length, offset };
        lastRangeEnd.set(line, offset + byteRange.length);
      }
      const seg: MediaSegment = { uri: line, duration, title, discontinuity, keys, tags: pending };
      if (range) seg.byteRange = range;
      if (map !== undefined) seg.map = map;
      if (pdt !== undefined) seg.programDateTime = pdt;
      pl.segments.push(seg);
      if (pdt !== undefined) pdt += duration * 1000;
      pending = [];
      duration = Number.NaN;
      title = '';
      discontinuity = false;
      byteRange = undefined;
      continue;
    }
    if (line.charCodeAt(1) !== 69 || line.charCodeAt(2) !== 88 || line.charCodeAt(3) !== 84) {
      // not #EXT...: a comment
      pending.push(splitTag(line));
      continue;
    }
    const tag = splitTag(line);
    const v = tag.value;
    // A string switch (cheaper here than a Map lookup, which must hash each new name).
    switch (tag.name) {
      case 'EXTINF': {
        const s = v ?? '';
        const comma = s.indexOf(',');
        const d = Number.parseFloat(comma < 0 ? s : s.slice(0, comma));
        duration = Number.isFinite(d) && d >= 0 ? d : 0;
        title = comma < 0 ? '' : s.slice(comma + 1);
        break;
      }
      case 'EXT-X-PROGRAM-DATE-TIME': {
        const t = parseDateTime(v ?? '');
        if (Number.isFinite(t)) {
          pdt = t;
        }
        pending.push(tag);
        break;
      }
      case 'EXT-X-DISCONTINUITY':
        discontinuity = true;
        break;
      case 'EXT-X-BYTERANGE': {
        const [len, off] = (v ?? '').split('@');
        const length = parseIntSafe(len, 0);
        byteRange = off === undefined ? { length } : { length, offset: parseIntSafe(off, 0) };
        break;
      }
      case 'EXT-X-MAP':
        map = v ?? '';
        break;
      case 'EXT-X-KEY':
        keys = applyKey(keys, v ?? '');
        break;
      case 'EXT-X-VERSION':
        pl.version = parseIntSafe(v, 1);
        break;
      case 'EXT-X-TARGETDURATION':
        pl.targetDuration = parseIntSafe(v, 0);
        break;
      case 'EXT-X-MEDIA-SEQUENCE':
        pl.mediaSequence = parseIntSafe(v, 0);
        break;
      case 'EXT-X-DISCONTINUITY-SEQUENCE':
        pl.discontinuitySequence = parseIntSafe(v, 0);
        pl.hasDiscontinuitySequence = true;
        break;
      case 'EXT-X-PLAYLIST-TYPE':
        if (v === 'VOD' || v === 'EVENT') pl.playlistType = v;
        else pl.headerTags.push(tag);
        break;
      case 'EXT-X-ENDLIST':
        pl.endList = true;
        break;
      case 'EXT-X-I-FRAMES-ONLY':
        pl.iFramesOnly = true;
        break;
      case 'EXT-X-INDEPENDENT-SEGMENTS':
        pl.independentSegments = true;
        break;
      // Tags that describe the whole media playlist wherever they appear.
      case 'EXT-X-START':
      case 'EXT-X-SERVER-CONTROL':
      case 'EXT-X-PART-INF':
      case 'EXT-X-ALLOW-CACHE':
      case 'EXT-X-DEFINE':
      case 'EXT-X-SKIP':
        pl.headerTags.push(tag);
        break;
      default:
        pending.push(tag);
    }
  }
  pl.trailingTags = pending;
  return pl;
}

/** Parses a multivariant (master) playlist. */
export function parseMultivariantPlaylist(text: string): MultivariantPlaylist {
  const ls = lines(text);
  if (ls[0] !== '#EXTM3U') throw notAPlaylist(ls[0]);
  const pl: MultivariantPlaylist = {
    type: 'multivariant',
    independentSegments: false,
    tags: [],
    renditions: [],
    variants: [],
    iFrameVariants: [],
  };
  let pendingStreamInf: Attribute[] | undefined;
  for (let i = 1; i < ls.length; i++) {
    const line = ls[i]!;
    if (line.charCodeAt(0) !== 35) {
      if (pendingStreamInf) {
        pl.variants.push({ attributes: pendingStreamInf, uri: line });
        pendingStreamInf = undefined;
      }
      continue;
    }
    const tag = splitTag(line);
    switch (tag.name) {
      case 'EXT-X-VERSION':
        pl.version = parseIntSafe(tag.value, 1);
        break;
      case 'EXT-X-INDEPENDENT-SEGMENTS':
        pl.independentSegments = true;
        break;
      case 'EXT-X-MEDIA':
        pl.renditions.push({ attributes: parseAttributes(tag.value ?? '') });
        break;
      case 'EXT-X-STREAM-INF':
        pendingStreamInf = parseAttributes(tag.value ?? '');
        break;
      case 'EXT-X-I-FRAME-STREAM-INF':
        pl.iFrameVariants.push(parseAttributes(tag.value ?? ''));
        break;
      default:
        pl.tags.push(tag);
    }
  }
  return pl;
}
