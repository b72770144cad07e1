import { formatAttributes, getAttribute, parseAttributes } from './attributes.ts';
import type { MediaPlaylist, MultivariantPlaylist, Playlist, Tag } from './types.ts';

export function formatDuration(d: number): string {
  const r = Math.round(d * 1e6) / 1e6;
  return String(r);
}

function tagLine(t: Tag): string {
  return t.value === undefined ? `#${t.name}` : `#${t.name}:${t.value}`;
}

/** Lowest EXT-X-VERSION that allows every feature the media playlist uses (RFC 8216 section 7). */
export function requiredMediaVersion(pl: MediaPlaylist): number {
  let v = 1;
  let anyMap = false;
  const seenKeys = new Set<string>();
  for (const s of pl.segments) {
    if (v < 3 && !Number.isInteger(s.duration)) v = 3;
    if (s.byteRange && v < 4) v = 4;
    if (s.map !== undefined) anyMap = true;
    for (const k of s.keys) {
      if (seenKeys.has(k)) continue;
      seenKeys.add(k);
      const a = parseAttributes(k);
      if (getAttribute(a, 'KEYFORMAT') !== undefined || getAttribute(a, 'KEYFORMATVERSIONS') !== undefined) {
        v = Math.max(v, 5);
      } else if (getAttribute(a, 'IV') !== undefined) v = Math.max(v, 2);
    }
  }
  if (pl.iFramesOnly) v = Math.max(v, 4);
  if (anyMap) v = Math.max(v, pl.iFramesOnly ? 5 : 6);
  return v;
}

/** Writes a media playlist. Parsing the output gives back an equal model. */
export function serializeMediaPlaylist(pl: MediaPlaylist): string {
  const out: string[] = ['#EXTM3U'];
  const version = Math.max(pl.version ?? 1, requiredMediaVersion(pl));
  if (pl.version !== undefined || version > 1) out.push(`#EXT-X-VERSION:${version}`);
  out.push(`#EXT-X-TARGETDURATION:${pl.targetDuration}`);
  out.push(`#EXT-X-MEDIA-SEQUENCE:${pl.mediaSequence}`);
  if (pl.hasDiscontinuitySequence || pl.discontinuitySequence !== 0) {
    out.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${pl.discontinuitySequence}`);
  }
  if (pl.playlistType) out.push(`#EXT-X-PLAYLIST-TYPE:${pl.playlistType}`);
  if (pl.iFramesOnly) out.push('#EXT-X-I-FRAMES-ONLY');
  if (pl.independentSegments) out.push('#EXT-X-INDEPENDENT-SEGMENTS');
  for (const t of pl.headerTags) out.push(tagLine(t));
  let map: string | undefined;
  let keys: string[] = [];
  for (const s of pl.segments) {
    if (s.discontinuity) out.push('#EXT-X-DISCONTINUITY');
    if (!sameKeys(keys, s.keys)) {
      if (s.keys.length === 0) out.push('#EXT-X-KEY:METHOD=NONE');
      else for (const k of s.keys) out.push(`#EXT-X-KEY:${k}`);
      keys = s.keys;
    }
    if (s.map !== map && s.map !== undefined) {
      out.push(`#EXT-X-MAP:${s.map}`);
      map = s.map;
    }
    for (const t of s.tags) out.push(tagLine(t));
    out.push(`#EXTINF:${formatDuration(s.duration)},${s.title}`);
    if (s.byteRange) out.push(`#EXT-X-BYTERANGE:${s.byteRange.length}@${s.byteRange.offset}`);
    out.push(s.uri);
  }
  for (const t of pl.trailingTags) out.push(tagLine(t));
  if (pl.endList) out.push('#EXT-X-ENDLIST');
  out.push('');
  return out.join('\n');
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function serializeMultivariantPlaylist(pl: MultivariantPlaylist): string {
  const out: string[] = ['#EXTM3U'];
  if (pl.version !== undefined) out.push(`#EXT-X-VERSION:${pl.version}`);
  if (pl.independentSegments) out.push('#EXT-X-INDEPENDENT-SEGMENTS');
  for (const t of pl.tags) out.push(tagLine(t));
  for (const r of pl.renditions) out.push(`#EXT-X-MEDIA:${formatAttributes(r.attributes)}`);
  for (const v of pl.variants) {
    out.push(`#EXT-X-STREAM-INF:${formatAttributes(v.attributes)}`);
    out.push(v.uri);
  }
  for (const a of pl.iFrameVariants) out.push(`#EXT-X-I-FRAME-STREAM-INF:${formatAttributes(a)}`);
  out.push('');
  return out.join('\n');
}

export function serializePlaylist(pl: Playlist): string {
  return pl.type === 'media' ? serializeMediaPlaylist(pl) : serializeMultivariantPlaylist(pl);
}
