import { describe, expect, it } from 'vitest';
import {
  breakAt,
  cadenceProblems,
  DEFAULT_CADENCE,
  liveWindow,
  loopIndexOf,
  segmentAt,
  type Timeline,
  WINDOW_SEGMENTS,
} from '../schedule.ts';

const timeline: Timeline = { segmentDuration: 2, loopSegments: 10 };
const at = (iso: string) => Date.parse(iso);
/** Seconds since the epoch of an ISO date. */
const sec = (iso: string) => at(iso) / 1000;

describe('demo live window arithmetic', () => {
  it('lists the last six finished segments, numbered by wall-clock time since the epoch', () => {
    const now = at('2025-03-01T12:00:58.500Z');
    const window = liveWindow(now, timeline, DEFAULT_CADENCE);
    // 12:00:58 to 12:01:00 is still being produced: the last segment is the one starting at :56.
    const last = sec('2025-03-01T12:00:56Z') / 2;
    expect(window.segments).toHaveLength(WINDOW_SEGMENTS);
    expect(window.mediaSequence).toBe(last - WINDOW_SEGMENTS + 1);
    expect(window.segments.map((s) => s.msn)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => window.mediaSequence + i),
    );
    expect(window.segments.map((s) => new Date(s.start * 1000).toISOString())).toEqual([
      '2025-03-01T12:00:46.000Z',
      '2025-03-01T12:00:48.000Z',
      '2025-03-01T12:00:50.000Z',
      '2025-03-01T12:00:52.000Z',
      '2025-03-01T12:00:54.000Z',
      '2025-03-01T12:00:56.000Z',
    ]);
    // The same instant gives the same window; a segment later, it slides by one.
    expect(liveWindow(now, timeline, DEFAULT_CADENCE)).toEqual(window);
    expect(liveWindow(now + 2000, timeline, DEFAULT_CADENCE).mediaSequence).toBe(window.mediaSequence + 1);
    expect(liveWindow(now + 1400, timeline, DEFAULT_CADENCE).mediaSequence).toBe(window.mediaSequence);
  });

  it('cycles the loop with a discontinuity at each wrap, half a loop off the minute', () => {
    const window = liveWindow(at('2025-03-01T12:00:58.500Z'), timeline, DEFAULT_CADENCE);
    expect(window.segments.map((s) => s.loopIndex)).toEqual([8, 9, 0, 1, 2, 3]);
    expect(window.segments.map((s) => s.discontinuity)).toEqual([false, false, true, false, false, false]);
    // Wraps at :10, :30 and :50 of each minute.
    for (const iso of ['2025-03-01T12:00:10Z', '2025-03-01T12:00:30Z', '2025-03-01T12:00:50Z']) {
      expect(loopIndexOf(sec(iso) / 2, timeline)).toBe(0);
    }
  });

  it('keeps each segment in the same discontinuity sequence whichever window shows it', () => {
    const start = at('2025-03-01T12:00:00.000Z');
    const dsnOf = new Map<number, number>();
    for (let t = start; t < start + 90_000; t += 500) {
      const window = liveWindow(t, timeline, DEFAULT_CADENCE);
      let dsn = window.discontinuitySequence;
      for (const s of window.segments) {
        if (s.discontinuity) dsn++;
        // RFC 8216: a segment's discontinuity sequence number never changes between refreshes.
        expect(dsnOf.get(s.msn) ?? dsn, `msn ${s.msn} at ${new Date(t).toISOString()}`).toBe(dsn);
        dsnOf.set(s.msn, dsn);
        expect(dsn).toBe(Math.floor((s.msn + 5) / 10));
      }
    }
    expect(dsnOf.size).toBeGreaterThan(40);
  });

  it('places 20-second breaks at each wall-clock minute, with their position in each segment', () => {
    const msn = (iso: string) => sec(iso) / 2;
    const minute = sec('2025-03-01T12:01:00Z') / 60;
    expect(segmentAt(msn('2025-03-01T12:00:58Z'), timeline, DEFAULT_CADENCE).inBreak).toBeUndefined();
    expect(segmentAt(msn('2025-03-01T12:01:00Z'), timeline, DEFAULT_CADENCE).inBreak).toEqual({
      index: minute,
      start: sec('2025-03-01T12:01:00Z'),
      elapsed: 0,
      duration: 20,
    });
    expect(segmentAt(msn('2025-03-01T12:01:18Z'), timeline, DEFAULT_CADENCE).inBreak?.elapsed).toBe(18);
    const after = segmentAt(msn('2025-03-01T12:01:20Z'), timeline, DEFAULT_CADENCE);
    expect(after.inBreak).toBeUndefined();
    expect(after.breakEnds).toMatchObject({ index: minute, elapsed: 20 });
    expect(segmentAt(msn('2025-03-01T12:01:22Z'), timeline, DEFAULT_CADENCE).breakEnds).toBeUndefined();
    // The wrap at :10 falls inside the break.
    expect(segmentAt(msn('2025-03-01T12:01:10Z'), timeline, DEFAULT_CADENCE)).toMatchObject({
      discontinuity: true,
      inBreak: { elapsed: 10 },
    });
  });

  it('honours a shorter cadence', () => {
    const cadence = { every: 20, length: 8 };
    expect(breakAt(sec('2025-03-01T12:00:40Z'), cadence)).toMatchObject({ elapsed: 0, duration: 8 });
    expect(breakAt(sec('2025-03-01T12:00:46Z'), cadence)).toMatchObject({ elapsed: 6 });
    expect(breakAt(sec('2025-03-01T12:00:48Z'), cadence)).toBeUndefined();
  });

  it('refuses cadences that are not whole segments or leave no content between breaks', () => {
    expect(cadenceProblems({ every: 60, length: 20 }, 2)).toEqual([]);
    expect(cadenceProblems({ every: 20, length: 18 }, 2)).toEqual([]);
    expect(cadenceProblems({ every: 21, length: 3 }, 2)).toEqual([
      ['every', 'must be a multiple of 2 s'],
      ['length', 'must be a multiple of 2 s'],
    ]);
    expect(cadenceProblems({ every: 20, length: 20 }, 2)).toEqual([
      ['length', 'must leave at least 2 s of content between breaks (every 20 s)'],
    ]);
  });
});
