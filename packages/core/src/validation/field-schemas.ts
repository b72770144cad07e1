/**
 * Zod schemas for the rules of spec section 5, one per rule, to compose into route and form
 * schemas. A value of the wrong type (a missing field, text where a number belongs) gets the
 * rule's own spec message, never zod's default English. Schemas use checks, not transforms
 * (trim/toLowerCase are in-place), so they also describe a route's JSON body.
 */
import { z } from 'zod';
import { blockedIpsRule, podsRule } from './cross-field-rules.ts';
import {
  BREAK_INTERVAL_MAX,
  DAILY_BUDGET_MAX,
  DAILY_BUDGET_MIN,
  DURATION_SECONDS_MAX,
  NUMBER_MAX,
  PERCENTAGE_MAX,
  PODS_MAX,
  PROBE_DURATION_MAX,
  TRANSITIONS,
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
} from './messages.ts';
import {
  type ClockOption,
  type DailyBudgetBounds,
  type LengthBounds,
  type RedisKeyOptions,
  validateAdExchangeValue,
  validateAdReportUrl,
  validateAdvertiser,
  validateAkamaiToken,
  validateBreakInterval,
  validateBundlesTotal,
  validateConfigJson,
  validateCurrentYear,
  validateDailyBudget,
  validateDtmf,
  validateDuration,
  validateEmail,
  validateEmailList,
  validateGreaterThanZero,
  validateIpList,
  validateJson,
  validateMaxValue,
  validateMinLength,
  validateMinValue,
  validateMonth,
  validateNonzeroInteger,
  validateNote,
  validatePassword,
  validateProbeDuration,
  validateRedisKey,
  validateRegex,
  validateRequiredStar,
  validateSafeText,
  validateSpecDateTime,
  validateStreamUrl,
  validateThreshold,
  validateTriggerDuration,
  validateUrl,
  validateUuid,
  validateYear,
} from './rules.ts';
import { crossFieldCheck, ruleCheck } from './zod-checks.ts';

// ---- Text -------------------------------------------------------------------------------

/**
 * Refuses text holding U+0000 or a lone UTF-16 surrogate ('Contains characters that are not
 * allowed'), which PostgreSQL cannot store. It aborts the checks after it, so such a value gets
 * this one message rather than a rule's message about characters it cannot show.
 */
export const safeTextCheck = z.refine<string>((value) => validateSafeText(value) === null, {
  error: LIMIT_TEXTS.unsafeText,
  abort: true,
});

/**
 * `z.string(params)` that refuses unsafe text (see `safeTextCheck`): every text schema starts
 * from it, so no string reaches the database that it would refuse.
 */
export const textSchema = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(safeTextCheck);

/** A number's upper bound where the spec sets none: 'Must be at most {max}'. */
const atMost = (max: number) => ({ error: LIMIT_TEXTS.atMost(max) });

// ---- Required and text -------------------------------------------------------------------

/**
 * Required text, trimmed: '{_field_} is required' when a field label is given, else
 * 'This field is required'.
 */
export const requiredTextSchema = (field?: string) => {
  const message = field === undefined ? M.thisFieldRequired : fieldRequiredMessage(field);
  return textSchema({ error: message }).trim().min(1, { error: message });
};

/** Required text marked 'required *'. */
export const requiredStarTextSchema = textSchema({ error: M.requiredStar })
  .trim()
  .check(ruleCheck(validateRequiredStar));

/** Advertiser: a non-empty string, 'required *'. */
export const advertiserSchema = textSchema({ error: M.requiredStar })
  .trim()
  .check(ruleCheck(validateAdvertiser));

/** Text of at least `length` characters. */
export const minLengthTextSchema = (length: number) =>
  textSchema({ error: minLengthMessage(length) }).check(
    ruleCheck((value) => validateMinLength(value, length)),
  );

/** Admin note, user note: at most 3000 characters. */
export const noteSchema = textSchema({ error: M.noteTooLong }).check(ruleCheck(validateNote));

export const emailSchema = textSchema({ error: M.invalidEmail }).trim().check(ruleCheck(validateEmail));

/** A list of addresses, each checked; the message is on the list. */
export const emailListSchema = z
  .array(textSchema({ error: M.invalidEmail }).trim(), { error: M.invalidEmail })
  .check(ruleCheck(validateEmailList));

/** JSON text. */
export const jsonTextSchema = textSchema({ error: M.invalidJson }).check(ruleCheck(validateJson));
/** Regular-expression text. */
export const regexTextSchema = textSchema({ error: M.invalidRegex }).check(ruleCheck(validateRegex));

export const transitionSchema = z.enum(TRANSITIONS, { error: M.thisFieldRequired });

export const adExchangeValueSchema = textSchema({ error: M.playlistNotValid }).check(
  ruleCheck(validateAdExchangeValue),
);

export const adReportUrlSchema = textSchema({ error: M.adReportUrl })
  .trim()
  .check(ruleCheck(validateAdReportUrl));

/**
 * Config text, or a config object's keys and text values, that PostgreSQL can store. First and
 * aborting, like `safeTextCheck` (a text-only check inside the union would turn its message into
 * the union's).
 */
const configTextCheck = z.refine<unknown>(
  (value) =>
    typeof value === 'string'
      ? validateSafeText(value) === null
      : typeof value !== 'object' ||
        value === null ||
        Object.entries(value).every(
          ([key, item]) => validateSafeText(key) === null && validateSafeText(item) === null,
        ),
  { error: LIMIT_TEXTS.unsafeText, abort: true },
);

/**
 * Config JSON as text (the console's editor) or as an object (an API payload). Missing or empty:
 * 'Set default as {}'; unreadable text: 'Invalid JSON'; otherwise keys and string values as the
 * spec says.
 */
export const configJsonSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], {
    error: (issue) => (issue.input === undefined || issue.input === null ? M.setDefaultConfig : M.configJson),
  })
  .check(configTextCheck, ruleCheck(validateConfigJson));

export const uuidSchema = textSchema({ error: M.invalidUuid }).trim().check(ruleCheck(validateUuid));
export const urlSchema = textSchema({ error: M.invalidUrl }).trim().check(ruleCheck(validateUrl));
/** A URL ending with '/'. */
export const streamUrlSchema = textSchema({ error: M.invalidUrl }).trim().check(ruleCheck(validateStreamUrl));
export const dtmfSchema = textSchema({ error: M.invalidDtmf }).check(ruleCheck(validateDtmf));
/** Empty or even length; a missing token is empty. */
export const akamaiTokenSchema = textSchema({ error: M.invalidAkamaiToken })
  .optional()
  .check(ruleCheck(validateAkamaiToken));
/** A date-time written MM-DD-YYYYTHH:mm:ss. */
export const specDateTimeSchema = textSchema({ error: M.invalidDate })
  .trim()
  .check(ruleCheck(validateSpecDateTime));

/** Trusted or blocked IPs: each an IPv4 address or CIDR range; the message is on the list. */
export const ipListSchema = z
  .array(textSchema({ error: M.invalidIpOrCidr }).trim(), { error: M.invalidIpOrCidr })
  .check(ruleCheck(validateIpList));

/** trustedIpsList and blockedIpsList, with blocked entries checked against the trusted ones. */
export const ipListsSchema = z
  .object({ trustedIpsList: ipListSchema.optional(), blockedIpsList: ipListSchema.optional() })
  .check(crossFieldCheck(blockedIpsRule));

export const passwordSchema = (bounds: LengthBounds = {}) =>
  textSchema({ error: M.passwordEmpty }).check(ruleCheck((value) => validatePassword(value, bounds)));

/** Redis key; pass `{ creating: true }` on the create form, where it is required. */
export const redisKeySchema = (options: RedisKeyOptions = {}) =>
  textSchema({ error: M.redisKeyRequired })
    .trim()
    .optional()
    .check(ruleCheck((value) => validateRedisKey(value, options)));

// ---- Numbers ----------------------------------------------------------------------------

// Every number has an upper bound (limits.ts): the spec's where it sets one, else a maximum
// chosen there with its reason, worded 'Must be at most {max}'. zod's number refuses NaN and
// Infinity before any of these run.

/** Minutes: 0 or at least 5 (spec), at most BREAK_INTERVAL_MAX. */
export const breakIntervalSchema = z
  .number({ error: M.breakInterval })
  .check(ruleCheck(validateBreakInterval))
  .max(BREAK_INTERVAL_MAX, atMost(BREAK_INTERVAL_MAX));
export const thresholdSchema = z
  .number({ error: M.thresholdAboveZero })
  .check(ruleCheck(validateThreshold))
  .max(NUMBER_MAX, atMost(NUMBER_MAX));
/** 0.1 to 4 (spec): bounded by its own rule. */
export const durationSchema = z.number({ error: M.durationRange }).check(ruleCheck(validateDuration));
/** Seconds: a positive whole number (spec), at most PROBE_DURATION_MAX. */
export const probeDurationSchema = z
  .number({ error: M.invalidDuration })
  .check(ruleCheck(validateProbeDuration))
  .max(PROBE_DURATION_MAX, atMost(PROBE_DURATION_MAX));
/** Seconds: at least 1 (spec), at most DURATION_SECONDS_MAX. */
export const triggerDurationSchema = z
  .number({ error: M.triggerDuration })
  .check(ruleCheck(validateTriggerDuration))
  .max(DURATION_SECONDS_MAX, atMost(DURATION_SECONDS_MAX));
/** A whole number other than 0, 'required *'; within ±NUMBER_MAX. */
export const nonzeroIntegerSchema = z
  .number({ error: M.requiredStar })
  .check(ruleCheck(validateNonzeroInteger))
  .min(-NUMBER_MAX, { error: LIMIT_TEXTS.between(-NUMBER_MAX, NUMBER_MAX) })
  .max(NUMBER_MAX, { error: LIMIT_TEXTS.between(-NUMBER_MAX, NUMBER_MAX) });

/** Above 0 (spec); at most `max`, NUMBER_MAX unless the field has a bound of its own. */
export const greaterThanZeroSchema = (field: string, max = NUMBER_MAX) =>
  z
    .number({ error: greaterThanZeroMessage(field) })
    .check(ruleCheck((value) => validateGreaterThanZero(value, field)))
    .max(max, atMost(max));

export const maxValueSchema = (max: number) =>
  z.number({ error: maxValueMessage(max) }).check(ruleCheck((value) => validateMaxValue(value, max)));

/** At least `min` (spec's min_value); at most `max`, NUMBER_MAX unless given. */
export const minValueSchema = (min: number, max = NUMBER_MAX) =>
  z
    .number({ error: minValueMessage(min) })
    .check(ruleCheck((value) => validateMinValue(value, min)))
    .max(max, atMost(max));

export const dailyBudgetSchema = (
  bounds: DailyBudgetBounds = { min: DAILY_BUDGET_MIN, max: DAILY_BUDGET_MAX },
) =>
  z
    .number({ error: dailyBudgetMessage(bounds.min, bounds.max) })
    .check(ruleCheck((value) => validateDailyBudget(value, bounds)));

/** A whole number, or digits as text (what a year or month select yields). */
const wholeNumberInput = (message: string) => z.union([z.number(), z.string()], { error: message });

/** Year above 1995 and at most the current year, read from the clock at each validation. */
export const yearSchema = (options: ClockOption = {}) =>
  wholeNumberInput(M.invalidYear).check(ruleCheck((value) => validateYear(value, options)));

export const monthSchema = wholeNumberInput(M.invalidMonth).check(ruleCheck(validateMonth));

/** A year that must be the current one: 'Please select current year'. */
export const currentYearSchema = (options: ClockOption = {}) =>
  wholeNumberInput(M.selectCurrentYear).check(ruleCheck((value) => validateCurrentYear(value, options)));

// ---- Bundles and pods -----------------------------------------------------------------

const percentageRange = { error: LIMIT_TEXTS.between(0, PERCENTAGE_MAX) };

/**
 * Bundles (other fields kept) whose percentages total 100; the message is on the bundles field.
 * Each percentage is 0 to 100, so no pair such as 1e300 and -1e300 can cancel out to a total of 100.
 */
export const bundlesSchema = z
  .array(
    z.looseObject({
      percentage: z
        .number({ error: M.bundlesTotal })
        .min(0, percentageRange)
        .max(PERCENTAGE_MAX, percentageRange),
    }),
    { error: M.bundlesTotal },
  )
  .check(ruleCheck(validateBundlesTotal));

/**
 * A pod count: a whole number (the pod rules bound it below), at most PODS_MAX. Not `z.int()`:
 * its safe-integer check would answer 1e300 with the type message as well as the bound's.
 */
export const podCountSchema = z
  .number({ error: M.thisFieldRequired })
  .max(PODS_MAX, atMost(PODS_MAX))
  .check(ruleCheck((value: number) => (Number.isInteger(value) ? null : M.thisFieldRequired)));

/** minReplicas, maxReplicas and optional desiredPods, with the pod rules on their fields. */
export const podsSchema = z
  .object({ minReplicas: podCountSchema, maxReplicas: podCountSchema, desiredPods: podCountSchema.nullish() })
  .check(crossFieldCheck(podsRule));
