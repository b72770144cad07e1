function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The integer value of the ASCII digits `v[from, to)`. */
function digits(v: string, from: number, to: number): number {
  let x = 0;
  for (let k = from; k < to; k++) x = x * 10 + (v.charCodeAt(k) - 48);
  return x;
}

/** Index past a minutes or seconds field (`[0-5]?\d`) starting at `p`, or -1. */
function sexagesimalEnd(v: string, p: number): number {
  if (!isDigit(v.charCodeAt(p))) return -1;
  if (!isDigit(v.charCodeAt(p + 1))) return p + 1;
  return v.charCodeAt(p) <= 53 ? p + 2 : -1; // a two-digit field starts with 0-5
}

/**
 * Parses `HH:MM:SS`, `HH:MM:SS.mmm` (VAST/VMAP time); undefined when malformed. Same language as
 * `^\s*(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\s*$`, read without a regular expression.
 */
export function parseClock(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  const n = v.length;
  let p = 0;
  while (p < n && isDigit(v.charCodeAt(p))) p++;
  if (p === 0 || v.charCodeAt(p) !== 58) return undefined;
  const hours = v.slice(0, p);
  const m0 = p + 1;
  const m1 = sexagesimalEnd(v, m0);
  if (m1 === -1 || v.charCodeAt(m1) !== 58) return undefined;
  const s0 = m1 + 1;
  p = sexagesimalEnd(v, s0);
  if (p === -1) return undefined;
  if (v.charCodeAt(p) === 46) {
    const f0 = ++p;
    while (p < n && isDigit(v.charCodeAt(p))) p++;
    if (p === f0) return undefined;
  }
  if (p !== n) return undefined;
  // small integer fields are summed directly (exact); the rest goes through Number() as before
  const h = hours.length <= 9 ? digits(hours, 0, hours.length) : Number(hours);
  const sec = p - s0 <= 2 ? digits(v, s0, p) : Number(v.slice(s0, p));
  return h * 3600 + digits(v, m0, m1) * 60 + sec;
}

/**
 * Parses a plain number of seconds (`30`, `30.5`): what some ad servers write in `<Duration>`
 * instead of a clock time. Undefined for anything else (signs, exponents, units, blank).
 */
export function parseSeconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  return /^\d+(?:\.\d+)?$/.test(v) ? Number(v) : undefined;
}

export type Offset = { type: 'seconds'; value: number } | { type: 'percent'; value: number };

/** Parses a VAST offset: a clock time or a percentage (`25%`). */
export function parseOffset(value: string | undefined): Offset | undefined {
  if (value === undefined) return undefined;
  const pct = value.includes('%') ? /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(value) : null;
  if (pct) return { type: 'percent', value: Number(pct[1]) };
  const s = parseClock(value);
  return s === undefined ? undefined : { type: 'seconds', value: s };
}

export function offsetSeconds(o: Offset, duration: number): number {
  return o.type === 'seconds' ? o.value : (o.value / 100) * duration;
}
