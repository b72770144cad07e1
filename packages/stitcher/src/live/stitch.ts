import { type AdPlan, type AdSegment, adDuration, type PlannedAd } from '../ads.ts';
import type { MediaPlaylist, MediaSegment, Tag } from '../hls/types.ts';
import { type DetectedAvail, detectAvails, type MarkerIssue } from '../markers/detect.ts';
import { adSegmentBeacons, type DueBeacon, type TrackedSegment } from '../tracking/plan.ts';
import type { AvailState, ViewerState } from './state.ts';

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
}

export interface LiveStitchResult {
  playlist: MediaPlaylist;
  state: ViewerState;
  tracking: TrackedSegment[];
  avails: AvailReport[];
  issues: (MarkerIssue | StitchIssue)[];
}

interface Item {
  uri: string;
  duration: number;
  map?: string;
  keys: string[];
  disc: boolean;
  end: number;
  adId?: string;
  beacons?: DueBeacon[];
}

const EPS = 1e-3;

interface Anchor {
  c: number;
  o: number;
  d: number;
  dc: number;
  f: 0 | 1;
  fc: 0 | 1;
}

function cloneState(s: ViewerState): ViewerState {
  return { ...s, a: s.a.map((a) => ({ ...a, ads: [...a.ads] })) };
}

const dOut = (A: Anchor, m: number, dorig: number): number =>
  m === A.c ? A.d : A.d + (dorig - A.dc) + (A.f ? 1 - A.fc : 0);

/** One stitching call. A class rather than closures: no per-call function allocation. */
class Run {
  readonly origin: MediaPlaylist;
  readonly segs: MediaSegment[];
  readonly w0: number;
  readonly N: number;
  readonly wEnd: number;
  readonly opts: LiveOptions;
  readonly tol: number;
  readonly maxAvail: number;
  readonly td: number;
  readonly issues: (MarkerIssue | StitchIssue)[] = [];
  readonly reports = new Map<AvailState, AvailReport['reason']>();
  readonly dOrig: number[];
  readonly contentHasMap: boolean;
  readonly fresh: boolean;
  readonly st: ViewerState;
  readonly slate: PlannedAd | undefined;
  readonly plans = new Map<AvailState, Map<string, PlannedAd>>();
  readonly layouts = new Map<AvailState, Item[]>();
  readonly cueIns = new Map<AvailState, number>();

  constructor(readonly input: LiveStitchInput) {
    const origin = input.origin;
    this.origin = origin;
    const segs = origin.segments;
    this.segs = segs;
    this.w0 = origin.mediaSequence;
    this.N = segs.length;
    this.wEnd = this.w0 + this.N;
    this.opts = input.options ?? {};
    this.tol = this.opts.endTolerance ?? 0.5;
    this.maxAvail = this.opts.maxAvailDuration ?? 300;
    this.td = origin.targetDuration;
    const dOrig: number[] = new Array(this.N + 1);
    dOrig[0] = origin.discontinuitySequence;
    let hasMap = false;
    for (let i = 0; i < this.N; i++) {
      const s = segs[i]!;
      dOrig[i + 1] = dOrig[i]! + (s.discontinuity ? 1 : 0);
      if (s.map !== undefined) hasMap = true;
    }
    this.dOrig = dOrig;
    this.contentHasMap = hasMap;
    this.fresh = !input.state || this.wEnd <= input.state.c;
    if (input.state && this.fresh)
      this.issues.push({ message: 'origin went behind the viewer state; state reset' });
    if (this.fresh) {
      this.st = {
        v: 1,
        c: this.w0,
        o: this.w0,
        d: origin.discontinuitySequence,
        dc: origin.discontinuitySequence,
        f: 0,
        fc: 0,
        fr: this.w0,
        a: [],
      };
      this.initSuppression(this.st);
    } else {
      this.st = cloneState(input.state!);
    }
    this.slate =
      input.slate && input.slate.length > 0 && this.eligible({ id: 'slate', segments: input.slate }, 'slate')
        ? { id: 'slate', segments: input.slate }
        : undefined;
  }

  initSuppression(s: ViewerState): void {
    const sup = this.opts.suppression;
    if (!sup || sup.mode === 'off') return;
    const value = sup.value ?? 0;
    s.sm = sup.mode === 'behind-live-edge' ? 1 : 2;
    s.sv = value;
    if (sup.mode === 'behind-live-edge') {
      // first segment starting at or after (live edge - value)
      let remaining = 0;
      let sb = this.wEnd;
      for (let i = this.N - 1; i >= 0; i--) {
        remaining += this.segs[i]!.duration;
        if (remaining > value + EPS) break;
        sb = this.w0 + i;
      }
      s.sb = sb;
    } else {
      s.sb = this.wEnd;
    }
  }

  suppressed(a: AvailState): boolean {
    if (this.st.sm === undefined || a.pr) return false;
    if (a.s < (this.st.sb ?? 0)) return true;
    if (this.st.sm === 2) {
      let secs = 0;
      for (let m = this.st.sb ?? a.s; m < a.s; m++) secs += this.durOf(m);
      return secs < (this.st.sv ?? 0) - EPS;
    }
    return false;
  }

  eligible(ad: PlannedAd, what: string): boolean {
    if (ad.segments.length === 0) {
      this.issues.push({ message: `${what} ${ad.id} has no segments` });
      return false;
    }
    for (const s of ad.segments) {
      if (Math.round(s.duration) > this.td) {
        this.issues.push({
          message: `${what} ${ad.id} has a ${s.duration}s segment above the target duration ${this.td}`,
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

  planFor(a: AvailState): Map<string, PlannedAd> {
    let m = this.plans.get(a);
    if (!m) {
      m = new Map();
      const info: AvailInfo = { id: a.i, startMsn: a.s, preroll: a.pr === 1 };
      if (a.du !== undefined) info.duration = a.du;
      const p = this.input.plan(info);
      for (const ad of p?.ads ?? []) m.set(ad.id, ad);
      this.plans.set(a, m);
    }
    return m;
  }

  decide(a: AvailState): void {
    if (this.suppressed(a)) {
      a.x = 1;
      this.reports.set(a, 'suppressed');
      return;
    }
    const info: AvailInfo = { id: a.i, startMsn: a.s, preroll: a.pr === 1 };
    if (a.du !== undefined) info.duration = a.du;
    const plan = this.input.plan(info);
    if (!plan) {
      a.x = 1;
      this.reports.set(a, 'no-plan');
      return;
    }
    const byId = new Map<string, PlannedAd>();
    let filled = 0;
    const overrun = this.opts.overrunTolerance ?? 0;
    for (const ad of plan.ads) {
      byId.set(ad.id, ad);
      if (a.ads.includes(ad.id)) {
        this.issues.push({
          msn: a.s,
          message: `ad ${ad.id} appears twice in the plan of avail ${a.i}; second skipped`,
        });
        continue;
      }
      if (!this.eligible(ad, 'ad')) continue;
      const d = adDuration(ad);
      if (a.du !== undefined && filled + d > a.du + overrun + EPS) {
        this.issues.push({ msn: a.s, message: `ad ${ad.id} (${d}s) does not fit avail ${a.i}; skipped` });
        continue;
      }
      a.ads.push(ad.id);
      filled += d;
    }
    this.plans.set(a, byId);
    const threshold = this.opts.personalizationThreshold;
    if (a.du !== undefined && threshold !== undefined && a.du - filled > threshold + EPS) {
      a.x = 1;
      a.ads = [];
      this.reports.set(a, 'underfill');
      return;
    }
    if (a.ads.length === 0 && !this.slate) {
      a.x = 1;
      this.reports.set(a, 'nothing-to-insert');
    }
  }

  setCueIn(a: AvailState, m: number) {
    if (a.e !== undefined || a.pr || m <= a.s) return;
    const prev = this.cueIns.get(a);
    if (prev === undefined || m < prev) this.cueIns.set(a, m);
  }

  tracked(m: number) {
    return this.st.a.find((a) => a.s <= m && (a.e === undefined || m < a.e));
  }

  addDetected(d: DetectedAvail) {
    const t =
      this.tracked(d.startMsn) ??
      this.st.a.find((a) => a.s > d.startMsn && (d.endMsn === undefined || a.s < d.endMsn));
    if (t) {
      if (t.pr) {
        if (t.s <= d.startMsn)
          this.issues.push({ msn: d.startMsn, message: `avail ${d.id} starts during the pre-roll; ignored` });
        return;
      }
      if (d.endReason === 'cue-in' && d.endMsn !== undefined) this.setCueIn(t, d.endMsn);
      return;
    }
    let start = d.startMsn;
    let elapsed = d.elapsedAtStart;
    if (start < this.st.fr) {
      // Content before the frontier was already served as content: start the avail late.
      if (this.st.fr >= this.wEnd || (d.endMsn !== undefined && this.st.fr >= d.endMsn)) return;
      for (let m = start; m < this.st.fr; m++) elapsed += this.durOf(m);
      start = this.st.fr;
      if (d.duration !== undefined && elapsed >= d.duration - this.tol) return;
      if (this.st.a.some((a) => a.e === undefined || a.e > start)) return;
    }
    const a: AvailState = {
      i: d.id,
      s: start,
      ds: this.dOrig[start - this.w0]!,
      p: elapsed,
      ads: [],
      tc: start,
      t: 0,
    };
    if (d.duration !== undefined) a.du = Math.max(0, d.duration - elapsed);
    this.decide(a);
    this.st.a.push(a);
    this.st.a.sort((x, y) => x.s - y.s);
    if (d.endReason === 'cue-in' && d.endMsn !== undefined) this.setCueIn(a, d.endMsn);
  }

  layout(a: AvailState): Item[] {
    const cached = this.layouts.get(a);
    if (cached) return cached;
    const closed = a.e !== undefined;
    const bound = (closed ? a.t : Math.min(a.t, a.du ?? Number.POSITIVE_INFINITY)) + EPS;
    const items: Item[] = [];
    let cum = 0;
    let stopped = false;
    const ads = this.planFor(a);
    for (const id of a.ads) {
      const ad = ads.get(id);
      if (!ad) {
        this.issues.push({ msn: a.s, message: `ad ${id} of avail ${a.i} is missing from the plan` });
        continue;
      }
      const beacons = adSegmentBeacons(ad);
      for (let k = 0; k < ad.segments.length; k++) {
        const s = ad.segments[k]!;
        if (cum + s.duration > bound) {
          stopped = true;
          break;
        }
        cum += s.duration;
        const it: Item = {
          uri: s.uri,
          duration: s.duration,
          keys: s.keys ?? [],
          disc: k === 0,
          end: cum,
          adId: id,
        };
        if (s.map !== undefined) it.map = s.map;
        it.beacons = beacons[k]!;
        items.push(it);
      }
      if (stopped) break;
    }
    if (this.slate && (!stopped || closed)) {
      let k = 0;
      let first = true;
      for (;;) {
        const s = this.slate.segments[k]!;
        if (cum + s.duration > bound) break;
        cum += s.duration;
        const it: Item = {
          uri: s.uri,
          duration: s.duration,
          keys: s.keys ?? [],
          disc: first || k === 0,
          end: cum,
        };
        if (s.map !== undefined) it.map = s.map;
        items.push(it);
        first = false;
        k = (k + 1) % this.slate.segments.length;
        if (items.length > 10_000) break;
      }
    }
    if (items[0]) items[0].disc = true;
    this.layouts.set(a, items);
    return items;
  }

  positionOf(m: number, dorig: number): { msn: number; d: number } {
    let A: Anchor = {
      c: this.st.c,
      o: this.st.o,
      d: this.st.d,
      dc: this.st.dc,
      f: this.st.f,
      fc: this.st.fc,
    };
    for (const a of this.st.a) {
      if (a.s >= m) break;
      if (a.x) continue;
      if (a.e === undefined || a.e > m) break;
      const so = A.o + (a.s - A.c);
      const sd = dOut(A, a.s, a.ds);
      A = { c: a.e, o: so + a.n!, d: sd + a.nd!, dc: a.de!, f: 1, fc: a.fe! };
    }
    return { msn: A.o + (m - A.c), d: dOut(A, m, dorig) };
  }

  forced(m: number) {
    return (m === this.st.c && this.st.f === 1) || this.st.a.some((a) => !a.x && a.e === m);
  }

  inWin(m: number) {
    return m >= this.w0 && m < this.wEnd;
  }

  durOf(m: number) {
    return this.inWin(m) ? this.segs[m - this.w0]!.duration : this.td;
  }
}

/**
 * Produces one viewer's media playlist for one rendition from the origin playlist, the viewer's
 * previous state and the ad plans. Pure and deterministic: the same inputs give the same output.
 */
export function stitchLive(input: LiveStitchInput): LiveStitchResult {
  const r = new Run(input);
  // --- 1. markers -> r.tracked avails ---------------------------------------------------------
  const det = detectAvails(r.origin, { endTolerance: r.tol });
  r.issues.push(...det.issues);

  if (r.fresh && r.opts.preroll && r.opts.preroll.duration > 0 && r.N > 0) {
    let remaining = 0;
    let idx = 0;
    for (let i = r.N - 1; i >= 0; i--) {
      remaining += r.segs[i]!.duration;
      if (remaining >= 3 * r.td - EPS) {
        idx = i;
        break;
      }
    }
    const start = r.w0 + idx;
    const overlaps = det.avails.some((d) => d.endMsn === undefined || d.endMsn >= start);
    if (!overlaps) {
      const a: AvailState = {
        i: 'preroll',
        s: start,
        ds: r.dOrig[idx]!,
        du: r.opts.preroll.duration,
        p: 0,
        ads: [],
        pr: 1,
        tc: start,
        t: 0,
      };
      r.decide(a);
      r.st.a.push(a);
    }
  }

  for (const d of det.avails) r.addDetected(d);
  for (const o of det.orphanEnds) {
    const t = r.st.a.find((a) => a.e === undefined && a.s < o.msn);
    if (t) r.setCueIn(t, o.msn);
  }

  // --- 2. advance open avails and close them ----------------------------------------------
  for (const a of r.st.a) {
    if (a.e !== undefined) continue;
    const cueIn = r.cueIns.get(a);
    const limit = a.du ?? Math.max(0, r.maxAvail - a.p);
    let end: number | undefined;
    while (a.tc < r.wEnd) {
      if (cueIn !== undefined && a.tc >= cueIn) {
        end = cueIn;
        break;
      }
      if (a.tc > a.s && a.t >= limit - r.tol) {
        end = a.tc;
        break;
      }
      if (!r.inWin(a.tc))
        r.issues.push({ msn: a.tc, message: 'segment missed between refreshes; duration estimated' });
      a.t += r.durOf(a.tc);
      a.tc++;
    }
    if (end === undefined) continue;
    a.e = end;
    a.de = r.inWin(end) ? r.dOrig[end - r.w0]! : r.dOrig[0]!;
    a.fe = r.inWin(end) && r.segs[end - r.w0]!.discontinuity ? 1 : 0;
    if (a.x) continue;
    const items = r.layout(a);
    a.n = items.length;
    a.nd = 0;
    for (const it of items) if (it.disc) a.nd++;
    if (a.n === 0) {
      a.x = 1;
      r.reports.set(a, 'empty');
    }
  }

  // --- 5. output ---------------------------------------------------------------------------
  const out: MediaSegment[] = [];
  const tracking: TrackedSegment[] = [];
  let first: { msn: number; d: number } | undefined;
  let next: { msn: number; d: number } | undefined;
  let m = Math.max(r.w0, r.st.c);
  while (m < r.wEnd) {
    const a = r.st.a.find((x) => !x.x && x.s <= m && (x.e === undefined || m < x.e));
    if (a) {
      const items = r.layout(a);
      let j = 0;
      if (m > a.s) {
        let off = a.t;
        for (let k = m; k < a.tc; k++) off -= r.durOf(k);
        while (j < items.length && items[j]!.end <= off + EPS) j++;
      }
      const base = r.positionOf(a.s, a.ds);
      let d = base.d;
      for (let k = 0; k < j; k++) if (items[k]!.disc) d++;
      if (!first) first = { msn: base.msn + j, d };
      for (let k = j; k < items.length; k++) {
        const it = items[k]!;
        const seg: MediaSegment = {
          uri: it.uri,
          duration: it.duration,
          title: '',
          discontinuity: it.disc,
          keys: it.keys,
          tags: [],
        };
        if (it.map !== undefined) seg.map = it.map;
        out.push(seg);
        if (it.adId !== undefined && it.beacons && it.beacons.length > 0) {
          tracking.push({ msn: base.msn + k, uri: it.uri, availId: a.i, adId: it.adId, beacons: it.beacons });
        }
      }
      if (a.e === undefined) {
        let dNext = d;
        for (let k = j; k < items.length; k++) if (items[k]!.disc) dNext++;
        next = { msn: base.msn + items.length, d: dNext };
        break;
      }
      m = a.e;
      continue;
    }
    const src = r.segs[m - r.w0]!;
    if (!first) first = r.positionOf(m, r.dOrig[m - r.w0]!);
    const isForced = r.forced(m);
    let tags: Tag[] = src.tags;
    if (isForced) {
      tags = src.tags.filter((t) => t.name !== 'EXT-X-CUE-IN');
      if (src.programDateTime !== undefined && !tags.some((t) => t.name === 'EXT-X-PROGRAM-DATE-TIME')) {
        tags = [
          { name: 'EXT-X-PROGRAM-DATE-TIME', value: new Date(src.programDateTime).toISOString() },
          ...tags,
        ];
      }
    }
    const seg: MediaSegment = { ...src, discontinuity: src.discontinuity || isForced, tags };
    out.push(seg);
    m++;
  }
  const head = first ?? next ?? r.positionOf(r.wEnd, r.dOrig[r.N]!);

  // --- 6. state upkeep ---------------------------------------------------------------------
  r.st.fr = Math.max(r.st.fr, r.wEnd);
  const keepFrom = r.w0 - r.N;
  while (r.st.a.length > 0) {
    const a = r.st.a[0]!;
    if (a.e === undefined || a.e >= keepFrom) break;
    if (!a.x) {
      const A: Anchor = { c: r.st.c, o: r.st.o, d: r.st.d, dc: r.st.dc, f: r.st.f, fc: r.st.fc };
      const so = A.o + (a.s - A.c);
      const sd = dOut(A, a.s, a.ds);
      r.st.c = a.e;
      r.st.o = so + a.n!;
      r.st.d = sd + a.nd!;
      r.st.dc = a.de!;
      r.st.f = 1;
      r.st.fc = a.fe!;
    }
    r.st.a.shift();
  }

  const playlist: MediaPlaylist = {
    ...r.origin,
    mediaSequence: head.msn,
    discontinuitySequence: head.d,
    hasDiscontinuitySequence: true,
    segments: out,
    trailingTags: r.origin.trailingTags.filter((t) => !t.name.startsWith('EXT-X-CUE')),
  };

  const avails: AvailReport[] = r.st.a.map((a) => {
    const rep: AvailReport = { id: a.i, startMsn: a.s, stitched: !a.x, ads: [...a.ads] };
    if (a.e !== undefined) rep.endMsn = a.e;
    const reason = r.reports.get(a);
    if (reason) rep.reason = reason;
    return rep;
  });
  return { playlist, state: r.st, tracking, avails, issues: r.issues };
}
