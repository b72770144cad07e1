/**
 * Playlists as the data plane reads them: fetched through an OriginCache (one fetch per refresh
 * for every viewer), parsed once per distinct answer (a thousand viewers of one window share one
 * parse), media playlists with their URIs made absolute against the URL that answered.
 */
import { type Playlist, PlaylistParseError, parsePlaylist } from '@cuepoint/stitcher';
import { CappedMap } from '../../lib/capped-map.ts';
import { SafeFetchError } from '../fetch/safe-fetch.ts';
import { absoluteMediaPlaylist } from './hls-urls.ts';
import type { OriginAnswer, OriginAsker, OriginCache } from './origin-cache.ts';

export interface SourcedPlaylist {
  playlist: Playlist;
  answer: OriginAnswer;
}

export class PlaylistSource {
  private readonly parsed: CappedMap<string, { body: string; playlist: Playlist }>;

  constructor(
    readonly cache: OriginCache,
    maxParsed = 10_000,
  ) {
    this.parsed = new CappedMap(maxParsed);
  }

  /**
   * The playlist at `url`, at most `ttlMs` old unless the origin is failing (then the last good
   * one, `answer.stale`). Throws a SafeFetchError when there never was a good one. `asker` is
   * told of the fetch that served it (OriginCache).
   */
  async get(url: string, ttlMs: number, asker?: OriginAsker): Promise<SourcedPlaylist> {
    const answer = await this.cache.get(url, ttlMs, asker);
    const memo = this.parsed.get(url);
    if (memo && memo.body === answer.body) return { playlist: memo.playlist, answer };
    let playlist: Playlist;
    try {
      playlist = parsePlaylist(answer.body);
    } catch (error) {
      if (!(error instanceof PlaylistParseError)) throw error;
      throw new SafeFetchError('invalid', `${answer.url}: ${error.message}`);
    }
    if (playlist.type === 'media') playlist = absoluteMediaPlaylist(playlist, answer.url);
    // The newest: the oldest parsed entries are the first dropped.
    this.parsed.set(url, { body: answer.body, playlist });
    return { playlist, answer };
  }
}
