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
  type LiveStitchResult,
  parseViewerState,
  serializeMultivariantPlaylist,
  serializeViewerState,
  stitchLive,
  type UpcomingAvail,
  type ViewerState,
} from '@cuepoint/stitcher';
import { CappedMap } from '../../lib/capped-map.ts';
import { ladderOf } from '../conditioning/conditioner.ts';
import type { EventSubject } from '../events/pipeline.ts';
import { availRecord, type Decision, decideAvails, type Viewer } from './ad-decisions.ts';
import { containerOf } from './creatives.ts';
import { recordBeacon, recordDecision } from './decision-events.ts';
import { KeyedLock } from './keyed-lock.ts';
import { type ConfigCache, type LiveConfig, readLiveConfig } from './live-config.ts';
import { originMediaPlaylist, sessionMultivariant, sourceUrl } from './origin-playlists.ts';
import { OriginProblem, unknownRendition, unknownSession, unknownStream } from './problems.ts';
import { backupRenditionUrl, Redundancy, recordSourceSwitch } from './redundancy.ts';
import type { PlaybackRuntime } from './runtime.ts';
import { withScheduledBreaks } from './scheduled-breaks.ts';
import type { AvailRecord, LiveSessionData, OriginRendition, ViewerSession } from './sessions.ts';
import {
  advanceClock,
  markJoinedMidAd,
  recordStitch,
  type TrackingDocument,
  trackingDocument,
} from './tracking.ts';

/** What a live stream's events are about. */
export const liveSubject = (config: LiveConfig): EventSubject => ({
  kind: 'liveStream',
  resourceId: config.id,
  customerId: config.customerId,
  resourceName: config.name,
});

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
  private readonly configs: ConfigCache<LiveConfig>;
  private readonly locks = new KeyedLock();
  /** The last target duration seen per origin media playlist: its cache lives half of it. */
  private readonly targetDurations = new CappedMap<string, number>(10_000);
  /** Which source each redundant stream plays, shared by its viewers (redundancy.ts). */
  readonly redundancy: Redundancy;

  /** Live playback on the process's one runtime (runtime.ts), shared with VOD playback. */
  constructor(private readonly runtime: PlaybackRuntime) {
    this.configs = runtime.configCache(readLiveConfig);
    this.redundancy = new Redundancy(runtime.now);
  }

  /** The active stream, or a 404 naming it. */
  async config(streamId: string): Promise<LiveConfig> {
    const config = await this.configs.get(streamId);
    if (!config) throw unknownStream(streamId);
    return config;
  }

  /**
   * The origin's multivariant playlist, rewritten for the session's renditions `known`. With
   * inRedundancy ENABLE and the primary's failing, the backup's (the same rendition paths under
   * another base) gives it, its renditions named by the primary's URLs as a session stores them:
   * each media playlist then takes the active source (redundancy.ts). So a viewer can start during
   * an outage of the primary.
   */
  private async master(config: LiveConfig, known: readonly OriginRendition[], uriFor: (i: number) => string) {
    const { stream } = config;
    const read = (url: string, renditions: readonly OriginRendition[]) =>
      sessionMultivariant(
        this.runtime.origin,
        url,
        this.runtime.limits.masterTtlMs,
        renditions,
        uriFor,
        this.runtime.limits.maxRenditions,
        this.runtime.askerFor(liveSubject(config)),
      );
    const primary = sourceUrl('master.m3u8', stream.sourceStreamUrl);
    try {
      return await read(primary, known);
    } catch (error) {
      if (
        !(error instanceof OriginProblem) ||
        stream.inRedundancy !== 'ENABLE' ||
        stream.backupStreamUrl === ''
      )
        throw error;
      const backup = sourceUrl('master.m3u8', stream.backupStreamUrl);
      const swap = (from: string, to: string) => (r: OriginRendition) => ({
        ...r,
        url: backupRenditionUrl(r.url, from, to) ?? r.url,
      });
      // The backup failing too is the primary's failure, as without redundancy.
      const answer = await read(backup, known.map(swap(primary, backup))).catch(() => {
        throw error;
      });
      return { ...answer, renditions: answer.renditions.map(swap(backup, primary)) };
    }
  }

  /** Starts a viewer session: answers it and its multivariant playlist. */
  async openSession(streamId: string, viewer: Viewer): Promise<{ session: ViewerSession; body: string }> {
    const config = await this.config(streamId);
    // The indexes come first (the session stores them), the URIs once the session has its id.
    const { renditions } = await this.master(config, [], () => '');
    const session = await this.runtime.sessions.create(
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
    this.runtime.events?.session(liveSubject(config));
    return { session, body: serializeMultivariantPlaylist(playlist) };
  }

  private async liveSession(streamId: string, sessionId: string): Promise<LiveSession> {
    const session = await this.runtime.sessions.get(sessionId);
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
        await this.runtime.sessions.save(session, config.stream.userLiveliness * 1000);
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

      const subject = liveSubject(config);
      this.runtime.events?.request(subject, sessionId);
      const ttl =
        ((this.targetDurations.get(rendition.url) ?? 0) * 1000) / 2 || this.runtime.limits.mediaTtlMs;
      const { playlist: originPlaylist, stale } = await this.originWindow(config, rendition.url, ttl);
      // The Event Scheduler's breaks, marked where the origin sends no cue of its own.
      const playlist = withScheduledBreaks(originPlaylist, config.schedule);
      this.targetDurations.set(rendition.url, playlist.targetDuration);

      const live = session.live;
      const state = session.state === null ? undefined : parseViewerState(session.state);
      const { avails: detected, upcoming } = detectAvails(playlist);
      await this.decideNewAvails(config, session, detected, state, upcoming);
      // Plans only for the avails the stitcher may ask about: in this window, or still tracked.
      const asked = new Set([...detected.map((d) => d.id), ...(state?.avails.map((a) => a.id) ?? [])]);
      const plans = await this.runtime.creatives.plans(
        live.avails.filter((r) => asked.has(r.id)),
        rendition,
        containerOf(playlist),
      );
      const slate = await this.slateFor(config, rendition, live);

      const result = stitchLive({
        origin: playlist,
        state,
        plan: (avail: AvailInfo): AdPlan | undefined => plans.get(avail.id),
        ...(slate ? { slate } : {}),
      });

      session.state = serializeViewerState(result.state);
      // The session's first playlist (of any rendition): where the viewer joins.
      const joining = live.clock === undefined;
      const { clock, startOf } = advanceClock(live.clock, result.playlist);
      if (clock) live.clock = clock;
      recordStitch(live.avails, result, startOf);
      this.sendDueBeacons(result, live.avails, config, sessionId, joining);
      live.avails = this.trimmed(live.avails, result.state);
      await this.runtime.sessions.save(session, config.stream.userLiveliness * 1000);
      return { body: await this.runtime.serve(result.playlist, config.delivery), stale };
    });
  }

  /**
   * The origin's window of a rendition: the primary's, or with inRedundancy ENABLE the active
   * source's in one numbering for the stream's viewers (redundancy.ts).
   */
  private originWindow(config: LiveConfig, url: string, ttlMs: number) {
    const asker = this.runtime.askerFor(liveSubject(config));
    const { stream } = config;
    const backupUrl =
      stream.inRedundancy === 'ENABLE' && stream.backupStreamUrl !== ''
        ? backupRenditionUrl(
            url,
            sourceUrl('master.m3u8', stream.sourceStreamUrl),
            sourceUrl('master.m3u8', stream.backupStreamUrl),
          )
        : undefined;
    if (backupUrl === undefined) return originMediaPlaylist(this.runtime.origin, url, ttlMs, asker);
    return this.redundancy.window(
      config.id,
      url,
      backupUrl,
      (at) => originMediaPlaylist(this.runtime.origin, at, ttlMs, asker),
      (change) => recordSourceSwitch(this.runtime.events, liveSubject(config), change),
    );
  }

  /**
   * Sends the beacons of the ad segments the viewer has reached: those at least
   * beaconHoldBackSegments before the end of the playlist served, each event once per ad and
   * viewer (every rendition numbers its segments alike, so the first rendition to get there
   * sends it). A viewer `joining` (its first playlist) begins just after the segments reached
   * (a player starts that far from the live edge): it passed none of them, and the ads under
   * way there are marked joined mid-ad, with no beacons ever (markJoinedMidAd, tracking.ts).
   */
  private sendDueBeacons(
    result: LiveStitchResult,
    avails: AvailRecord[],
    config: LiveConfig,
    sessionId: string,
    joining: boolean,
  ) {
    const { playlist } = result;
    const reached =
      playlist.mediaSequence + playlist.segments.length - 1 - this.runtime.limits.beaconHoldBackSegments;
    if (joining) markJoinedMidAd(avails, result.tracking, reached + 1);
    const sender = this.runtime.beacons;
    const { events } = this.runtime;
    if (!sender) return;
    for (const segment of result.tracking) {
      if (segment.msn > reached) continue;
      const record = avails.find((r) => r.id === segment.availId);
      if (!record || record.joinedMidAd?.includes(segment.adId)) continue;
      for (const beacon of segment.beacons) {
        const key = `${beacon.adId}:${beacon.event}`;
        if (record.fired?.includes(key)) continue;
        record.fired = [...(record.fired ?? []), key];
        const common = { subject: liveSubject(config), sessionId, availId: record.id };
        sender.send(beacon.urls, events && ((outcome) => recordBeacon(events, common, beacon, outcome)));
      }
    }
  }

  /** The VAST Error URLs of a decision (its failures, its unplayable ads), sent once, as they happen. */
  private sendErrorBeacons(
    config: LiveConfig,
    sessionId: string,
    availId: string,
    decision: Decision | undefined,
  ) {
    const sender = this.runtime.beacons;
    const urls = decision?.errorUrls ?? [];
    if (!sender || urls.length === 0) return;
    const { events } = this.runtime;
    const common = { subject: liveSubject(config), sessionId, availId };
    sender.send(
      urls,
      events && ((outcome) => recordBeacon(events, common, { adId: 'vast', event: 'error' }, outcome)),
    );
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
    upcoming: readonly UpcomingAvail[],
  ): Promise<void> {
    const records = session.live.avails;
    const { stream } = config;
    const known = (id: string) => records.some((r) => r.id === id);
    const inWindow = detected
      .filter((d) => !known(d.id) && !knownToState(d, state))
      .map((d) => ({ id: d.id, duration: remaining(d) }));
    // Prefetch: the next prefetchCount avails announced ahead are decided before they start;
    // their decision is there, under the same id, when they do.
    const ahead = upcoming
      .slice(0, stream.prefetchCount)
      .filter((u) => !known(u.id) && !inWindow.some((d) => d.id === u.id))
      .map((u) => ({ id: u.id, duration: u.duration, ahead: true }));
    const pending: { id: string; duration?: number | undefined; ahead?: boolean }[] = [...inWindow, ...ahead];
    if (pending.length === 0) return;
    const budgetMs = Math.min(stream.maxWaitingSec * 1000, this.runtime.limits.decisionBudgetMs);
    const live = session.live;
    const capped = (live.adsDecided ?? 0) >= stream.adfrequencyCap;
    // Ads fill at most maxAdBacklogDuration of an avail (the rest is slate); the ad server is
    // asked for that much ([AVAIL_DURATION]).
    const fill = (duration: number | undefined) =>
      duration === undefined ? undefined : Math.min(duration, stream.maxAdBacklogDuration);
    const decisions = capped
      ? []
      : await decideAvails(
          { ...stream, resource: { kind: 'liveStream', id: config.id } },
          { sessionId: session.id, viewer: session.viewer, ladder: ladderOf(live.renditions) },
          pending.map((avail) => ({ id: avail.id, duration: fill(avail.duration) })),
          this.runtime.decisions,
          budgetMs,
        );
    for (const [i, avail] of pending.entries()) {
      // A prefetch not answered in time is tried again later (there is time before the avail).
      if (avail.ahead && !capped && decisions[i] === undefined) continue;
      const record = capped
        ? availRecord(avail.id, { ads: [], notes: [] }, '')
        : availRecord(
            avail.id,
            decisions[i],
            `no ad decision within ${budgetMs / 1000}s: the avail plays its content`,
          );
      // The frequency cap, in avail order: ads past it are dropped, and said so.
      const left = Math.max(0, stream.adfrequencyCap - (live.adsDecided ?? 0));
      if (capped || record.ads.length > left) {
        record.ads = record.ads.slice(0, left);
        record.notes.push(
          `the viewer reached the ad frequency cap (${stream.adfrequencyCap} ads per session): ${left === 0 ? 'no ads' : `${left} ad(s) kept`}`,
        );
      }
      live.adsDecided = (live.adsDecided ?? 0) + record.ads.length;
      if (avail.ahead)
        record.notes.push(`decided before the avail started (prefetch count ${stream.prefetchCount})`);
      if (avail.duration !== undefined) record.duration = avail.duration;
      records.push(record);
      this.sendErrorBeacons(config, session.id, record.id, capped ? undefined : decisions[i]);
      recordDecision(this.runtime.events, {
        subject: liveSubject(config),
        sessionId: session.id,
        record,
        decision: capped ? undefined : decisions[i],
        availSeconds: avail.duration,
        // A late decision plays the avail's content; no ads otherwise play the slate, when there is one.
        filler: (!capped && decisions[i] === undefined) || 'note' in config.slate ? 'content' : 'slate',
        reason: capped || record.ads.length < (decisions[i]?.ads.length ?? 0) ? 'frequency-cap' : undefined,
      });
    }
  }

  /** The slate's segments for this rendition, or none with the reason noted on the session. */
  private async slateFor(config: LiveConfig, rendition: OriginRendition, live: LiveSessionData) {
    if ('note' in config.slate) {
      live.slateNote = config.slate.note;
      return undefined;
    }
    try {
      const segments = await this.runtime.creatives.segmentsFor(config.slate.videoUrl, rendition);
      delete live.slateNote;
      return segments;
    } catch (error) {
      live.slateNote = `the slate did not load: ${error instanceof Error ? error.message : String(error)}`;
      return undefined;
    }
  }

  /** The most recent records, and always those of avails the viewer's state still tracks. */
  private trimmed(records: AvailRecord[], state: ViewerState): AvailRecord[] {
    const excess = records.length - this.runtime.limits.maxSessionAvails;
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
