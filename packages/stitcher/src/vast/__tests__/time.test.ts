import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClock, parseOffset, parseSeconds } from '../time.ts';

/** The regular expression parseClock used to be; the hand-written reader must accept the same. */
function reference(value: string): number | undefined {
  const m = /^\s*(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\s*$/.exec(value);
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

describe('VAST clock times', () => {
  it.each([
    ['00:00:15', 15],
    ['00:00:06.006', 6.006],
    [' 01:02:03.5 ', 3723.5],
    ['1:2:3', 3723],
    ['100:59:59', 363599],
    ['00:60:00', undefined],
    ['00:00:60', undefined],
    ['00:00:5.', undefined],
    ['00:00', undefined],
    [':00:00', undefined],
    ['00:000:00', undefined],
    ['00:00:00Z', undefined],
    ['', undefined],
  ])('parseClock(%j) is %j', (v, expected) => {
    expect(parseClock(v)).toBe(expected);
    expect(reference(v)).toBe(expected);
  });

  it('accepts exactly what the regular expression accepted', () => {
    const unit = fc.constantFrom('0', '1', '5', '6', '9', ':', '.', ' ', '\t', 'a', '\u00a0');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 14 }), (v) => {
        expect(parseClock(v)).toBe(reference(v));
      }),
      { numRuns: 20_000 },
    );
    const clock = fc
      .tuple(
        fc.stringMatching(/^\d{1,4}$/),
        fc.stringMatching(/^\d{1,2}$/),
        fc.stringMatching(/^\d{1,2}(\.\d{1,4})?$/),
      )
      .map(([h, m, s]) => `${h}:${m}:${s}`);
    fc.assert(
      fc.property(clock, (v) => {
        expect(parseClock(v)).toBe(reference(v));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads plain seconds (what lenient parsing accepts in <Duration>)', () => {
    expect([' 30 ', '30.5', '0', '007.250'].map(parseSeconds)).toEqual([30, 30.5, 0, 7.25]);
    for (const v of [undefined, '', ' ', '-5', '+5', '1e3', '30s', '.5', '5.', '0x10', '00:00:30', 'NaN']) {
      expect(parseSeconds(v)).toBeUndefined();
    }
  });

  it('reads offsets as percentages or clock times', () => {
    expect(parseOffset('25%')).toEqual({ type: 'percent', value: 25 });
    expect(parseOffset(' 12.5% ')).toEqual({ type: 'percent', value: 12.5 });
    expect(parseOffset('00:00:05')).toEqual({ type: 'seconds', value: 5 });
    expect(parseOffset('5')).toBeUndefined();
    expect(parseOffset(undefined)).toBeUndefined();
  });
});
