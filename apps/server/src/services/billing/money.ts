/**
 * Invoice arithmetic in integer minor units (cents): no floating point money anywhere.
 *
 * - A quantity is an exact decimal with at most 3 decimals, carried as thousandths (a bigint).
 * - A line's amount is quantity × rateMinor / per, rounded ONCE to a whole cent, half away from
 *   zero ("half up" for positive amounts; a discount line of -0.5 cents rounds to -1).
 * - Tax is the subtotal (the sum of the rounded lines) × the rate in basis points, rounded once.
 * - Total = subtotal + tax.
 */

/** Thousandths of a unit per unit: quantities carry 3 decimals. */
export const MILLI = 1000n;

/** a / b rounded to the nearest integer, halves away from zero (b > 0). */
export function roundDiv(a: bigint, b: bigint): bigint {
  if (b <= 0n) throw new RangeError('roundDiv: the divisor must be positive');
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return negative ? -q : q;
}

const QUANTITY = /^(\d{1,15})(?:\.(\d{1,3}))?$/;

/** "12.5" → 12500n (thousandths). Throws on anything else: quantities are validated before. */
export function parseQuantity(text: string): bigint {
  const match = QUANTITY.exec(text.trim());
  if (!match) throw new RangeError(`Not a quantity with at most 3 decimals: ${text}`);
  return BigInt(match[1]!) * MILLI + BigInt((match[2] ?? '').padEnd(3, '0'));
}

/** 12500n → "12.500": the stored and shown form (3 decimals). */
export function formatQuantity(milli: bigint): string {
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  return `${negative ? '-' : ''}${abs / MILLI}.${String(abs % MILLI).padStart(3, '0')}`;
}

const toNumber = (value: bigint): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(-Number.MAX_SAFE_INTEGER))
    throw new RangeError('Amount out of range');
  return Number(value);
};

/** The amount of a line: quantity (thousandths) × rateMinor / per, rounded once. */
export function lineAmountMinor(quantityMilli: bigint, rateMinor: number, per: number): number {
  if (!Number.isInteger(rateMinor) || !Number.isInteger(per) || per < 1)
    throw new RangeError('rateMinor and per are whole numbers, per at least 1');
  return toNumber(roundDiv(quantityMilli * BigInt(rateMinor), BigInt(per) * MILLI));
}

/** Tax of a subtotal at a rate in basis points (2000 = 20%), rounded once. */
export function taxOf(subtotalMinor: number, taxRateBp: number): number {
  if (!Number.isInteger(subtotalMinor) || !Number.isInteger(taxRateBp) || taxRateBp < 0)
    throw new RangeError('subtotal and tax rate are whole numbers, the rate not negative');
  return toNumber(roundDiv(BigInt(subtotalMinor) * BigInt(taxRateBp), 10_000n));
}

export interface Totals {
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** Subtotal (sum of the lines' rounded amounts), tax on it, and total. */
export function totalsOf(lines: readonly { amountMinor: number }[], taxRateBp: number): Totals {
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  if (!Number.isSafeInteger(subtotalMinor)) throw new RangeError('Amount out of range');
  const taxMinor = taxOf(subtotalMinor, taxRateBp);
  return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}

/** value × numerator / denominator, rounded half away from zero (pro rata by day). */
export function proRata(value: bigint, numerator: number, denominator: number): bigint {
  return roundDiv(value * BigInt(numerator), BigInt(denominator));
}

/** A tax rate in percent ("20", "7.25") as basis points; undefined for an invalid one. */
export function percentToBp(percent: string): number | undefined {
  const match = /^(\d{1,2}|100)(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}
