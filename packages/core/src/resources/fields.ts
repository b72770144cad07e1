/** Small field schemas the resource definitions share (built on the rules of spec section 5). */
import { z } from 'zod';
import { maxChars, requiredTextSchema, textSchema } from '../validation/field-schemas.ts';
import { TEXT_LIMITS } from '../validation/limits.ts';
import { greaterThanZeroMessage, LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { validateGreaterThanZero, validateStreamUrl, validateUrl } from '../validation/rules.ts';
import { ruleCheck } from '../validation/zod-checks.ts';

/** The name every resource has: required, at most 120 characters (TEXT_LIMITS.name). */
export const NAME_MAX_LENGTH = TEXT_LIMITS.name;
export const resourceNameSchema = (label = 'Name') =>
  requiredTextSchema(label).max(NAME_MAX_LENGTH, {
    error: `${label} must be at most ${NAME_MAX_LENGTH} characters`,
  });

/**
 * A label inside a record (a bundle share's name, a layout's): required with `message`, at most
 * TEXT_LIMITS.name characters.
 */
export const labelSchema = (message: string) =>
  textSchema({ error: message }).trim().check(maxChars(TEXT_LIMITS.name)).min(1, { error: message });

/** A URL that may be left empty (''): 'Invalid URL' otherwise; at most TEXT_LIMITS.url characters. */
export const optionalUrlSchema = textSchema({ error: M.invalidUrl })
  .trim()
  .check(
    maxChars(TEXT_LIMITS.url),
    ruleCheck((value: string) => (value === '' ? null : validateUrl(value))),
  )
  .default('');

/** A stream URL that may be left empty: when given, a URL ending with '/'. */
export const optionalStreamUrlSchema = textSchema({ error: M.invalidUrl })
  .trim()
  .check(
    maxChars(TEXT_LIMITS.url),
    ruleCheck((value: string) => (value === '' ? null : validateStreamUrl(value))),
  )
  .default('');

/**
 * Text the record's own rules read later (a URL checked against another field): trimmed, at most
 * `max` characters, '' when left out.
 */
export const boundedTextSchema = (max: number, message: string) =>
  textSchema({ error: message }).trim().check(maxChars(max)).default('');

/**
 * A number above zero ('{_field_} should be greater than zero') and at most `max` ('Must be at
 * most {max}'): every caller names its field's bound (limits.ts), so none is unbounded.
 */
export const positiveNumberSchema = (field: string, max: number) =>
  z
    .number({ error: greaterThanZeroMessage(field) })
    .check(ruleCheck((v) => validateGreaterThanZero(v, field)))
    .max(max, { error: LIMIT_TEXTS.atMost(max) });

/** A whole number above zero ('{_field_} should be greater than zero') and at most `max`. */
export const positiveIntSchema = (field: string, max: number) =>
  z
    .number({ error: greaterThanZeroMessage(field) })
    .check(
      ruleCheck((v) =>
        Number.isInteger(v) ? validateGreaterThanZero(v, field) : greaterThanZeroMessage(field),
      ),
    )
    .max(max, { error: LIMIT_TEXTS.atMost(max) });

/** Optional id of another resource of the same account ('' or null: none). */
export const referenceSchema = z
  .union([z.uuid({ error: M.invalidUuid }), z.literal(''), z.null()], { error: M.invalidUuid })
  .transform((value) => (value === '' ? null : value))
  .default(null);

export const RESOURCE_STATUSES = ['active', 'inactive'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
export const RESOURCE_STATUS_LABELS: Record<ResourceStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};
export const statusSchema = z.enum(RESOURCE_STATUSES, { error: M.thisFieldRequired }).default('active');
