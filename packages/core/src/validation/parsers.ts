/** Small parsers the rules share. Pure, no zod. */

const SPEC_DATE_TIME = /^(\d{2})-(\d{2})-(\d{4})T(\d{2}):(\d{2}):(\d{2})$/;

/**
 * Parses a date-time written `MM-DD-YYYYTHH:mm:ss` (spec sections 5 and 9) into a number that
 * orders like the wall-clock time it names (milliseconds, read as UTC so no local zone shifts
 * it). Returns null when the text has another shape or names no real moment (02-30, 24:00:00).
 */
import { z } from 'zod';
export const parseSpecDateTime = (text: string): number | null => {
  const match = SPEC_DATE_TIME.exec(text);
  if (!match) return null;
  const [month, day, year, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  // Date.UTC maps years 0-99 onto 1900-1999; the calendar check below catches that and 02-30.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.getTime();
};

/** A date a rule compares: a `Date`, or text in the spec's `MM-DD-YYYYTHH:mm:ss` format. */
export type DateInput = Date | string;

/** Milliseconds for a DateInput, or null when it is not a valid date. */
export const toTimestamp = (value: unknown): number | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'string') return parseSpecDateTime(value);
  return null;
};

const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Seconds since midnight for `HH:mm` or `HH:mm:ss` (00:00 to 23:59:59), else null. */
export const parseTimeOfDay = (text: string): number | null => {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return hours * 3600 + minutes * 60 + seconds;
};

/** One IPv4 octet: 0-255, no leading zero (010 could be read as octal). */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const CIDR_V4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}/(?:3[0-2]|[12]?\\d)$`);

/** Dotted-quad IPv4 address, e.g. 192.168.0.1. */
export const isIpv4 = (text: string): boolean => IPV4.test(text);
/** IPv4 range in CIDR notation, prefix 0 to 32, e.g. 10.0.0.0/8. */
export const isCidrV4 = (text: string): boolean => CIDR_V4.test(text);
const IPV6 = z.ipv6();
const CIDR_V6 = z.cidrv6();
/** An IPv6 address (zod's check: every RFC 4291 form, '::' and an IPv4 tail included). */
export const isIpv6 = (text: string): boolean => IPV6.safeParse(text).success;
/** IPv6 range in CIDR notation, prefix 0 to 128, e.g. 2001:db8::/32. */
export const isCidrV6 = (text: string): boolean => CIDR_V6.safeParse(text).success;
/** One entry of an IP list: an IPv4 or IPv6 address, or a range of either in CIDR notation. */
export const isIpOrCidr = (text: string): boolean =>
  isIpv4(text) || isCidrV4(text) || isIpv6(text) || isCidrV6(text);

/**
 * The lower-cased extension of a file name or URL, dot included ('.png'), ignoring a URL's
 * query and fragment; '' when there is none.
 */
export const fileExtension = (nameOrUrl: string): string => {
  const path = nameOrUrl.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
};

/**
 * Splits list input typed in one box (commas, semicolons, new lines or spaces between entries)
 * into trimmed, non-empty entries.
 */
export const splitList = (text: string): string[] => text.split(/[\s,;]+/).filter((entry) => entry !== '');
