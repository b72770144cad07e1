/**
 * Zod schemas for the rules of spec section 5, one per rule, to compose into route and form
 * schemas. A value of the wrong type (a missing field, text where a number belongs) gets the
 * rule's own spec message, never zod's default English. Schemas use checks, not transforms
 * (trim/toLowerCase are in-place), so they also describe a route's JSON body.
 */
import { z } from 'zod';
import { blockedIpsRule, podsRule } from './cross-field-rules.ts';
import { DAILY_BUDGET_MAX, DAILY_BUDGET_MIN, TRANSITIONS } from './limits.ts';
import {
  dailyBudgetMessage,
  fieldRequiredMessage,
  greaterThanZeroMessage,
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
  validateSpecDateTime,
  validateStreamUrl,
  validateThreshold,
  validateTriggerDuration,
  validateUrl,
  validateUuid,
  validateYear,
} from './rules.ts';
import { crossFieldCheck, ruleCheck } from './zod-checks.ts';

// ---- Required and text -------------------------------------------------------------------

/**
 * Required text, trimmed: '{_field_} is required' when a field label is given, else
 * 'This field is required'.
 */
export const requiredTextSchema = (field?: string) => {
  const message = field === undefined ? M.thisFieldRequired : fieldRequiredMessage(field);
  return z.string({ error: message }).trim().min(1, { error: message });
};

/** Required text marked 'required *'. */
export const requiredStarTextSchema = z
  .string({ error: M.requiredStar })
  .trim()
  .check(ruleCheck(validateRequiredStar));

/** Advertiser: a non-empty string, 'required *'. */
export const advertiserSchema = z
  .string({ error: M.requiredStar })
  .trim()
  .check(ruleCheck(validateAdvertiser));

/** Text of at least `length` characters. */
export const minLengthTextSchema = (length: number) =>
  z.string({ error: minLengthMessage(length) }).check(ruleCheck((value) => validateMinLength(value, length)));

/** Admin note, user note: at most 3000 characters. */
export const noteSchema = z.string({ error: M.noteTooLong }).check(ruleCheck(validateNote));

export const emailSchema = z.string({ error: M.invalidEmail }).trim().check(ruleCheck(validateEmail));

/** A list of addresses, each checked; the message is on the list. */
export const emailListSchema = z
  .array(z.string({ error: M.invalidEmail }).trim(), { error: M.invalidEmail })
  .check(ruleCheck(validateEmailList));

/** JSON text. */
export const jsonTextSchema = z.string({ error: M.invalidJson }).check(ruleCheck(validateJson));
/** Regular-expression text. */
export const regexTextSchema = z.string({ error: M.invalidRegex }).check(ruleCheck(validateRegex));

export const transitionSchema = z.enum(TRANSITIONS, { error: M.thisFieldRequired });

export const adExchangeValueSchema = z
  .string({ error: M.playlistNotValid })
  .check(ruleCheck(validateAdExchangeValue));

export const adReportUrlSchema = z
  .string({ error: M.adReportUrl })
  .trim()
  .check(ruleCheck(validateAdReportUrl));

/**
 * Config JSON as text (the console's editor) or as an object (an API payload). Missing or empty:
 * 'Set default as {}'; unreadable text: 'Invalid JSON'; otherwise keys and string values as the
 * spec says.
 */
export const configJsonSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], {
    error: (issue) => (issue.input === undefined || issue.input === null ? M.setDefaultConfig : M.configJson),
  })
  .check(ruleCheck(validateConfigJson));

export const uuidSchema = z.string({ error: M.invalidUuid }).trim().check(ruleCheck(validateUuid));
export const urlSchema = z.string({ error: M.invalidUrl }).trim().check(ruleCheck(validateUrl));
/** A URL ending with '/'. */
export const streamUrlSchema = z.string({ error: M.invalidUrl }).trim().check(ruleCheck(validateStreamUrl));
export const dtmfSchema = z.string({ error: M.invalidDtmf }).check(ruleCheck(validateDtmf));
/** Empty or even length; a missing token is empty. */
export const akamaiTokenSchema = z
  .string({ error: M.invalidAkamaiToken })
  .optional()
  .check(ruleCheck(validateAkamaiToken));
/** A date-time written MM-DD-YYYYTHH:mm:ss. */
export const specDateTimeSchema = z
  .string({ error: M.invalidDate })
  .trim()
  .check(ruleCheck(validateSpecDateTime));

/** Trusted or blocked IPs: each an IPv4 address or CIDR range; the message is on the list. */
export const ipListSchema = z
  .array(z.string({ error: M.invalidIpOrCidr }).trim(), { error: M.invalidIpOrCidr })
  .check(ruleCheck(validateIpList));

/** trustedIpsList and blockedIpsList, with blocked entries checked against the trusted ones. */
export const ipListsSchema = z
  .object({ trustedIpsList: ipListSchema.optional(), blockedIpsList: ipListSchema.optional() })
  .check(crossFieldCheck(blockedIpsRule));

export const passwordSchema = (bounds: LengthBounds = {}) =>
  z.string({ error: M.passwordEmpty }).check(ruleCheck((value) => validatePassword(value, bounds)));

/** Redis key; pass `{ creating: true }` on the create form, where it is required. */
export const redisKeySchema = (options: RedisKeyOptions = {}) =>
  z
    .string({ error: M.redisKeyRequired })
    .trim()
    .optional()
    .check(ruleCheck((value) => validateRedisKey(value, options)));

// ---- Numbers ----------------------------------------------------------------------------

export const breakIntervalSchema = z
  .number({ error: M.breakInterval })
  .check(ruleCheck(validateBreakInterval));
export const thresholdSchema = z.number({ error: M.thresholdAboveZero }).check(ruleCheck(validateThreshold));
export const durationSchema = z.number({ error: M.durationRange }).check(ruleCheck(validateDuration));
export const probeDurationSchema = z
  .number({ error: M.invalidDuration })
  .check(ruleCheck(validateProbeDuration));
export const triggerDurationSchema = z
  .number({ error: M.triggerDuration })
  .check(ruleCheck(validateTriggerDuration));
/** A whole number other than 0, 'required *'. */
export const nonzeroIntegerSchema = z
  .number({ error: M.requiredStar })
  .check(ruleCheck(validateNonzeroInteger));

export const greaterThanZeroSchema = (field: string) =>
  z
    .number({ error: greaterThanZeroMessage(field) })
    .check(ruleCheck((value) => validateGreaterThanZero(value, field)));

export const maxValueSchema = (max: number) =>
  z.number({ error: maxValueMessage(max) }).check(ruleCheck((value) => validateMaxValue(value, max)));

export const minValueSchema = (min: number) =>
  z.number({ error: minValueMessage(min) }).check(ruleCheck((value) => validateMinValue(value, min)));

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

/** Bundles (other fields kept) whose percentages total 100; the message is on the bundles field. */
export const bundlesSchema = z
  .array(z.looseObject({ percentage: z.number({ error: M.bundlesTotal }) }), { error: M.bundlesTotal })
  .check(ruleCheck(validateBundlesTotal));

const podCount = z.int({ error: M.thisFieldRequired });

/** minReplicas, maxReplicas and optional desiredPods, with the pod rules on their fields. */
export const podsSchema = z
  .object({ minReplicas: podCount, maxReplicas: podCount, desiredPods: podCount.nullish() })
  .check(crossFieldCheck(podsRule));
