/**
 * The URLs of playlists the data plane serves. A stitched playlist is served from our host, so
 * every content, ad and slate URI in it is made absolute (the player fetches segments from the
 * origin and the ad CDN directly); the multivariant playlist's media playlist URIs become our
 * per-session URLs, whose index names an origin URL stored in the session, so a viewer can never
 * make the server fetch a URL of its own.
 */
import {
  type Attribute,
  formatAttributes,
  getAttribute,
  type MediaPlaylist,
  type MultivariantPlaylist,
  parseAttributes,
  setAttribute,
  type Tag,
} from '@cuepoint/stitcher';
import type { OriginRendition } from './sessions.ts';

/** `uri` resolved against `base`; undefined when it cannot be (a malformed URI). */
export function absoluteUrl(uri: string, base: string): string | undefined {
  try {
    return new URL(uri, base).href;
  } catch {
    return undefined;
  }
}

/** An attribute list (EXT-X-KEY, EXT-X-MAP...) with its URI made absolute. */
function withAbsoluteUri(attributes: string, base: string): string {
  const attrs = parseAttributes(attributes);
  const uri = getAttribute(attrs, 'URI');
  if (uri === undefined) return attributes;
  const absolute = absoluteUrl(uri, base);
  if (absolute === undefined || absolute === uri) return attributes;
  setAttribute(attrs, 'URI', absolute, true);
  return formatAttributes(attrs);
}

/**
 * Low-latency HLS tags: partial segments and blocking reloads cannot be stitched (an ad has no
 * parts), so the stitched playlist is plain HLS and these are left out.
 */
const LOW_LATENCY_TAGS = new Set([
  'EXT-X-PART',
  'EXT-X-PART-INF',
  'EXT-X-PRELOAD-HINT',
  'EXT-X-RENDITION-REPORT',
  'EXT-X-SERVER-CONTROL',
  'EXT-X-SKIP',
]);
const keep = (tags: Tag[]): Tag[] =>
  tags.some((t) => LOW_LATENCY_TAGS.has(t.name)) ? tags.filter((t) => !LOW_LATENCY_TAGS.has(t.name)) : tags;

/** A media playlist with every segment, map and key URI absolute, and no low-latency tags. */
export function absoluteMediaPlaylist(playlist: MediaPlaylist, base: string): MediaPlaylist {
  // The same key and map lists repeat on every segment: each distinct one is rewritten once, and
  // equal strings keep the serializer writing a tag only where it changes.
  const rewritten = new Map<string, string>();
  const fix = (attributes: string) => {
    let out = rewritten.get(attributes);
    if (out === undefined) {
      out = withAbsoluteUri(attributes, base);
      rewritten.set(attributes, out);
    }
    return out;
  };
  return {
    ...playlist,
    headerTags: keep(playlist.headerTags),
    trailingTags: keep(playlist.trailingTags),
    segments: playlist.segments.map((segment) => {
      const out = {
        ...segment,
        uri: absoluteUrl(segment.uri, base) ?? segment.uri,
        keys: segment.keys.map(fix),
        tags: keep(segment.tags),
      };
      if (segment.map !== undefined) out.map = fix(segment.map);
      return out;
    }),
  };
}

/** EXT-X-MEDIA TYPEs whose renditions have their own playlist (CLOSED-CAPTIONS have none). */
const MEDIA_TYPES: Record<string, OriginRendition['type']> = {
  AUDIO: 'audio',
  VIDEO: 'video',
  SUBTITLES: 'subtitles',
};

/** Session-level tags that would send the player around us (content steering) are dropped. */
const DROPPED_SESSION_TAGS = new Set(['EXT-X-CONTENT-STEERING']);
/** Session-level tags whose URI the player fetches itself: made absolute. */
const URI_SESSION_TAGS = new Set(['EXT-X-SESSION-KEY', 'EXT-X-SESSION-DATA']);

const sameRendition = (a: OriginRendition) => (b: OriginRendition) => a.url === b.url && a.type === b.type;

export interface RewrittenMultivariant {
  playlist: MultivariantPlaylist;
  /** The session's renditions: the ones given, then those new in this playlist. */
  renditions: OriginRendition[];
}

/**
 * The origin's multivariant playlist with each media playlist URI replaced by `uriFor(index)`,
 * the index into `renditions` (kept stable: a rendition already listed keeps its index).
 * I-frame playlists are left out: they would show the origin's frames during ads.
 */
export function rewriteMultivariant(
  origin: MultivariantPlaylist,
  base: string,
  known: readonly OriginRendition[],
  uriFor: (index: number) => string,
  maxRenditions: number,
): RewrittenMultivariant {
  const renditions = [...known];
  const indexOf = (rendition: OriginRendition): number | undefined => {
    const found = renditions.findIndex(sameRendition(rendition));
    if (found >= 0) return found;
    if (renditions.length >= maxRenditions) return undefined;
    renditions.push(rendition);
    return renditions.length - 1;
  };
  const copy = (attrs: readonly Attribute[]) => attrs.map((a) => ({ ...a }));

  const media: MultivariantPlaylist['renditions'] = [];
  for (const rendition of origin.renditions) {
    const uri = getAttribute(rendition.attributes, 'URI');
    const type = MEDIA_TYPES[getAttribute(rendition.attributes, 'TYPE') ?? ''];
    if (uri === undefined || type === undefined) {
      media.push({ attributes: copy(rendition.attributes) });
      continue;
    }
    const url = absoluteUrl(uri, base);
    const language = getAttribute(rendition.attributes, 'LANGUAGE');
    const index = url === undefined ? undefined : indexOf({ url, type, ...(language ? { language } : {}) });
    if (index === undefined) continue;
    const attributes = copy(rendition.attributes);
    setAttribute(attributes, 'URI', uriFor(index), true);
    media.push({ attributes });
  }

  const variants: MultivariantPlaylist['variants'] = [];
  for (const variant of origin.variants) {
    const url = absoluteUrl(variant.uri, base);
    const bandwidth = Number(getAttribute(variant.attributes, 'BANDWIDTH'));
    const resolution = getAttribute(variant.attributes, 'RESOLUTION');
    const index =
      url === undefined
        ? undefined
        : indexOf({
            url,
            type: 'variant',
            ...(Number.isFinite(bandwidth) ? { bandwidth } : {}),
            ...(resolution ? { resolution } : {}),
          });
    if (index === undefined) continue;
    variants.push({ attributes: copy(variant.attributes), uri: uriFor(index) });
  }

  const tags: Tag[] = [];
  for (const tag of origin.tags) {
    if (DROPPED_SESSION_TAGS.has(tag.name)) continue;
    tags.push(
      URI_SESSION_TAGS.has(tag.name) && tag.value !== undefined
        ? { name: tag.name, value: withAbsoluteUri(tag.value, base) }
        : tag,
    );
  }
  return { playlist: { ...origin, tags, renditions: media, variants, iFrameVariants: [] }, renditions };
}

/**
 * The multivariant playlist of an origin that answers a media playlist where the multivariant
 * one was asked for: one variant. BANDWIDTH is required there and unknown; with a single variant
 * a player has nothing to choose between, so any honest-looking value does.
 */
export function singleRenditionMultivariant(uri: string): MultivariantPlaylist {
  return {
    type: 'multivariant',
    independentSegments: false,
    tags: [],
    renditions: [],
    variants: [{ attributes: [{ name: 'BANDWIDTH', value: '2000000', quoted: false }], uri }],
    iFrameVariants: [],
  };
}
