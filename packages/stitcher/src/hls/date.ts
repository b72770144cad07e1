/**
 * `Date.parse` for HLS date-times, with a fast path for the form playlists use
 * (`YYYY-MM-DDTHH:MM:SS[.sss](Z|±HH:MM)`, RFC 3339 / ISO 8601 with an explicit offset).
 * Anything else, or a field at the edge of its range, goes to `Date.parse`, so the result is
 * always exactly `Date.parse(value)`.
 */

function d2(s: string, p: number): number {
  const a = s.charCodeAt(p) - 48;
  const b = s.charCodeAt(p + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  if (month !== 2) return DAYS[month - 1]!;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/** Milliseconds since the epoch, or NaN: the same as `Date.parse(value)`. */
export function parseDateTime(value: string): number {
  const n = value.length;
  // 2025-03-01T13:40:00Z is 20 characters; with .sss and an offset, 29
  if (n < 20 || n > 29) return Date.parse(value);
  const y1 = d2(value, 0);
  const y2 = d2(value, 2);
  const mo = d2(value, 5);
  const d = d2(value, 8);
  const h = d2(value, 11);
  const mi = d2(value, 14);
  const se = d2(value, 17);
  if (
    y1 < 10 || // years before 1000 (and two-digit years in Date.UTC) take the slow path
    y2 < 0 ||
    value.charCodeAt(4) !== 45 ||
    value.charCodeAt(7) !== 45 ||
    value.charCodeAt(10) !== 84 || // T
    value.charCodeAt(13) !== 58 ||
    value.charCodeAt(16) !== 58 ||
    mo < 1 ||
    mo > 12 ||
    d < 1 ||
    h < 0 ||
    h > 23 ||
    mi < 0 ||
    mi > 59 ||
    se < 0 ||
    se > 59
  ) {
    return Date.parse(value);
  }
  const year = y1 * 100 + y2;
  if (d > daysIn(year, mo)) return Date.parse(value);
  let p = 19;
  let ms = 0;
  if (value.charCodeAt(p) === 46) {
    const a = d2(value, p + 1);
    const c = value.charCodeAt(p + 3) - 48;
    if (
      a < 0 ||
      c < 0 ||
      c > 9 ||
      (n > p + 4 && value.charCodeAt(p + 4) >= 48 && value.charCodeAt(p + 4) <= 57)
    ) {
      return Date.parse(value);
    }
    ms = a * 10 + c;
    p += 4;
  }
  let offset = 0;
  const z = value.charCodeAt(p);
  if (z === 90 && p + 1 === n) {
    // Z
  } else if ((z === 43 || z === 45) && p + 6 === n && value.charCodeAt(p + 3) === 58) {
    const oh = d2(value, p + 1);
    const om = d2(value, p + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return Date.parse(value);
    offset = (z === 43 ? 1 : -1) * (oh * 60 + om) * 60_000;
  } else {
    return Date.parse(value);
  }
  return daysFromCivil(year, mo, d) * 86_400_000 + h * 3_600_000 + mi * 60_000 + se * 1000 + ms - offset;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's algorithm; year >= 1). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
