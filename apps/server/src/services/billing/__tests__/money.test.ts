import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  lineAmountMinor,
  parseQuantity,
  percentToBp,
  proRata,
  roundDiv,
  taxOf,
  totalsOf,
} from '../money.ts';

describe('invoice arithmetic in integer minor units', () => {
  it('rounds halves away from zero, once', () => {
    expect(roundDiv(5n, 10n)).toBe(1n);
    expect(roundDiv(4n, 10n)).toBe(0n);
    expect(roundDiv(15n, 10n)).toBe(2n);
    expect(roundDiv(-5n, 10n)).toBe(-1n);
    expect(roundDiv(-4n, 10n)).toBe(0n);
    expect(() => roundDiv(1n, 0n)).toThrow(RangeError);
  });

  it('reads and writes quantities with 3 decimals exactly', () => {
    expect(parseQuantity('12')).toBe(12_000n);
    expect(parseQuantity('1.5')).toBe(1_500n);
    expect(parseQuantity('0.001')).toBe(1n);
    expect(formatQuantity(1_500n)).toBe('1.500');
    expect(formatQuantity(7n)).toBe('0.007');
    expect(formatQuantity(-2_250n)).toBe('-2.250');
    expect(() => parseQuantity('1.2345')).toThrow(RangeError);
    expect(() => parseQuantity('1e3')).toThrow(RangeError);
  });

  it('prices a line as quantity × rate / per, rounded once (half up)', () => {
    // 1,234,567 impressions at 50 cents per 1,000: 61,728.35 → 61,728 cents.
    expect(lineAmountMinor(parseQuantity('1234567'), 50, 1000)).toBe(61_728);
    // 1,001 impressions at 50 cents per 1,000 = 50.05 → 50; 1,010 → 50.5 → 51.
    expect(lineAmountMinor(parseQuantity('1001'), 50, 1000)).toBe(50);
    expect(lineAmountMinor(parseQuantity('1010'), 50, 1000)).toBe(51);
    // 12.345 viewer hours at 2 cents = 24.69 → 25.
    expect(lineAmountMinor(parseQuantity('12.345'), 2, 1)).toBe(25);
    // A discount line rounds the same way, away from zero.
    expect(lineAmountMinor(parseQuantity('0.5'), -1, 1)).toBe(-1);
    // Large figures stay exact (no floating point): 9,007,199,254 units at 1,000 cents.
    expect(lineAmountMinor(parseQuantity('9007199254'), 1000, 1)).toBe(9_007_199_254_000);
    expect(() => lineAmountMinor(1000n, 1.5, 1)).toThrow(RangeError);
  });

  it('adds lines, then taxes the subtotal once', () => {
    // 20% of 1,005 = 201; 7.25% of 999 = 72.4275 → 72.
    expect(taxOf(1005, 2000)).toBe(201);
    expect(taxOf(999, 725)).toBe(72);
    expect(taxOf(5, 1000)).toBe(1); // 0.5 → 1
    const totals = totalsOf([{ amountMinor: 617 }, { amountMinor: 25 }, { amountMinor: 9900 }], 2000);
    expect(totals).toEqual({ subtotalMinor: 10_542, taxMinor: 2108, totalMinor: 12_650 });
    // The tax of the subtotal, not the sum of each line's tax: 3 × 0.4 → 1.2 → 1, not 0.
    expect(totalsOf([{ amountMinor: 2 }, { amountMinor: 2 }, { amountMinor: 2 }], 2000).taxMinor).toBe(1);
  });

  it('pro-rates by day and reads percentages as basis points', () => {
    expect(proRata(9_900n, 17, 30)).toBe(5_610n);
    expect(proRata(1_000n, 1, 3)).toBe(333n);
    expect(proRata(2_000n, 1, 3)).toBe(667n);
    expect(percentToBp('20')).toBe(2000);
    expect(percentToBp('7.25')).toBe(725);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.5')).toBeUndefined();
    expect(percentToBp('abc')).toBeUndefined();
  });
});
