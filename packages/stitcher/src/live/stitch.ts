import { type AdPlan, type AdSegment, adDuration, type PlannedAd } from '../ads.ts';
import { keysWithOriginalIv } from '../hls/keys.ts';
import { formatDuration } from '../hls/serialize.ts';
import type { MediaPlaylist, MediaSegment, Tag } from '../hls/types.ts';
import { type DetectedAvail, detectAvails, isAvailEndMarker, type MarkerIssue } from '../markers/detect.ts';
import { adSegmentBeacons, type DueBeacon, type TrackedSegment } from '../tracking/plan.ts';
import type { Anchor, AvailState, ViewerState } from './state.ts';

export type SuppressionMode = 'off' | 'behind-live-edge' | 'after-live-edge';

export interface LiveOptions {
  /** Seconds an ad may overrun the planned avail and still be scheduled (it is cut if it does). */
  overrunTolerance?: number;
  /** Largest underfill (seconds) accepted; beyond it the avail is not personalized. */
  personalizationThreshold?: number;
  /**
   * `behind-live-edge`: avails starting before the viewer's first live edge minus `value`
   * seconds play the content. `after-live-edge`: also those starting within `value` seconds
   * after it.
   */
  suppression?: { mode: SuppressionMode; value?: number };
  /** Insert a pre-roll of this many seconds where a new viewer starts playing. */
  preroll?: { duration: number };
  /** Avails with no duration and no CUE-IN end after this many seconds. */
  maxAvailDuration?: number;
  /** A timed avail ends at the first segment starting within this many seconds of its end. */
  endTolerance?: number;
}

export interface AvailInfo {
  id: string;
  /** Origin media sequence number of its first replaced segment. */
  startMsn: number;
  /** Seconds to fill; undefined when the markers do not say. */
  duration?: number;
  preroll: boolean;
}

export interface LiveStitchInput {
  /** The origin media playlist of the rendition being served. */
  origin: MediaPlaylist;
  /** The viewer's state from the previous request (any rendition); absent for a new viewer. */
  state?: ViewerState | undefined;
  /** The ads for an avail, as segments of this rendition. Must be stable for a given avail. */
  plan: (avail: AvailInfo) => AdPlan | undefined;
  /** Slate segments of this rendition, looped to fill what the ads leave. */
  slate?: AdSegment[];
  options?: LiveOptions;
}

export interface StitchIssue {
  msn?: number;
  message: string;
}

export interface AvailReport {
  id: string;
  startMsn: number;
  endMsn?: number;
  stitched: boolean;
  reason?: 'suppressed' | 'no-plan' | 'underfill' | 'nothing-to-insert' | 'empty';
  ads: string[];
  /** The playlist ended (EXT-X-ENDLIST) while the avail was open: it was closed there. */
  closedAtEndList?: true;
}

export interface LiveStitchResult {
  playlist: MediaPlaylist;
  state: ViewerState;
  tracking: TrackedSegment[];
  avails: AvailReport[];
  issues: (MarkerIssue | StitchIssue)[];
}

/** One output segment of an avail's layout: an ad or slate segment. */
interface Item {
  uri: string;
  duration: number;
  map?: string;
  keys: string[];
  /** Whether a discontinuity comes before the segment. */
  discontinuity: boolean;
  /** Seconds from the start of the avail to the end of the segment. */
  endsAt: number;
  adId?: string;
  beacons?: DueBeacon[];
}

/** Tolerance, in seconds, of duration comparisons. */
const EPS = 1e-3;

function cloneState(state: ViewerState): ViewerState {
  return {
    ...state,
    anchor: { ...state.anchor },
    avails: state.avails.map((avail) => ({ ...avail, adIds: [...avail.adIds] })),
  };
}

/**
 * Output discontinuities strictly before origin segment `msn` (which has
 * `originDiscontinuitiesBefore` origin discontinuities before it), with no stitched avail between
 * `anchor` and it: the anchor's count, plus the origin discontinuities since the anchor, plus the
 * anchor's forced discontinuity when the origin does not already have one there.
 */
const outputDiscontinuitiesBefore = (
  anchor: Anchor,
  msn: number,
  originDiscontinuitiesBefore: number,
): number =>
  msn === anchor.originMsn
    ? anchor.outputDiscontinuitiesBefore
    : anchor.outputDiscontinuitiesBefore +
      (originDiscontinuitiesBefore - anchor.originDiscontinuitiesBefore) +
      (anchor.forcedDiscontinuity ? 1 - anchor.originDiscontinuity : 0);

/**
 * The anchor at the end of a closed, stitched avail that comes after `anchor` with no other
 * stitched avail between them: the first content segment after the avail.
 */
function anchorAfter(anchor: Anchor, avail: AvailState): Anchor {
  const startOutputMsn = anchor.outputMsn + (avail.startMsn - anchor.originMsn);
  const startOutputDiscontinuities = outputDiscontinuitiesBefore(
    anchor,
    avail.startMsn,
    avail.originDiscontinuitiesBeforeStart,
  );
  return {
    originMsn: avail.endMsn!,
    outputMsn: startOutputMsn + avail.outputSegmentCount!,
    outputDiscontinuitiesBefore: startOutputDiscontinuities + avail.outputDiscontinuityCount!,
    originDiscontinuitiesBefore: avail.originDiscontinuitiesBeforeEnd!,
    forcedDiscontinuity: 1,
    originDiscontinuity: avail.endOriginDiscontinuity!,
  };
}

/** Where an origin position lands in the output. */
interface OutputPosition {
  /** Output media sequence number. */
  msn: number;
  /** Output discontinuities strictly before it (its discontinuity sequence). */
  discontinuitySequence: number;
}

/** One stitching call. A class rather than closures: no per-call function allocation. */
class Run {
  readonly origin: MediaPlaylist;
  /** The origin playlist's segments: the window. */
  readonly segments: MediaSegment[];
  /** Origin media sequence number of the first segment of the window. */
  readonly windowStartMsn: number;
  /** Number of segments in the window. */
  readonly windowLength: number;
  /** Origin media sequence number just after the window (exclusive end: the live edge). */
  readonly windowEndMsn: number;
  readonly options: LiveOptions;
  /** `options.endTolerance`, defaulted. */
  readonly endTolerance: number;
  /** `options.maxAvailDuration`, defaulted. */
  readonly maxAvailDuration: number;
  /** The origin playlist's target duration, in seconds. */
  readonly targetDuration: number;
  readonly issues: (MarkerIssue | StitchIssue)[] = [];
  /** Why an avail is not stitched, for the avails decided or closed in this call. */
  readonly unstitchedReasons = new Map<AvailState, AvailReport['reason']>();
  /**
   * Origin discontinuities strictly before each window segment, by index in the window, plus one
   * entry for the window end.
   */
  readonly originDiscontinuitiesBefore: number[];
  readonly contentHasMap: boolean;
  /** Whether the viewer starts from a new state (new viewer, or origin behind the state). */
  readonly fresh: boolean;
  /** The viewer state this call updates and returns (a copy of the input state). */
  readonly state: ViewerState;
  readonly slate: PlannedAd | undefined;
  readonly plans = new Map<AvailState, Map<string, PlannedAd>>();
  readonly layouts = new Map<AvailState, Item[]>();
  readonly cueIns = new Map<AvailState, number>();
  /** Origin media sequence numbers of the window's avail start markers, in order. */
  readonly startSignals: number[] = [];
  /**
   * Where `replacedBefore` stopped: the index of the first avail starting at or after `msn`, for
   * the avails as they were (their count and first one: avails are added and dropped in order).
   */
  readonly replacedMemo: { msn: number; index: number; length: number; first: AvailState | undefined } = {
    msn: Number.NEGATIVE_INFINITY,
    index: 0,
    length: -1,
    first: undefined,
  };
  /** Where `settledBefore` stopped, for the avails as they were, and whether they are in order. */
  readonly settled: {
    msn: number;
    index: number;
    length: number;
    first: AvailState | undefined;
    sorted: boolean;
  } = { msn: Number.NEGATIVE_INFINITY, index: 0, length: -1, first: undefined, sorted: true };
  /** Where `positionOf` stopped, for the avails and anchor it walked from. */
  readonly positionMemo: {
    avails: AvailState[] | undefined;
    length: number;
    first: AvailState | undefined;
    start: Anchor | undefined;
    msn: number;
    index: number;
    anchor: Anchor | undefined;
  } = {
    avails: undefined,
    length: -1,
    first: undefined,
    start: undefined,
    msn: Number.NEGATIVE_INFINITY,
    index: 0,
    anchor: undefined,
  };

  constructor(readonly input: LiveStitchInput) {
    const origin = input.origin;
    this.origin = origin;
    const segments = origin.segments;
    this.segments = segments;
    this.windowStartMsn = origin.mediaSequence;
    this.windowLength = segments.length;
    this.windowEndMsn = this.windowStartMsn + this.windowLength;
    this.options = input.options ?? {};
    this.endTolerance = this.options.endTolerance ?? 0.5;
    this.maxAvailDuration = this.options.maxAvailDuration ?? 300;
    this.targetDuration = origin.targetDuration;
    const discontinuitiesBefore: number[] = new Array(this.windowLength + 1);
    discontinuitiesBefore[0] = origin.discontinuitySequence;
    let hasMap = false;
    for (let i = 0; i < this.windowLength; i++) {
      const s = segments[i]!;
      discontinuitiesBefore[i + 1] = discontinuitiesBefore[i]! + (s.discontinuity ? 1 : 0);
      if (s.map !== undefined) hasMap = true;
    }
    this.originDiscontinuitiesBefore = discontinuitiesBefore;
    this.contentHasMap = hasMap;
    this.fresh = !input.state || this.windowEndMsn <= input.state.anchor.originMsn;
    if (input.state && this.fresh)
      this.issues.push({ message: 'origin went behind the viewer state; state reset' });
    if (this.fresh) {
      this.state = {
        anchor: {
          originMsn: this.windowStartMsn,
          outputMsn: this.windowStartMsn,
          outputDiscontinuitiesBefore: origin.discontinuitySequence,
          originDiscontinuitiesBefore: origin.discontinuitySequence,
          forcedDiscontinuity: 0,
          originDiscontinuity: 0,
        },
        originSeenUntilMsn: this.windowStartMsn,
        avails: [],
      };
      this.initSuppression(this.state);
    } else {
      this.state = cloneState(input.state!);
    }
    this.slate =
      input.slate && input.slate.length > 0 && this.eligible({ id: 'slate', segments: input.slate }, 'slate')
        ? { id: 'slate', segments: input.slate }
        : undefined;
  }

  initSuppression(state: ViewerState): void {
    const sup = this.options.suppression;
    if (!sup || sup.mode === 'off') return;
    const value = sup.value ?? 0;
    state.suppressionMode = sup.mode === 'behind-live-edge' ? 1 : 2;
    state.suppressionSeconds = value;
    if (sup.mode === 'behind-live-edge') {
      // first segment starting at or after (live edge - value)
      let remaining = 0;
      let suppressBefore = this.windowEndMsn;
      for (let i = this.windowLength - 1; i >= 0; i--) {
        remaining += this.segments[i]!.duration;
        if (remaining > value + EPS) break;
        suppressBefore = this.windowStartMsn + i;
      }
      state.suppressBeforeMsn = suppressBefore;
    } else {
      state.suppressBeforeMsn = this.windowEndMsn;
    }
  }

  suppressed(avail: AvailState): boolean {
    const state = this.state;
    if (state.suppressionMode === undefined || avail.preroll) return false;
    if (avail.startMsn < (state.suppressBeforeMsn ?? 0)) return true;
    if (state.suppressionMode === 2) {
      let secs = 0;
      for (let msn = state.suppressBeforeMsn ?? avail.startMsn; msn < avail.startMsn; msn++)
        secs += this.durationOf(msn);
      return secs < (state.suppressionSeconds ?? 0) - EPS;
    }
    return false;
  }

  eligible(ad: PlannedAd, what: string): boolean {
    if (ad.segments.length === 0) {
      this.issues.push({ message: `${what} ${ad.id} has no segments` });
      return false;
    }
    for (const s of ad.segments) {
      if (Math.round(s.duration) > this.targetDuration) {
        this.issues.push({
          message: `${what} ${ad.id} has a ${s.duration}s segment above the target duration ${this.targetDuration}`,
        });
        return false;
      }
      if ((s.map !== undefined) !== this.contentHasMap) {
        this.issues.push({ message: `${what} ${ad.id} does not match the content's container (TS vs fMP4)` });
        return false;
      }
    }
    return true;
  }

  availInfo(avail: AvailState): AvailInfo {
    const info: AvailInfo = { id: avail.id, startMsn: avail.startMsn, preroll: avail.preroll === 1 };
    if (avail.plannedDuration !== undefined) info.duration = avail.plannedDuration;
    return info;
  }

  planFor(avail: AvailState): Map<string, PlannedAd> {
    let byId = this.plans.get(avail);
    if (!byId) {
      byId = new Map();
      const plan = this.input.plan(this.availInfo(avail));
      for (const ad of plan?.ads ?? []) byId.set(ad.id, ad);
      this.plans.set(avail, byId);
    }
    return byId;
  }

  decide(avail: AvailState): void {
    if (this.suppressed(avail)) {
      avail.leftAsContent = 1;
      this.unstitchedReasons.set(avail, 'suppressed');
      return;
    }
    const plan = this.input.plan(this.availInfo(avail));
    if (!plan) {
      avail.leftAsContent = 1;
      this.unstitchedReasons.set(avail, 'no-plan');
      return;
    }
    const byId = new Map<string, PlannedAd>();
    let filled = 0;
    const overrun = this.options.overrunTolerance ?? 0;
    for (const ad of plan.ads) {
      byId.set(ad.id, ad);
      if (avail.adIds.includes(ad.id)) {
        this.issues.push({
          msn: avail.startMsn,
          message: `ad ${ad.id} appears twice in the plan of avail ${avail.id}; second skipped`,
        });
        continue;
      }
      if (!this.eligible(ad, 'ad')) continue;
      const d = adDuration(ad);
      if (avail.plannedDuration !== undefined && filled + d > avail.plannedDuration + overrun + EPS) {
        this.issues.push({
          msn: avail.startMsn,
          message: `ad ${ad.id} (${d}s) does not fit avail ${avail.id}; skipped`,
        });
        continue;
      }
      avail.adIds.push(ad.id);
      filled += d;
    }
    this.plans.set(avail, byId);
    const threshold = this.options.personalizationThreshold;
    if (
      avail.plannedDuration !== undefined &&
      threshold !== undefined &&
      avail.plannedDuration - filled > threshold + EPS
    ) {
      avail.leftAsContent = 1;
      avail.adIds = [];
      this.unstitchedReasons.set(avail, 'underfill');
      return;
    }
    if (avail.adIds.length === 0 && !this.slate) {
      avail.leftAsContent = 1;
      this.unstitchedReasons.set(avail, 'nothing-to-insert');
    }
  }

  setCueIn(avail: AvailState, msn: number) {
    if (avail.endMsn !== undefined || avail.preroll || msn <= avail.startMsn) return;
    const prev = this.cueIns.get(avail);
    if (prev === undefined || msn < prev) this.cueIns.set(avail, msn);
  }

  /**
   * Where the avails that matter at `msn` begin (the markers are read in origin order): the avails
   * before it are closed and end at or before `msn`, so none of them is open or covers `msn`, and
   * none starts after it. Each call resumes from the last (linear over a window), unless `msn`
   * went back or the avails are not in order of their start. 0 then: every avail.
   */
  settledBefore(msn: number): number {
    const avails = this.state.avails;
    const memo = this.settled;
    if (msn < memo.msn || memo.length !== avails.length || memo.first !== avails[0]) {
      memo.index = 0;
      memo.sorted = true;
      for (let k = 1; k < avails.length && memo.sorted; k++)
        memo.sorted = avails[k - 1]!.startMsn <= avails[k]!.startMsn;
    }
    memo.msn = msn;
    memo.length = avails.length;
    memo.first = avails[0];
    if (!memo.sorted) return 0;
    let k = memo.index;
    while (k < avails.length && avails[k]!.endMsn !== undefined && avails[k]!.endMsn! <= msn) k++;
    memo.index = k;
    return k;
  }

  tracked(msn: number) {
    const avails = this.state.avails;
    for (let k = this.settledBefore(msn); k < avails.length; k++) {
      const a = avails[k]!;
      if (a.startMsn > msn && this.settled.sorted) break;
      if (a.startMsn <= msn && (a.endMsn === undefined || msn < a.endMsn)) return a;
    }
    return undefined;
  }

  /** The first tracked avail that starts after `detected` does and before its end. */
  trackedWithin(detected: DetectedAvail) {
    const avails = this.state.avails;
    for (let k = this.settledBefore(detected.startMsn); k < avails.length; k++) {
      const a = avails[k]!;
      if (a.startMsn <= detected.startMsn) continue;
      if (detected.endMsn === undefined || a.startMsn < detected.endMsn) return a;
      // In order of start: past the first avail after this one's start, no other can be it.
      if (this.settled.sorted) break;
    }
    return undefined;
  }

  /** An avail end (CUE-IN...) with no start in the window: it ends the avail open before it. */
  orphanEnd(msn: number) {
    const avails = this.state.avails;
    for (let k = this.settledBefore(msn); k < avails.length; k++) {
      const a = avails[k]!;
      if (a.startMsn >= msn && this.settled.sorted) break;
      if (a.endMsn === undefined && a.startMsn < msn) {
        this.setCueIn(a, msn);
        return;
      }
    }
  }

  addDetected(detected: DetectedAvail) {
    const state = this.state;
    const avails = state.avails;
    // An avail still open from earlier (in this window or a previous one) may end before this one
    // starts: close it first, so that this start is not taken for a part of it.
    for (let k = this.settledBefore(detected.startMsn); k < avails.length; k++) {
      const a = avails[k]!;
      if (a.startMsn >= detected.startMsn && this.settled.sorted) break;
      if (a.endMsn === undefined && a.startMsn < detected.startMsn) this.advance(a, detected.startMsn);
    }
    const existing = this.tracked(detected.startMsn) ?? this.trackedWithin(detected);
    if (existing) {
      if (existing.preroll) {
        if (existing.startMsn <= detected.startMsn)
          this.issues.push({
            msn: detected.startMsn,
            message: `avail ${detected.id} starts during the pre-roll; ignored`,
          });
        return;
      }
      if (detected.endReason === 'cue-in' && detected.endMsn !== undefined)
        this.setCueIn(existing, detected.endMsn);
      return;
    }
    let start = detected.startMsn;
    let elapsed = detected.elapsedAtStart;
    const seenUntil = state.originSeenUntilMsn;
    if (start < seenUntil) {
      // Content before the frontier was already served as content: start the avail late.
      if (seenUntil >= this.windowEndMsn || (detected.endMsn !== undefined && seenUntil >= detected.endMsn))
        return;
      for (let msn = start; msn < seenUntil; msn++) elapsed += this.durationOf(msn);
      start = seenUntil;
      if (detected.duration !== undefined && elapsed >= detected.duration - this.endTolerance) return;
      if (state.avails.some((a) => a.endMsn === undefined || a.endMsn > start)) return;
    }
    const avail: AvailState = {
      id: detected.id,
      startMsn: start,
      originDiscontinuitiesBeforeStart: this.originDiscontinuitiesBefore[start - this.windowStartMsn]!,
      elapsedAtStart: elapsed,
      adIds: [],
      contentKnownUntilMsn: start,
      contentKnownSeconds: 0,
    };
    if (detected.duration !== undefined) avail.plannedDuration = Math.max(0, detected.duration - elapsed);
    this.decide(avail);
    state.avails.push(avail);
    state.avails.sort((x, y) => x.startMsn - y.startMsn);
    if (detected.endReason === 'cue-in' && detected.endMsn !== undefined)
      this.setCueIn(avail, detected.endMsn);
  }

  /**
   * Walks an open avail's content in origin order, up to `until` (the live edge, or where a later
   * avail starts), and closes the avail where it ends: at its CUE-IN, once its duration is covered,
   * or, when the playlist has ended (EXT-X-ENDLIST), at the end of the content.
   */
  advance(avail: AvailState, until: number): void {
    if (avail.endMsn !== undefined) return;
    const cueIn = this.cueIns.get(avail);
    const limit = avail.plannedDuration ?? Math.max(0, this.maxAvailDuration - avail.elapsedAtStart);
    let end: number | undefined;
    while (avail.contentKnownUntilMsn < this.windowEndMsn) {
      const msn = avail.contentKnownUntilMsn;
      if (cueIn !== undefined && msn >= cueIn) {
        end = cueIn;
        break;
      }
      if (msn > avail.startMsn && avail.contentKnownSeconds >= limit - this.endTolerance) {
        end = msn;
        break;
      }
      if (msn >= until) return;
      if (!this.inWindow(msn))
        this.issues.push({ msn, message: 'segment missed between refreshes; duration estimated' });
      avail.contentKnownSeconds += this.durationOf(msn);
      avail.contentKnownUntilMsn++;
    }
    if (end === undefined) {
      if (!this.origin.endList || until < this.windowEndMsn) return;
      end = this.windowEndMsn;
      this.endAtEndList(avail);
    }
    this.close(avail, end);
  }

  /**
   * The playlist ended while `avail` was open: it is filled to its declared duration when it has
   * one (ads, then slate), else it ends with the content. Reported.
   */
  endAtEndList(avail: AvailState): void {
    const planned = avail.plannedDuration;
    const known = avail.contentKnownSeconds;
    // Its declared end coincides with the end of the content: an ordinary end.
    if (planned !== undefined && known >= planned - this.endTolerance) return;
    const fill = planned ?? known;
    avail.endListFill = fill;
    if (avail.leftAsContent) return;
    this.issues.push({
      msn: avail.startMsn,
      message: `avail ${avail.id} still open at EXT-X-ENDLIST: ${
        planned !== undefined
          ? `filled to its declared ${formatDuration(planned)}s`
          : 'ended with the content'
      }`,
    });
  }

  /** Closes `avail` before origin segment `end` and fixes what it produces. */
  close(avail: AvailState, end: number): void {
    avail.endMsn = end;
    const index = end - this.windowStartMsn;
    avail.originDiscontinuitiesBeforeEnd =
      index >= 0 && index <= this.windowLength
        ? this.originDiscontinuitiesBefore[index]!
        : this.originDiscontinuitiesBefore[0]!;
    avail.endOriginDiscontinuity = this.inWindow(end) && this.segments[index]!.discontinuity ? 1 : 0;
    if (avail.leftAsContent) return;
    const items = this.layout(avail);
    avail.outputSegmentCount = items.length;
    avail.outputDiscontinuityCount = 0;
    for (const item of items) if (item.discontinuity) avail.outputDiscontinuityCount++;
    if (avail.outputSegmentCount === 0) {
      avail.leftAsContent = 1;
      this.unstitchedReasons.set(avail, 'empty');
    }
  }

  /**
   * The stitched avail whose end markers (CUE-IN, CUE-OUT-CONT, SCTE-35 IN...) must not reach the
   * viewer on content segment `msn`: the last avail starting before it, when it replaced the
   * content and is over.
   */
  replacedBefore(msn: number): AvailState | undefined {
    // The output asks in increasing order: resume where the last question stopped (linear).
    const avails = this.state.avails;
    const memo = this.replacedMemo;
    let k = msn >= memo.msn && memo.length === avails.length && memo.first === avails[0] ? memo.index : 0;
    while (k < avails.length && avails[k]!.startMsn < msn) k++;
    memo.msn = msn;
    memo.index = k;
    memo.length = avails.length;
    memo.first = avails[0];
    const last = k > 0 ? avails[k - 1] : undefined;
    if (!last || last.leftAsContent || last.endMsn === undefined || last.endMsn > msn) return undefined;
    // Past the start marker of another avail (one not tracked), the markers are that avail's:
    // the first start marker after the avail's (they are in order) comes before `msn`.
    const starts = this.startSignals;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! > last.startMsn) hi = mid;
      else lo = mid + 1;
    }
    if (lo < starts.length && starts[lo]! < msn) return undefined;
    return last;
  }

  layout(avail: AvailState): Item[] {
    const cached = this.layouts.get(avail);
    if (cached) return cached;
    const closed = avail.endMsn !== undefined;
    const bound =
      (closed
        ? (avail.endListFill ?? avail.contentKnownSeconds)
        : Math.min(avail.contentKnownSeconds, avail.plannedDuration ?? Number.POSITIVE_INFINITY)) + EPS;
    const items: Item[] = [];
    let laidOut = 0;
    let stopped = false;
    const ads = this.planFor(avail);
    for (const id of avail.adIds) {
      const ad = ads.get(id);
      if (!ad) {
        this.issues.push({
          msn: avail.startMsn,
          message: `ad ${id} of avail ${avail.id} is missing from the plan`,
        });
        continue;
      }
      const beacons = adSegmentBeacons(ad);
      for (let k = 0; k < ad.segments.length; k++) {
        const s = ad.segments[k]!;
        if (laidOut + s.duration > bound) {
          stopped = true;
          break;
        }
        laidOut += s.duration;
        const item: Item = {
          uri: s.uri,
          duration: s.duration,
          keys: s.keys ?? [],
          discontinuity: k === 0,
          endsAt: laidOut,
          adId: id,
        };
        if (s.map !== undefined) item.map = s.map;
        item.beacons = beacons[k]!;
        items.push(item);
      }
      if (stopped) break;
    }
    if (this.slate && (!stopped || closed)) {
      let k = 0;
      let first = true;
      for (;;) {
        const s = this.slate.segments[k]!;
        if (laidOut + s.duration > bound) break;
        laidOut += s.duration;
        const item: Item = {
          uri: s.uri,
          duration: s.duration,
          keys: s.keys ?? [],
          discontinuity: first || k === 0,
          endsAt: laidOut,
        };
        if (s.map !== undefined) item.map = s.map;
        items.push(item);
        first = false;
        k = (k + 1) % this.slate.segments.length;
        if (items.length > 10_000) break;
      }
    }
    if (items[0]) items[0].discontinuity = true;
    this.layouts.set(avail, items);
    return items;
  }

  /** Output position of origin segment `msn`, which has `originDiscontinuitiesBefore` before it. */
  positionOf(msn: number, originDiscontinuitiesBefore: number): OutputPosition {
    // Asked in increasing order by the output: resume from the avails already passed (what was
    // passed for a smaller msn is passed for this one too).
    const memo = this.positionMemo;
    const avails = this.state.avails;
    let anchor = this.state.anchor;
    let k = 0;
    if (
      memo.avails === avails &&
      memo.length === avails.length &&
      memo.first === avails[0] &&
      memo.start === anchor &&
      msn >= memo.msn
    ) {
      anchor = memo.anchor ?? anchor;
      k = memo.index;
    }
    for (; k < avails.length; k++) {
      const avail = avails[k]!;
      if (avail.startMsn >= msn) break;
      if (avail.leftAsContent) continue;
      if (avail.endMsn === undefined || avail.endMsn > msn) break;
      anchor = anchorAfter(anchor, avail);
    }
    memo.avails = avails;
    memo.length = avails.length;
    memo.first = avails[0];
    memo.start = this.state.anchor;
    memo.msn = msn;
    memo.index = k;
    memo.anchor = anchor;
    return {
      msn: anchor.outputMsn + (msn - anchor.originMsn),
      discontinuitySequence: outputDiscontinuitiesBefore(anchor, msn, originDiscontinuitiesBefore),
    };
  }

  /**
   * Whether content segment `msn` gets a discontinuity because it follows a stitched avail
   * (`stitchedEnds`: where stitched avails end, from `coverage`).
   */
  forced(msn: number, stitchedEnds: ReadonlySet<number>) {
    const anchor = this.state.anchor;
    return (msn === anchor.originMsn && anchor.forcedDiscontinuity === 1) || stitchedEnds.has(msn);
  }

  /**
   * For the output: the first stitched avail (in the avails' order) covering each window segment,
   * and where stitched avails end. Built once, so that the output walks the window once.
   */
  coverage(): { at: (AvailState | undefined)[]; ends: Set<number> } {
    const at: (AvailState | undefined)[] = new Array(this.windowLength);
    const ends = new Set<number>();
    const avails = this.state.avails;
    // Backwards: an earlier avail overwrites a later one, as a search from the first would find it.
    for (let k = avails.length - 1; k >= 0; k--) {
      const a = avails[k]!;
      if (a.leftAsContent) continue;
      if (a.endMsn !== undefined) ends.add(a.endMsn);
      const from = Math.max(a.startMsn, this.windowStartMsn);
      const to = Math.min(a.endMsn ?? this.windowEndMsn, this.windowEndMsn);
      for (let msn = from; msn < to; msn++) at[msn - this.windowStartMsn] = a;
    }
    return { at, ends };
  }

  inWindow(msn: number) {
    return msn >= this.windowStartMsn && msn < this.windowEndMsn;
  }

  /** Duration of origin segment `msn`; the target duration when it is outside the window. */
  durationOf(msn: number) {
    return this.inWindow(msn) ? this.segments[msn - this.windowStartMsn]!.duration : this.targetDuration;
  }
}

/** The origin's tags after its last segment, less the cue markers (and a replaced avail's end). */
function trailingTags(run: Run): Tag[] {
  const replaced = run.replacedBefore(run.windowEndMsn);
  return run.origin.trailingTags.filter(
    (t) => !t.name.startsWith('EXT-X-CUE') && !(replaced && isAvailEndMarker(t, replaced.id)),
  );
}

/**
 * Produces one viewer's media playlist for one rendition from the origin playlist, the viewer's
 * previous state and the ad plans. Pure and deterministic: the same inputs give the same output.
 */
export function stitchLive(input: LiveStitchInput): LiveStitchResult {
  const run = new Run(input);
  const state = run.state;
  // --- 1. markers -> tracked avails ---------------------------------------------------------
  const detection = detectAvails(run.origin, { endTolerance: run.endTolerance });
  run.issues.push(...detection.issues);
  for (const signal of detection.signals)
    if (signal.kind === 'out') run.startSignals.push(run.windowStartMsn + signal.index);

  if (run.fresh && run.options.preroll && run.options.preroll.duration > 0 && run.windowLength > 0) {
    let remaining = 0;
    let idx = 0;
    for (let i = run.windowLength - 1; i >= 0; i--) {
      remaining += run.segments[i]!.duration;
      if (remaining >= 3 * run.targetDuration - EPS) {
        idx = i;
        break;
      }
    }
    const start = run.windowStartMsn + idx;
    const overlaps = detection.avails.some((d) => d.endMsn === undefined || d.endMsn >= start);
    if (!overlaps) {
      const avail: AvailState = {
        id: 'preroll',
        startMsn: start,
        originDiscontinuitiesBeforeStart: run.originDiscontinuitiesBefore[idx]!,
        plannedDuration: run.options.preroll.duration,
        elapsedAtStart: 0,
        adIds: [],
        preroll: 1,
        contentKnownUntilMsn: start,
        contentKnownSeconds: 0,
      };
      run.decide(avail);
      state.avails.push(avail);
    }
  }

  // In origin order: an avail end must be known before a later avail start is looked at.
  const orphans = detection.orphanEnds;
  let o = 0;
  for (const detected of detection.avails) {
    while (o < orphans.length && orphans[o]!.msn <= detected.startMsn) run.orphanEnd(orphans[o++]!.msn);
    run.addDetected(detected);
  }
  while (o < orphans.length) run.orphanEnd(orphans[o++]!.msn);

  // --- 2. advance open avails and close them ----------------------------------------------
  for (const avail of state.avails) run.advance(avail, run.windowEndMsn);

  // --- 5. output ---------------------------------------------------------------------------
  const out: MediaSegment[] = [];
  const tracking: TrackedSegment[] = [];
  let first: OutputPosition | undefined;
  let next: OutputPosition | undefined;
  let msn = Math.max(run.windowStartMsn, state.anchor.originMsn);
  const coverage = run.coverage();
  while (msn < run.windowEndMsn) {
    const avail = coverage.at[msn - run.windowStartMsn];
    if (avail) {
      const items = run.layout(avail);
      // index of the first item still to play at `msn`
      let j = 0;
      /** Seconds of the avail's content before `msn`. */
      let offset = 0;
      if (msn > avail.startMsn) {
        offset = avail.contentKnownSeconds;
        for (let k = msn; k < avail.contentKnownUntilMsn; k++) offset -= run.durationOf(k);
        while (j < items.length && items[j]!.endsAt <= offset + EPS) j++;
      }
      // The break's program date-time, from the content it replaces: each ad or slate segment
      // carries it plus what plays before it (players and interstitials place by date).
      const pdt = run.segments[msn - run.windowStartMsn]!.programDateTime;
      const breakPdt = pdt === undefined ? undefined : pdt - offset * 1000;
      const base = run.positionOf(avail.startMsn, avail.originDiscontinuitiesBeforeStart);
      let discontinuitySequence = base.discontinuitySequence;
      for (let k = 0; k < j; k++) if (items[k]!.discontinuity) discontinuitySequence++;
      if (!first) first = { msn: base.msn + j, discontinuitySequence };
      for (let k = j; k < items.length; k++) {
        const item = items[k]!;
        const seg: MediaSegment = {
          uri: item.uri,
          duration: item.duration,
          title: '',
          discontinuity: item.discontinuity,
          keys: item.keys,
          tags: [],
        };
        if (item.map !== undefined) seg.map = item.map;
        if (breakPdt !== undefined) {
          seg.programDateTime = Math.round(breakPdt + (item.endsAt - item.duration) * 1000);
          seg.tags = [
            { name: 'EXT-X-PROGRAM-DATE-TIME', value: new Date(seg.programDateTime).toISOString() },
          ];
        }
        out.push(seg);
        if (item.adId !== undefined && item.beacons && item.beacons.length > 0) {
          tracking.push({
            msn: base.msn + k,
            uri: item.uri,
            availId: avail.id,
            adId: item.adId,
            beacons: item.beacons,
          });
        }
      }
      if (avail.endMsn === undefined) {
        let nextDiscontinuitySequence = discontinuitySequence;
        for (let k = j; k < items.length; k++) if (items[k]!.discontinuity) nextDiscontinuitySequence++;
        next = { msn: base.msn + items.length, discontinuitySequence: nextDiscontinuitySequence };
        break;
      }
      msn = avail.endMsn;
      continue;
    }
    const src = run.segments[msn - run.windowStartMsn]!;
    if (!first) first = run.positionOf(msn, run.originDiscontinuitiesBefore[msn - run.windowStartMsn]!);
    const isForced = run.forced(msn, coverage.ends);
    let tags: Tag[] = src.tags;
    const replaced = tags.length > 0 ? run.replacedBefore(msn) : undefined;
    if (replaced || isForced) {
      const id = replaced?.id;
      if (tags.some((t) => isAvailEndMarker(t, id))) tags = tags.filter((t) => !isAvailEndMarker(t, id));
    }
    if (isForced) {
      if (src.programDateTime !== undefined && !tags.some((t) => t.name === 'EXT-X-PROGRAM-DATE-TIME')) {
        tags = [
          { name: 'EXT-X-PROGRAM-DATE-TIME', value: new Date(src.programDateTime).toISOString() },
          ...tags,
        ];
      }
    }
    const seg: MediaSegment = { ...src, discontinuity: src.discontinuity || isForced, tags };
    // Renumbered: a key whose IV the player takes from the media sequence number gets it written.
    if (src.keys.length > 0 && first.msn + out.length !== msn) seg.keys = keysWithOriginalIv(src.keys, msn);
    out.push(seg);
    msn++;
  }
  const head =
    first ?? next ?? run.positionOf(run.windowEndMsn, run.originDiscontinuitiesBefore[run.windowLength]!);

  // --- 6. state upkeep ---------------------------------------------------------------------
  state.originSeenUntilMsn = Math.max(state.originSeenUntilMsn, run.windowEndMsn);
  // Avails closed more than a window's length behind are folded into the anchor.
  const keepFrom = run.windowStartMsn - run.windowLength;
  while (state.avails.length > 0) {
    const avail = state.avails[0]!;
    if (avail.endMsn === undefined || avail.endMsn >= keepFrom) break;
    if (!avail.leftAsContent) state.anchor = anchorAfter(state.anchor, avail);
    state.avails.shift();
  }

  const playlist: MediaPlaylist = {
    ...run.origin,
    mediaSequence: head.msn,
    discontinuitySequence: head.discontinuitySequence,
    hasDiscontinuitySequence: true,
    segments: out,
    trailingTags: trailingTags(run),
  };

  const avails: AvailReport[] = state.avails.map((avail) => {
    const report: AvailReport = {
      id: avail.id,
      startMsn: avail.startMsn,
      stitched: !avail.leftAsContent,
      ads: [...avail.adIds],
    };
    if (avail.endMsn !== undefined) report.endMsn = avail.endMsn;
    if (avail.endListFill !== undefined) report.closedAtEndList = true;
    const reason = run.unstitchedReasons.get(avail);
    if (reason) report.reason = reason;
    return report;
  });
  return { playlist, state, tracking, avails, issues: run.issues };
}
