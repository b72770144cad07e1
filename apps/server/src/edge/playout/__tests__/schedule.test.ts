import { describe, expect, it } from 'vitest';
import { breakAt, itemAt, nextBreakAfter, type Programme, programmeAt, programmeOf } from '../schedule.ts';
import { type ChannelSegment, Timeline, WINDOW_SEGMENTS } from '../timeline.ts';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const items = [
  { vodId: 'a', name: 'A', duration: 60 },
  { vodId: 'b', name: 'B', duration: 30 },
];
const loop = (over: Partial<Programme> = {}): Programme => ({
  items,
  startMs: T0,
  endMs: null,
  breakEvery: 0,
  breakLength: 0,
  ...over,
});
const at = (seconds: number) => T0 + seconds * 1000;

describe('programmeOf', () => {
  const channel = { mode: 'loop' as const, startDate: '', endDate: '', breakinterval: 5, adDuration: 30 };
  it('starts at the start time, or at the start date when the channel has one', () => {
    expect(programmeOf(channel, items, T0).startMs).toBe(T0);
    expect(programmeOf({ ...channel, startDate: '01-01-2026T13:00:00' }, items, T0).startMs).toBe(at(3600));
  });
  it('ends only a scheduled channel, at its end date', () => {
    const dated = { ...channel, startDate: '01-01-2026T12:00:00', endDate: '01-01-2026T14:00:00' };
    expect(programmeOf(dated, items, 0).endMs).toBeNull();
    expect(programmeOf({ ...dated, mode: 'schedule' }, items, 0).endMs).toBe(at(7200));
  });
  it('turns minutes into seconds and keeps a break within half its interval', () => {
    expect(programmeOf(channel, items, T0)).toMatchObject({ breakEvery: 300, breakLength: 30 });
    expect(programmeOf({ ...channel, adDuration: 900 }, items, T0).breakLength).toBe(150);
    expect(programmeOf({ ...channel, breakinterval: 0 }, items, T0)).toMatchObject({
      breakEvery: 0,
      breakLength: 0,
    });
  });
});

describe('programmeAt', () => {
  it('plays the items in order, round and round', () => {
    const p = loop();
    expect(programmeAt(p, at(0)).now).toMatchObject({
      kind: 'item',
      index: 0,
      startMs: at(0),
      endMs: at(60),
    });
    expect(programmeAt(p, at(59.9)).now?.index).toBe(0);
    expect(programmeAt(p, at(60)).now).toMatchObject({ index: 1, startMs: at(60), endMs: at(90) });
    expect(programmeAt(p, at(90)).now).toMatchObject({ index: 0, startMs: at(90), endMs: at(150) });
    expect(programmeAt(p, at(90 * 1000 + 75)).now).toMatchObject({ index: 1, startMs: at(90 * 1000 + 60) });
  });

  it('names the next item and when it starts', () => {
    expect(programmeAt(loop(), at(10)).next).toMatchObject({
      kind: 'item',
      index: 1,
      startMs: at(60),
      endMs: at(90),
    });
    expect(programmeAt(loop(), at(70)).next).toMatchObject({ index: 0, startMs: at(90), endMs: at(150) });
  });

  it('is off air before the start, with the first item next', () => {
    const state = programmeAt(loop(), at(-5));
    expect(state).toMatchObject({ onAir: false, now: null, next: { index: 0, startMs: at(0) } });
  });

  it('goes off air at a scheduled end, cutting the last slot and announcing nothing after it', () => {
    const p = loop({ endMs: at(75) });
    expect(programmeAt(p, at(65))).toMatchObject({
      onAir: true,
      now: { index: 1, endMs: at(75) },
      next: null,
    });
    expect(programmeAt(p, at(75))).toEqual({ onAir: false, now: null, next: null });
  });

  it('shows an ad break while one is on, the programme running on underneath', () => {
    const p = loop({ breakEvery: 300, breakLength: 30 });
    expect(programmeAt(p, at(299)).now?.kind).toBe('item');
    expect(programmeAt(p, at(300)).now).toMatchObject({ kind: 'break', startMs: at(300), endMs: at(330) });
    expect(programmeAt(p, at(330)).now).toMatchObject({ kind: 'item', index: 1, startMs: at(330) });
  });

  it('has no break at the very start', () => {
    expect(breakAt(loop({ breakEvery: 300, breakLength: 30 }), 0)).toBeNull();
    expect(nextBreakAfter(loop({ breakEvery: 300, breakLength: 30 }), 0)).toBe(300);
    expect(itemAt(loop(), 150)).toEqual({ index: 1, start: 150, end: 180 });
  });
});

/** Two assets of 2-second segments (a 10 s one and a 6 s one), slots of 10 s and 6 s. */
const two = {
  items: [
    { vodId: 'a', name: 'A', duration: 10 },
    { vodId: 'b', name: 'B', duration: 6 },
  ],
};
const asset = (n: number, d = 2) => Array.from({ length: n }, () => d);

/** Every segment of the timeline up to `seconds`, by walking window after window. */
function allSegments(timeline: Timeline, seconds: number): ChannelSegment[] {
  const byMsn = new Map<number, ChannelSegment & { discBefore: number }>();
  for (let t = 0.5; t <= seconds; t += 0.5) {
    const window = timeline.window(t);
    let disc = window.discontinuitySequence;
    for (const segment of window.segments) {
      if (segment.discontinuity) disc += 1;
      const seen = byMsn.get(segment.msn);
      if (seen) {
        // The same segment is the same in every window that lists it.
        expect({ ...segment, discBefore: disc }).toEqual(seen);
      } else byMsn.set(segment.msn, { ...segment, discBefore: disc });
    }
  }
  return [...byMsn.values()].sort((a, b) => a.msn - b.msn);
}

describe('Timeline', () => {
  it('lists the last six segments ended by now, with the assets in order and a discontinuity at each change', () => {
    const timeline = new Timeline({ programme: loop(two), items: [asset(5), asset(3)], slate: null });
    const window = timeline.window(16);
    expect(window.segments).toHaveLength(WINDOW_SEGMENTS);
    expect(window.segments.map((s) => [s.msn, s.source, s.discontinuity])).toEqual([
      [2, { kind: 'item', item: 0, seg: 2 }, false],
      [3, { kind: 'item', item: 0, seg: 3 }, false],
      [4, { kind: 'item', item: 0, seg: 4 }, false],
      [5, { kind: 'item', item: 1, seg: 0 }, true],
      [6, { kind: 'item', item: 1, seg: 1 }, false],
      [7, { kind: 'item', item: 1, seg: 2 }, false],
    ]);
    expect(window.mediaSequence).toBe(2);
    expect(window.discontinuitySequence).toBe(0);
    // The next round: the first item again, after a discontinuity; the count goes on.
    const later = timeline.window(18);
    expect(later.segments.at(-1)).toMatchObject({
      msn: 8,
      start: 16,
      source: { item: 0, seg: 0 },
      discontinuity: true,
    });
  });

  it('produces nothing before the start and a growing window at first', () => {
    const timeline = new Timeline({ programme: loop(two), items: [asset(5), asset(3)], slate: null });
    expect(timeline.window(0).segments).toEqual([]);
    expect(timeline.window(1.9).segments).toEqual([]);
    expect(timeline.window(4).segments.map((s) => s.msn)).toEqual([0, 1]);
    expect(timeline.window(4).segments[0]!.discontinuity).toBe(false);
  });

  it('loops an asset shorter than its slot and leaves out a last segment that would not fit', () => {
    const programme = loop({
      items: [
        { vodId: 'a', name: 'A', duration: 9 },
        { vodId: 'b', name: 'B', duration: 4 },
      ],
    });
    const timeline = new Timeline({ programme, items: [asset(2), asset(1, 4)], slate: null });
    const segments = allSegments(timeline, 13);
    expect(
      segments.map((s) => [s.start, s.source.kind === 'item' && s.source.item, s.discontinuity]),
    ).toEqual([
      [0, 0, false],
      [2, 0, false],
      [4, 0, true], // the asset again
      [6, 0, false],
      [9, 1, true], // 8..9 is left out: a 2 s segment does not fit
    ]);
  });

  it('marks the programme segments of each break without a slate (cue-out, cont, cue-in)', () => {
    const programme = loop({ ...two, breakEvery: 20, breakLength: 4 });
    const timeline = new Timeline({ programme, items: [asset(5), asset(3)], slate: null });
    const segments = allSegments(timeline, 60);
    const cues = segments.filter((s) => s.cue).map((s) => [s.start, s.cue!.type]);
    expect(cues).toEqual([
      [20, 'out'],
      [22, 'cont'],
      [24, 'in'],
      [40, 'out'],
      [42, 'cont'],
      [44, 'in'],
    ]);
    expect(segments.find((s) => s.start === 20)!.cue).toEqual({ type: 'out', elapsed: 0, duration: 4 });
    expect(segments.map((s) => s.msn)).toEqual(segments.map((_, i) => i));
  });

  it('fills each break with the slate, numbering and tagging consistently across windows', () => {
    const programme = loop({ ...two, breakEvery: 20, breakLength: 5 });
    // 3 s programme segments: the ones from 19 and 22 overlap the break (20 to 25) and are dropped.
    const timeline = new Timeline({ programme, items: [asset(3, 3), asset(2, 3)], slate: asset(2, 2) });
    const segments = allSegments(timeline, 70);
    expect(segments.map((s) => s.msn)).toEqual(segments.map((_, i) => i));
    const around = segments.filter((s) => s.start >= 12 && s.start < 30);
    expect(around.map((s) => [s.start, s.source.kind, s.discontinuity, s.cue?.type])).toEqual([
      [13, 'item', false, undefined],
      [16, 'item', true, undefined],
      [20, 'slate', true, 'out'],
      [22, 'slate', false, 'cont'],
      [26, 'item', true, 'in'],
      [29, 'item', false, undefined],
    ]);
  });

  it('fills an unreadable asset’s slot with the slate, or leaves it empty', () => {
    const programme = loop(two);
    const withSlate = new Timeline({ programme, items: [asset(5), null], slate: asset(3) });
    expect(
      withSlate
        .window(16)
        .segments.slice(-3)
        .map((s) => s.source.kind),
    ).toEqual(['slate', 'slate', 'slate']);
    const without = new Timeline({ programme, items: [asset(5), null], slate: null });
    expect(without.window(16).segments.map((s) => s.start)).toEqual([0, 2, 4, 6, 8]);
  });
});
