/**
 * Single-value rules of spec section 5. Each takes the value as typed or received (unknown, so a
 * rule never throws on a wrong type) and answers its spec message, or null when the value is valid.
 * They work as they are in a console form's `validate` map and, through `ruleCheck`, in zod schemas.
 */
import {
  BREAK_INTERVAL_MIN,
  BUNDLES_TOTAL_PERCENT,
  DAILY_BUDGET_MAX,
  DAILY_BUDGET_MIN,
  DURATION_MAX,
  DURATION_MIN,
  EMAIL_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REDIS_KEY_MAX_LENGTH,
  TRANSITIONS,
  TRIGGER_DURATION_MIN,
  YEAR_AFTER,
} from './limits.ts';
import {
  dailyBudgetMessage,
  fieldRequiredMessage,
  greaterThanZeroMessage,
  LIMIT_TEXTS,
  VALIDATION_MESSAGES as M,
  maxValueMessage,
  minLengthMessage,
  minValueMessage,
  passwordTooLongMessage,
  passwordTooShortMessage,
  redisKeyTooLongMessage,
} from './messages.ts';
import { isIpOrCidr, parseSpecDateTime } from './parsers.ts';
import { type Clock, type RuleResult, systemClock } from './types.ts';

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
/** A whole number, or a string of digits (a year or month picked from a select arrives as text). */
const toWholeNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
};
/** Length in characters (Unicode code points), so an emoji counts once, as a user sees it. */
const characterCount = (text: string): number => [...text].length;

/**
 * Empty in the sense of a required field: null, undefined, false (an unticked box), a string with
 * nothing but spaces, or an empty list.
 */
export const isEmptyValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

// ---- Text PostgreSQL cannot store --------------------------------------------------------

/**
 * True when text holds U+0000 or a lone UTF-16 surrogate (half of a pair, which no UTF-8 text can
 * carry). PostgreSQL refuses both in text and jsonb, so such a value would fail its query with a
 * 500; schemas refuse it first with a 400. One pass over the code units, no pattern.
 */
export const hasUnsafeText = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate must be followed by a low one; the pair is one character.
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
};

/** Text PostgreSQL can store: 'Contains characters that are not allowed' otherwise. */
export const validateSafeText = (value: unknown): RuleResult =>
  isString(value) && hasUnsafeText(value) ? LIMIT_TEXTS.unsafeText : null;

// ---- Required and lengths -----------------------------------------------------------------

/** Required: '{_field_} is required' naming the field, else 'This field is required'. */
export const validateRequired = (value: unknown, field?: string): RuleResult =>
  isEmptyValue(value) ? (field === undefined ? M.thisFieldRequired : fieldRequiredMessage(field)) : null;

/** Required, marked with an asterisk: 'required *'. */
export const validateRequiredStar = (value: unknown): RuleResult =>
  isEmptyValue(value) ? M.requiredStar : null;

/** A whole number other than 0: 'required *'. */
export const validateNonzeroInteger = (value: unknown): RuleResult =>
  typeof value === 'number' && Number.isInteger(value) && value !== 0 ? null : M.requiredStar;

/** Advertiser: required and must be a string: 'required *'. */
export const validateAdvertiser = (value: unknown): RuleResult =>
  isString(value) && value.trim() !== '' ? null : M.requiredStar;

/** At least `length` characters: 'This field must have no less than {length} characters'. */
export const validateMinLength = (value: unknown, length: number): RuleResult =>
  isString(value) && characterCount(value) >= length ? null : minLengthMessage(length);

/** Admin and user notes: at most 3000 characters. */
export const validateNote = (value: unknown): RuleResult =>
  isString(value) && characterCount(value) > NOTE_MAX_LENGTH ? M.noteTooLong : null;

// ---- Numbers -----------------------------------------------------------------------------

/** Break interval: 0 or at least 5 (5 itself is accepted, despite the message's "greater than"). */
export const validateBreakInterval = (value: unknown): RuleResult =>
  isFiniteNumber(value) && (value === 0 || value >= BREAK_INTERVAL_MIN) ? null : M.breakInterval;

/** Threshold above 0. */
export const validateThreshold = (value: unknown): RuleResult =>
  isFiniteNumber(value) && value > 0 ? null : M.thresholdAboveZero;

/** Duration 0.1 to 4 inclusive; a negative value gets its own message. */
export const validateDuration = (value: unknown): RuleResult => {
  if (isFiniteNumber(value) && value < 0) return M.durationNegative;
  return isFiniteNumber(value) && value >= DURATION_MIN && value <= DURATION_MAX ? null : M.durationRange;
};

/** Probe duration: a positive whole number. */
export const validateProbeDuration = (value: unknown): RuleResult =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? null : M.invalidDuration;

/** Trigger duration: at least 1. */
export const validateTriggerDuration = (value: unknown): RuleResult =>
  isFiniteNumber(value) && value >= TRIGGER_DURATION_MIN ? null : M.triggerDuration;

/** Any numeric field that must be above 0: '{_field_} should be greater than zero'. */
export const validateGreaterThanZero = (value: unknown, field: string): RuleResult =>
  isFiniteNumber(value) && value > 0 ? null : greaterThanZeroMessage(field);

/** max_value: at most `max`. */
export const validateMaxValue = (value: unknown, max: number): RuleResult =>
  isFiniteNumber(value) && value <= max ? null : maxValueMessage(max);

/** min_value: at least `min` (the spec's text names the placeholder `{max}`; see minValueMessage). */
export const validateMinValue = (value: unknown, min: number): RuleResult =>
  isFiniteNumber(value) && value >= min ? null : minValueMessage(min);

export interface DailyBudgetBounds {
  min: number;
  max: number;
}
/** Daily impression budget between min and max inclusive (defaults: DAILY_BUDGET_MIN/MAX). */
export const validateDailyBudget = (
  value: unknown,
  { min, max }: DailyBudgetBounds = { min: DAILY_BUDGET_MIN, max: DAILY_BUDGET_MAX },
): RuleResult =>
  isFiniteNumber(value) && value >= min && value <= max ? null : dailyBudgetMessage(min, max);

// ---- Year and month ------------------------------------------------------------------------

export interface ClockOption {
  /** Where "now" comes from; the system clock unless a test or caller injects one. */
  clock?: Clock;
}

/** The current year by the given clock (local calendar of the process). */
export const currentYear = ({ clock = systemClock }: ClockOption = {}): number => clock().getFullYear();

/** Year above 1995 and not after the current year. */
export const validateYear = (value: unknown, options: ClockOption = {}): RuleResult => {
  const year = toWholeNumber(value);
  return year !== null && year > YEAR_AFTER && year <= currentYear(options) ? null : M.invalidYear;
};

/** Month 1 to 12. */
export const validateMonth = (value: unknown): RuleResult => {
  const month = toWholeNumber(value);
  return month !== null && month >= 1 && month <= 12 ? null : M.invalidMonth;
};

/** A year field that must hold the current year: 'Please select current year'. */
export const validateCurrentYear = (value: unknown, options: ClockOption = {}): RuleResult =>
  toWholeNumber(value) === currentYear(options) ? null : M.selectCurrentYear;

// ---- Text formats -----------------------------------------------------------------------

/** Any whitespace character, exactly the set `\s` matches. One class, no repetition: linear. */
const WHITESPACE = /\s/;

/**
 * The spec's "simple address pattern", something@something.something with no spaces: the
 * addresses `/^[^\s@]+@[^\s@]+\.[^\s@]+$/` accepts, that is one '@' after a non-empty local
 * part, no whitespace, and a domain holding a '.' that is neither its first nor its last
 * character. Written as plain string code because that pattern backtracks: on
 * 'a@' + '.'.repeat(80_000) + '@' it tries every split of the dots and takes seconds, blocking
 * the event loop. This runs in one pass, and text over EMAIL_MAX_LENGTH is refused before any
 * of it runs.
 */
export const isEmailAddress = (text: string): boolean => {
  if (text.length > EMAIL_MAX_LENGTH) return false;
  const at = text.indexOf('@');
  if (at < 1 || text.indexOf('@', at + 1) !== -1 || WHITESPACE.test(text)) return false;
  const domain = text.slice(at + 1);
  // The first '.' after the domain's first character, which must not be its last character.
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
};

export const validateEmail = (value: unknown): RuleResult =>
  isString(value) && isEmailAddress(value.trim()) ? null : M.invalidEmail;

/** Every address of a list; an empty list has nothing invalid (make it required separately). */
export const validateEmailList = (value: unknown): RuleResult =>
  Array.isArray(value) && value.every((item) => validateEmail(item) === null) ? null : M.invalidEmail;

export const validateJson = (value: unknown): RuleResult => {
  if (!isString(value)) return M.invalidJson;
  try {
    JSON.parse(value);
    return null;
  } catch {
    return M.invalidJson;
  }
};

export const validateRegex = (value: unknown): RuleResult => {
  if (!isString(value)) return M.invalidRegex;
  try {
    new RegExp(value);
    return null;
  } catch {
    return M.invalidRegex;
  }
};

/** One of distance, fade, fadewhite, fadeblack, dissolve, scaling: 'This field is required'. */
export const validateTransition = (value: unknown): RuleResult =>
  (TRANSITIONS as readonly unknown[]).includes(value) ? null : M.thisFieldRequired;

/** Ad exchange value must not contain 'playlist' (in any letter case). */
export const validateAdExchangeValue = (value: unknown): RuleResult =>
  isString(value) && value.toLowerCase().includes('playlist') ? M.playlistNotValid : null;

const isHttpUrl = (text: string): boolean => {
  if (!URL.canParse(text)) return false;
  const { protocol, host } = new URL(text);
  return (protocol === 'http:' || protocol === 'https:') && host !== '';
};

/** Ad report URL: an http(s) URL, or a path starting with '/'. */
export const validateAdReportUrl = (value: unknown): RuleResult =>
  isString(value) && (value.startsWith('/') || isHttpUrl(value)) ? null : M.adReportUrl;

/** An absolute URL with a host (http, https, rtmp, srt, ...), no spaces around it. */
export const isValidUrl = (text: string): boolean => {
  if (text.trim() !== text || !URL.canParse(text)) return false;
  return new URL(text).host !== '';
};

export const validateUrl = (value: unknown): RuleResult =>
  isString(value) && isValidUrl(value) ? null : M.invalidUrl;

/** Stream URL: a URL ('Invalid URL' otherwise) that ends with '/'. */
export const validateStreamUrl = (value: unknown): RuleResult => {
  const urlProblem = validateUrl(value);
  if (urlProblem !== null) return urlProblem;
  return (value as string).endsWith('/') ? null : M.invalidStreamUrl;
};

/** Config JSON key: letters, digits, dot, dash, underscore; not starting with a digit. */
export const CONFIG_KEY_PATTERN = /^[A-Za-z._-][A-Za-z0-9._-]*$/;

/**
 * Config JSON, given as text or as an already-parsed value. Empty: 'Set default as {}'.
 * Unreadable text: 'Invalid JSON'. Not an object of string values under plain keys: the config
 * message.
 */
export const validateConfigJson = (value: unknown): RuleResult => {
  if (value === undefined || value === null || (isString(value) && value.trim() === ''))
    return M.setDefaultConfig;
  let config: unknown = value;
  if (isString(value)) {
    try {
      config = JSON.parse(value);
    } catch {
      return M.invalidJson;
    }
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return M.configJson;
  const valid = Object.entries(config).every(([key, item]) => CONFIG_KEY_PATTERN.test(key) && isString(item));
  return valid ? null : M.configJson;
};

/** UUID: 8-4-4-4-12 hex digits with an RFC 9562 version (1-8) and variant, or the nil/max UUID. */
export const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

export const validateUuid = (value: unknown): RuleResult =>
  isString(value) && UUID_PATTERN.test(value) ? null : M.invalidUuid;

/** DTMF: only A-D, 0-9, * and #; any whitespace (a space too) makes it invalid. */
export const DTMF_PATTERN = /^[A-D0-9*#]+$/;

export const validateDtmf = (value: unknown): RuleResult =>
  isString(value) && DTMF_PATTERN.test(value) ? null : M.invalidDtmf;

/** Akamai token: empty, or an even number of characters. */
export const validateAkamaiToken = (value: unknown): RuleResult => {
  if (value === undefined || value === null || value === '') return null;
  return isString(value) && value.length % 2 === 0 ? null : M.invalidAkamaiToken;
};

/** A date-time in the spec's MM-DD-YYYYTHH:mm:ss format: 'Invalid date!' otherwise. */
export const validateSpecDateTime = (value: unknown): RuleResult =>
  isString(value) && parseSpecDateTime(value) !== null ? null : M.invalidDate;

// ---- Lists -------------------------------------------------------------------------------

/** Every entry an IPv4 or IPv6 address, or a CIDR range of either (/0 to /32, /0 to /128). */
export const validateIpList = (value: unknown): RuleResult =>
  Array.isArray(value) && value.every((entry) => isString(entry) && isIpOrCidr(entry.trim()))
    ? null
    : M.invalidIpOrCidr;

export interface BundleLike {
  percentage: number;
}
/** Bundle percentages total exactly 100 (to a millionth, so 33.3 + 33.3 + 33.4 passes). */
export const validateBundlesTotal = (bundles: readonly BundleLike[]): RuleResult => {
  const total = bundles.reduce((sum, bundle) => sum + bundle.percentage, 0);
  return Math.abs(total - BUNDLES_TOTAL_PERCENT) < 1e-6 ? null : M.bundlesTotal;
};

// ---- Password and Redis key -------------------------------------------------------------

export interface LengthBounds {
  minLength?: number;
  maxLength?: number;
}

/**
 * Password, checked in the spec's order: empty, too long, too short (both bounds inclusive),
 * then the mix of lowercase, uppercase, digit and special (any other) character.
 */
export const validatePassword = (
  value: unknown,
  { minLength = PASSWORD_MIN_LENGTH, maxLength = PASSWORD_MAX_LENGTH }: LengthBounds = {},
): RuleResult => {
  if (!isString(value) || value === '') return M.passwordEmpty;
  const length = characterCount(value);
  if (length > maxLength) return passwordTooLongMessage(maxLength);
  if (length < minLength) return passwordTooShortMessage(minLength);
  const mixed = /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value);
  return mixed ? null : M.passwordComplexity;
};

export interface RedisKeyOptions {
  /** True while creating the Redis entry: the key is then required. */
  creating?: boolean;
  maxLength?: number;
}
/** Redis key: required while creating, at most REDIS_KEY_MAX_LENGTH characters. */
export const validateRedisKey = (
  value: unknown,
  { creating = false, maxLength = REDIS_KEY_MAX_LENGTH }: RedisKeyOptions = {},
): RuleResult => {
  if (isEmptyValue(value)) return creating ? M.redisKeyRequired : null;
  if (!isString(value)) return M.redisKeyRequired;
  return characterCount(value) > maxLength ? redisKeyTooLongMessage(maxLength) : null;
};

// ---- Directive -------------------------------------------------------------------------

/** The lowercase directive: what is typed is kept in lower case. */
export const toLowerCaseInput = (value: string): string => value.toLowerCase();
