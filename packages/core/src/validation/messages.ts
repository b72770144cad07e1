/**
 * Every validation message of spec section 5, verbatim: typos, capitals and full stops included
 * ('Password must container ...', 'invalid year', the min_value text naming `{max}`). A message
 * is a contract shared by the console, the server's 400 answers and the end-to-end tests, so it
 * lives here once and nowhere else.
 *
 * Parameterised messages keep the spec's placeholders (`{_field_}`, `{length}`, `{min}`, `{max}`,
 * `{ip}`) in the template; the small formatters below fill them in.
 */
export const VALIDATION_MESSAGES = {
  // Forms
  pleaseFillRequiredFields: 'Please fill the required fields',

  // Logo
  logoResolution: 'please upload image with at least 260 X 220 resolution',

  // General rules, in the order of spec section 5
  breakInterval: 'Duration must be 0 or greater than 5.',
  bundlesTotal: 'The total percentage of all bundles must be 100%.',
  minPodsAboveZero: 'Min Pods should be greater than 0.',
  minPodsBelowMax: 'Min Pods should be less than Max Pods.',
  desiredPodsRange: 'Desired pods must be between Min Pods and Max Pods',
  requiredStar: 'required *',
  invalidEmail: 'Invalid email',
  thresholdAboveZero: 'Threshold must be greater than zero',
  invalidYear: 'invalid year',
  invalidMonth: 'invalid month',
  intervalAboveAdDuration: 'Interval must be greater than ad duration.',
  invalidJson: 'Invalid JSON',
  invalidRegex: 'Invalid Regex',
  durationRange: 'Duration must be between 0.1 and 4.',
  durationNegative: 'Duration should not be a negative value.',
  noteTooLong: 'Note too long (Character Limit: 3000)',
  playlistNotValid: 'Playlist is not valid',
  adReportUrl: 'The value must be a valid URL or start with a forward slash',
  configJson: 'Config JSON keys should not contain special characters and value should be string.',
  startDateBeforeEnd: 'Start date must be before end date!',
  endDateAfterStart: 'End date must be after start date!',
  invalidUuid: 'Invalid UUID',
  invalidDuration: 'Invalid duration',
  invalidUrl: 'Invalid URL',
  invalidStreamUrl: 'Invalid Stream URL. Ensure the URL ends with "/"',
  triggerDuration: 'Duration must be greater than 0',
  placementsRequired: 'Placements is required',
  invalidDate: 'Invalid date!',
  invalidTime: 'Invalid time!',
  invalidDtmf: 'Invalid DTMF input!',
  dailyBudget: 'Daily budget impression must be between {min} and {max}.',
  fieldRequired: '{_field_} is required',
  thisFieldRequired: 'This field is required',
  minLength: 'This field must have no less than {length} characters',
  invalidIpOrCidr: 'Please enter a valid IP address or IP range (CIDR notation).',
  ipInTrustedList: '{ip} is in Trusted List',
  passwordEmpty: 'Password cannot be empty!',
  passwordTooLong: 'Too long. Password should not be more than {length} characters long',
  passwordTooShort: 'Password should be more than {length} characters long',
  passwordComplexity:
    'Password must container lowercase letter, uppercase letter, number and special characters',
  repeatPassword: 'Repeat Password should be same as Password',
  setDefaultConfig: 'Set default as {}',
  redisKeyRequired: 'Redis Key is required while creating redis',
  redisKeyTooLong: 'Too long, Redis Key should not be more than {length} long',
  selectCurrentYear: 'Please select current year',
  toDateBeforeFromDate: 'To Date cannot be earlier than From Date',
  fromDateAfterToDate: 'From Date cannot be later than To Date',
  greaterThanZero: '{_field_} should be greater than zero',
  invalidAkamaiToken: 'Invalid Akamai Token',
  maxValue: 'Value must be less than or equal to {max}',
  minValue: 'Value must be greater than or equal to {max}',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/**
 * Messages of the size limits and input checks the spec does not word: ours, chosen once here
 * and kept apart from VALIDATION_MESSAGES, which holds the spec's texts only.
 */
export const LIMIT_TEXTS = {
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooMany: (max: number) => `At most ${max} entries`,
  emptyEntry: 'Entries cannot be empty',
  yesOrNo: 'Must be on or off (true or false)',
  /** A number above a bound the spec does not set (see limits.ts). */
  atMost: (max: number) => `Must be at most ${max}`,
  between: (min: number, max: number) => `Must be between ${min} and ${max}`,
  /** Text holding U+0000 or half of a UTF-16 surrogate pair (see `hasUnsafeText`). */
  unsafeText: 'Contains characters that are not allowed',
} as const;

/**
 * Fills `{name}` placeholders of a template. A placeholder without a value is left as written,
 * so a missing parameter is visible rather than silently blank.
 */
export const formatMessage = (template: string, values: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );

/** '{_field_} is required' */
export const fieldRequiredMessage = (field: string) =>
  formatMessage(VALIDATION_MESSAGES.fieldRequired, { _field_: field });

/** '{_field_} should be greater than zero' */
export const greaterThanZeroMessage = (field: string) =>
  formatMessage(VALIDATION_MESSAGES.greaterThanZero, { _field_: field });

/** 'This field must have no less than {length} characters' */
export const minLengthMessage = (length: number) => formatMessage(VALIDATION_MESSAGES.minLength, { length });

/** 'Daily budget impression must be between {min} and {max}.' */
export const dailyBudgetMessage = (min: number, max: number) =>
  formatMessage(VALIDATION_MESSAGES.dailyBudget, { min, max });

/** '{ip} is in Trusted List' */
export const ipInTrustedListMessage = (ip: string) =>
  formatMessage(VALIDATION_MESSAGES.ipInTrustedList, { ip });

/** 'Too long. Password should not be more than {length} characters long' */
export const passwordTooLongMessage = (length: number) =>
  formatMessage(VALIDATION_MESSAGES.passwordTooLong, { length });

/** 'Password should be more than {length} characters long' */
export const passwordTooShortMessage = (length: number) =>
  formatMessage(VALIDATION_MESSAGES.passwordTooShort, { length });

/** 'Too long, Redis Key should not be more than {length} long' */
export const redisKeyTooLongMessage = (length: number) =>
  formatMessage(VALIDATION_MESSAGES.redisKeyTooLong, { length });

/** 'Value must be less than or equal to {max}' */
export const maxValueMessage = (max: number) => formatMessage(VALIDATION_MESSAGES.maxValue, { max });

/**
 * 'Value must be greater than or equal to {max}': the spec's min_value text names its
 * placeholder `{max}`; the text is kept as written and the placeholder receives the minimum,
 * so the user reads the bound that applies ("... greater than or equal to 5").
 */
export const minValueMessage = (min: number) => formatMessage(VALIDATION_MESSAGES.minValue, { max: min });
