/**
 * The playout origin (data plane, public, hidden from OpenAPI): a running streamer channel as a
 * live HLS origin, time-driven and stateless like the demo origin.
 *
 *   GET /playout/:channelId/master.m3u8   the channel's renditions (`<n>.m3u8`)
 *   GET /playout/:channelId/<n>.m3u8      rendition n: a 6-segment sliding window
 *
 * Its assets' HLS is read from each VOD asset's sourceUrl (and the slate's videoUrl when it is an
 * HLS playlist) under the data plane's fetch policy, through one shared cache. Renditions: the
 * channel's ladder is its first readable asset's; every other asset plays, for rendition n, its
 * own variant n when it has as many variants, else its variant nearest in BANDWIDTH (assets of
 * one channel should share a ladder; when they do not, a viewer's quality changes at item
 * changes). Segment URIs are absolute, to the assets' (or the slate's) own media. A stopped or
 * unknown channel answers 404 `Channel not running`; outside a scheduled channel's dates, 404
 * `Channel not on air`; when no asset can be read, 502 with the reason.
 */
import { PLAYOUT_ORIGIN_PATHS, PLAYOUT_TEXTS } from '@cuepoint/core';
import {
  type Attribute,
  formatAttributes,
  getAttribute,
  type MediaPlaylist,
  type MediaSegment,
} from '@cuepoint/stitcher';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { CappedMap } from '../../lib/capped-map.ts';
import { notFound, RequestProblem } from '../../lib/request-problem.ts';
import { playbackPolicy } from '../fetch/policy.ts';
import type { FetchPolicy } from '../fetch/safe-fetch.ts';
import { absoluteUrl } from '../playback/hls-urls.ts';
import { PLAYBACK_LIMITS } from '../playback/limits.ts';
import { OriginCache } from '../playback/origin-cache.ts';
import { playlistFetcher } from '../playback/playlist-fetch.ts';
import { PlaylistSource } from '../playback/playlist-source.ts';
import { findPlayoutChannel } from '../read-model/playout.ts';
import { findStored, storedOf } from '../read-model/resources.ts';
import { channelProgramme, type VodMedia } from './channel.ts';
import { programmeAt } from './schedule.ts';
import { type ChannelWindow, Timeline, TimelineTooLarge } from './timeline.ts';

export interface PlayoutOriginOptions {
  publicUrl: string;
  allowHosts?: readonly string[] | undefined;
  lookup?: FetchPolicy['lookup'];
  /** The clock (tests move it). */
  now?: (() => number) | undefined;
}

const MPEGURL = 'application/vnd.apple.mpegurl';
const RENDITION_FILE = /^(0|[1-9][0-9]{0,3})\.m3u8$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Attributes naming groups this origin does not serve (alternative audio, subtitles). */
const GROUP_ATTRIBUTES = new Set(['AUDIO', 'SUBTITLES', 'VIDEO', 'CLOSED-CAPTIONS']);
const seconds = (s: number) => s.toFixed(3);

/** Why the origin cannot answer with a playlist: 404 (not running / off air) or 502 (its media). */
class OriginFailure extends Error {}

interface Variant {
  url: string;
  bandwidth: number;
  attributes: Attribute[];
}

interface ChannelMedia {
  programme: NonNullable<ReturnType<typeof channelProgramme>>;
  slateUrl: string | null;
}

/** The variant of `variants` that plays channel rendition `n` of `ladder`. */
export function matchVariant(
  variants: readonly Variant[],
  ladder: readonly Variant[],
  n: number,
): Variant | undefined {
  if (variants.length === 0) return undefined;
  if (variants.length === ladder.length) return variants[n];
  const target = ladder[n]?.bandwidth ?? 0;
  let best = variants[0]!;
  for (const v of variants) if (Math.abs(v.bandwidth - target) < Math.abs(best.bandwidth - target)) best = v;
  return best;
}

/** A slate usable in a channel: an HLS playlist (an MP4 one would need transcoding first). */
function hlsUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).pathname.toLowerCase().endsWith('.m3u8') ? url : null;
  } catch {
    return null;
  }
}

/** The running channel's programme and slate, or a 404. */
async function readChannel(db: Db, channelId: string, now: number): Promise<ChannelMedia> {
  const row = UUID.test(channelId) ? await findPlayoutChannel(db, channelId) : undefined;
  if (!row?.startedAt) throw notFound(PLAYOUT_TEXTS.notRunning);
  const channel = row.channel.data;
  const vodIds = [...new Set(channel.items.map((item) => item.vodId))];
  const assets = new Map<string, VodMedia>();
  for (const { id, data } of await storedOf(db, 'vod', row.channel.customerId, vodIds)) {
    if (data.duration > 0)
      assets.set(id, { id, name: data.name, duration: data.duration, sourceUrl: data.sourceUrl });
  }
  const programme = channelProgramme(channel, assets, row.startedAt);
  if (!programme) throw new OriginFailure('The channel has no VOD asset to play');
  if (!programmeAt(programme, now).onAir) throw notFound(PLAYOUT_TEXTS.offAir);
  let slateUrl: string | null = null;
  if (channel.slateId) {
    const slate = await findStored(db, 'slate', channel.slateId, row.channel.customerId);
    slateUrl = slate && slate.data.status !== 'inactive' ? hlsUrl(slate.data.videoUrl) : null;
  }
  return { programme, slateUrl };
}

export async function playoutOrigin(app: FastifyInstance, opts: PlayoutOriginOptions) {
  const now = opts.now ?? Date.now;
  const limits = PLAYBACK_LIMITS;
  const policy = playbackPolicy({
    publicUrl: opts.publicUrl,
    allowHosts: opts.allowHosts,
    lookup: opts.lookup,
  });
  const source = new PlaylistSource(
    new OriginCache({ fetch: playlistFetcher(policy, limits.originTimeoutMs, limits.originMaxBytes), now }),
  );
  /** One timeline per channel, rebuilt when its programme or its assets' playlists change. */
  const timelines = new CappedMap<
    string,
    { key: string; playlists: (MediaPlaylist | null)[]; timeline: Timeline }
  >(1_000);

  /** An asset's (or slate's) variants; a media playlist is a ladder of one. */
  async function variantsOf(url: string): Promise<Variant[]> {
    const { playlist, answer } = await source.get(url, limits.vodTtlMs);
    if (playlist.type === 'media') return [{ url: answer.url, bandwidth: 0, attributes: [] }];
    const out: Variant[] = [];
    for (const v of playlist.variants.slice(0, limits.maxRenditions)) {
      const absolute = absoluteUrl(v.uri, answer.url);
      if (!absolute) continue;
      out.push({
        url: absolute,
        bandwidth: Number(getAttribute(v.attributes, 'BANDWIDTH') ?? 0),
        attributes: v.attributes,
      });
    }
    return out;
  }

  async function mediaOf(url: string): Promise<MediaPlaylist> {
    const { playlist } = await source.get(url, limits.vodTtlMs);
    if (playlist.type !== 'media') throw new OriginFailure(`${url} is not a media playlist`);
    return playlist;
  }

  const settle = async <T>(work: Promise<T>): Promise<T | null> => work.catch(() => null);

  /** Everything a playlist of the channel needs: its ladder, each asset's variants and the timeline. */
  async function prepare(channelId: string) {
    const { programme, slateUrl } = await readChannel(app.db, channelId, now());
    const urls = [...new Set(programme.items.map((item) => item.sourceUrl))];
    const variants = new Map<string, Variant[] | null>();
    const failures: string[] = [];
    await Promise.all(
      [...urls, ...(slateUrl ? [slateUrl] : [])].map(async (url) => {
        try {
          variants.set(url, await variantsOf(url));
        } catch (error) {
          variants.set(url, null);
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }),
    );
    const ladder = programme.items.map((item) => variants.get(item.sourceUrl)).find((v) => v && v.length > 0);
    if (!ladder)
      throw new OriginFailure(`No VOD asset of the channel could be read: ${failures[0] ?? 'no variant'}`);
    const slateVariants = slateUrl ? (variants.get(slateUrl) ?? null) : null;
    const reference = async (list: Variant[] | null | undefined) => {
      const variant = list ? matchVariant(list, ladder, 0) : undefined;
      return variant ? settle(mediaOf(variant.url)) : null;
    };
    const itemPlaylists = await Promise.all(
      programme.items.map((item) => reference(variants.get(item.sourceUrl))),
    );
    const slatePlaylist = await reference(slateVariants);
    const playlists = [...itemPlaylists, slatePlaylist];
    const key = JSON.stringify(programme);
    let cached = timelines.get(channelId);
    if (!cached || cached.key !== key || cached.playlists.some((p, i) => p !== playlists[i])) {
      const durations = (p: MediaPlaylist | null) => (p ? p.segments.map((s) => s.duration) : null);
      const timeline = new Timeline({
        programme,
        items: itemPlaylists.map(durations),
        slate: durations(slatePlaylist),
      });
      cached = { key, playlists, timeline };
      timelines.set(channelId, cached);
    }
    return { programme, ladder, variants, slateVariants, timeline: cached.timeline };
  }

  async function answer(reply: FastifyReply, build: () => Promise<string>) {
    try {
      return reply.type(MPEGURL).send(await build());
    } catch (error) {
      // A 502 whose reason is the channel operator's to read (the shared handler shows it).
      if (error instanceof OriginFailure || error instanceof TimelineTooLarge)
        throw new RequestProblem(502, error.message, { exposed: true, cause: error });
      throw error;
    }
  }

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'no-store',
    });
  });

  const options = { schema: { hide: true }, config: { rateLimit: false } } as const;
  type Params = { channelId: string; file?: string };

  app.get(PLAYOUT_ORIGIN_PATHS.master, options, async (request, reply) => {
    const { channelId } = request.params as Params;
    return answer(reply, async () => {
      const { ladder } = await prepare(channelId);
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
      ladder.forEach((variant, n) => {
        const attributes = variant.attributes.filter((a) => !GROUP_ATTRIBUTES.has(a.name));
        lines.push(
          `#EXT-X-STREAM-INF:${formatAttributes(attributes.length > 0 ? attributes : [{ name: 'BANDWIDTH', value: '1000000', quoted: false }])}`,
          `${n}.m3u8`,
        );
      });
      return `${lines.join('\n')}\n`;
    });
  });

  app.get(PLAYOUT_ORIGIN_PATHS.media, options, async (request, reply) => {
    const { channelId, file = '' } = request.params as Params;
    const match = RENDITION_FILE.exec(file);
    if (!match) throw notFound(`No playout playlist ${file}`);
    const n = Number(match[1]);
    return answer(reply, async () => {
      const prepared = await prepare(channelId);
      if (n >= prepared.ladder.length) throw notFound(`No playout playlist ${file}`);
      const { programme, timeline } = prepared;
      const window = timeline.window((now() - programme.startMs) / 1000);
      // This rendition's playlist of each asset (and the slate) the window plays.
      const wanted = new Map<string, Promise<MediaPlaylist | null>>();
      const playlistFor = (variants: Variant[] | null | undefined) => {
        const variant = variants ? matchVariant(variants, prepared.ladder, n) : undefined;
        if (!variant) return Promise.resolve(null);
        let loading = wanted.get(variant.url);
        if (!loading) {
          loading = settle(mediaOf(variant.url));
          wanted.set(variant.url, loading);
        }
        return loading;
      };
      const segments = await Promise.all(
        window.segments.map(async (segment) => {
          const playlist =
            segment.source.kind === 'item'
              ? await playlistFor(prepared.variants.get(programme.items[segment.source.item]!.sourceUrl))
              : await playlistFor(prepared.slateVariants);
          const media = playlist?.segments.length
            ? playlist.segments[segment.source.seg % playlist.segments.length]
            : undefined;
          return media;
        }),
      );
      if (segments.some((s) => s === undefined))
        throw new OriginFailure('A VOD asset of the channel could not be read for this rendition');
      return mediaPlaylistText(window, segments as MediaSegment[], programme.startMs, timeline.maxDuration);
    });
  });
}

/** A live media playlist: the window's segments, each from its asset's rendition. */
export function mediaPlaylistText(
  window: ChannelWindow,
  media: readonly MediaSegment[],
  startMs: number,
  maxDuration: number,
): string {
  const usesMap = media.some((m) => m.map !== undefined);
  const target = Math.max(1, Math.ceil(Math.max(maxDuration, ...media.map((m) => m.duration)) - 1e-9));
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${usesMap ? 6 : 3}`,
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  let map: string | undefined;
  let keys = '';
  window.segments.forEach((segment, i) => {
    const m = media[i]!;
    if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    const segmentKeys = m.keys.join('\n');
    if (i === 0 || segment.discontinuity || segmentKeys !== keys) {
      if (m.keys.length > 0) for (const key of m.keys) lines.push(`#EXT-X-KEY:${key}`);
      else if (keys !== '') lines.push('#EXT-X-KEY:METHOD=NONE');
      keys = segmentKeys;
    }
    if (m.map !== undefined && (m.map !== map || segment.discontinuity)) lines.push(`#EXT-X-MAP:${m.map}`);
    map = m.map;
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(startMs + segment.start * 1000).toISOString()}`);
    const cue = segment.cue;
    if (cue?.type === 'out') lines.push(`#EXT-X-CUE-OUT:${seconds(cue.duration)}`);
    if (cue?.type === 'cont')
      lines.push(`#EXT-X-CUE-OUT-CONT:ElapsedTime=${seconds(cue.elapsed)},Duration=${seconds(cue.duration)}`);
    if (cue?.type === 'in') lines.push('#EXT-X-CUE-IN');
    if (m.byteRange) lines.push(`#EXT-X-BYTERANGE:${m.byteRange.length}@${m.byteRange.offset}`);
    lines.push(`#EXTINF:${seconds(m.duration)},`, m.uri);
  });
  return `${lines.join('\n')}\n`;
}
