/**
 * Stitched HLS for live streams, per viewer session (the routes are in routes.ts).
 *
 * - A session starts from the origin's multivariant playlist: its media playlists are listed in
 *   the session (absolute origin URLs) and the viewer gets our URL for each, by index.
 * - A media playlist request fetches the origin's window through the shared cache, takes the
 *   ad decisions of avails new to this viewer (bounded by a time budget), maps each decided ad
 *   to this rendition's creative segments, and stitches with the viewer's state, which it saves.
 */
import { PLAYBACK_PATHS, playbackPath } from '@cuepoint/core';
import {
  type AdPlan,
  type AvailInfo,
  type DetectedAvail,
  detectAvails,
  type PlannedAd,
  parseViewerState,
  serializeMediaPlaylist,
  serializeMultivariantPlaylist,
  serializeViewerState,
  stitchLive,
  type ViewerState,
} from '@cuepoint/stitcher';
import type { DbOrTx } from '../db/client.ts';
import { type Decision, decideAvail, type Viewer } from './ad-decisions.ts';
import { Creatives } from './creatives.ts';
import { playlistFetcher } from './fetch-policy.ts';
import { rewriteMultivariant, singleRenditionMultivariant } from './hls-urls.ts';
import { KeyedLock } from './keyed-lock.ts';
import type { PlaybackLimits } from './limits.ts';
import { type LiveConfig, LiveConfigCache } from './live-config.ts';
import { OriginCache } from './origin-cache.ts';
import { PlaylistSource, type SourcedPlaylist } from './playlist-source.ts';
import { OriginProblem, unknownRendition, unknownSession, unknownStream } from './problems.ts';
import { type FetchPolicy, SafeFetchError, safeFetchText } from './safe-fetch.ts';
import type {
  AvailRecord,
  LiveSessionData,
  OriginRendition,
  SessionStore,
  ViewerSession,
} from './sessions.ts';
import { advanceClock, recordStitch, type TrackingDocument, trackingDocument } from './tracking.ts';

export interface LivePlaybackOptions {
  db: DbOrTx;
  sessions: SessionStore;
  policy: FetchPolicy;
  limits: PlaybackLimits;
  now: () => number;
  random?: () => number;
}

type LiveSession = ViewerSession & { live: LiveSessionData };

/** Our URL of a session's rendition (path only: a player resolves it against the master's URL). */
export const renditionPath = (streamId: string, sessionId: string, index: number) =>
  playbackPath(PLAYBACK_PATHS.liveRendition, { streamId, sessionId, file: `${index}.m3u8` });

export interface ServedPlaylist {
  body: string;
  /** The origin failed and its last good window was served. */
  stale: boolean;
}

export class LivePlayback {
  /** The one origin cache of every live viewer (its stats count what the origins saw). */
  readonly origin: PlaylistSource;
  readonly creatives: Creatives;
  private readonly configs: LiveConfigCache;
  private readonly locks = new KeyedLock();
  /** The last target duration seen per origin media playlist: its cache lives half of it. */
  private readonly targetDurations = new Map<string, number>();
  private readonly limits: PlaybackLimits;
  private readonly now: () => number;

  constructor(private readonly options: LivePlaybackOptions) {
    const { policy, limits, now } = options;
    this.limits = limits;
    this.now = now;
    this.origin = new PlaylistSource(
      new OriginCache({ fetch: playlistFetcher(policy, limits.originTimeoutMs, limits.originMaxBytes), now }),
    );
    this.creatives = new Creatives(
      new PlaylistSource(
        new OriginCache({
          fetch: playlistFetcher(policy, limits.originTimeoutMs, limits.originMaxBytes),
          now,
          // Creatives are asked for at each avail, minutes apart: keep them between avails.
          idleMs: 2 * limits.creativeTtlMs,
        }),
      ),
      limits.creativeTtlMs,
    );
    this.configs = new LiveConfigCache(options.db, limits.configTtlMs, now);
  }

  /** The active stream, or a 404 naming it. */
  async config(streamId: string): Promise<LiveConfig> {
    const config = await this.configs.get(streamId);
    if (!config) throw unknownStream(streamId);
    return config;
  }

  private async fetch(url: string, ttlMs: number): Promise<SourcedPlaylist> {
    try {
      return await this.origin.get(url, ttlMs);
    } catch (error) {
      throw error instanceof SafeFetchError ? OriginProblem.of(error) : error;
    }
  }

  /** The origin's multivariant playlist, rewritten for the session's renditions `known`. */
  private async master(config: LiveConfig, known: readonly OriginRendition[], uriFor: (i: number) => string) {
    let url: string;
    try {
      url = new URL('master.m3u8', config.stream.sourceStreamUrl).href;
    } catch {
      throw new OriginProblem(`The stream’s source URL is not a URL: ${config.stream.sourceStreamUrl}`);
    }
    const { playlist, answer } = await this.fetch(url, this.limits.masterTtlMs);
    if (playlist.type === 'media') {
      // A single-rendition origin: its media playlist is the only rendition.
      const rendition: OriginRendition = { url: answer.url, type: 'variant' };
      const found = known.findIndex((r) => r.url === rendition.url);
      const renditions = found >= 0 ? [...known] : [...known, rendition];
      const index = found >= 0 ? found : renditions.length - 1;
      return { playlist: singleRenditionMultivariant(uriFor(index)), renditions };
    }
    const rewritten = rewriteMultivariant(playlist, answer.url, known, uriFor, this.limits.maxRenditions);
    if (rewritten.playlist.variants.length === 0)
      throw new OriginProblem(`The stream’s origin lists no usable variant in ${answer.url}`);
    return rewritten;
  }

  /** Starts a viewer session: answers it and its multivariant playlist. */
  async openSession(streamId: string, viewer: Viewer): Promise<{ session: ViewerSession; body: string }> {
    const config = await this.config(streamId);
    // The indexes come first (the session stores them), the URIs once the session has its id.
    const { renditions } = await this.master(config, [], () => '');
    const session = await this.options.sessions.create(
      {
        kind: 'live',
        streamId: config.id,
        customerId: config.customerId,
        state: null,
        viewer,
        live: { renditions, avails: [] },
      },
      config.stream.userLiveliness * 1000,
    );
    const { playlist } = await this.master(config, renditions, (i) =>
      renditionPath(config.id, session.id, i),
    );
    return { session, body: serializeMultivariantPlaylist(playlist) };
  }

  private async liveSession(streamId: string, sessionId: string): Promise<LiveSession> {
    const session = await this.options.sessions.get(sessionId);
    // Another stream's session (its id in this stream's path) is no session of this stream.
    if (session?.kind !== 'live' || session.streamId !== streamId || !session.live) throw unknownSession();
    return session as LiveSession;
  }

  /** The multivariant playlist of an existing session (explicit sessions start here). */
  async sessionMaster(streamId: string, sessionId: string): Promise<string> {
    return this.locks.run(sessionId, async () => {
      const session = await this.liveSession(streamId, sessionId);
      const config = await this.config(streamId);
      const known = session.live.renditions;
      const { playlist, renditions } = await this.master(config, known, (i) =>
        renditionPath(streamId, sessionId, i),
      );
      // Renditions the origin added since are appended (the known ones keep their index).
      if (renditions.length !== known.length) {
        session.live.renditions = renditions;
        await this.options.sessions.save(session, config.stream.userLiveliness * 1000);
      }
      return serializeMultivariantPlaylist(playlist);
    });
  }

  async tracking(streamId: string, sessionId: string): Promise<TrackingDocument> {
    const session = await this.liveSession(streamId, sessionId);
    return trackingDocument(session.live);
  }

  /** The stitched media playlist of one rendition for one viewer. */
  async mediaPlaylist(streamId: string, sessionId: string, index: number): Promise<ServedPlaylist> {
    return this.locks.run(sessionId, async () => {
      const session = await this.liveSession(streamId, sessionId);
      const rendition = session.live.renditions[index];
      if (!rendition) throw unknownRendition();
      const config = await this.config(streamId);

      const ttl = ((this.targetDurations.get(rendition.url) ?? 0) * 1000) / 2 || this.limits.mediaTtlMs;
      const { playlist, answer } = await this.fetch(rendition.url, ttl);
      if (playlist.type !== 'media')
        throw new OriginProblem(
          `${answer.url} is a multivariant playlist where a media playlist was expected`,
        );
      this.rememberTargetDuration(rendition.url, playlist.targetDuration);

      const live = session.live;
      const state = session.state === null ? undefined : parseViewerState(session.state);
      const detected = detectAvails(playlist).avails;
      await this.decideNewAvails(config, session, detected, state);
      // Plans only for the avails the stitcher may ask about: in this window, or still tracked.
      const asked = new Set([...detected.map((d) => d.id), ...(state?.avails.map((a) => a.id) ?? [])]);
      const plans = await this.plansFor(
        live.avails.filter((r) => asked.has(r.id)),
        rendition,
      );
      const slate = await this.slateFor(config, rendition, live);

      const result = stitchLive({
        origin: playlist,
        state,
        plan: (avail: AvailInfo): AdPlan | undefined => plans.get(avail.id),
        ...(slate ? { slate } : {}),
      });

      session.state = serializeViewerState(result.state);
      const { clock, startOf } = advanceClock(live.clock, result.playlist);
      if (clock) live.clock = clock;
      recordStitch(live.avails, result, startOf);
      live.avails = this.trimmed(live.avails, result.state);
      await this.options.sessions.save(session, config.stream.userLiveliness * 1000);
      return { body: serializeMediaPlaylist(result.playlist), stale: answer.stale };
    });
  }

  private rememberTargetDuration(url: string, seconds: number) {
    this.targetDurations.delete(url);
    this.targetDurations.set(url, seconds);
    if (this.targetDurations.size > 10_000) {
      const oldest = this.targetDurations.keys().next().value;
      if (oldest !== undefined) this.targetDurations.delete(oldest);
    }
  }

  /**
   * Takes the decision of every avail in the window that this viewer has no decision for and
   * that the stitcher will ask a plan for (one not already tracked in the viewer's state, nor
   * already played as content). All run at once, within one budget: an avail not decided in
   * time is recorded 'late' for good, so every later request (and rendition) agrees that it
   * has no plan, and the stitcher plays its content.
   */
  private async decideNewAvails(
    config: LiveConfig,
    session: LiveSession,
    detected: readonly DetectedAvail[],
    state: ViewerState | undefined,
  ): Promise<void> {
    const records = session.live.avails;
    const pending = detected.filter((d) => !records.some((r) => r.id === d.id) && !knownToState(d, state));
    if (pending.length === 0) return;
    const budgetMs = Math.min(config.stream.maxWaitingSec * 1000, this.limits.decisionBudgetMs);
    const controller = new AbortController();
    const late = new Promise<undefined>((resolve) => {
      const timer = setTimeout(() => {
        controller.abort();
        resolve(undefined);
      }, budgetMs);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    const deps = {
      fetchVast: (url: string, headers: Record<string, string>, signal: AbortSignal) =>
        safeFetchText(url, {
          policy: this.options.policy,
          timeoutMs: this.limits.vastTimeoutMs,
          maxBytes: this.limits.vastMaxBytes,
          headers,
          signal,
        }),
      creatives: this.creatives,
      now: this.now,
      random: this.options.random ?? Math.random,
      maxDepth: this.limits.vastMaxDepth,
    };
    const decisions = await Promise.all(
      pending.map((detected) => {
        const avail = { id: detected.id, duration: remaining(detected) };
        const decision = decideAvail(
          config,
          { sessionId: session.id, viewer: session.viewer, avail },
          deps,
          controller.signal,
        ).catch(
          (error: unknown): Decision => ({
            ads: [],
            notes: [`the ad decision failed: ${error instanceof Error ? error.message : String(error)}`],
          }),
        );
        return Promise.race([decision, late]);
      }),
    );
    // Whatever is still under way stops here (its answer would come too late to be used).
    controller.abort();
    for (const [i, detected] of pending.entries()) {
      const decision = decisions[i];
      const duration = remaining(detected);
      const record: AvailRecord = decision
        ? {
            id: detected.id,
            decision: 'ready',
            ads: decision.ads,
            notes: decision.notes,
            placed: [],
            adStarts: {},
          }
        : {
            id: detected.id,
            decision: 'late',
            ads: [],
            notes: [`no ad decision within ${budgetMs / 1000}s: the avail plays its content`],
            placed: [],
            adStarts: {},
          };
      if (duration !== undefined) record.duration = duration;
      records.push(record);
    }
  }

  /**
   * This rendition's plan of every decided avail: each ad's creative rendition nearest to it.
   * A decided avail with no ads gets an empty plan (the stitcher fills it with slate when there
   * is one); a late one none at all.
   */
  private async plansFor(records: readonly AvailRecord[], rendition: OriginRendition) {
    const plans = new Map<string, AdPlan>();
    await Promise.all(
      records
        .filter((r) => r.decision === 'ready')
        .map(async (record) => {
          const ads = await Promise.all(
            record.ads.map(async (ad): Promise<PlannedAd | undefined> => {
              try {
                const segments = await this.creatives.segmentsFor(ad.playlistUrl, rendition);
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

  /** The slate's segments for this rendition, or none with the reason noted on the session. */
  private async slateFor(config: LiveConfig, rendition: OriginRendition, live: LiveSessionData) {
    if ('note' in config.slate) {
      live.slateNote = config.slate.note;
      return undefined;
    }
    try {
      const segments = await this.creatives.segmentsFor(config.slate.videoUrl, rendition);
      delete live.slateNote;
      return segments;
    } catch (error) {
      live.slateNote = `the slate did not load: ${error instanceof Error ? error.message : String(error)}`;
      return undefined;
    }
  }

  /** The most recent records, and always those of avails the viewer's state still tracks. */
  private trimmed(records: AvailRecord[], state: ViewerState): AvailRecord[] {
    const excess = records.length - this.limits.maxSessionAvails;
    if (excess <= 0) return records;
    const tracked = new Set(state.avails.map((a) => a.id));
    let dropped = 0;
    return records.filter((r) => {
      if (dropped >= excess || tracked.has(r.id)) return true;
      dropped += 1;
      return false;
    });
  }
}

/** Seconds of the avail still to fill, when its markers say. */
function remaining(detected: DetectedAvail): number | undefined {
  return detected.duration === undefined
    ? undefined
    : Math.max(0, detected.duration - detected.elapsedAtStart);
}

/**
 * Whether the stitcher will not ask for a plan of `detected`: it overlaps an avail the viewer's
 * state already tracks, or it ended before content the viewer was already served.
 */
function knownToState(detected: DetectedAvail, state: ViewerState | undefined): boolean {
  if (!state) return false;
  if (detected.endMsn !== undefined && detected.endMsn <= state.originSeenUntilMsn) return true;
  return state.avails.some((a) =>
    a.startMsn <= detected.startMsn
      ? a.endMsn === undefined || detected.startMsn < a.endMsn
      : detected.endMsn === undefined || a.startMsn < detected.endMsn,
  );
}
