/**
 * Input redundancy of live streams (inRedundancy ENABLE, backupStreamUrl), as MediaLive's
 * redundant pipelines and MediaPackage's input failover behave:
 *
 * - Which source is active is decided per stream, for every viewer of it in this process (not
 *   per viewer): the primary while it is healthy. It fails over to the backup when a primary media
 *   playlist errors or times out (the origin cache's last good answer, or nothing), or goes stale:
 *   no new segment for STALE_TARGET_DURATIONS target durations. It fails back once the primary has
 *   been healthy (answering, and growing) for FAILBACK_TARGET_DURATIONS target durations, or at
 *   once when the backup fails while the primary is healthy.
 * - Viewers see one continuous origin: each rendition's window is mapped into one numbering (the
 *   "spliced" window the stitcher reads). At a switch the new source's segments continue after
 *   the last segment served for the rendition (matched by EXT-X-PROGRAM-DATE-TIME when both
 *   sources carry it, else the new source's newest segment comes next), the first of them with an
 *   EXT-X-DISCONTINUITY; the old source's segments already served stay in the window until they
 *   slide out. Media sequence and discontinuity sequence never go back, and the ad markers are
 *   those of whichever source serves a segment: a break under way continues, with its id.
 */
import type { SourceSwitchData } from '@cuepoint/core';
import type { MediaPlaylist, MediaSegment } from '@cuepoint/stitcher';
import { CappedMap } from '../../lib/capped-map.ts';
import type { EventPipeline, EventSubject } from '../events/pipeline.ts';
import type { SafeFetchError } from '../fetch/safe-fetch.ts';
import { OriginProblem } from './problems.ts';

/** A source whose window has not grown for this many target durations is stale. */
export const STALE_TARGET_DURATIONS = 3;
/** The primary must be healthy this many target durations (continuously) before the stream fails back. */
export const FAILBACK_TARGET_DURATIONS = 3;
/** Seconds of tolerance when matching program date-times of the two sources. */
const PDT_TOLERANCE_MS = 500;

export type SourceName = SourceSwitchData['from'];
export type SwitchReason = SourceSwitchData['reason'];

export interface SourceSwitch {
  from: SourceName;
  to: SourceName;
  reason: SwitchReason;
  /** The failure that caused it (a failover), or undefined. */
  detail?: string;
}

/** An origin media playlist as the cache gave it. */
export interface FetchedWindow {
  playlist: MediaPlaylist;
  stale: boolean;
  failure?: SafeFetchError | undefined;
}

/** The per-stream decision. */
interface StreamSources {
  active: SourceName;
  /** Output msn = source msn + offset, per source (set at each switch to it). */
  offsets: Record<SourceName, number>;
  /** While the backup is active: since when the primary has been healthy. */
  primaryHealthySince?: number | undefined;
}

interface Carried {
  segment: MediaSegment;
  msn: number;
  /** Discontinuities strictly before it in the output numbering. */
  discontinuitiesBefore: number;
}

/** Per primary rendition URL: how its active source's window maps into the viewers' numbering. */
interface Splice {
  source: SourceName;
  /** Output msn of the first segment of this source (carries the switch's discontinuity). */
  switchMsn: number;
  /** Discontinuities before it. */
  switchDiscontinuities: number;
  /** For segments after switchMsn: output discontinuities before = the source's + this; unknown until one is seen. */
  discontinuityOffset: number | undefined;
  /** The previous source's segments served before the switch, while they are in the window. */
  carried: Carried[];
  /** The last window served. */
  last?: MediaPlaylist | undefined;
}

interface Health {
  healthy: boolean;
  reason?: SwitchReason;
  detail?: string;
  window?: FetchedWindow;
  error?: unknown;
}

export class Redundancy {
  private readonly streams = new CappedMap<string, StreamSources>(10_000);
  private readonly splices = new CappedMap<string, Splice>(10_000);
  /** Per source URL: the end of its window and since when it is there. */
  private readonly progress = new CappedMap<string, { endMsn: number; since: number }>(20_000);

  constructor(private readonly now: () => number) {}

  /**
   * The window of a rendition as viewers see it: from the active source (switching if due), in
   * the one numbering. `fetch` reads a URL through the origin cache (originMediaPlaylist: the last
   * good window, stale, while the origin fails; an OriginProblem when it never answered). `onSwitch` is told of a switch of the stream.
   */
  async window(
    streamId: string,
    primaryUrl: string,
    backupUrl: string,
    fetch: (url: string) => Promise<FetchedWindow>,
    onSwitch: (change: SourceSwitch) => void,
  ): Promise<{ playlist: MediaPlaylist; stale: boolean }> {
    let stream = this.streams.get(streamId);
    if (!stream) {
      stream = { active: 'primary', offsets: { primary: 0, backup: 0 } };
      this.streams.set(streamId, stream);
    }
    const now = this.now();
    const probe = async (url: string): Promise<Health> => {
      try {
        const window = await fetch(url);
        if (window.stale) {
          const timeout = window.failure?.kind === 'timeout';
          return {
            healthy: false,
            reason: timeout ? 'timeout' : 'error',
            detail: window.failure?.message ?? 'the origin failed',
            window,
          };
        }
        if (this.isStale(url, window.playlist, now))
          return {
            healthy: false,
            reason: 'stale',
            detail: `no new segment for ${STALE_TARGET_DURATIONS} target durations`,
            window,
          };
        return { healthy: true, window };
      } catch (error) {
        // It never answered (an OriginProblem); anything else is ours, not the origin's.
        if (!(error instanceof OriginProblem)) throw error;
        return { healthy: false, reason: 'error', detail: error.message, error };
      }
    };
    const switchTo = (
      to: SourceName,
      reason: SwitchReason,
      detail: string | undefined,
      next: MediaPlaylist,
    ) => {
      const from = stream.active;
      stream.offsets[to] = this.alignment(this.splices.get(primaryUrl)?.last, next, stream.offsets[to]);
      stream.active = to;
      stream.primaryHealthySince = undefined;
      onSwitch({ from, to, reason, ...(detail !== undefined ? { detail } : {}) });
    };

    if (stream.active === 'primary') {
      const primary = await probe(primaryUrl);
      if (!primary.healthy) {
        const backup = await probe(backupUrl);
        if (backup.healthy && backup.window) {
          switchTo('backup', primary.reason ?? 'error', primary.detail, backup.window.playlist);
          return this.serve(primaryUrl, 'backup', stream.offsets.backup, backup.window);
        }
      }
      if (primary.window) return this.serve(primaryUrl, 'primary', stream.offsets.primary, primary.window);
      throw primary.error;
    }

    const [backup, primary] = await Promise.all([probe(backupUrl), probe(primaryUrl)]);
    if (primary.healthy && primary.window) {
      stream.primaryHealthySince ??= now;
      const waitMs = FAILBACK_TARGET_DURATIONS * primary.window.playlist.targetDuration * 1000;
      if (!backup.healthy || now - stream.primaryHealthySince >= waitMs) {
        switchTo('primary', 'recovered', backup.healthy ? undefined : backup.detail, primary.window.playlist);
        return this.serve(primaryUrl, 'primary', stream.offsets.primary, primary.window);
      }
    } else stream.primaryHealthySince = undefined;
    if (backup.window) return this.serve(primaryUrl, 'backup', stream.offsets.backup, backup.window);
    if (primary.window) return this.serve(primaryUrl, 'backup', stream.offsets.backup, primary.window);
    throw backup.error;
  }

  /** Whether the window at `url` has not grown for STALE_TARGET_DURATIONS target durations. */
  private isStale(url: string, playlist: MediaPlaylist, now: number): boolean {
    const endMsn = playlist.mediaSequence + playlist.segments.length;
    const seen = this.progress.get(url);
    if (!seen || endMsn > seen.endMsn || endMsn < seen.endMsn - playlist.segments.length) {
      // Grown (or restarted far behind: a new timeline is a live one).
      this.progress.set(url, { endMsn, since: now });
      return false;
    }
    if (playlist.endList) return false;
    return now - seen.since >= STALE_TARGET_DURATIONS * playlist.targetDuration * 1000;
  }

  /**
   * The offset (output msn - source msn) of the source `next` becomes, from the last window
   * served `last`: its segment after the last one served is next in the numbering (by program
   * date-time when both have one, else its newest segment).
   */
  private alignment(last: MediaPlaylist | undefined, next: MediaPlaylist, known: number): number {
    const tail = last?.segments.at(-1);
    if (!last || !tail || next.segments.length === 0) return known;
    const endMsn = last.mediaSequence + last.segments.length;
    if (tail.programDateTime !== undefined) {
      const after = tail.programDateTime + tail.duration * 1000 - PDT_TOLERANCE_MS;
      const i = next.segments.findIndex((s) => s.programDateTime !== undefined && s.programDateTime >= after);
      if (i >= 0) return endMsn - (next.mediaSequence + i);
    }
    return endMsn - (next.mediaSequence + next.segments.length - 1);
  }

  /** The rendition's window from `source`, in the viewers' numbering; remembered for the next. */
  private serve(
    key: string,
    source: SourceName,
    offset: number,
    fetched: FetchedWindow,
  ): { playlist: MediaPlaylist; stale: boolean } {
    let splice = this.splices.get(key);
    if (!splice) {
      splice = {
        source,
        switchMsn: Number.NEGATIVE_INFINITY,
        switchDiscontinuities: 0,
        discontinuityOffset: 0,
        carried: [],
      };
      this.splices.set(key, splice);
    } else if (splice.source !== source) {
      const last = splice.last;
      const carried: Carried[] = [];
      let discontinuities = last?.discontinuitySequence ?? 0;
      last?.segments.forEach((segment, i) => {
        carried.push({ segment, msn: last.mediaSequence + i, discontinuitiesBefore: discontinuities });
        if (segment.discontinuity) discontinuities += 1;
      });
      splice = {
        source,
        switchMsn: last ? last.mediaSequence + last.segments.length : Number.NEGATIVE_INFINITY,
        switchDiscontinuities: discontinuities,
        discontinuityOffset: last ? undefined : 0,
        carried,
        last,
      };
      this.splices.set(key, splice);
    }
    const playlist = this.spliced(splice, fetched.playlist, offset);
    splice.last = playlist;
    return { playlist, stale: fetched.stale };
  }

  private spliced(splice: Splice, origin: MediaPlaylist, offset: number): MediaPlaylist {
    // The source's discontinuities before each of its segments.
    const sourceBefore: number[] = [];
    let count = origin.discontinuitySequence;
    for (const segment of origin.segments) {
      sourceBefore.push(count);
      if (segment.discontinuity) count += 1;
    }
    const mapped: Carried[] = [];
    origin.segments.forEach((segment, i) => {
      const msn = origin.mediaSequence + i + offset;
      if (msn < splice.switchMsn) return;
      if (splice.discontinuityOffset === undefined) {
        // The first segment of the new source: the switch's discontinuity (a gap moves it on).
        splice.switchMsn = msn;
        splice.discontinuityOffset =
          splice.switchDiscontinuities + 1 - (sourceBefore[i]! + (segment.discontinuity ? 1 : 0));
      }
      if (msn === splice.switchMsn)
        mapped.push({
          segment: { ...segment, discontinuity: true },
          msn,
          discontinuitiesBefore: splice.switchDiscontinuities,
        });
      else
        mapped.push({ segment, msn, discontinuitiesBefore: sourceBefore[i]! + splice.discontinuityOffset });
    });
    // The old source's segments stay while they lead up to the new ones, within the window's length.
    const first = mapped[0];
    if (first && first.msn > splice.switchMsn) splice.carried = [];
    const excess = splice.carried.length + mapped.length - Math.max(origin.segments.length, 1);
    if (excess > 0) splice.carried = splice.carried.slice(Math.min(excess, splice.carried.length));
    const all = [...splice.carried, ...mapped];
    const head = all[0];
    if (!head) return { ...origin, segments: [] };
    const switched = Number.isFinite(splice.switchMsn);
    return {
      ...origin,
      targetDuration: Math.max(
        origin.targetDuration,
        ...splice.carried.map((c) => Math.ceil(c.segment.duration - 0.5)),
      ),
      mediaSequence: head.msn,
      discontinuitySequence: head.discontinuitiesBefore,
      hasDiscontinuitySequence: origin.hasDiscontinuitySequence || switched,
      segments: all.map((c) => c.segment),
    };
  }
}

/**
 * The backup's URL of a primary rendition: the same path under the backup's base as under the
 * primary's; undefined when the rendition is not under the primary's base.
 */
export function backupRenditionUrl(
  renditionUrl: string,
  primaryMaster: string,
  backupMaster: string,
): string | undefined {
  const primaryBase = new URL('.', primaryMaster).href;
  if (!renditionUrl.startsWith(primaryBase)) return undefined;
  return new URL(renditionUrl.slice(primaryBase.length), new URL('.', backupMaster)).href;
}

const SWITCH_WORDS: Record<SwitchReason, string> = {
  error: 'failed',
  timeout: 'timed out',
  stale: `it sent no new segment for ${STALE_TARGET_DURATIONS} target durations`,
  recovered: `the primary was healthy for ${FAILBACK_TARGET_DURATIONS} target durations`,
};

/** A switch of a stream's source: an event of the log viewer, counted as sourceSwitches. */
export function recordSourceSwitch(
  events: EventPipeline | undefined,
  subject: EventSubject,
  change: SourceSwitch,
): void {
  const why =
    change.reason === 'recovered'
      ? SWITCH_WORDS.recovered
      : `the ${change.from} ${SWITCH_WORDS[change.reason]}`;
  events?.record({
    subject,
    action: 'source-switch',
    level: change.to === 'backup' ? 'warning' : 'info',
    message: `Switched from the ${change.from} source to the ${change.to}: ${why}${change.detail ? ` (${change.detail})` : ''}`,
    data: { from: change.from, to: change.to, reason: change.reason, detail: change.detail ?? null },
  });
}
