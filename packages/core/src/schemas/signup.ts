import { z } from 'zod';
import { COUNTRY_CODES } from '../constants/countries.ts';
import { repeatPasswordRule } from '../validation/cross-field-rules.ts';
import { emailSchema, passwordSchema, requiredTextSchema, textSchema } from '../validation/field-schemas.ts';
import { ORGANIZATION_TYPES } from '../validation/limits.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { crossFieldCheck } from '../validation/zod-checks.ts';

// The sign-up payloads, apart from the other auth schemas so that the country list they check
// against is bundled only with the sign-up pages.

const required = { error: VALIDATION_MESSAGES.thisFieldRequired };

/** Labels of the sign-up form ('{_field_} is required'). */
export const SIGNUP_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  mobilePhone: 'Mobile phone',
  organizationType: 'Organization type',
  country: 'Country',
} as const;

const signupFields = {
  firstName: requiredTextSchema(SIGNUP_FIELD_LABELS.firstName).max(100),
  lastName: requiredTextSchema(SIGNUP_FIELD_LABELS.lastName).max(100),
  email: emailSchema,
  mobilePhone: requiredTextSchema(SIGNUP_FIELD_LABELS.mobilePhone).max(40),
  organizationType: z.enum(ORGANIZATION_TYPES, { error: VALIDATION_MESSAGES.thisFieldRequired }),
  country: requiredTextSchema(SIGNUP_FIELD_LABELS.country).refine((code) => COUNTRY_CODES.has(code), {
    error: VALIDATION_MESSAGES.thisFieldRequired,
  }),
  password: passwordSchema(),
  repeatPassword: textSchema(required),
};

/** `POST auth/signup`: a new customer account and its first user (inactive until activated). */
export const signupRequestSchema = z.object(signupFields).check(crossFieldCheck(repeatPasswordRule()));
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** `POST auth/mpsignup`: the same, carrying the marketplace customer token. */
export const marketplaceSignupRequestSchema = z
  .object({ ...signupFields, marketplaceToken: requiredTextSchema('Marketplace token').max(2048) })
  .check(crossFieldCheck(repeatPasswordRule()));
export type MarketplaceSignupRequest = z.infer<typeof marketplaceSignupRequestSchema>;
