/**
 * The account area's calls (spec section 7) and the plan feature list (section 3): one contract
 * for the server's route schemas and the console's dialogs.
 */
import { z } from 'zod';
import { maxChars, textSchema } from '../validation/field-schemas.ts';
import { profileSchema } from '../validation/form-schemas.ts';
import { TEXT_LIMITS, TIMEZONE_OFFSET_MAX, TIMEZONE_OFFSET_MIN } from '../validation/limits.ts';
import { customerSchema, userSchema } from './user.ts';

// ---- Texts (spec sections 2, 8 and 9, verbatim) --------------------------------------------

export const ACCOUNT_TEXTS = {
  profileUpdated: 'Successfully Updated Profile',
  accountUpdated: 'Successfully Updated Account',
  tokenGenerated: 'API Token Generated Successfully',
  /** Shown as an error toast, as the spec says. */
  tokenDeleted: 'API Token Deleted Successfully',
  tokenCopied: 'Successfully Copied API Token',
  deactivated: 'Your account has been de-activated!!',
  cannotDeactivate: "You can't De-Activate the account while you have configured channels or VODs",
  deactivateConfirm: 'This operation is irreversible, Are you sure?',
  deactivateConfirmAgain: 'Are you sure?',
  /** The spec shows 'Oops! This option ... available only in the Enterprise plan'; the full sentence is ours. */
  upgradePrompt:
    'Oops! This option is available only in the Enterprise plan. Upgrade to Enterprise to enable API access.',
  upgradeFailed: 'Sorry something went wrong while upgrading plans',
  /** Tooltip of the logo pickers. */
  logoTooltip: 'Recommended: 512x512, 1:1',
} as const;

// ---- Plans ---------------------------------------------------------------------------------

export const PAYMENT_PLANS = ['standard', 'enterprise'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/** GET /billing/getPaymentPlans answers `{ data: options }` (the console reads `data.data`). */
export const PAYMENT_PLAN_OPTIONS: readonly { text: string; value: PaymentPlan }[] = [
  { text: 'Standard', value: 'standard' },
  { text: 'Enterprise - Contact us (Min 10M Impressions)', value: 'enterprise' },
];
export const paymentPlanOptionSchema = z.object({ text: z.string(), value: z.enum(PAYMENT_PLANS) });
export const paymentPlansResponseSchema = z.object({ data: z.array(paymentPlanOptionSchema) });

/** One row of the plan feature list (spec section 3): booleans show as check/cross, comma lists as lists. */
export const planFeatureSchema = z.object({
  id: z.number().int(),
  feature: z.string(),
  key: z.string(),
  plans: z.object({
    standard: z.union([z.boolean(), z.string()]),
    enterprise: z.union([z.boolean(), z.string()]),
  }),
  subPlan: z.string().optional(),
});
export type PlanFeature = z.infer<typeof planFeatureSchema>;

export const PLAN_FEATURES: readonly PlanFeature[] = [
  {
    id: 1,
    feature: 'Live and VOD server-side ad insertion',
    key: 'ssai',
    plans: { standard: true, enterprise: true },
  },
  {
    id: 2,
    feature: 'Advanced SSAI ad suite',
    key: 'ssai_advanced_ad_suite',
    plans: { standard: false, enterprise: 'Ad pods, Prefetch, Midroll layouts, Text overlay, Redundancy' },
  },
  {
    id: 3,
    feature: 'Enhanced API access',
    key: 'enhanced_api',
    plans: { standard: false, enterprise: 'API token, Swagger, Admin API documentation' },
    subPlan: 'Required for the API access switch',
  },
  {
    id: 4,
    feature: 'Minimum commitment',
    key: 'minimum_commitment',
    plans: { standard: 'None', enterprise: '10M impressions per month' },
  },
];
export const planFeatureKeys = {
  enhancedApi: 'enhanced_api',
  minimumCommitment: 'minimum_commitment',
} as const;

/** Whether a plan has a feature (a boolean true or a non-empty list). */
export const planHasFeature = (plan: PaymentPlan, key: string): boolean => {
  const value = PLAN_FEATURES.find((f) => f.key === key)?.plans[plan];
  return value === true || (typeof value === 'string' && value.trim() !== '');
};

// ---- Time zones ----------------------------------------------------------------------------

/** GET /country/getTimeZones: each zone with its current offset in hours (5.5 for +05:30). */
export const timeZoneSchema = z.object({ value: z.string(), numerical_value: z.number() });
export const timeZonesResponseSchema = z.array(timeZoneSchema);
export type TimeZoneOption = z.infer<typeof timeZoneSchema>;

// ---- Customer account edit -----------------------------------------------------------------

export const CDN_PROTOCOLS = ['https://', 'http://'] as const;
export const LOGO_ASPECTS = ['portrait', 'landscape', 'square'] as const;
export type LogoAspect = (typeof LOGO_ASPECTS)[number];

/** portrait, landscape or square (spec section 3), from an image's pixel size. */
export const logoAspectOf = (width: number, height: number): LogoAspect =>
  width === height ? 'square' : width > height ? 'landscape' : 'portrait';

/** Upload limits of the account dialog's files. */
export const UPLOAD_LIMITS = { imageBytes: 2 * 1024 * 1024, pemBytes: 64 * 1024 } as const;

/**
 * PUT /customer/editCustomer/{id}: multipart form data. The text fields below, plus the files
 * `logo`, `loginLogo`, `certificate` and `privateKey`. Booleans arrive as 'true'/'false'.
 */
const formBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const TIMEZONE_RANGE_MESSAGE = 'Timezone must be a UTC offset from -12 to +14 hours, in quarter hours';
/** '5.5', '-3', '+05:30' (the form's option text) -> hours; anything else (an empty field included) -> NaN. */
const parseOffsetText = (text: string): number => {
  const clock = /^([+-])?(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) return (clock[1] === '-' ? -1 : 1) * (Number(clock[2]) + Number(clock[3]) / 60);
  return /^[+-]?\d{1,2}(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};
/**
 * A numeric UTC offset in hours: a number, or text in a form field ('5.5', '+05:30'). An empty
 * field is missing, never 0 (UTC); offsets run from -12 to +14 in quarter hours (5.75 Nepal).
 */
const timezoneOffsetSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        // Longer than any offset: answered as unreadable text is ('Timezone is required').
        .max(TEXT_LIMITS.dateTime)
        .transform(parseOffsetText),
    ],
    { error: 'Timezone is required' },
  )
  .pipe(
    z
      .number({ error: 'Timezone is required' })
      .min(TIMEZONE_OFFSET_MIN, { error: TIMEZONE_RANGE_MESSAGE })
      .max(TIMEZONE_OFFSET_MAX, { error: TIMEZONE_RANGE_MESSAGE })
      .refine((hours) => Number.isInteger(hours * 4), { error: TIMEZONE_RANGE_MESSAGE }),
  );

export const editCustomerFieldsSchema = z.object({
  paymentPlan: z.enum(PAYMENT_PLANS, { error: 'Payment plan is required' }).optional(),
  timezone: timezoneOffsetSchema.optional(),
  addCustomDomain: formBoolean.optional(),
  customDomainName: textSchema().trim().toLowerCase().check(maxChars(TEXT_LIMITS.domain)).optional(),
  cdnProtocol: z.enum(CDN_PROTOCOLS, { error: "CDN protocol is 'https://' or 'http://'" }).optional(),
  cdnDomain: textSchema().trim().check(maxChars(TEXT_LIMITS.domain)).optional(),
  uploadLogo: formBoolean.optional(),
  isCertificateModified: formBoolean.optional(),
  isFirstTime: formBoolean.optional(),
});
export type EditCustomerFields = z.input<typeof editCustomerFieldsSchema>;

/** The customer as the account dialog reads it (spec section 3), file URLs included. */
export const accountCustomerSchema = customerSchema.extend({
  logoUrl: z.string().nullable(),
  loginLogoUrl: z.string().nullable(),
  logoAspect: z.enum(LOGO_ASPECTS).nullable(),
  addCustomDomain: z.boolean(),
  customDomainName: z.string().nullable(),
  /** The certificate's file name (with its extension), or null. */
  certificateUrl: z.string().nullable(),
  privateKeyUrl: z.string().nullable(),
  cdnProtocol: z.enum(CDN_PROTOCOLS),
  cdnDomain: z.string().nullable(),
  /** The API token, shown to its own customer (and a main administrator) only. */
  apiToken: z.string().nullable(),
  plans: z.array(planFeatureSchema),
});
export type AccountCustomer = z.infer<typeof accountCustomerSchema>;

/** The answer of editCustomer: the id and the customer (`customerId.loginLogoUrl`). */
export const editCustomerResponseSchema = z.object({ id: z.string(), customerId: accountCustomerSchema });

/** GET /customer/getCustomer/{id}: the account dialog's data. */
export const getCustomerResponseSchema = accountCustomerSchema;

// ---- User profile edit ---------------------------------------------------------------------

/** PUT /user/editUser/{id}: the profile fields (spec section 5 rules). */
export const editUserBodySchema = profileSchema;
export const editUserResponseSchema = userSchema;

// ---- API token -----------------------------------------------------------------------------

export const generateTokenBodySchema = z.object({
  enableAPI: z.boolean({ error: 'enableAPI must be true or false' }),
  customerId: z.uuid({ error: 'customerId must be a customer id' }),
});
export const generateTokenResponseSchema = z.object({
  apiToken: z.string().nullable(),
  enableAPI: z.boolean(),
  customer: accountCustomerSchema,
});

/** API tokens carry this prefix, so they are told apart from session tokens (and found by scanners). */
export const API_TOKEN_PREFIX = 'cpk_';

// ---- Logo, deactivation --------------------------------------------------------------------

/** GET /logo/updateLogo: the caller's customer logo (`[0].url`), empty without one. */
export const updateLogoResponseSchema = z.array(z.object({ url: z.string() }));
/** A main administrator's LIVE Demo shows the logo of the customer whose stream it plays. */
export const updateLogoQuerySchema = z.strictObject({
  customerId: z.uuid({ error: 'Invalid UUID' }).optional(),
});
export const LOGO_TEXTS = {
  otherCustomer: 'Only a main administrator may see another customer’s logo',
} as const;

/** GET /logo/login?host=…: public; the login logo of the customer served on that host. */
export const loginLogoQuerySchema = z.object({ host: textSchema().trim().toLowerCase().min(1).max(253) });
export const loginLogoResponseSchema = z.object({ url: z.string().nullable() });

export const canBeDeactivatedResponseSchema = z.boolean();
export const deactivateAccountResponseSchema = z.object({ message: z.string() });

// ---- Login-as picker -----------------------------------------------------------------------

/** GET /user/search?q=…: main administrator; users to act as. */
export const userSearchQuerySchema = z.object({
  q: textSchema().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const userSearchResponseSchema = z.array(
  z.object({
    _id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    customerName: z.string(),
    isMainAdmin: z.boolean(),
  }),
);
