/**
 * A playout channel's segments: the programme (schedule.ts) laid out in the segments of its
 * assets, with the ad breaks, as a pure function of time. Every process and every rendition
 * computes the same media sequence numbers, discontinuities and cue markers for the same instant.
 *
 * - Timing comes from one reference rendition per asset (the renditions of an asset are expected
 *   to be segment-aligned, as ABR ladders are): an item's slot is filled with its asset's
 *   segments from the start, looping when the asset is shorter than its slot, as long as a whole
 *   segment fits (the slot's last fraction of a segment is left out: no segment overlaps the
 *   next item). An asset that cannot be read fills its slot with the slate, or leaves it empty.
 * - A DISCONTINUITY precedes each item change and each loop of an asset.
 * - Without a slate, a break only marks the programme's segments that start inside it
 *   (EXT-X-CUE-OUT on the first, -CONT after, EXT-X-CUE-IN on the first after it): a stitcher
 *   replaces them. With a slate, the programme segments that overlap the break are dropped and
 *   the slate's segments fill it (as many as fit), between discontinuities.
 * - Media sequence numbers count segments from the programme's start. The slate changes the
 *   count at each break, so the totals before a break are kept per timeline (worked out once,
 *   then extended as time goes on).
 */
import { breakAt, cycleLength, type Programme } from './schedule.ts';

/** Segments in a playlist window (the demo origin's six: more than three target durations). */
export const WINDOW_SEGMENTS = 6;
/** Segments one round of the programme may hold (a bound on memory: 24 bytes each). */
export const MAX_CYCLE_SEGMENTS = 2_000_000;
const EPS = 1e-6;

export type SegmentSourceRef = { kind: 'item'; item: number; seg: number } | { kind: 'slate'; seg: number };

export interface CueMark {
  type: 'out' | 'cont' | 'in';
  /** Seconds of the break before this segment (cont). */
  elapsed: number;
  duration: number;
}

export interface ChannelSegment {
  msn: number;
  /** Seconds since the programme's start. */
  start: number;
  duration: number;
  source: SegmentSourceRef;
  discontinuity: boolean;
  cue?: CueMark;
}

export interface ChannelWindow {
  mediaSequence: number;
  discontinuitySequence: number;
  segments: ChannelSegment[];
}

export interface TimelineInput {
  programme: Programme;
  /** Per programme item: its asset's reference segment durations; null when it could not be read. */
  items: readonly (readonly number[] | null)[];
  /** The slate's reference segment durations; null without a (readable) slate. */
  slate: readonly number[] | null;
}

export class TimelineTooLarge extends Error {}

/** A segment before numbering; a break's slate segment knows its break and place in it. */
type Raw = Omit<ChannelSegment, 'msn' | 'discontinuity' | 'cue'> & { breakSlate?: { k: number; j: number } };

interface Fill {
  seg: number[];
  offset: number[];
  duration: number[];
  flag: boolean[];
}

/** Whole segments of `durations` (looped) that fit in `length` seconds; a flag where a loop starts. */
function fill(length: number, durations: readonly number[], limit: number): Fill {
  const out: Fill = { seg: [], offset: [], duration: [], flag: [] };
  const usable = durations.length > 0 && durations.every((d) => Number.isFinite(d) && d > 0);
  if (!usable) return out;
  let pos = 0;
  for (let j = 0; ; j++) {
    const seg = j % durations.length;
    const d = durations[seg]!;
    if (pos + d > length + EPS) break;
    if (out.seg.length >= limit) throw new TimelineTooLarge('the programme has too many segments to index');
    out.seg.push(seg);
    out.offset.push(pos);
    out.duration.push(d);
    out.flag.push(seg === 0);
    pos += d;
  }
  return out;
}

/** First index of a sorted array whose value is >= `value - EPS` (values before it are < value). */
function lowerBound(values: Float64Array, value: number, n: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value - EPS) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface BreakTotals {
  lo: number;
  hi: number;
  /** Media sequence numbers the break adds (slate segments minus dropped programme segments). */
  msn: number;
  /** Discontinuity tags it adds before `hi` (slate tags minus dropped programme tags). */
  disc: number;
  /** 1 when the programme segment after it gets a tag it would not have had. */
  forced: number;
}

export class Timeline {
  readonly programme: Programme;
  /** Segments per round of the programme, and the round's length in seconds. */
  readonly count: number;
  readonly cycle: number;
  private readonly starts: Float64Array;
  private readonly durations: Float64Array;
  private readonly itemOf: Int32Array;
  private readonly segOf: Int32Array;
  private readonly slateFilled: Uint8Array;
  /** discBefore[j]: tagged segments among the round's first j. */
  private readonly discBefore: Int32Array;
  private readonly slateBreak: Fill | null;
  /** Longest segment anywhere (seconds). */
  readonly maxDuration: number;
  /** Totals per break (index k - 1), and their running sums (index k: breaks 1..k). */
  private readonly breaks: BreakTotals[] = [];
  private readonly sums: { msn: number; disc: number; forced: number }[] = [{ msn: 0, disc: 0, forced: 0 }];

  constructor(input: TimelineInput) {
    const { programme } = input;
    this.programme = programme;
    this.cycle = cycleLength(programme);
    const parts: (Fill & { item: number; slotStart: number; slate: boolean })[] = [];
    let slotStart = 0;
    let total = 0;
    programme.items.forEach((item, index) => {
      const own = input.items[index] ?? null;
      const source = own ?? input.slate;
      const part = source ? fill(item.duration, source, MAX_CYCLE_SEGMENTS - total) : fill(0, [], 0);
      total += part.seg.length;
      parts.push({ ...part, item: index, slotStart, slate: own === null });
      slotStart += item.duration;
    });
    this.count = total;
    this.starts = new Float64Array(total);
    this.durations = new Float64Array(total);
    this.itemOf = new Int32Array(total);
    this.segOf = new Int32Array(total);
    this.slateFilled = new Uint8Array(total);
    this.discBefore = new Int32Array(total + 1);
    const flags = new Uint8Array(total);
    let j = 0;
    let max = 0;
    for (const part of parts) {
      part.seg.forEach((seg, i) => {
        this.starts[j] = part.slotStart + part.offset[i]!;
        this.durations[j] = part.duration[i]!;
        this.itemOf[j] = part.item;
        this.segOf[j] = seg;
        this.slateFilled[j] = part.slate ? 1 : 0;
        // An item's first segment, and each loop of its asset.
        flags[j] = i === 0 || part.flag[i] ? 1 : 0;
        max = Math.max(max, part.duration[i]!);
        j++;
      });
    }
    for (let i = 0; i < total; i++) this.discBefore[i + 1] = this.discBefore[i]! + flags[i]!;
    const breaksOn = programme.breakEvery > 0 && programme.breakLength > 0;
    const slateBreak =
      breaksOn && input.slate ? fill(programme.breakLength, input.slate, MAX_CYCLE_SEGMENTS) : null;
    this.slateBreak = slateBreak && slateBreak.seg.length > 0 ? slateBreak : null;
    for (const d of this.slateBreak?.duration ?? []) max = Math.max(max, d);
    this.maxDuration = max;
  }

  /** Whether breaks are filled with the slate (else they are marked on the programme). */
  get slateBreaks(): boolean {
    return this.slateBreak !== null;
  }

  // ---- the programme's own segments (global index g, from the programme's start) ----

  private startOf(g: number): number {
    const round = Math.floor(g / this.count);
    return round * this.cycle + this.starts[g - round * this.count]!;
  }

  private durationOf(g: number): number {
    return this.durations[g % this.count]!;
  }

  /** Programme segments starting before position `p`. */
  private before(p: number): number {
    if (p <= 0 || this.count === 0) return 0;
    const round = Math.floor(p / this.cycle);
    return round * this.count + lowerBound(this.starts, p - round * this.cycle, this.count);
  }

  /** The programme's own DISCONTINUITY tags on segments before g (the very first has none). */
  private programmeDiscBefore(g: number): number {
    if (g <= 0) return 0;
    const round = Math.floor(g / this.count);
    return round * this.discBefore[this.count]! + this.discBefore[g - round * this.count]! - 1;
  }

  private programmeFlag(g: number): boolean {
    return this.programmeDiscBefore(g + 1) - this.programmeDiscBefore(g) === 1;
  }

  // ---- breaks filled with the slate ----

  /** Break k's totals (k >= 1), working out the earlier ones first (each once per timeline). */
  private breakTotals(k: number): BreakTotals {
    const slate = this.slateBreak!;
    const { breakEvery: every, breakLength: length } = this.programme;
    for (let i = this.breaks.length + 1; i <= k; i++) {
      const at = i * every;
      const first = this.before(at);
      const straddles = first > 0 && this.startOf(first - 1) + this.durationOf(first - 1) > at + EPS;
      const previousHi = this.breaks[i - 2]?.hi ?? 0;
      const lo = Math.max(straddles ? first - 1 : first, previousHi);
      const hi = Math.max(this.before(at + length), lo);
      const slateTags = slate.flag.filter(Boolean).length;
      const totals: BreakTotals = {
        lo,
        hi,
        msn: slate.seg.length - (hi - lo),
        disc: slateTags - (this.programmeDiscBefore(hi) - this.programmeDiscBefore(lo)),
        forced: this.programmeFlag(hi) ? 0 : 1,
      };
      this.breaks.push(totals);
      const sum = this.sums[i - 1]!;
      this.sums.push({
        msn: sum.msn + totals.msn,
        disc: sum.disc + totals.disc,
        forced: sum.forced + totals.forced,
      });
    }
    return this.breaks[k - 1]!;
  }

  /** The last break whose dropped range ends at or before programme segment g (0: none). */
  private breaksBefore(g: number): number {
    if (!this.slateBreak) return 0;
    let k = Math.floor(this.startOf(g) / this.programme.breakEvery) + 1;
    while (k >= 1 && this.breakTotals(k).hi > g) k--;
    return k;
  }

  /** Whether programme segment g is replaced by a break's slate. */
  private dropped(g: number): boolean {
    if (!this.slateBreak) return false;
    const k = Math.floor(this.startOf(g) / this.programme.breakEvery);
    for (const i of [k, k + 1]) {
      if (i < 1) continue;
      const { lo, hi } = this.breakTotals(i);
      if (g >= lo && g < hi) return true;
    }
    return false;
  }

  // ---- the window ----

  /** The last WINDOW_SEGMENTS segments ended by position `now` (seconds since the programme's start). */
  window(now: number): ChannelWindow {
    const empty: ChannelWindow = { mediaSequence: 0, discontinuitySequence: 0, segments: [] };
    if (now <= 0 || (this.count === 0 && !this.slateBreak)) return empty;
    let lookback = Math.max(1, this.maxDuration) * (WINDOW_SEGMENTS + 2) + this.programme.breakLength;
    for (let attempt = 0; attempt < 6; attempt++) {
      const from = Math.max(0, now - lookback);
      const found = this.between(from, now);
      if (found.length >= WINDOW_SEGMENTS || from === 0 || attempt === 5) {
        const segments = found.slice(-WINDOW_SEGMENTS);
        if (segments.length === 0) return empty;
        return this.numbered(segments);
      }
      lookback *= 4;
    }
    return empty;
  }

  /** Every segment that starts at or after `from` and ends by `to`, in order, without numbers. */
  private between(from: number, to: number): Raw[] {
    const out: Raw[] = [];
    if (this.count > 0) {
      for (let g = this.before(from); ; g++) {
        const start = this.startOf(g);
        const duration = this.durationOf(g);
        if (start + duration > to + EPS) break;
        if (this.dropped(g)) continue;
        const j = g % this.count;
        const source: SegmentSourceRef = this.slateFilled[j]
          ? { kind: 'slate', seg: this.segOf[j]! }
          : { kind: 'item', item: this.itemOf[j]!, seg: this.segOf[j]! };
        out.push({ start, duration, source });
      }
    }
    const slate = this.slateBreak;
    if (slate) {
      const every = this.programme.breakEvery;
      for (
        let k = Math.max(1, Math.floor((from - this.programme.breakLength) / every));
        k * every < to;
        k++
      ) {
        slate.seg.forEach((seg, j) => {
          const start = k * every + slate.offset[j]!;
          const duration = slate.duration[j]!;
          if (start >= from - EPS && start + duration <= to + EPS)
            out.push({ start, duration, source: { kind: 'slate', seg }, breakSlate: { k, j } });
        });
      }
      out.sort((a, b) => a.start - b.start);
    }
    return out;
  }

  /** Numbers a run of consecutive segments, with their tags. */
  private numbered(run: Raw[]): ChannelWindow {
    const first = run[0]!;
    const place = this.placeOf(first);
    const segments = run.map((segment, i) => {
      const marks = this.marksOf(segment, i === 0 ? undefined : run[i - 1]);
      const { breakSlate: _, ...plain } = segment;
      return { ...plain, msn: place.msn + i, ...marks };
    });
    // A tag on the first segment stays on it; the sequence counts the ones before it.
    return { mediaSequence: place.msn, discontinuitySequence: place.discBefore, segments };
  }

  /** Where a segment is among all the channel's segments: its number, and the tags before it. */
  private placeOf(segment: Raw): { msn: number; discBefore: number } {
    const inSlateBreak = this.slateBreakAt(segment);
    if (inSlateBreak) {
      const { k, j } = inSlateBreak;
      const totals = this.breakTotals(k);
      const sum = this.sums[k - 1]!;
      const slateTags = this.slateBreak!.flag.slice(0, j).filter(Boolean).length;
      return {
        msn: totals.lo + sum.msn + j,
        discBefore: this.programmeDiscBefore(totals.lo) + sum.disc + sum.forced + slateTags,
      };
    }
    const g = this.before(segment.start + EPS * 2) - 1;
    const k = this.breaksBefore(g);
    const sum = this.sums[k]!;
    const ownForced = k >= 1 && this.breaks[k - 1]!.hi === g ? this.breaks[k - 1]!.forced : 0;
    return { msn: g + sum.msn, discBefore: this.programmeDiscBefore(g) + sum.disc + sum.forced - ownForced };
  }

  /** The break and slate segment index of a segment that is a break's slate, else null. */
  private slateBreakAt(segment: Raw): { k: number; j: number } | null {
    return segment.breakSlate ?? null;
  }

  /** A segment's DISCONTINUITY and cue marker, given the segment before it (if in the run). */
  private marksOf(segment: Raw, previous: Raw | undefined): { discontinuity: boolean; cue?: CueMark } {
    const length = this.programme.breakLength;
    const slateBreak = this.slateBreakAt(segment);
    if (slateBreak) {
      const offset = this.slateBreak!.offset[slateBreak.j]!;
      return {
        discontinuity: this.slateBreak!.flag[slateBreak.j]!,
        cue: { type: slateBreak.j === 0 ? 'out' : 'cont', elapsed: offset, duration: length },
      };
    }
    const g = this.before(segment.start + EPS * 2) - 1;
    if (this.slateBreak) {
      const k = this.breaksBefore(g);
      const after = k >= 1 && this.breakTotals(k).hi === g;
      return {
        discontinuity: after || this.programmeFlag(g),
        ...(after ? { cue: { type: 'in' as const, elapsed: length, duration: length } } : {}),
      };
    }
    const discontinuity = this.programmeFlag(g);
    const brk = breakAt(this.programme, segment.start);
    if (brk) {
      const previousStart = previous?.start ?? (g > 0 ? this.startOf(g - 1) : -1);
      const startsBreak = previousStart < brk.start - EPS;
      const elapsed = segment.start - brk.start;
      return { discontinuity, cue: { type: startsBreak ? 'out' : 'cont', elapsed, duration: length } };
    }
    const previousStart = previous?.start ?? (g > 0 ? this.startOf(g - 1) : -1);
    const previousBreak = previousStart >= 0 ? breakAt(this.programme, previousStart) : null;
    return previousBreak
      ? { discontinuity, cue: { type: 'in', elapsed: length, duration: length } }
      : { discontinuity };
  }
}
