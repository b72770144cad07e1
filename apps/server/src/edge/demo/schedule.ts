/**
 * The demo live channel as a pure function of wall-clock time, so that every request, process
 * and test computes the same playlist for the same instant (no state, no timers).
 *
 * Segment n (its media sequence number) covers [n * D, (n + 1) * D) seconds since the Unix epoch,
 * D being the segment duration, and plays content segment (n + P) mod L of the L-segment loop,
 * P being half the loop. Each loop wrap ((n + P) mod L = 0) starts a new discontinuity: segment
 * n's discontinuity sequence number is floor((n + P) / L). Ad breaks start every `every` seconds
 * since the epoch (so the default, 60, aligns them to wall-clock minutes) and last `length`
 * seconds; both are whole segments, and a break ends at least one segment before the next begins.
 *
 * The phase P keeps the loop's wraps off the breaks' edges (with the 20 s loop and the default
 * cadence, they fall at :10, :30 and :50 of each minute): a break then starts and ends on plain
 * content segments, as on a real channel, and one wrap falls inside it, which an SSAI must drop
 * with the content it replaces.
 */

export interface Cadence {
  /** Seconds from one break's start to the next. */
  every: number;
  /** Seconds each break lasts. */
  length: number;
}

export const DEFAULT_CADENCE: Cadence = { every: 60, length: 20 };
/** Segments in a live playlist: 12 s with 2-second segments, more than three target durations. */
export const WINDOW_SEGMENTS = 6;
/** How long before a break starts the DATERANGE form announces it. */
export const ANNOUNCE_SECONDS = 10;
export const CADENCE_LIMITS = { everyMax: 3600, lengthMax: 600 };

export interface Timeline {
  /** D: seconds per segment (a whole number). */
  segmentDuration: number;
  /** L: segments in the content loop. */
  loopSegments: number;
}

/** P: how far into the loop the channel's segment 0 is. */
export const loopPhase = (timeline: Timeline) => Math.floor(timeline.loopSegments / 2);

/** The content segment (0 .. L-1) that channel segment `msn` plays. */
export const loopIndexOf = (msn: number, timeline: Timeline) =>
  (msn + loopPhase(timeline)) % timeline.loopSegments;

/** Where one segment sits in its ad break. */
export interface BreakPosition {
  /** Break number since the epoch: floor(start / every). Names the break (SCTE-35 event id). */
  index: number;
  /** Seconds since the epoch at which the break starts. */
  start: number;
  /** Seconds of the break already played when this segment starts (0 on its first segment). */
  elapsed: number;
  duration: number;
}

export interface WindowSegment {
  msn: number;
  /** Seconds since the epoch at which the segment starts (its program date-time). */
  start: number;
  /** Index of the content segment it plays (0 .. L-1). */
  loopIndex: number;
  /** An EXT-X-DISCONTINUITY precedes it (the content loop wraps here). */
  discontinuity: boolean;
  /** Set when the segment lies inside an ad break. */
  inBreak?: BreakPosition;
  /** Set on the first segment after a break: the break that ends here. */
  breakEnds?: BreakPosition;
}

export interface LiveWindow {
  /**
   * The next break, when it starts within ANNOUNCE_SECONDS of the window's end: announced ahead
   * (an SSAI can take its ad decision before it starts).
   */
  upcoming?: BreakPosition;
  mediaSequence: number;
  /** EXT-X-DISCONTINUITY-SEQUENCE: the EXT-X-DISCONTINUITY tags that have left the playlist. */
  discontinuitySequence: number;
  segments: WindowSegment[];
}

/** The break that segment start time `t` falls in, or undefined. */
export function breakAt(t: number, cadence: Cadence): BreakPosition | undefined {
  const index = Math.floor(t / cadence.every);
  const start = index * cadence.every;
  const elapsed = t - start;
  if (elapsed >= cadence.length) return undefined;
  return { index, start, elapsed, duration: cadence.length };
}

/** Describes segment `msn` of the channel. */
export function segmentAt(msn: number, timeline: Timeline, cadence: Cadence): WindowSegment {
  const start = msn * timeline.segmentDuration;
  const loopIndex = loopIndexOf(msn, timeline);
  // The channel's very first segment follows nothing: no discontinuity there.
  const segment: WindowSegment = { msn, start, loopIndex, discontinuity: loopIndex === 0 && msn > 0 };
  const inBreak = breakAt(start, cadence);
  if (inBreak) segment.inBreak = inBreak;
  else {
    const previous = breakAt(start - timeline.segmentDuration, cadence);
    if (previous) segment.breakEnds = { ...previous, elapsed: previous.duration };
  }
  return segment;
}

/**
 * The live playlist's window at `nowMs`: the last WINDOW_SEGMENTS segments that have been
 * entirely "produced" (their end is not after now), so a player never asks for the future.
 */
export function liveWindow(nowMs: number, timeline: Timeline, cadence: Cadence): LiveWindow {
  const current = Math.floor(nowMs / 1000 / timeline.segmentDuration); // still being produced
  const first = Math.max(0, current - WINDOW_SEGMENTS);
  const segments: WindowSegment[] = [];
  for (let msn = first; msn < current; msn++) segments.push(segmentAt(msn, timeline, cadence));
  // The wraps before the first segment (at k * L - P for k >= 1); a wrap on the first segment
  // keeps its tag, which then counts from this number.
  const discontinuitySequence = Math.floor(
    (Math.max(0, first - 1) + loopPhase(timeline)) / timeline.loopSegments,
  );
  const window: LiveWindow = { mediaSequence: first, discontinuitySequence, segments };
  const end = current * timeline.segmentDuration;
  const nextIndex = Math.ceil(end / cadence.every);
  const nextStart = nextIndex * cadence.every;
  if (segments.length > 0 && nextStart - end <= ANNOUNCE_SECONDS)
    window.upcoming = { index: nextIndex, start: nextStart, elapsed: 0, duration: cadence.length };
  return window;
}

/**
 * Checks a cadence against the segment duration; answers the problems as [field, message]
 * pairs (empty when it is valid).
 */
export function cadenceProblems(cadence: Cadence, segmentDuration: number): [keyof Cadence, string][] {
  const out: [keyof Cadence, string][] = [];
  const { every, length } = cadence;
  if (every % segmentDuration !== 0) out.push(['every', `must be a multiple of ${segmentDuration} s`]);
  if (length % segmentDuration !== 0) out.push(['length', `must be a multiple of ${segmentDuration} s`]);
  if (out.length === 0 && length > every - segmentDuration) {
    out.push([
      'length',
      `must leave at least ${segmentDuration} s of content between breaks (every ${every} s)`,
    ]);
  }
  return out;
}
