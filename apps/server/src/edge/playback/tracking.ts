/**
 * Client-side tracking, as MediaTailor's tracking URL gives it: the viewer's avails with their
 * start times and durations, and the ads placed in them with their ids, durations and beacon
 * URLs by event, so a player can fire the beacons itself.
 *
 * Times are seconds on the viewer's timeline, which starts (0) at the first segment of the first
 * media playlist served to the session, where a player's own clock starts. The session keeps one
 * point of that timeline (`clock`: an output media sequence number and its start) and moves it
 * to the last segment of every playlist served; output numbering is the same in every rendition.
 */
import type { LiveStitchResult, MediaPlaylist } from '@cuepoint/stitcher';
import type { AvailRecord, DecidedAd, LiveSessionData } from './sessions.ts';

type Clock = NonNullable<LiveSessionData['clock']>;

/**
 * The clock moved to the playlist's last segment, and the start time of each of its segments.
 * Segments that slid out between two requests are counted at the target duration (their real
 * durations are gone); a viewer refreshing in time never needs that.
 */
export function advanceClock(
  clock: Clock | undefined,
  playlist: MediaPlaylist,
): { clock: Clock | undefined; startOf: (msn: number) => number | undefined } {
  const first = playlist.mediaSequence;
  const segments = playlist.segments;
  if (segments.length === 0) return { clock, startOf: () => undefined };
  const starts: number[] = new Array(segments.length);
  let t = 0;
  for (let i = 0; i < segments.length; i++) {
    starts[i] = t;
    t += segments[i]!.duration;
  }
  let offset = 0;
  if (clock) {
    const i = clock.msn - first;
    offset =
      i >= 0 && i < segments.length
        ? clock.seconds - starts[i]!
        : clock.seconds + (first - clock.msn) * playlist.targetDuration;
  }
  const last = segments.length - 1;
  return {
    clock: { msn: first + last, seconds: offset + starts[last]! },
    startOf: (msn) => {
      const i = msn - first;
      return i >= 0 && i <= last ? offset + starts[i]! : undefined;
    },
  };
}

/** Notes kept per avail at most (a bad origin could repeat an issue on every refresh). */
const MAX_NOTES = 20;

function note(record: AvailRecord, text: string) {
  if (record.notes.length < MAX_NOTES && !record.notes.includes(text)) record.notes.push(text);
}

/** What the stitcher did with each avail: placed ads, why one was not stitched, ad start times. */
export function recordStitch(
  records: AvailRecord[],
  result: LiveStitchResult,
  startOf: (msn: number) => number | undefined,
): void {
  for (const report of result.avails) {
    let record = records.find((r) => r.id === report.id);
    if (!record) {
      // Tracked by the stitcher with no decision taken here (its start was taken for part of an
      // avail already known): nothing was asked of the ad server for it.
      record = { id: report.id, decision: 'late', ads: [], notes: [], placed: [], adStarts: {} };
      records.push(record);
    }
    record.stitched = report.stitched;
    if (report.reason) record.stitchReason = report.reason;
    record.placed = report.ads;
    for (const issue of result.issues)
      if (issue.message.includes(`avail ${report.id}`)) note(record, issue.message);
  }
  for (const segment of result.tracking) {
    // The segment carrying the impression is the ad's first.
    if (!segment.beacons.some((b) => b.event === 'impression')) continue;
    const record = records.find((r) => r.id === segment.availId);
    const start = startOf(segment.msn);
    if (record && start !== undefined && record.adStarts[segment.adId] === undefined)
      record.adStarts[segment.adId] = start;
  }
}

/**
 * Marks, at a viewer's first playlist, the ads already under way where it begins (`begins`, the
 * first output segment it plays): their first segment, which carries the impression, comes
 * before it or has left the window. A join mid-ad is no impression of that ad: none of its
 * server-side beacons are sent, its quartiles and completion included; every later ad's are, as
 * the viewer's position passes them.
 *
 * MediaTailor's server-side reporting does the same: its beacons fire on the player's actual
 * ad segment requests ("not on manifest parsing or pre-loading"), the impression and start when
 * the player requests the ad's first segment, the quartiles on the later requests of the
 * segments at the quartile positions (docs.aws.amazon.com/mediatailor/latest/ug/
 * ad-reporting-server-side-timing-behavior.html). A player that joins mid-ad never requests
 * that ad's first segment, so the ad is never reported. Players here fetch segments from the
 * origin or CDN, not through us: the playlist position stands for the segment requests.
 */
export function markJoinedMidAd(
  records: AvailRecord[],
  tracking: LiveStitchResult['tracking'],
  begins: number,
): void {
  const key = (availId: string, adId: string) => `${availId}\n${adId}`;
  const ahead = new Set<string>();
  for (const segment of tracking)
    if (segment.msn >= begins && segment.beacons.some((b) => b.event === 'impression'))
      ahead.add(key(segment.availId, segment.adId));
  for (const segment of tracking) {
    if (ahead.has(key(segment.availId, segment.adId))) continue;
    const record = records.find((r) => r.id === segment.availId);
    if (!record || record.joinedMidAd?.includes(segment.adId)) continue;
    record.joinedMidAd = [...(record.joinedMidAd ?? []), segment.adId];
  }
}

export interface TrackingEvent {
  eventType: string;
  startTimeInSeconds?: number;
  beaconUrls: string[];
}

export interface TrackedAd {
  adId: string;
  creativeId?: string;
  adTitle?: string;
  startTimeInSeconds?: number;
  durationInSeconds: number;
  trackingEvents: TrackingEvent[];
}

export interface TrackedAvail {
  availId: string;
  startTimeInSeconds?: number;
  durationInSeconds?: number;
  /** 'ready' once the ad decision was taken; 'late' when it was not in time (content plays). */
  adDecision: AvailRecord['decision'];
  stitched?: boolean;
  /** The stitcher's reason for not stitching it (no-plan, nothing-to-insert, underfill...). */
  reason?: string;
  /** Why ads were left out or there are none. */
  notes: string[];
  ads: TrackedAd[];
}

export interface TrackingDocument {
  avails: TrackedAvail[];
  /** Why the stream's slate is not played in avails, when it is not. */
  slateNote?: string;
}

/** Each event and where in the ad it falls (a fraction of its duration). */
const QUARTERS: [keyof DecidedAd['tracking'], number][] = [
  ['impression', 0],
  ['start', 0],
  ['firstQuartile', 0.25],
  ['midpoint', 0.5],
  ['thirdQuartile', 0.75],
  ['complete', 1],
];
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

function trackedAd(ad: DecidedAd, start: number | undefined): TrackedAd {
  const at = (fraction: number) =>
    start === undefined ? {} : { startTimeInSeconds: round(start + fraction * ad.duration) };
  return {
    adId: ad.vastAdId ?? ad.id,
    ...(ad.creativeId === undefined ? {} : { creativeId: ad.creativeId }),
    ...(ad.title === undefined ? {} : { adTitle: ad.title }),
    ...at(0),
    durationInSeconds: ad.duration,
    trackingEvents: QUARTERS.map(([eventType, fraction]) => ({
      eventType,
      ...at(fraction),
      beaconUrls: ad.tracking[eventType] ?? [],
    })),
  };
}

/** The session's avails so far, oldest first, with the ads placed in them. */
export function trackingDocument(live: Pick<LiveSessionData, 'avails' | 'slateNote'>): TrackingDocument {
  const avails = live.avails.map((record): TrackedAvail => {
    const ads = record.placed.flatMap((id) => {
      const ad = record.ads.find((a) => a.id === id);
      return ad ? [trackedAd(ad, record.adStarts[id])] : [];
    });
    const start = ads[0]?.startTimeInSeconds;
    return {
      availId: record.id,
      ...(start === undefined ? {} : { startTimeInSeconds: start }),
      ...(record.duration === undefined ? {} : { durationInSeconds: record.duration }),
      adDecision: record.decision,
      ...(record.stitched === undefined ? {} : { stitched: record.stitched }),
      ...(record.stitchReason === undefined ? {} : { reason: record.stitchReason }),
      notes: record.notes,
      ads,
    };
  });
  return live.slateNote === undefined ? { avails } : { avails, slateNote: live.slateNote };
}
