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
  EMAIL_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  NUMBER_MAX,
  PASSWORD_MAX_LENGTH,
  PERCENTAGE_MAX,
  PODS_MAX,
  PROBE_DURATION_MAX,
  REDIS_KEY_MAX_LENGTH,
  TEXT_LIMITS,
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
  passwordTooLongMessage,
  redisKeyTooLongMessage,
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

/**
 * A text's upper bound (TEXT_LIMITS), as a check to place right after `.trim()`: a longer value
 * gets this one issue, 'Must be at most {max} characters' unless the field has a message of its
 * own, and none of the field's rules run on it (so no rule ever reads a megabyte).
 */
export const maxChars = (max: number, message: string = LIMIT_TEXTS.tooLong(max)) =>
  z.maxLength(max, { error: message, abort: true });

/**
 * Schemas bounded as a whole rather than by a `.max()` on each text inside (Config JSON: its
 * text, or its object written as JSON): the limit they check. Read by the tests that make sure
 * every text of a write schema is bounded.
 */
export const wholeTextLimits = z.registry<{ maxLength: number }>();

/** A number's upper bound where the spec sets none: 'Must be at most {max}'. */
const atMost = (max: number) => ({ error: LIMIT_TEXTS.atMost(max) });

// ---- Required and text -------------------------------------------------------------------

/**
 * Required text, trimmed: '{_field_} is required' when a field label is given, else
 * 'This field is required'.
 */
export const requiredTextSchema = (field?: string, max?: number) => {
  const message = field === undefined ? M.thisFieldRequired : fieldRequiredMessage(field);
  const required = textSchema({ error: message }).trim();
  return (max === undefined ? required : required.check(maxChars(max))).min(1, { error: message });
};

/** Required text marked 'required *'. */
export const requiredStarTextSchema = textSchema({ error: M.requiredStar })
  .trim()
  .check(maxChars(TEXT_LIMITS.text), ruleCheck(validateRequiredStar));

/** Advertiser: a non-empty string, 'required *' (an advertiser's id or name). */
export const advertiserSchema = textSchema({ error: M.requiredStar })
  .trim()
  .check(maxChars(TEXT_LIMITS.name), ruleCheck(validateAdvertiser));

/** Text of at least `length` characters, and at most `max`. */
export const minLengthTextSchema = (length: number, max: number = TEXT_LIMITS.text) =>
  textSchema({ error: minLengthMessage(length) }).check(
    maxChars(max),
    ruleCheck((value) => validateMinLength(value, length)),
  );

/** Admin note, user note: at most 3000 characters. */
export const noteSchema = textSchema({ error: M.noteTooLong }).check(
  maxChars(NOTE_MAX_LENGTH, M.noteTooLong),
  ruleCheck(validateNote),
);

/** An address: longer than an address can be is 'Invalid email' too. */
export const emailSchema = textSchema({ error: M.invalidEmail })
  .trim()
  .check(maxChars(EMAIL_MAX_LENGTH, M.invalidEmail), ruleCheck(validateEmail));

/** A list of addresses, each checked; the message is on the list (an over-long one's on its place). */
export const emailListSchema = z
  .array(textSchema({ error: M.invalidEmail }).trim().check(maxChars(EMAIL_MAX_LENGTH, M.invalidEmail)), {
    error: M.invalidEmail,
  })
  .check(ruleCheck(validateEmailList));

/** JSON text. */
export const jsonTextSchema = textSchema({ error: M.invalidJson }).check(
  maxChars(TEXT_LIMITS.json),
  ruleCheck(validateJson),
);
/** Regular-expression text. */
export const regexTextSchema = textSchema({ error: M.invalidRegex }).check(
  maxChars(TEXT_LIMITS.regex),
  ruleCheck(validateRegex),
);

export const transitionSchema = z.enum(TRANSITIONS, { error: M.thisFieldRequired });

/** Trimmed; at most TEXT_LIMITS.token characters. */
export const adExchangeValueSchema = textSchema({ error: M.playlistNotValid })
  .trim()
  .check(maxChars(TEXT_LIMITS.token), ruleCheck(validateAdExchangeValue));

export const adReportUrlSchema = textSchema({ error: M.adReportUrl })
  .trim()
  .check(maxChars(TEXT_LIMITS.url), ruleCheck(validateAdReportUrl));

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
 * Config JSON's size: its text, or its object written as JSON, at most TEXT_LIMITS.json characters
 * (so every key and value inside is bounded too). Aborting, before the spec's rule reads it.
 */
const tooLongJson = { error: LIMIT_TEXTS.tooLong(TEXT_LIMITS.json) };
const configSizeCheck = z.refine<unknown>(
  (value) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    // Characters as zod's `.max()` counts them: code points (units first, the cheap case).
    return text.length <= TEXT_LIMITS.json || [...text].length <= TEXT_LIMITS.json;
  },
  { ...tooLongJson, abort: true },
);

/**
 * Config JSON as text (the console's editor) or as an object (an API payload). Missing or empty:
 * 'Set default as {}'; unreadable text: 'Invalid JSON'; otherwise keys and string values as the
 * spec says; at most TEXT_LIMITS.json characters (of the text, or of the object as JSON).
 */
export const configJsonSchema = z
  .union(
    [
      // Aborting: the union then answers with its own message (below), and no check after it runs.
      z.string().max(TEXT_LIMITS.json, { ...tooLongJson, abort: true }),
      z.record(z.string(), z.unknown()),
    ],
    {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? M.setDefaultConfig
          : typeof issue.input === 'string'
            ? tooLongJson.error
            : M.configJson,
    },
  )
  .check(configTextCheck, configSizeCheck, ruleCheck(validateConfigJson))
  .register(wholeTextLimits, { maxLength: TEXT_LIMITS.json });

export const uuidSchema = textSchema({ error: M.invalidUuid })
  .trim()
  .check(maxChars(TEXT_LIMITS.id, M.invalidUuid), ruleCheck(validateUuid));
export const urlSchema = textSchema({ error: M.invalidUrl })
  .trim()
  .check(maxChars(TEXT_LIMITS.url), ruleCheck(validateUrl));
/** A URL ending with '/'. */
export const streamUrlSchema = textSchema({ error: M.invalidUrl })
  .trim()
  .check(maxChars(TEXT_LIMITS.url), ruleCheck(validateStreamUrl));
export const dtmfSchema = textSchema({ error: M.invalidDtmf }).check(
  maxChars(TEXT_LIMITS.text, M.invalidDtmf),
  ruleCheck(validateDtmf),
);
/** Empty or even length, at most TEXT_LIMITS.token characters; a missing token is empty. */
export const akamaiTokenSchema = textSchema({ error: M.invalidAkamaiToken })
  .check(maxChars(TEXT_LIMITS.token))
  .optional()
  .check(ruleCheck(validateAkamaiToken));
/** A date-time written MM-DD-YYYYTHH:mm:ss. */
export const specDateTimeSchema = textSchema({ error: M.invalidDate })
  .trim()
  .check(maxChars(TEXT_LIMITS.dateTime, M.invalidDate), ruleCheck(validateSpecDateTime));

/**
 * Trusted or blocked IPs: each an IPv4 or IPv6 address or CIDR range; the message is on the list (on the
 * entry's place for one longer than any address).
 */
export const ipListSchema = z
  .array(
    textSchema({ error: M.invalidIpOrCidr }).trim().check(maxChars(TEXT_LIMITS.ipOrCidr, M.invalidIpOrCidr)),
    { error: M.invalidIpOrCidr },
  )
  .check(ruleCheck(validateIpList));

/** trustedIpsList and blockedIpsList, with blocked entries checked against the trusted ones. */
export const ipListsSchema = z
  .object({ trustedIpsList: ipListSchema.optional(), blockedIpsList: ipListSchema.optional() })
  .check(crossFieldCheck(blockedIpsRule));

export const passwordSchema = (bounds: LengthBounds = {}) => {
  const max = bounds.maxLength ?? PASSWORD_MAX_LENGTH;
  return textSchema({ error: M.passwordEmpty }).check(
    maxChars(max, passwordTooLongMessage(max)),
    ruleCheck((value) => validatePassword(value, bounds)),
  );
};

/**
 * The password typed again ('This field is required' when missing), compared with the password
 * by `repeatPasswordRule`; longer than any password it cannot be the same.
 */
export const repeatPasswordSchema = textSchema({ error: M.thisFieldRequired }).check(
  maxChars(PASSWORD_MAX_LENGTH, M.repeatPassword),
);

/** Redis key; pass `{ creating: true }` on the create form, where it is required. */
export const redisKeySchema = (options: RedisKeyOptions = {}) => {
  const max = options.maxLength ?? REDIS_KEY_MAX_LENGTH;
  return textSchema({ error: M.redisKeyRequired })
    .trim()
    .check(maxChars(max, redisKeyTooLongMessage(max)))
    .optional()
    .check(ruleCheck((value) => validateRedisKey(value, options)));
};

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
