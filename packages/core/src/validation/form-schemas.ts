/** The profile and account dialogs (spec section 5, "Profile" and "Account"). */
import { z } from 'zod';
import { maxChars, requiredTextSchema, textSchema } from './field-schemas.ts';
import {
  FILE_FIELD_LABELS,
  type FileRef,
  isFileRef,
  validateCertificateFile,
  validateLogoFile,
  validatePrivateKeyFile,
} from './files.ts';
import { ORGANIZATION_TYPES, TEXT_LIMITS, TIMEZONE_OFFSET_MAX, TIMEZONE_OFFSET_MIN } from './limits.ts';
import { fieldRequiredMessage, LIMIT_TEXTS, VALIDATION_MESSAGES as M } from './messages.ts';
import { isEmptyValue } from './rules.ts';
import type { CrossFieldRule, FieldIssue } from './types.ts';
import { crossFieldCheck, ruleCheck } from './zod-checks.ts';

// ---- Profile ------------------------------------------------------------------------------

/**
 * Labels the profile's required messages name. 'Mobile phone' is the spec's; the others follow
 * the same pattern (the spec does not name them).
 */
export const PROFILE_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  mobilePhone: 'Mobile phone',
  country: 'Country',
} as const;

/** Optional text of at most `max` characters: absent, null or a string (trimmed). */
const optionalText = (max: number) =>
  textSchema({ error: M.thisFieldRequired }).trim().check(maxChars(max)).nullish();

/**
 * firstName, lastName, mobilePhone and country required ('{_field_} is required'); jobTitle and
 * organizationType optional, the latter one of the spec's organisation types ('' means none, as
 * a cleared select gives). Each text at most its TEXT_LIMITS length, as at sign-up ('Must be at
 * most {max} characters'). A payload that is not an object at all: 'Please fill the required fields'.
 */
export const profileSchema = z.object(
  {
    firstName: requiredTextSchema(PROFILE_FIELD_LABELS.firstName, TEXT_LIMITS.personName),
    lastName: requiredTextSchema(PROFILE_FIELD_LABELS.lastName, TEXT_LIMITS.personName),
    mobilePhone: requiredTextSchema(PROFILE_FIELD_LABELS.mobilePhone, TEXT_LIMITS.phone),
    country: requiredTextSchema(PROFILE_FIELD_LABELS.country, TEXT_LIMITS.country),
    jobTitle: optionalText(TEXT_LIMITS.jobTitle),
    organizationType: z
      .union([z.enum(ORGANIZATION_TYPES), z.literal('')], { error: M.thisFieldRequired })
      .nullish(),
  },
  { error: M.pleaseFillRequiredFields },
);
export type ProfileFormInput = z.input<typeof profileSchema>;
export type ProfileFormValues = z.output<typeof profileSchema>;

// ---- Account ------------------------------------------------------------------------------

/** Labels the account's required messages name (chosen: the spec does not name them). */
export const ACCOUNT_FIELD_LABELS = {
  paymentPlan: 'Payment plan',
  timezone: 'Timezone',
  customDomainName: 'Custom domain name',
  ...FILE_FIELD_LABELS,
} as const;

const fileRefSchema = (message: string) => z.custom<FileRef>(isFileRef, { error: message });

export interface AccountFilesValue {
  uploadLogo?: boolean | null;
  logo?: FileRef | null;
  addCustomDomain?: boolean | null;
  customDomainName?: string | null;
  isCertificateModified?: boolean | null;
  certificateUrl?: FileRef | null;
  privateKeyUrl?: FileRef | null;
}

/** Logo required only when a logo was chosen (`uploadLogo`). */
export const logoUploadRule: CrossFieldRule<AccountFilesValue> = {
  fields: ['uploadLogo', 'logo'],
  validate: ({ uploadLogo, logo }) => {
    const message = uploadLogo === true ? validateLogoFile(logo, 'logo') : null;
    return message === null ? [] : [{ field: 'logo', message }];
  },
};

/** With a custom domain (`addCustomDomain`), its name is required. */
export const customDomainNameRule: CrossFieldRule<AccountFilesValue> = {
  fields: ['addCustomDomain', 'customDomainName'],
  validate: ({ addCustomDomain, customDomainName }) =>
    addCustomDomain === true && isEmptyValue(customDomainName)
      ? [{ field: 'customDomainName', message: fieldRequiredMessage(ACCOUNT_FIELD_LABELS.customDomainName) }]
      : [],
};

/**
 * With a custom domain and changed certificate files (`isCertificateModified`), the certificate
 * (.crt/.pem) and the private key (.key/.pem) are required.
 */
export const certificateFilesRule: CrossFieldRule<AccountFilesValue> = {
  fields: ['addCustomDomain', 'isCertificateModified', 'certificateUrl', 'privateKeyUrl'],
  validate: ({ addCustomDomain, isCertificateModified, certificateUrl, privateKeyUrl }) => {
    if (addCustomDomain !== true || isCertificateModified !== true) return [];
    const issues: FieldIssue[] = [];
    const certificateProblem = validateCertificateFile(certificateUrl);
    if (certificateProblem !== null) issues.push({ field: 'certificateUrl', message: certificateProblem });
    const keyProblem = validatePrivateKeyFile(privateKeyUrl);
    if (keyProblem !== null) issues.push({ field: 'privateKeyUrl', message: keyProblem });
    return issues;
  },
};

/** A numeric UTC offset in hours, within the offsets in use (-12 to +14). */
const timezoneRange = { error: LIMIT_TEXTS.between(TIMEZONE_OFFSET_MIN, TIMEZONE_OFFSET_MAX) };
const timezoneOffset = z
  .number()
  .min(TIMEZONE_OFFSET_MIN, timezoneRange)
  .max(TIMEZONE_OFFSET_MAX, timezoneRange);

/**
 * paymentPlan and timezone (a numeric offset or the option's text) required; the custom domain
 * name lower-cased; logo files of the accepted types whenever given; the conditional rules of
 * `logoUploadRule`, `customDomainNameRule` and `certificateFilesRule`. Other customer fields pass through untouched.
 */
export const accountSchema = z
  .looseObject(
    {
      paymentPlan: requiredTextSchema(ACCOUNT_FIELD_LABELS.paymentPlan, TEXT_LIMITS.text),
      timezone: z.union(
        [timezoneOffset, requiredTextSchema(ACCOUNT_FIELD_LABELS.timezone, TEXT_LIMITS.text)],
        {
          error: fieldRequiredMessage(ACCOUNT_FIELD_LABELS.timezone),
        },
      ),
      uploadLogo: z.boolean().nullish(),
      logo: fileRefSchema(fieldRequiredMessage(ACCOUNT_FIELD_LABELS.logo))
        .check(ruleCheck((file) => validateLogoFile(file, 'logo')))
        .nullish(),
      loginLogo: fileRefSchema(fieldRequiredMessage(ACCOUNT_FIELD_LABELS.loginLogo))
        .check(ruleCheck((file) => validateLogoFile(file, 'loginLogo')))
        .nullish(),
      addCustomDomain: z.boolean().nullish(),
      customDomainName: textSchema({ error: fieldRequiredMessage(ACCOUNT_FIELD_LABELS.customDomainName) })
        .trim()
        .toLowerCase()
        .check(maxChars(TEXT_LIMITS.domain))
        .nullish(),
      isCertificateModified: z.boolean().nullish(),
      certificateUrl: fileRefSchema(fieldRequiredMessage(ACCOUNT_FIELD_LABELS.certificateUrl)).nullish(),
      privateKeyUrl: fileRefSchema(fieldRequiredMessage(ACCOUNT_FIELD_LABELS.privateKeyUrl)).nullish(),
    },
    { error: M.pleaseFillRequiredFields },
  )
  .check(
    crossFieldCheck(logoUploadRule),
    crossFieldCheck(customDomainNameRule),
    crossFieldCheck(certificateFilesRule),
  );
export type AccountFormInput = z.input<typeof accountSchema>;
export type AccountFormValues = z.output<typeof accountSchema>;
