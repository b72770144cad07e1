import { describe, expect, it } from 'vitest';
import {
  dailyBudgetMessage,
  fieldRequiredMessage,
  formatMessage,
  greaterThanZeroMessage,
  ipInTrustedListMessage,
  maxValueMessage,
  minLengthMessage,
  minValueMessage,
  passwordTooLongMessage,
  passwordTooShortMessage,
  redisKeyTooLongMessage,
  VALIDATION_MESSAGES,
} from '../messages.ts';

/**
 * A second, independent copy of every message of spec section 5 (and 'Please fill the required
 * fields' of sections 5 and 8), typed from the spec text. If a library message drifts from the
 * spec, or a message is added to the library without being checked here, this file fails.
 */
const SPEC_TEXTS = {
  pleaseFillRequiredFields: 'Please fill the required fields',
  logoResolution: 'please upload image with at least 260 X 220 resolution',
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
};

describe('validation messages are the spec texts, verbatim', () => {
  it('covers exactly the same messages as the spec copy', () => {
    expect(Object.keys(VALIDATION_MESSAGES).sort()).toEqual(Object.keys(SPEC_TEXTS).sort());
  });

  it.each(Object.entries(SPEC_TEXTS))('%s', (key, specText) => {
    expect(VALIDATION_MESSAGES[key as keyof typeof VALIDATION_MESSAGES]).toBe(specText);
  });

  it('keeps the spec typos and punctuation', () => {
    expect(VALIDATION_MESSAGES.passwordComplexity).toContain('must container lowercase');
    expect(VALIDATION_MESSAGES.minValue).toMatch(/\{max\}$/);
    expect(VALIDATION_MESSAGES.invalidYear).toBe('invalid year');
    expect(VALIDATION_MESSAGES.logoResolution.startsWith('please')).toBe(true);
  });
});

describe('message formatters', () => {
  it.each([
    [fieldRequiredMessage('Mobile phone'), 'Mobile phone is required'],
    [greaterThanZeroMessage('Bitrate'), 'Bitrate should be greater than zero'],
    [minLengthMessage(3), 'This field must have no less than 3 characters'],
    [dailyBudgetMessage(1, 1000), 'Daily budget impression must be between 1 and 1000.'],
    [ipInTrustedListMessage('10.0.0.1'), '10.0.0.1 is in Trusted List'],
    [passwordTooLongMessage(64), 'Too long. Password should not be more than 64 characters long'],
    [passwordTooShortMessage(8), 'Password should be more than 8 characters long'],
    [redisKeyTooLongMessage(255), 'Too long, Redis Key should not be more than 255 long'],
    [maxValueMessage(10), 'Value must be less than or equal to 10'],
    // The min_value text is the spec's, its {max} placeholder carrying the minimum.
    [minValueMessage(5), 'Value must be greater than or equal to 5'],
  ])('%s', (formatted, expected) => {
    expect(formatted).toBe(expected);
  });

  it('leaves a placeholder without a value as written', () => {
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('fills a placeholder with a falsy value', () => {
    expect(formatMessage('{n} left', { n: 0 })).toBe('0 left');
  });
});
