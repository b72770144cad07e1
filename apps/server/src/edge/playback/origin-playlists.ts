/**
 * The origin's playlists as a session reads them, for live streams and VOD alike: a fetch that
 * fails is an OriginProblem (answered 502 with its reason), the multivariant playlist comes
 * rewritten with the session's URIs, and a media playlist is checked to be one.
 */
import type { MediaPlaylist } from '@cuepoint/stitcher';
import { SafeFetchError } from '../fetch/safe-fetch.ts';
import { type RewrittenMultivariant, rewriteMultivariant, singleRenditionMultivariant } from './hls-urls.ts';
import type { OriginAsker } from './origin-cache.ts';
import type { PlaylistSource, SourcedPlaylist } from './playlist-source.ts';
import { OriginProblem } from './problems.ts';
import type { OriginRendition } from './sessions.ts';

/**
 * The playlist at `url` through the shared cache, for `asker` (told of the fetch that served it);
 * a failure is an OriginProblem.
 */
export async function originPlaylist(
  source: PlaylistSource,
  url: string,
  ttlMs: number,
  asker?: OriginAsker,
): Promise<SourcedPlaylist> {
  try {
    return await source.get(url, ttlMs, asker);
  } catch (error) {
    throw error instanceof SafeFetchError ? OriginProblem.of(error) : error;
  }
}

/**
 * The media playlist at `url` (`stale` with the origin's `failure` when the cache served the last
 * good one); an OriginProblem when it is a multivariant one.
 */
export async function originMediaPlaylist(
  source: PlaylistSource,
  url: string,
  ttlMs: number,
  asker?: OriginAsker,
): Promise<{ playlist: MediaPlaylist; stale: boolean; failure?: SafeFetchError | undefined }> {
  const { playlist, answer } = await originPlaylist(source, url, ttlMs, asker);
  if (playlist.type !== 'media')
    throw new OriginProblem(`${answer.url} is a multivariant playlist where a media playlist was expected`);
  return { playlist, stale: answer.stale, failure: answer.failure };
}

/** The source URL as a URL, or an OriginProblem saying it is none. */
export function sourceUrl(path: string, base: string): string {
  try {
    return new URL(path, base).href;
  } catch {
    throw new OriginProblem(`The stream’s source URL is not a URL: ${base}`);
  }
}

/**
 * The origin's multivariant playlist at `url`, rewritten for the session's renditions `known`
 * (new ones are appended, known ones keep their index); a single-rendition origin (a media
 * playlist) becomes a multivariant playlist of that one rendition.
 */
export async function sessionMultivariant(
  source: PlaylistSource,
  url: string,
  ttlMs: number,
  known: readonly OriginRendition[],
  uriFor: (index: number) => string,
  maxRenditions: number,
  asker?: OriginAsker,
): Promise<RewrittenMultivariant> {
  const { playlist, answer } = await originPlaylist(source, url, ttlMs, asker);
  if (playlist.type === 'media') {
    const rendition: OriginRendition = { url: answer.url, type: 'variant' };
    const found = known.findIndex((r) => r.url === rendition.url);
    const renditions = found >= 0 ? [...known] : [...known, rendition];
    const index = found >= 0 ? found : renditions.length - 1;
    return { playlist: singleRenditionMultivariant(uriFor(index)), renditions };
  }
  const rewritten = rewriteMultivariant(playlist, answer.url, known, uriFor, maxRenditions);
  if (rewritten.playlist.variants.length === 0)
    throw new OriginProblem(`The stream’s origin lists no usable variant in ${answer.url}`);
  return rewritten;
}
