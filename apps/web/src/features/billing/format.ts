/**
 * Billing's money, months and periods. Money is kept in integer minor units (cents) everywhere;
 * only these helpers turn it into text, and only `parseMoney` turns typed text into cents (by its
 * digits, never through floating point arithmetic).
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Minor units in the currency ("$1,234.56"; a negative amount "-$12.00"). */
export function formatMoney(minor: number, currency = 'USD'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(minor / 100);
}

/** A typed amount of money: digits with at most two decimals, optionally negative. */
export const MONEY_TEXT = /^-?\d{1,9}(\.\d{1,2})?$/;

/** Cents of a typed amount ("12.5" → 1250, "-3" → -300), or null when it is not an amount. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim();
  if (!MONEY_TEXT.test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = trimmed.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** Cents as the text a money field shows ("12.50"). */
export function moneyText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** A count ("1,234"). */
export const formatCount = (value: number) => integer.format(value);

/** A decimal quantity kept as text ("1234.500" → "1,234.5"); text that is not a number as given. */
export function formatQuantity(value: string): string {
  const n = Number(value);
  return value.trim() === '' || Number.isNaN(n) ? value : decimal.format(n);
}

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** YYYY-MM of a date (UTC). */
export const isoMonth = (date: Date) => date.toISOString().slice(0, 7);

/** The month `offset` months from `month` (YYYY-MM). */
export function addMonths(month: string, offset: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return isoMonth(new Date(Date.UTC(year, m - 1 + offset, 1)));
}

/** Last month (YYYY-MM, UTC): what an invoice is usually for. */
export const lastMonth = (now = new Date()) => addMonths(isoMonth(now), -1);

/** A month in words ("June 2026"). */
export function formatMonth(month: string): string {
  if (!MONTH.test(month)) return month;
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A short month for a chart's axis ("Jun 26"). */
export function shortMonth(month: string): string {
  if (!MONTH.test(month)) return month;
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
}

/** A calendar date (YYYY-MM-DD, or an ISO time) in words ("Jun 30, 2026"); nothing as a dash. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(value.length === 10 ? { timeZone: 'UTC' } : {}),
  });
}

/** An invoice's period ("Jun 1 – Jun 30, 2026"). */
export function formatPeriod(start: string, end: string): string {
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** Today as YYYY-MM-DD (the user's calendar). */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** A tax rate in basis points as a percentage ("8.25 %"). */
export const formatTaxRate = (bp: number) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(bp / 100)} %`;
