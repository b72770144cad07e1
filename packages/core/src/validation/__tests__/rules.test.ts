import { describe, expect, it } from 'vitest';
import { DAILY_BUDGET_MAX, DAILY_BUDGET_MIN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import {
  currentYear,
  isEmptyValue,
  toLowerCaseInput,
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
  validateRequired,
  validateRequiredStar,
  validateSpecDateTime,
  validateStreamUrl,
  validateThreshold,
  validateTransition,
  validateTriggerDuration,
  validateUrl,
  validateUuid,
  validateYear,
} from '../rules.ts';

type Case = readonly [value: unknown, expected: string | null];

/** Runs one rule over a table of values and the message each must get (null: accepted). */
const table = (name: string, rule: (value: unknown) => string | null, cases: readonly Case[]) => {
  describe(name, () => {
    it.each(cases.map(([value, expected]) => ({ value, expected })))(
      '$value -> $expected',
      ({ value, expected }) => {
        expect(rule(value)).toBe(expected);
      },
    );
  });
};

const fixedClock = () => new Date(2025, 5, 15, 12, 0, 0);

table('isEmptyValue (as the required rules see it)', (v) => (isEmptyValue(v) ? 'empty' : null), [
  [undefined, 'empty'],
  [null, 'empty'],
  ['', 'empty'],
  ['   ', 'empty'],
  [[], 'empty'],
  [false, 'empty'],
  [0, null],
  ['a', null],
  [['a'], null],
  [true, null],
]);

table('validateRequired without a field name', (v) => validateRequired(v), [
  ['x', null],
  [0, null],
  ['', M.thisFieldRequired],
  [' ', M.thisFieldRequired],
  [null, M.thisFieldRequired],
  [undefined, M.thisFieldRequired],
  [[], M.thisFieldRequired],
]);

table('validateRequired naming the field', (v) => validateRequired(v, 'Mobile phone'), [
  ['+44 20 7946 0000', null],
  ['', 'Mobile phone is required'],
  [undefined, 'Mobile phone is required'],
]);

table('validateRequiredStar', validateRequiredStar, [
  ['value', null],
  [3, null],
  ['', M.requiredStar],
  ['  ', M.requiredStar],
  [null, M.requiredStar],
  [undefined, M.requiredStar],
]);

table('validateNonzeroInteger', validateNonzeroInteger, [
  [1, null],
  [-3, null],
  [1000, null],
  [0, M.requiredStar],
  [1.5, M.requiredStar],
  ['1', M.requiredStar],
  [Number.NaN, M.requiredStar],
  [null, M.requiredStar],
]);

table('validateAdvertiser', validateAdvertiser, [
  ['Acme', null],
  ['', M.requiredStar],
  ['   ', M.requiredStar],
  [42, M.requiredStar],
  [{ name: 'Acme' }, M.requiredStar],
  [undefined, M.requiredStar],
]);

table('validateMinLength(3)', (v) => validateMinLength(v, 3), [
  ['abc', null],
  ['abcd', null],
  ['ab', 'This field must have no less than 3 characters'],
  ['', 'This field must have no less than 3 characters'],
  [undefined, 'This field must have no less than 3 characters'],
]);

table('validateNote', validateNote, [
  ['', null],
  ['a short note', null],
  ['x'.repeat(2999), null],
  ['x'.repeat(3000), null],
  ['😀'.repeat(3000), null],
  ['x'.repeat(3001), M.noteTooLong],
  ['😀'.repeat(3001), M.noteTooLong],
]);

table('validateBreakInterval', validateBreakInterval, [
  [0, null],
  [5, null],
  [5.5, null],
  [120, null],
  [4.99, M.breakInterval],
  [1, M.breakInterval],
  [-1, M.breakInterval],
  [-5, M.breakInterval],
  ['5', M.breakInterval],
  [Number.NaN, M.breakInterval],
  [undefined, M.breakInterval],
]);

table('validateThreshold', validateThreshold, [
  [0.001, null],
  [1, null],
  [0, M.thresholdAboveZero],
  [-1, M.thresholdAboveZero],
  ['1', M.thresholdAboveZero],
  [Number.POSITIVE_INFINITY, M.thresholdAboveZero],
]);

table('validateDuration', validateDuration, [
  [0.1, null],
  [1, null],
  [2.5, null],
  [4, null],
  [0, M.durationRange],
  [0.09, M.durationRange],
  [4.01, M.durationRange],
  [5, M.durationRange],
  ['2', M.durationRange],
  [undefined, M.durationRange],
  [-0.1, M.durationNegative],
  [-4, M.durationNegative],
]);

table('validateProbeDuration', validateProbeDuration, [
  [1, null],
  [30, null],
  [0, M.invalidDuration],
  [-1, M.invalidDuration],
  [1.5, M.invalidDuration],
  ['5', M.invalidDuration],
]);

table('validateTriggerDuration', validateTriggerDuration, [
  [1, null],
  [1.5, null],
  [60, null],
  [0.99, M.triggerDuration],
  [0, M.triggerDuration],
  [-1, M.triggerDuration],
  [null, M.triggerDuration],
]);

table('validateGreaterThanZero', (v) => validateGreaterThanZero(v, 'Bitrate'), [
  [1, null],
  [0.5, null],
  [0, 'Bitrate should be greater than zero'],
  [-2, 'Bitrate should be greater than zero'],
  ['3', 'Bitrate should be greater than zero'],
]);

table('validateMaxValue(10)', (v) => validateMaxValue(v, 10), [
  [10, null],
  [-5, null],
  [10.01, 'Value must be less than or equal to 10'],
  [undefined, 'Value must be less than or equal to 10'],
]);

table('validateMinValue(5)', (v) => validateMinValue(v, 5), [
  [5, null],
  [6, null],
  [4.99, 'Value must be greater than or equal to 5'],
  [null, 'Value must be greater than or equal to 5'],
]);

const budgetMessage = `Daily budget impression must be between ${DAILY_BUDGET_MIN} and ${DAILY_BUDGET_MAX}.`;
table('validateDailyBudget (default bounds)', (v) => validateDailyBudget(v), [
  [DAILY_BUDGET_MIN, null],
  [50_000, null],
  [DAILY_BUDGET_MAX, null],
  [DAILY_BUDGET_MIN - 1, budgetMessage],
  [DAILY_BUDGET_MAX + 1, budgetMessage],
  ['100', budgetMessage],
]);

table('validateDailyBudget (given bounds)', (v) => validateDailyBudget(v, { min: 100, max: 500 }), [
  [100, null],
  [500, null],
  [99, 'Daily budget impression must be between 100 and 500.'],
  [501, 'Daily budget impression must be between 100 and 500.'],
]);

table('validateYear (clock fixed in 2025)', (v) => validateYear(v, { clock: fixedClock }), [
  [1996, null],
  [2000, null],
  [2025, null],
  ['2025', null],
  [1995, M.invalidYear],
  [1900, M.invalidYear],
  [2026, M.invalidYear],
  [2000.5, M.invalidYear],
  ['20x5', M.invalidYear],
  ['', M.invalidYear],
  [undefined, M.invalidYear],
]);

describe('validateYear with the system clock', () => {
  const thisYear = new Date().getFullYear();
  it('accepts the current year and rejects the next one', () => {
    expect(currentYear()).toBe(thisYear);
    expect(validateYear(thisYear)).toBeNull();
    expect(validateYear(thisYear + 1)).toBe(M.invalidYear);
  });

  it('reads the clock at each call, not once', () => {
    let now = new Date(2030, 11, 31, 23, 59, 59);
    const clock = () => now;
    expect(validateYear(2031, { clock })).toBe(M.invalidYear);
    now = new Date(2031, 0, 1, 0, 0, 0);
    expect(validateYear(2031, { clock })).toBeNull();
  });
});

table('validateMonth', validateMonth, [
  [1, null],
  [12, null],
  ['6', null],
  [0, M.invalidMonth],
  [13, M.invalidMonth],
  [-1, M.invalidMonth],
  [1.5, M.invalidMonth],
  ['June', M.invalidMonth],
  [null, M.invalidMonth],
]);

table('validateCurrentYear (clock fixed in 2025)', (v) => validateCurrentYear(v, { clock: fixedClock }), [
  [2025, null],
  ['2025', null],
  [2024, M.selectCurrentYear],
  [2026, M.selectCurrentYear],
  [undefined, M.selectCurrentYear],
]);

table('validateEmail', validateEmail, [
  ['jane@example.com', null],
  ['jane.doe+ads@mail.example.co.uk', null],
  [' jane@example.com ', null],
  ['jane@example', M.invalidEmail],
  ['jane.example.com', M.invalidEmail],
  ['jane@@example.com', M.invalidEmail],
  ['jane doe@example.com', M.invalidEmail],
  ['@example.com', M.invalidEmail],
  ['', M.invalidEmail],
  [undefined, M.invalidEmail],
  // The spec's pattern, exactly: a domain may start with a dot, the dot after it counts.
  ['a@..b', null],
  ['a@b.', M.invalidEmail],
  ['a@.b', M.invalidEmail],
  ['a\u00a0b@example.com', M.invalidEmail],
  // EMAIL_MAX_LENGTH: 320 characters (after trimming) pass, 321 are refused before any pattern.
  [`${'a'.repeat(300)}@${'b'.repeat(9)}.${'c'.repeat(9)}`, null],
  [` ${'a'.repeat(300)}@${'b'.repeat(9)}.${'c'.repeat(9)} `, null],
  [`${'a'.repeat(301)}@${'b'.repeat(9)}.${'c'.repeat(9)}`, M.invalidEmail],
  [`a@${'.'.repeat(80_000)}@`, M.invalidEmail],
]);

table('validateEmailList', validateEmailList, [
  [[], null],
  [['a@example.com'], null],
  [['a@example.com', 'b@example.org'], null],
  [['a@example.com', 'not-an-email'], M.invalidEmail],
  [['a@example.com', ''], M.invalidEmail],
  [['a@example.com', 3], M.invalidEmail],
  ['a@example.com', M.invalidEmail],
]);

table('validateJson', validateJson, [
  ['{}', null],
  ['{"a":1}', null],
  ['[1,2]', null],
  ['"text"', null],
  ['null', null],
  ['', M.invalidJson],
  ['{a:1}', M.invalidJson],
  ["{'a':1}", M.invalidJson],
  ['{"a":1', M.invalidJson],
  [undefined, M.invalidJson],
]);

table('validateRegex', validateRegex, [
  ['^abc$', null],
  ['\\d+', null],
  ['', null],
  ['(', M.invalidRegex],
  ['[a-', M.invalidRegex],
  ['*abc', M.invalidRegex],
  [3, M.invalidRegex],
]);

table('validateTransition', validateTransition, [
  ['distance', null],
  ['fade', null],
  ['fadewhite', null],
  ['fadeblack', null],
  ['dissolve', null],
  ['scaling', null],
  ['Fade', M.thisFieldRequired],
  ['wipe', M.thisFieldRequired],
  ['', M.thisFieldRequired],
  [undefined, M.thisFieldRequired],
]);

table('validateAdExchangeValue', validateAdExchangeValue, [
  ['https://ads.example.com/vast?id=1', null],
  ['', null],
  ['https://ads.example.com/playlist.m3u8', M.playlistNotValid],
  ['PlayList', M.playlistNotValid],
  ['my-PLAYLIST-id', M.playlistNotValid],
]);

table('validateAdReportUrl', validateAdReportUrl, [
  ['https://reports.example.com/collect', null],
  ['http://reports.example.com', null],
  ['/api/ad-report', null],
  ['/', null],
  ['reports.example.com/collect', M.adReportUrl],
  ['ftp://reports.example.com', M.adReportUrl],
  ['javascript:alert(1)', M.adReportUrl],
  ['', M.adReportUrl],
  [undefined, M.adReportUrl],
]);

table('validateConfigJson', validateConfigJson, [
  ['{}', null],
  ['{"key":"value","a.b-c_d":"1","_x":"","X9":"y"}', null],
  [{ 'cdn.base': 'https://cdn.example.com' }, null],
  [{}, null],
  ['', M.setDefaultConfig],
  ['   ', M.setDefaultConfig],
  [undefined, M.setDefaultConfig],
  [null, M.setDefaultConfig],
  ['{bad json', M.invalidJson],
  ['{"9key":"v"}', M.configJson],
  ['{"key space":"v"}', M.configJson],
  ['{"key$":"v"}', M.configJson],
  ['{"":"v"}', M.configJson],
  ['{"key":1}', M.configJson],
  ['{"key":true}', M.configJson],
  ['{"key":{"nested":"v"}}', M.configJson],
  ['{"key":null}', M.configJson],
  ['["a"]', M.configJson],
  ['"text"', M.configJson],
  [{ key: 2 }, M.configJson],
]);

table('validateUuid', validateUuid, [
  ['123e4567-e89b-42d3-a456-426614174000', null],
  ['123E4567-E89B-12D3-A456-426614174000', null],
  ['00000000-0000-0000-0000-000000000000', null],
  ['123e4567-e89b-42d3-a456-42661417400', M.invalidUuid],
  ['123e4567e89b42d3a456426614174000', M.invalidUuid],
  ['123e4567-e89b-02d3-a456-426614174000', M.invalidUuid],
  ['123e4567-e89b-42d3-c456-426614174000', M.invalidUuid],
  ['g23e4567-e89b-42d3-a456-426614174000', M.invalidUuid],
  ['', M.invalidUuid],
]);

table('validateUrl', validateUrl, [
  ['https://example.com', null],
  ['http://example.com:8080/path?q=1', null],
  ['rtmp://ingest.example.com/live', null],
  ['srt://10.0.0.1:9000', null],
  ['example.com', M.invalidUrl],
  ['/relative/path', M.invalidUrl],
  ['mailto:someone@example.com', M.invalidUrl],
  ['https://', M.invalidUrl],
  [' https://example.com', M.invalidUrl],
  ['', M.invalidUrl],
  [undefined, M.invalidUrl],
]);

table('validateStreamUrl', validateStreamUrl, [
  ['https://origin.example.com/live/', null],
  ['https://origin.example.com/', null],
  ['https://origin.example.com/live', M.invalidStreamUrl],
  ['https://origin.example.com/live/index.m3u8', M.invalidStreamUrl],
  ['origin.example.com/live/', M.invalidUrl],
  ['', M.invalidUrl],
]);

table('validateDtmf', validateDtmf, [
  ['1', null],
  ['0123456789', null],
  ['ABCD', null],
  ['*#', null],
  ['12A*#', null],
  ['1 2', M.invalidDtmf],
  [' 12', M.invalidDtmf],
  ['12 ', M.invalidDtmf],
  ['1\t2', M.invalidDtmf],
  ['1\n2', M.invalidDtmf],
  ['E', M.invalidDtmf],
  ['abcd', M.invalidDtmf],
  ['1-2', M.invalidDtmf],
  ['', M.invalidDtmf],
  [12, M.invalidDtmf],
]);

table('validateAkamaiToken', validateAkamaiToken, [
  ['', null],
  [undefined, null],
  [null, null],
  ['ab', null],
  ['a1b2c3d4', null],
  ['a', M.invalidAkamaiToken],
  ['abc', M.invalidAkamaiToken],
  ['a1b2c3d4e', M.invalidAkamaiToken],
  [12, M.invalidAkamaiToken],
]);

table('validateSpecDateTime', validateSpecDateTime, [
  ['01-31-2025T00:00:00', null],
  ['12-31-2025T23:59:59', null],
  ['02-29-2024T12:00:00', null],
  ['02-29-2025T12:00:00', M.invalidDate],
  ['13-01-2025T00:00:00', M.invalidDate],
  ['01-32-2025T00:00:00', M.invalidDate],
  ['01-01-2025T24:00:00', M.invalidDate],
  ['2025-01-01T00:00:00', M.invalidDate],
  ['01-01-2025 00:00:00', M.invalidDate],
  ['1-1-2025T00:00:00', M.invalidDate],
  ['01-01-2025T00:00', M.invalidDate],
  ['', M.invalidDate],
  [new Date(), M.invalidDate],
]);

table('validateIpList', validateIpList, [
  [[], null],
  [['192.168.0.1'], null],
  [['0.0.0.0', '255.255.255.255'], null],
  [['10.0.0.0/8', '192.168.1.1/32', '0.0.0.0/0'], null],
  [[' 10.0.0.1 '], null],
  [['192.168.1.1/33'], M.invalidIpOrCidr],
  [['256.1.1.1'], M.invalidIpOrCidr],
  [['1.2.3'], M.invalidIpOrCidr],
  [['1.2.3.4.5'], M.invalidIpOrCidr],
  [['01.2.3.4'], M.invalidIpOrCidr],
  [['10.0.0.0/'], M.invalidIpOrCidr],
  [['10.0.0.0/-1'], M.invalidIpOrCidr],
  [['::1', '2001:db8::1', '2001:DB8:0:0:0:0:0:1', '::ffff:192.0.2.1'], null],
  [['2001:db8::/32', '::/0', 'fd00::/8', '::1/128'], null],
  [['2001:db8::/129'], M.invalidIpOrCidr],
  [['2001:db8:::1'], M.invalidIpOrCidr],
  [['2001:db8::g'], M.invalidIpOrCidr],
  [['1:2:3:4:5:6:7:8:9'], M.invalidIpOrCidr],
  [['example.com'], M.invalidIpOrCidr],
  [['10.0.0.1', ''], M.invalidIpOrCidr],
  [['10.0.0.1', 5], M.invalidIpOrCidr],
  ['10.0.0.1', M.invalidIpOrCidr],
]);

describe('validateBundlesTotal', () => {
  it.each([
    [[{ percentage: 100 }], null],
    [[{ percentage: 50 }, { percentage: 50 }], null],
    [[{ percentage: 33.3 }, { percentage: 33.3 }, { percentage: 33.4 }], null],
    [[{ percentage: 0 }, { percentage: 100 }], null],
    [[], M.bundlesTotal],
    [[{ percentage: 99 }], M.bundlesTotal],
    [[{ percentage: 60 }, { percentage: 50 }], M.bundlesTotal],
    [[{ percentage: 99.99 }], M.bundlesTotal],
  ])('%j -> %s', (bundles, expected) => {
    expect(validateBundlesTotal(bundles)).toBe(expected);
  });
});

const strongPassword = 'Abcdef1!';
table('validatePassword (default bounds)', (v) => validatePassword(v), [
  [strongPassword, null],
  ['Pa$$w0rd-long-enough', null],
  [`Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 4)}`, null],
  ['', M.passwordEmpty],
  [undefined, M.passwordEmpty],
  [null, M.passwordEmpty],
  [
    `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`,
    `Too long. Password should not be more than ${PASSWORD_MAX_LENGTH} characters long`,
  ],
  ['Abcde1!', `Password should be more than ${PASSWORD_MIN_LENGTH} characters long`],
  ['A', `Password should be more than ${PASSWORD_MIN_LENGTH} characters long`],
  ['abcdefg1!', M.passwordComplexity],
  ['ABCDEFG1!', M.passwordComplexity],
  ['Abcdefgh!', M.passwordComplexity],
  ['Abcdefgh1', M.passwordComplexity],
]);

table('validatePassword (given bounds)', (v) => validatePassword(v, { minLength: 4, maxLength: 6 }), [
  ['Ab1!', null],
  ['Ab1!xy', null],
  ['Ab1', 'Password should be more than 4 characters long'],
  ['Ab1!xyz', 'Too long. Password should not be more than 6 characters long'],
]);

table('validateRedisKey while creating', (v) => validateRedisKey(v, { creating: true }), [
  ['stream:config', null],
  ['k'.repeat(255), null],
  ['', M.redisKeyRequired],
  ['  ', M.redisKeyRequired],
  [undefined, M.redisKeyRequired],
  [42, M.redisKeyRequired],
  ['k'.repeat(256), 'Too long, Redis Key should not be more than 255 long'],
]);

table('validateRedisKey while editing', (v) => validateRedisKey(v), [
  ['', null],
  [undefined, null],
  ['stream:config', null],
  ['k'.repeat(256), 'Too long, Redis Key should not be more than 255 long'],
]);

table('validateRedisKey with a given maximum', (v) => validateRedisKey(v, { maxLength: 10 }), [
  ['k'.repeat(10), null],
  ['k'.repeat(11), 'Too long, Redis Key should not be more than 10 long'],
]);

describe('toLowerCaseInput (the lowercase directive)', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['already lower', 'already lower'],
    ['', ''],
    ['ÄBC', 'äbc'],
  ])('%s -> %s', (typed, kept) => {
    expect(toLowerCaseInput(typed)).toBe(kept);
  });
});
