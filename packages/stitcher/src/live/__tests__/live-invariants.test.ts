import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlaylistUpdate } from '../../hls/continuity.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { serializeMediaPlaylist } from '../../hls/serialize.ts';
import { validatePlaylist } from '../../hls/validate.ts';
import {
  neutral,
  originText,
  planFor,
  type SimAd,
  type SimBreak,
  type SimOrigin,
} from '../../test-support/live-sim.ts';
import { parseViewerState, serializeViewerState, type ViewerState, viewerStateSize } from '../state.ts';
import { type LiveOptions, stitchLive } from '../stitch.ts';

interface Scenario {
  origin: SimOrigin;
  pool: SimAd[];
  adsPerAvail: number;
  slate: number[] | null;
  steps: number[];
  audioEvery: number;
  startAt: number;
  options: LiveOptions;
}

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    window: fc.integer({ min: 3, max: 10 }),
    durations: fc.array(fc.constantFrom(2.002, 4, 5, 5.5, 6, 6.006), { minLength: 40, maxLength: 90 }),
    discs: fc.array(fc.integer({ min: 1, max: 89 }), { maxLength: 3 }),
    breaks: fc.array(
      fc.record({
        gap: fc.integer({ min: 1, max: 8 }),
        length: fc.integer({ min: 1, max: 8 }),
        declared: fc.constantFrom('exact', 'longer', 'none') as fc.Arbitrary<SimBreak['declared']>,
        cueIn: fc.boolean(),
        style: fc.constantFrom('cue-out', 'daterange', 'splicepoint') as fc.Arbitrary<SimBreak['style']>,
      }),
      { minLength: 1, maxLength: 6 },
    ),
    ads: fc.array(fc.array(fc.constantFrom(1, 2, 2.5, 3, 4, 5, 6), { minLength: 1, maxLength: 6 }), {
      minLength: 1,
      maxLength: 5,
    }),
    adsPerAvail: fc.integer({ min: 0, max: 4 }),
    slate: fc.option(fc.array(fc.constantFrom(1, 1.5, 2), { minLength: 1, maxLength: 3 })),
    steps: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 10, maxLength: 70 }),
    audioEvery: fc.integer({ min: 0, max: 3 }),
    startAt: fc.integer({ min: 1, max: 25 }),
    preroll: fc.option(fc.constantFrom(6, 10, 15)),
    threshold: fc.option(fc.constantFrom(2, 8, 30)),
    overrun: fc.constantFrom(0, 0, 3),
  })
  .map((r) => {
    const breaks: SimBreak[] = [];
    let at = 0;
    for (const b of r.breaks) {
      const start = at + b.gap;
      if (start + b.length + 1 >= r.durations.length) break;
      // Without CUE-IN only an exact duration tells where the avail ends.
      const declared = !b.cueIn ? 'exact' : b.declared;
      breaks.push({ start, length: b.length, declared, cueIn: b.cueIn, style: b.style });
      at = start + b.length;
    }
    const options: LiveOptions = { overrunTolerance: r.overrun };
    if (r.preroll !== null) options.preroll = { duration: r.preroll };
    if (r.threshold !== null) options.personalizationThreshold = r.threshold;
    return {
      origin: {
        targetDuration: 6,
        window: r.window,
        durations: r.durations,
        discontinuities: new Set(r.discs.filter((d) => d < r.durations.length)),
        breaks,
      },
      pool: r.ads.map((durations, i) => ({ id: `ad${i}`, durations })),
      adsPerAvail: r.adsPerAvail,
      slate: r.slate,
      steps: r.steps,
      audioEvery: r.audioEvery,
      startAt: Math.min(r.startAt, r.durations.length),
      options,
    };
  });

interface Seen {
  uri: string;
  duration: number;
  dsn: number;
}

function fail(message: string, detail: unknown): never {
  throw new Error(`${message}: ${JSON.stringify(detail)}`);
}

const stats = {
  adSegments: 0,
  slateSegments: 0,
  stitchedAvails: new Set<string>(),
  cutShort: 0,
  audioChecks: 0,
};

/** Runs one viewer through the scenario and checks every invariant; returns the largest state. */
function simulate(sc: Scenario): number {
  const o = sc.origin;
  const total = o.durations.length;
  let end = sc.startAt;
  let state: ViewerState | undefined;
  let maxState = 0;
  const prev: Record<'v' | 'a', string | undefined> = { v: undefined, a: undefined };
  const streams: Record<'v' | 'a', Map<number, Seen>> = { v: new Map(), a: new Map() };
  const prerollStarts = new Set<number>();
  const slate = (r: 'v' | 'a') =>
    sc.slate?.map((d, i) => ({ uri: r === 'v' ? `v/slate-${i}.ts` : `a/slate-${i}.aac`, duration: d }));
  sc.steps.forEach((step, n) => {
    end = Math.min(end + step, total);
    const renditions: ('v' | 'a')[] = sc.audioEvery > 0 && n % sc.audioEvery === 0 ? ['a', 'v'] : ['v'];
    for (const r of renditions) {
      const originPl = parseMediaPlaylist(originText(o, end, r));
      const s = slate(r);
      const res = stitchLive({
        origin: originPl,
        state,
        plan: (av) => planFor(sc.pool, av.id, sc.adsPerAvail, r),
        ...(s ? { slate: s } : {}),
        options: sc.options,
      });
      for (const a of res.avails) {
        if (a.id === 'preroll') prerollStarts.add(a.startMsn);
        if (a.stitched && a.ads.length > 0)
          stats.stitchedAvails.add(`${JSON.stringify(sc.origin.durations)}/${a.id}`);
      }
      const stateText = serializeViewerState(res.state);
      state = parseViewerState(stateText);
      maxState = Math.max(maxState, viewerStateSize(res.state));
      const text = serializeMediaPlaylist(res.playlist);
      const syntax = validatePlaylist(text);
      if (syntax.length > 0) fail('invalid playlist', { syntax, text });
      const before = prev[r];
      if (before !== undefined) {
        const problems = checkPlaylistUpdate(before, text);
        if (problems.length > 0) fail('bad refresh', { problems, before, text });
      }
      prev[r] = text;
      const pl = res.playlist;
      let dsn = pl.discontinuitySequence;
      pl.segments.forEach((seg, i) => {
        if (seg.discontinuity) dsn++;
        const msn = pl.mediaSequence + i;
        const known = streams[r].get(msn);
        const now = { uri: seg.uri, duration: seg.duration, dsn };
        if (known && (known.uri !== now.uri || known.dsn !== now.dsn || known.duration !== now.duration)) {
          fail('segment changed between refreshes', { msn, known, now });
        }
        if (!known) {
          if (seg.uri.includes('/ad-')) stats.adSegments++;
          if (seg.uri.includes('/slate-')) stats.slateSegments++;
        }
        streams[r].set(msn, now);
      });
    }
  });
  for (const r of ['v', 'a'] as const) checkStream(sc, streams[r], prerollStarts);
  // Audio and video carry the same thing at the same media sequence number.
  for (const [msn, a] of streams.a) {
    const v = streams.v.get(msn);
    if (v && neutral(v.uri) !== neutral(a.uri)) fail('renditions misaligned', { msn, v: v.uri, a: a.uri });
    if (v) stats.audioChecks++;
  }
  return maxState;
}

function checkStream(sc: Scenario, stream: Map<number, Seen>, prerollStarts: Set<number>): void {
  const msns = [...stream.keys()].sort((a, b) => a - b);
  let lastContent: { msn: number; idx: number } | undefined;
  let run: { msn: number; seen: Seen }[] = [];
  for (const msn of msns) {
    const seg = stream.get(msn)!;
    const m = /c(\d+)\.(ts|aac)$/.exec(seg.uri);
    if (!m) {
      run.push({ msn, seen: seg });
      continue;
    }
    const idx = Number(m[1]);
    if (lastContent) {
      if (idx <= lastContent.idx) fail('content out of order or repeated', { idx, last: lastContent });
      const contiguous =
        msn - lastContent.msn - 1 === run.length && run.every((x, k) => x.msn === lastContent!.msn + 1 + k);
      if (contiguous) checkRun(sc, lastContent.idx, idx, run, prerollStarts.has(lastContent.idx + 1));
    }
    lastContent = { msn, idx };
    run = [];
  }
}

function checkRun(sc: Scenario, from: number, to: number, run: { seen: Seen }[], isPreroll: boolean): void {
  const o = sc.origin;
  const replaced: number[] = [];
  for (let i = from + 1; i < to; i++) replaced.push(i);
  if (run.length === 0) {
    if (replaced.length > 0) fail('content went missing', { from, to });
    return;
  }
  if (replaced.length === 0) fail('ads inserted without replacing content', { from, to });
  if (!isPreroll) {
    const b = o.breaks.find(
      (x) => x.start <= replaced[0]! && replaced[replaced.length - 1]! < x.start + x.length,
    );
    if (!b) fail('replaced content outside a break', { from, to, breaks: o.breaks });
  }
  let contentDur = 0;
  for (const i of replaced) contentDur += o.durations[i]!;
  let runDur = 0;
  for (const x of run) runDur += x.seen.duration;
  if (runDur > contentDur + 1e-6) fail('ads overrun the avail', { from, to, runDur, contentDur });
  const br = o.breaks.find((x) => x.start === replaced[0]);
  if (br && br.declared === 'longer' && replaced.length === br.length) stats.cutShort++;
  const adsSeen = new Map<string, number>();
  let current: string | undefined;
  let split = false;
  for (const x of run) {
    const m = /ad-(ad\d+)-(\d+)\./.exec(x.seen.uri);
    if (!m) {
      current = undefined;
      continue;
    }
    const [id, k] = [m[1]!, Number(m[2])];
    // A break may start right where the pre-roll ends: the run then holds two avails.
    if (isPreroll && !split && k === 0 && adsSeen.has(id)) {
      split = true;
      adsSeen.clear();
      current = undefined;
    }
    if (current !== id) {
      if (adsSeen.has(id)) fail('an ad plays twice in one avail', { id, run: run.map((y) => y.seen.uri) });
      if (k !== 0) fail('an ad does not start at its first segment', { id, k });
      current = id;
    } else if (k !== adsSeen.get(id)! + 1) fail('ad segments skipped or repeated', { id, k });
    adsSeen.set(id, k);
  }
}

describe('live stitching invariants (property-based)', () => {
  it('keeps every viewer playlist valid and continuous over thousands of refreshes', () => {
    let refreshes = 0;
    let maxState = 0;
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        refreshes += sc.steps.length;
        maxState = Math.max(maxState, simulate(sc));
      }),
      { numRuns: Number(process.env.STITCHER_PROPERTY_RUNS ?? 250) },
    );
    // The scenarios really exercise what they claim to.
    expect(refreshes).toBeGreaterThan(2000);
    expect(stats.adSegments).toBeGreaterThan(500);
    expect(stats.slateSegments).toBeGreaterThan(100);
    expect(stats.stitchedAvails.size).toBeGreaterThan(50);
    expect(stats.cutShort).toBeGreaterThan(10);
    expect(stats.audioChecks).toBeGreaterThan(1000);
    expect(maxState).toBeLessThan(1024);
  }, 300_000);
});
