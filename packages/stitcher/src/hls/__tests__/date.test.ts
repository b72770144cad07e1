import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDateTime } from '../date.ts';

function same(v: string): void {
  expect(Object.is(parseDateTime(v), Date.parse(v))).toBe(true);
}

describe('parseDateTime', () => {
  it.each([
    '2025-03-01T13:40:00Z',
    '2025-03-01T13:40:00.123Z',
    '2025-03-01T13:40:00.5Z',
    '2025-03-01T13:40:00.1234Z',
    '2025-03-01T13:40:00+02:00',
    '2025-03-01T13:40:00.000-05:30',
    '2025-03-01T13:40:00+0200',
    '2024-02-29T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2025-04-31T00:00:00Z',
    '2025-03-01T24:00:00Z',
    '2025-03-01T23:59:60Z',
    '2025-13-01T00:00:00Z',
    '0099-01-01T00:00:00Z',
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '2025-03-01T13:40:00',
    '2025-03-01',
    'not a date',
    '',
  ])('%j parses as Date.parse does', same);

  it('agrees with Date.parse on generated date-times', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const dt = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        two(13),
        two(32),
        two(25),
        two(60),
        two(61),
        fc.constantFrom('', '.000', '.5', '.123', '.9999'),
        fc.constantFrom('Z', 'z', '+00:00', '-00:00', '+05:30', '-11:59', '+24:00', '+0100', ''),
      )
      .map(([y, mo, d, h, mi, s, f, z]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${f}${z}`);
    fc.assert(fc.property(dt, same), { numRuns: 20_000 });
  });
});
