/**
 * Ad creatives and slates packaged as HLS: which of their renditions goes with which rendition
 * of the content, and its segments. The playlists are VOD, fetched through their own cache
 * (kept for minutes, shared by every viewer and stream).
 *
 * The choice is a function of the content rendition only, so every viewer watching one rendition
 * gets the same creative rendition, and every rendition of one viewer the same ads in the same
 * order (the ad list is decided once per avail, elsewhere).
 */
import {
  type AdPlan,
  type AdSegment,
  getAttribute,
  type MediaPlaylist,
  type MultivariantPlaylist,
  type PlannedAd,
} from '@cuepoint/stitcher';
import { absoluteUrl } from './hls-urls.ts';
import type { PlaylistSource } from './playlist-source.ts';
import { SafeFetchError } from './safe-fetch.ts';
import type { AvailRecord, OriginRendition } from './sessions.ts';

interface Choice {
  url: string;
  type: OriginRendition['type'];
  bandwidth?: number;
  resolution?: string;
  language?: string;
}

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

/**
 * The creative's media playlist for a content rendition: for an alternative rendition (audio,
 * subtitles) one of the same type, of the same language if there is one; otherwise the variant
 * of the same RESOLUTION (a creative conditioned for the stream's ladder has one per rung), else
 * the one whose BANDWIDTH is nearest (the first variant when the content's is unknown, as a
 * player starts with the first).
 */
export function chooseRendition(choices: readonly Choice[], content: OriginRendition): Choice | undefined {
  if (content.type !== 'variant') {
    const sameType = choices.filter((c) => c.type === content.type);
    const match = sameType.find((c) => c.language !== undefined && c.language === content.language);
    if (match ?? sameType[0]) return match ?? sameType[0];
  }
  const variants = choices.filter((c) => c.type === 'variant');
  const sameSize = content.resolution && variants.find((v) => v.resolution === content.resolution);
  if (sameSize) return sameSize;
  const target = content.bandwidth;
  if (target === undefined) return variants[0];
  let best: Choice | undefined;
  for (const v of variants) {
    const distance = Math.abs((v.bandwidth ?? 0) - target);
    if (!best || distance < Math.abs((best.bandwidth ?? 0) - target)) best = v;
  }
  return best;
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

  /** The creative's renditions; a media playlist is its own single rendition. */
  private async choices(url: string): Promise<Choice[] | MediaPlaylist> {
    const { playlist, answer } = await this.source.get(url, this.ttlMs);
    return playlist.type === 'media' ? playlist : choicesOf(playlist, answer.url);
  }

  private async media(url: string): Promise<AdSegment[]> {
    const { playlist } = await this.source.get(url, this.ttlMs);
    if (playlist.type !== 'media')
      throw new SafeFetchError(
        'invalid',
        `${url}: a multivariant playlist where a media playlist was expected`,
      );
    return segmentsOf(playlist, url);
  }

  /**
   * Fetches the creative's playlist and every media playlist it lists (so they are cached before
   * any rendition needs them); throws a SafeFetchError naming what failed.
   */
  async check(url: string): Promise<void> {
    const choices = await this.choices(url);
    if (!Array.isArray(choices)) {
      segmentsOf(choices, url);
      return;
    }
    if (!choices.some((c) => c.type === 'variant'))
      throw new SafeFetchError('invalid', `${url}: the playlist lists no variant`);
    await Promise.all(choices.map((c) => this.media(c.url)));
  }

  /** The segments of the creative's rendition that goes with `content`. */
  async segmentsFor(url: string, content: OriginRendition): Promise<AdSegment[]> {
    const choices = await this.choices(url);
    if (!Array.isArray(choices)) return segmentsOf(choices, url);
    const choice = chooseRendition(choices, content);
    if (!choice) throw new SafeFetchError('invalid', `${url}: no rendition for ${content.type}`);
    return this.media(choice.url);
  }

  /**
   * This rendition's plan of every decided avail: each ad's creative rendition nearest to it.
   * A decided avail with no ads gets an empty plan (the stitcher fills it with slate when there
   * is one); a late one none at all.
   */
  async plans(records: readonly AvailRecord[], rendition: OriginRendition): Promise<Map<string, AdPlan>> {
    const plans = new Map<string, AdPlan>();
    await Promise.all(
      records
        .filter((r) => r.decision === 'ready')
        .map(async (record) => {
          const ads = await Promise.all(
            record.ads.map(async (ad): Promise<PlannedAd | undefined> => {
              try {
                const segments = await this.segmentsFor(ad.playlistUrl, rendition);
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
