/**
 * Ad creatives and slates packaged as HLS: which of their renditions goes with which rendition
 * of the content, and its segments. The playlists are VOD, fetched through their own cache
 * (kept for minutes, shared by every viewer and stream).
 *
 * An ad may have several playlists (each HLS MediaFile of its VAST, or its MP4 conditioned into
 * MPEG-TS and fMP4): each content rendition takes the nearest rendition among all of them, in its
 * own container. The choice is a function of the content rendition only, so every viewer watching
 * one rendition gets the same creative rendition, and every rendition of one viewer the same ads
 * in the same order (the ad list is decided once per avail, elsewhere).
 */
import {
  type AdPlan,
  type AdSegment,
  getAttribute,
  type MediaPlaylist,
  type MultivariantPlaylist,
  type PlannedAd,
} from '@cuepoint/stitcher';
import { SafeFetchError } from '../fetch/safe-fetch.ts';
import { absoluteUrl } from './hls-urls.ts';
import type { PlaylistSource } from './playlist-source.ts';
import type { AvailRecord, CreativePlaylist, DecidedAd, OriginRendition } from './sessions.ts';

interface Choice {
  url: string;
  type: OriginRendition['type'];
  bandwidth?: number;
  resolution?: string;
  language?: string;
}

/** The segment container of a media playlist: fMP4 (CMAF) when its segments have an EXT-X-MAP. */
export type Container = 'ts' | 'fmp4';
export const containerOf = (playlist: MediaPlaylist): Container =>
  playlist.segments.some((s) => s.map !== undefined) ? 'fmp4' : 'ts';

/** The media playlists a creative's multivariant playlist lists, in its order. */
function choicesOf(playlist: MultivariantPlaylist, base: string): Choice[] {
  const out: Choice[] = [];
  for (const variant of playlist.variants) {
    const url = absoluteUrl(variant.uri, base);
    const bandwidth = Number(getAttribute(variant.attributes, 'BANDWIDTH'));
    const resolution = getAttribute(variant.attributes, 'RESOLUTION');
    if (url)
      out.push({
        url,
        type: 'variant',
        ...(Number.isFinite(bandwidth) ? { bandwidth } : {}),
        ...(resolution ? { resolution } : {}),
      });
  }
  for (const rendition of playlist.renditions) {
    const uri = getAttribute(rendition.attributes, 'URI');
    const type = getAttribute(rendition.attributes, 'TYPE')?.toLowerCase();
    const url = uri === undefined ? undefined : absoluteUrl(uri, base);
    if (!url || (type !== 'audio' && type !== 'video' && type !== 'subtitles')) continue;
    const language = getAttribute(rendition.attributes, 'LANGUAGE');
    out.push({ url, type, ...(language ? { language } : {}) });
  }
  return out;
}

/** A single-rendition playlist of the creative: one variant, of the size and bitrate its VAST says. */
function mediaChoice(playlist: CreativePlaylist): Choice {
  const { width, height, bandwidth } = playlist;
  return {
    url: playlist.url,
    type: 'variant',
    ...(bandwidth !== undefined && Number.isFinite(bandwidth) ? { bandwidth } : {}),
    ...(width && height ? { resolution: `${width}x${height}` } : {}),
  };
}

/**
 * The creative's media playlists for a content rendition, best first: for an alternative
 * rendition (audio, subtitles) those of the same type, of the same language first; then the
 * variants, those of the same RESOLUTION first (a creative conditioned for the stream's ladder
 * has one per rung), then by how near their BANDWIDTH is (in their order when the content's is
 * unknown, as a player starts with the first). Ties keep the creative's order, so the ranking is
 * a function of the content rendition and the creative alone.
 */
export function rankRenditions(choices: readonly Choice[], content: OriginRendition): Choice[] {
  const ranked: Choice[] = [];
  if (content.type !== 'variant') {
    const sameType = choices.filter((c) => c.type === content.type);
    const language = (c: Choice) => c.language !== undefined && c.language === content.language;
    ranked.push(...sameType.filter(language), ...sameType.filter((c) => !language(c)));
  }
  const target = content.bandwidth;
  const order = (c: Choice) => [
    content.resolution && c.resolution === content.resolution ? 0 : 1,
    target === undefined ? 0 : Math.abs((c.bandwidth ?? 0) - target),
  ];
  const variants = choices
    .filter((c) => c.type === 'variant')
    .map((c, index) => ({ c, index, key: order(c) }))
    .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.index - b.index);
  ranked.push(...variants.map((v) => v.c));
  return ranked;
}

/** The creative's media playlist for a content rendition (the best of rankRenditions). */
export function chooseRendition(choices: readonly Choice[], content: OriginRendition): Choice | undefined {
  return rankRenditions(choices, content)[0];
}

/** A creative media playlist as the stitcher's segments. Byte ranges cannot be stitched. */
function segmentsOf(playlist: MediaPlaylist, url: string): AdSegment[] {
  if (playlist.segments.length === 0)
    throw new SafeFetchError('invalid', `${url}: the playlist has no segments`);
  return playlist.segments.map((s) => {
    if (s.byteRange) throw new SafeFetchError('invalid', `${url}: byte-range segments cannot be stitched`);
    const segment: AdSegment = { uri: s.uri, duration: s.duration, keys: s.keys };
    if (s.map !== undefined) segment.map = s.map;
    return segment;
  });
}

export class Creatives {
  constructor(
    private readonly source: PlaylistSource,
    private readonly ttlMs: number,
  ) {}

  /** The renditions of one playlist of the creative; a media playlist is its own single rendition. */
  private async choices(playlist: CreativePlaylist): Promise<Choice[]> {
    const { playlist: parsed, answer } = await this.source.get(playlist.url, this.ttlMs);
    return parsed.type === 'media' ? [mediaChoice(playlist)] : choicesOf(parsed, answer.url);
  }

  private async media(url: string): Promise<MediaPlaylist> {
    const { playlist } = await this.source.get(url, this.ttlMs);
    if (playlist.type !== 'media')
      throw new SafeFetchError(
        'invalid',
        `${url}: a multivariant playlist where a media playlist was expected`,
      );
    return playlist;
  }

  /**
   * Fetches the creative's playlist and every media playlist it lists (so they are cached before
   * any rendition needs them); throws a SafeFetchError naming what failed.
   */
  private async checkOne(playlist: CreativePlaylist): Promise<void> {
    const choices = await this.choices(playlist);
    if (!choices.some((c) => c.type === 'variant'))
      throw new SafeFetchError('invalid', `${playlist.url}: the playlist lists no variant`);
    await Promise.all(choices.map(async (c) => segmentsOf(await this.media(c.url), c.url)));
  }

  /**
   * Checks each of the creative's playlists (a URL: its only one) as checkOne does; resolves with
   * those that load, in their order, or throws the first one's failure when none does.
   */
  async check(playlists: string | readonly CreativePlaylist[]): Promise<CreativePlaylist[]> {
    const list = typeof playlists === 'string' ? [{ url: playlists }] : playlists;
    const outcomes = await Promise.all(
      list.map((p) =>
        this.checkOne(p).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    const loaded = list.filter((_, i) => outcomes[i] === undefined);
    if (loaded.length === 0)
      throw outcomes[0] ?? new SafeFetchError('invalid', 'the creative has no playlist');
    return loaded;
  }

  /**
   * The segments of the creative's rendition that goes with `content`, among every rendition of
   * every one of its playlists (a URL: its only one): the best ranked (rankRenditions) that loads
   * and is in the content's `container`, when it is known (the stitcher mixes no TS and fMP4).
   */
  async segmentsFor(
    playlists: string | readonly CreativePlaylist[],
    content: OriginRendition,
    container?: Container,
  ): Promise<AdSegment[]> {
    const list = typeof playlists === 'string' ? [{ url: playlists }] : playlists;
    const name = list[0]?.url ?? 'the creative';
    const choices: Choice[] = [];
    let failure: unknown;
    for (const playlist of list) {
      try {
        choices.push(...(await this.choices(playlist)));
      } catch (error) {
        failure ??= error;
      }
    }
    if (choices.length === 0 && failure !== undefined) throw failure;
    for (const choice of rankRenditions(choices, content)) {
      let media: MediaPlaylist;
      try {
        media = await this.media(choice.url);
      } catch (error) {
        failure ??= error;
        continue;
      }
      if (container === undefined || containerOf(media) === container) return segmentsOf(media, choice.url);
    }
    if (failure !== undefined) throw failure;
    throw new SafeFetchError(
      'invalid',
      `${name}: no rendition for ${content.type}${container ? ` in ${container === 'fmp4' ? 'fMP4' : 'MPEG-TS'}` : ''}`,
    );
  }

  /**
   * This rendition's plan of every decided avail: each ad's creative rendition nearest to it, in
   * the content's `container` when given. A decided avail with no ads gets an empty plan (the
   * stitcher fills it with slate when there is one); a late one none at all.
   */
  async plans(
    records: readonly AvailRecord[],
    rendition: OriginRendition,
    container?: Container,
  ): Promise<Map<string, AdPlan>> {
    const plans = new Map<string, AdPlan>();
    await Promise.all(
      records
        .filter((r) => r.decision === 'ready')
        .map(async (record) => {
          const ads = await Promise.all(
            record.ads.map(async (ad): Promise<PlannedAd | undefined> => {
              try {
                const segments = await this.segmentsFor(playlistsOf(ad), rendition, container);
                return { id: ad.id, segments, tracking: ad.tracking };
              } catch (error) {
                // Checked when decided and cached since: only a creative lost since fails here.
                const message = error instanceof Error ? error.message : String(error);
                const text = `ad ${ad.id} not placed in a ${rendition.type} rendition: ${message}`;
                if (!record.notes.includes(text)) record.notes.push(text);
                return undefined;
              }
            }),
          );
          plans.set(record.id, { ads: ads.filter((ad): ad is PlannedAd => ad !== undefined) });
        }),
    );
    return plans;
  }
}

/** The playlists a decided ad chooses from (one decided before it could have several: its own). */
const playlistsOf = (ad: DecidedAd): CreativePlaylist[] => ad.playlists ?? [{ url: ad.playlistUrl }];
