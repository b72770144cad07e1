import { z } from 'zod';
import { COUNTRY_CODES } from '../constants/countries.ts';
import { repeatPasswordRule } from '../validation/cross-field-rules.ts';
import {
  emailSchema,
  passwordSchema,
  repeatPasswordSchema,
  requiredTextSchema,
} from '../validation/field-schemas.ts';
import { ORGANIZATION_TYPES, TEXT_LIMITS } from '../validation/limits.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { crossFieldCheck } from '../validation/zod-checks.ts';

// The sign-up payloads, apart from the other auth schemas so that the country list they check
// against is bundled only with the sign-up pages.

/** Labels of the sign-up form ('{_field_} is required'). */
export const SIGNUP_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  mobilePhone: 'Mobile phone',
  organizationType: 'Organization type',
  country: 'Country',
} as const;

/** The texts' bounds are core's one set (TEXT_LIMITS), the profile's and the team's too. */
const signupFields = {
  firstName: requiredTextSchema(SIGNUP_FIELD_LABELS.firstName, TEXT_LIMITS.personName),
  lastName: requiredTextSchema(SIGNUP_FIELD_LABELS.lastName, TEXT_LIMITS.personName),
  email: emailSchema,
  mobilePhone: requiredTextSchema(SIGNUP_FIELD_LABELS.mobilePhone, TEXT_LIMITS.phone),
  organizationType: z.enum(ORGANIZATION_TYPES, { error: VALIDATION_MESSAGES.thisFieldRequired }),
  country: requiredTextSchema(SIGNUP_FIELD_LABELS.country, TEXT_LIMITS.country).refine(
    (code) => COUNTRY_CODES.has(code),
    { error: VALIDATION_MESSAGES.thisFieldRequired },
  ),
  password: passwordSchema(),
  repeatPassword: repeatPasswordSchema,
};

/** `POST auth/signup`: a new customer account and its first user (inactive until activated). */
export const signupRequestSchema = z.object(signupFields).check(crossFieldCheck(repeatPasswordRule()));
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** `POST auth/mpsignup`: the same, carrying the marketplace customer token. */
export const marketplaceSignupRequestSchema = z
  .object({
    ...signupFields,
    marketplaceToken: requiredTextSchema('Marketplace token', TEXT_LIMITS.marketplaceToken),
  })
  .check(crossFieldCheck(repeatPasswordRule()));
export type MarketplaceSignupRequest = z.infer<typeof marketplaceSignupRequestSchema>;
