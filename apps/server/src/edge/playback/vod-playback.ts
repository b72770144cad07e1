/**
 * Stitched HLS for VOD assets, per viewer session (the routes are in routes.ts).
 *
 * A VOD playlist is served whole, so everything is decided when the session opens, as
 * MediaTailor does for VOD: the asset's breaks (a pre-roll, then one at each cue point), the
 * time of each chosen once on the video's segment boundaries (every rendition, demuxed audio and
 * subtitles included, breaks at that point), and the ads of every break, from the asset's ad tag.
 * Each media playlist is then the origin's with the decided ads inserted at those times; a break
 * with no ads is left out (a VOD has no time to fill: the content goes on).
 */
import { PLAYBACK_PATHS, playbackPath } from '@cuepoint/core';
import {
  adDuration,
  insertVodAds,
  type MediaPlaylist,
  serializeMultivariantPlaylist,
  type VodBreak,
  vodBreakTimes,
} from '@cuepoint/stitcher';
import type { DbOrTx } from '../../db/client.ts';
import { ladderOf } from '../conditioning/conditioner.ts';
import type { Rung } from '../conditioning/ffmpeg.ts';
import type { EventSubject } from '../events/pipeline.ts';
import { findStored } from '../read-model/resources.ts';
import type { Stored } from '../read-model/stored.ts';
import { type AdSource, availRecord, decideAvails, type Viewer } from './ad-decisions.ts';
import { containerOf } from './creatives.ts';
import { recordDecision } from './decision-events.ts';
import { type Delivery, readDelivery } from './delivery.ts';
import { KeyedLock } from './keyed-lock.ts';
import type { ConfigCache } from './live-config.ts';
import { originMediaPlaylist, sessionMultivariant, sourceUrl } from './origin-playlists.ts';
import { OriginProblem, unknownRendition, unknownSession, unknownVod } from './problems.ts';
import type { PlaybackRuntime } from './runtime.ts';
import type { AvailRecord, OriginRendition, ViewerSession, VodSessionData } from './sessions.ts';
import { type TrackingDocument, trackingDocument } from './tracking.ts';

export interface VodConfig {
  id: string;
  customerId: string;
  /** The stored asset as core's Vod (its defaults for what is not stored): read-model/. */
  asset: Stored<'vod'>;
  delivery: Delivery;
}

/** One active VOD asset; undefined when unknown, inactive, without a source, or its customer de-activated. */
export async function readVodConfig(db: DbOrTx, id: string): Promise<VodConfig | undefined> {
  const row = await findStored(db, 'vod', id, null);
  if (row?.data.status !== 'active' || row.data.sourceUrl === '') return undefined;
  const delivery = await readDelivery(db, row.customerId);
  return delivery && { id: row.id, customerId: row.customerId, asset: row.data, delivery };
}

/** What a VOD asset's events are about. */
const vodSubject = (config: VodConfig): EventSubject => ({
  kind: 'vod',
  resourceId: config.id,
  customerId: config.customerId,
  resourceName: config.asset.name,
});

type VodSession = ViewerSession & { vod: VodSessionData };

/** Our URL of a VOD session's rendition (path only: a player resolves it against the master's). */
export const vodRenditionPath = (vodId: string, sessionId: string, index: number) =>
  playbackPath(PLAYBACK_PATHS.vodRendition, { vodId, sessionId, file: `${index}.m3u8` });

/** A break asked for: its id, where the asset wants it, and its VAST break position. */
interface WantedBreak {
  id: string;
  offset: number;
  position: 1 | 2 | 3;
}

/** The asset's breaks: a pre-roll, then each cue point (0 is the pre-roll), in time order. */
export function wantedBreaks(cuePoints: readonly number[]): WantedBreak[] {
  const mids = [...new Set(cuePoints.filter((p) => Number.isFinite(p) && p > 0))].sort((a, b) => a - b);
  return [
    { id: 'preroll', offset: 0, position: 1 },
    ...mids.map((offset, i) => ({ id: `midroll-${i + 1}`, offset, position: 2 as const })),
  ];
}

export class VodPlayback {
  private readonly configs: ConfigCache<VodConfig>;
  private readonly locks = new KeyedLock();

  /** VOD playback on the process's one runtime (runtime.ts), shared with live playback. */
  constructor(private readonly runtime: PlaybackRuntime) {
    this.configs = runtime.configCache(readVodConfig);
  }

  /** The active asset, or a 404 naming it. */
  async config(vodId: string): Promise<VodConfig> {
    const config = await this.configs.get(vodId);
    if (!config) throw unknownVod(vodId);
    return config;
  }

  private master(config: VodConfig, known: readonly OriginRendition[], uriFor: (i: number) => string) {
    return sessionMultivariant(
      this.runtime.origin,
      sourceUrl(config.asset.sourceUrl, config.asset.sourceUrl),
      this.runtime.limits.vodTtlMs,
      known,
      uriFor,
      this.runtime.limits.maxRenditions,
      this.runtime.askerFor(vodSubject(config)),
    );
  }

  /** An origin rendition's VOD playlist (a live one, without ENDLIST, is refused). */
  private async media(url: string, config: VodConfig): Promise<MediaPlaylist> {
    const { playlist } = await originMediaPlaylist(
      this.runtime.origin,
      url,
      this.runtime.limits.vodTtlMs,
      this.runtime.askerFor(vodSubject(config)),
    );
    if (!playlist.endList)
      throw new OriginProblem(
        `${url} is a live playlist (no EXT-X-ENDLIST): a VOD asset’s source must be a VOD playlist`,
      );
    return playlist;
  }

  /**
   * Starts a viewer session: the asset's breaks placed and decided, then its multivariant
   * playlist. Answers the session and the playlist.
   */
  async openSession(vodId: string, viewer: Viewer): Promise<{ session: ViewerSession; body: string }> {
    const config = await this.config(vodId);
    const { renditions } = await this.master(config, [], () => '');
    const reference = renditions.find((r) => r.type === 'variant' || r.type === 'video');
    if (!reference) throw new OriginProblem(`The asset’s source lists no video: ${config.asset.sourceUrl}`);
    const others = renditions.filter(
      (r) => r !== reference && (r.type === 'audio' || r.type === 'subtitles'),
    );
    const [video, ...aligned] = await Promise.all(
      [reference, ...others].map((r) => this.media(r.url, config)),
    );
    const content = video as MediaPlaylist;
    const total = content.segments.reduce((sum, s) => sum + s.duration, 0);

    // Each break's time, once, on the video's boundaries (the renditions' shared ones when near).
    const wanted = wantedBreaks(config.asset.cuePoints);
    const times = vodBreakTimes(content, wanted, { renditions: aligned });
    const breaks: (WantedBreak & { at: number })[] = [];
    for (const [i, time] of times.entries()) {
      const at = Number.isFinite(time.offset) ? time.offset : total;
      // Two cue points on one boundary are one break (the first keeps it).
      if (breaks.some((b) => Math.abs(b.at - at) < 1e-6)) continue;
      const position = at === 0 ? 1 : at >= total - 1e-6 ? 3 : 2;
      breaks.push({ ...wanted[i]!, position, at });
    }

    const session = await this.runtime.sessions.create(
      {
        kind: 'vod',
        streamId: config.id,
        customerId: config.customerId,
        state: null,
        viewer,
        vod: { renditions, avails: [] },
      },
      this.runtime.limits.vodSessionTtlMs,
    );
    const avails = await this.decide(config, session.id, viewer, breaks, ladderOf(renditions));
    await this.placeForTracking(avails, content, reference);
    session.vod = { renditions, avails };
    await this.runtime.sessions.save(session, this.runtime.limits.vodSessionTtlMs);

    const { playlist } = await this.master(config, renditions, (i) =>
      vodRenditionPath(config.id, session.id, i),
    );
    this.runtime.events?.session(vodSubject(config));
    return { session, body: serializeMultivariantPlaylist(playlist) };
  }

  /** The ads of every break, all at once within the decision budget. */
  private async decide(
    config: VodConfig,
    sessionId: string,
    viewer: Viewer,
    breaks: readonly (WantedBreak & { at: number })[],
    ladder: Rung[],
  ): Promise<AvailRecord[]> {
    const tag = config.asset.adTagUrl.trim();
    const source: AdSource = {
      adDecision: config.asset.bundleId ? 'internal' : 'external',
      vastUrl: tag,
      adpodLength: this.runtime.limits.vodMaxAdsPerBreak,
      owner: 'asset',
      resource: { kind: 'vod', id: config.id },
    };
    const budgetMs = this.runtime.limits.decisionBudgetMs;
    const decisions = await decideAvails(
      source,
      { sessionId, viewer, ladder },
      breaks.map((b) => ({ id: b.id, position: b.position, startsIn: b.at })),
      this.runtime.decisions,
      budgetMs,
    );
    return breaks.map((b, i) => {
      const record = availRecord(
        b.id,
        decisions[i],
        `no ad decision within ${budgetMs / 1000}s: the break plays no ads`,
      );
      record.offset = b.at;
      // A VOD break without ads is left out: the viewer goes on with the content.
      recordDecision(this.runtime.events, {
        subject: vodSubject(config),
        sessionId,
        record,
        decision: decisions[i],
        availSeconds: undefined,
        filler: 'content',
      });
      return record;
    });
  }

  /**
   * The breaks of one rendition, with this rendition's creative segments of each decided ad (in
   * the container of its `content`).
   */
  private async breaksFor(
    avails: AvailRecord[],
    rendition: OriginRendition,
    content: MediaPlaylist,
  ): Promise<VodBreak[]> {
    const plans = await this.runtime.creatives.plans(avails, rendition, containerOf(content));
    return avails.map((record) => ({
      id: record.id,
      offset: record.offset ?? 0,
      snap: 'nearest' as const,
      ads: plans.get(record.id)?.ads ?? [],
    }));
  }

  /**
   * Places the breaks in the reference rendition once, so the tracking document knows where each
   * ad starts on the viewer's timeline (every rendition places them at the same times).
   */
  private async placeForTracking(avails: AvailRecord[], content: MediaPlaylist, reference: OriginRendition) {
    const breaks = await this.breaksFor(avails, reference, content);
    const result = insertVodAds(content, breaks);
    for (const record of avails) {
      const placed = result.breaks.find((p) => p.id === record.id);
      record.stitched = placed !== undefined;
      if (!placed) {
        if (record.decision === 'ready') record.stitchReason = 'nothing-to-insert';
        continue;
      }
      record.placed = placed.ads;
      record.duration = placed.duration;
      let start = placed.outputOffset;
      const ads = breaks.find((b) => b.id === record.id)?.ads ?? [];
      for (const ad of ads) {
        record.adStarts[ad.id] = Math.round(start * 1000) / 1000;
        start += adDuration(ad);
      }
    }
  }

  private async vodSession(vodId: string, sessionId: string): Promise<VodSession> {
    const session = await this.runtime.sessions.get(sessionId);
    if (session?.kind !== 'vod' || session.streamId !== vodId || !session.vod) throw unknownSession();
    return session as VodSession;
  }

  /** The multivariant playlist of an existing session (explicit sessions start here). */
  async sessionMaster(vodId: string, sessionId: string): Promise<string> {
    return this.locks.run(sessionId, async () => {
      const session = await this.vodSession(vodId, sessionId);
      const config = await this.config(vodId);
      const { playlist } = await this.master(config, session.vod.renditions, (i) =>
        vodRenditionPath(vodId, sessionId, i),
      );
      return serializeMultivariantPlaylist(playlist);
    });
  }

  /** One rendition of the asset with the session's ads in its breaks. */
  async mediaPlaylist(vodId: string, sessionId: string, index: number): Promise<string> {
    const session = await this.vodSession(vodId, sessionId);
    const rendition = session.vod.renditions[index];
    if (!rendition) throw unknownRendition();
    const config = await this.config(vodId);
    this.runtime.events?.request(vodSubject(config), sessionId);
    const content = await this.media(rendition.url, config);
    const result = insertVodAds(content, await this.breaksFor(session.vod.avails, rendition, content));
    return this.runtime.serve(result.playlist, config.delivery);
  }

  async tracking(vodId: string, sessionId: string): Promise<TrackingDocument> {
    const session = await this.vodSession(vodId, sessionId);
    return trackingDocument(session.vod);
  }
}
