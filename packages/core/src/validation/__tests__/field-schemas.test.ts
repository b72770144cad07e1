import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { intervalAdDurationRule, placementsRule, startEndDatesRule } from '../cross-field-rules.ts';
import { toFieldIssues } from '../field-issues.ts';
import {
  adExchangeValueSchema,
  adReportUrlSchema,
  advertiserSchema,
  akamaiTokenSchema,
  breakIntervalSchema,
  bundlesSchema,
  configJsonSchema,
  currentYearSchema,
  dailyBudgetSchema,
  dtmfSchema,
  durationSchema,
  emailListSchema,
  emailSchema,
  greaterThanZeroSchema,
  ipListSchema,
  ipListsSchema,
  jsonTextSchema,
  maxValueSchema,
  minLengthTextSchema,
  minValueSchema,
  monthSchema,
  nonzeroIntegerSchema,
  noteSchema,
  passwordSchema,
  podsSchema,
  probeDurationSchema,
  redisKeySchema,
  regexTextSchema,
  requiredStarTextSchema,
  requiredTextSchema,
  specDateTimeSchema,
  streamUrlSchema,
  thresholdSchema,
  transitionSchema,
  triggerDurationSchema,
  urlSchema,
  uuidSchema,
  yearSchema,
} from '../field-schemas.ts';
import { DAILY_BUDGET_MAX, DAILY_BUDGET_MIN } from '../limits.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import { crossFieldCheck } from '../zod-checks.ts';

/** The messages a schema gives a value ([] when it parses). */
const messagesOf = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

type Case = readonly [value: unknown, messages: readonly string[]];

const schemaTable = (name: string, schema: z.ZodType, cases: readonly Case[]) => {
  describe(name, () => {
    it.each(cases.map(([value, messages]) => ({ value, messages })))(
      '$value -> $messages',
      ({ value, messages }) => {
        expect(messagesOf(schema, value)).toEqual(messages);
      },
    );
  });
};

const fixedClock = () => new Date(2025, 5, 15);

schemaTable('requiredTextSchema()', requiredTextSchema(), [
  ['x', []],
  ['', [M.thisFieldRequired]],
  ['   ', [M.thisFieldRequired]],
  [undefined, [M.thisFieldRequired]],
  [7, [M.thisFieldRequired]],
]);
schemaTable("requiredTextSchema('Country')", requiredTextSchema('Country'), [
  ['France', []],
  ['', ['Country is required']],
  [null, ['Country is required']],
]);
schemaTable('requiredStarTextSchema', requiredStarTextSchema, [
  ['a', []],
  [' ', [M.requiredStar]],
  [undefined, [M.requiredStar]],
]);
schemaTable('advertiserSchema', advertiserSchema, [
  ['Acme', []],
  ['', [M.requiredStar]],
  [12, [M.requiredStar]],
]);
schemaTable('minLengthTextSchema(2)', minLengthTextSchema(2), [
  ['ab', []],
  ['a', ['This field must have no less than 2 characters']],
  [undefined, ['This field must have no less than 2 characters']],
]);
schemaTable('noteSchema', noteSchema, [
  ['x'.repeat(3000), []],
  ['x'.repeat(3001), [M.noteTooLong]],
]);
schemaTable('emailSchema', emailSchema, [
  ['a@example.com', []],
  ['a@example', [M.invalidEmail]],
  [undefined, [M.invalidEmail]],
]);
schemaTable('emailListSchema', emailListSchema, [
  [['a@example.com', 'b@example.com'], []],
  [['a@example.com', 'nope'], [M.invalidEmail]],
  ['a@example.com', [M.invalidEmail]],
]);
schemaTable('jsonTextSchema', jsonTextSchema, [
  ['{"a":1}', []],
  ['{a:1}', [M.invalidJson]],
  [{ a: 1 }, [M.invalidJson]],
]);
schemaTable('regexTextSchema', regexTextSchema, [
  ['^a+$', []],
  ['(', [M.invalidRegex]],
]);
schemaTable('transitionSchema', transitionSchema, [
  ['dissolve', []],
  ['scaling', []],
  ['zoom', [M.thisFieldRequired]],
  [undefined, [M.thisFieldRequired]],
]);
schemaTable('adExchangeValueSchema', adExchangeValueSchema, [
  ['exchange-1', []],
  ['my playlist', [M.playlistNotValid]],
]);
schemaTable('adReportUrlSchema', adReportUrlSchema, [
  ['https://r.example.com', []],
  ['/report', []],
  ['report', [M.adReportUrl]],
]);
schemaTable('configJsonSchema', configJsonSchema, [
  ['{"a":"b"}', []],
  [{ a: 'b' }, []],
  [undefined, [M.setDefaultConfig]],
  ['', [M.setDefaultConfig]],
  ['{', [M.invalidJson]],
  ['{"1a":"b"}', [M.configJson]],
  [{ a: 1 }, [M.configJson]],
  [5, [M.configJson]],
]);
schemaTable('uuidSchema', uuidSchema, [
  ['123e4567-e89b-42d3-a456-426614174000', []],
  ['123', [M.invalidUuid]],
]);
schemaTable('urlSchema', urlSchema, [
  ['https://example.com', []],
  ['example', [M.invalidUrl]],
]);
schemaTable('streamUrlSchema', streamUrlSchema, [
  ['https://example.com/live/', []],
  ['https://example.com/live', [M.invalidStreamUrl]],
  ['live/', [M.invalidUrl]],
  [undefined, [M.invalidUrl]],
]);
schemaTable('dtmfSchema', dtmfSchema, [
  ['12*#AB', []],
  ['12 34', [M.invalidDtmf]],
]);
schemaTable('akamaiTokenSchema', akamaiTokenSchema, [
  [undefined, []],
  ['', []],
  ['abcd', []],
  ['abc', [M.invalidAkamaiToken]],
  [12, [M.invalidAkamaiToken]],
]);
schemaTable('specDateTimeSchema', specDateTimeSchema, [
  ['06-15-2025T08:30:00', []],
  ['2025-06-15T08:30:00', [M.invalidDate]],
]);
schemaTable('ipListSchema', ipListSchema, [
  [['10.0.0.0/32', '8.8.8.8'], []],
  [['10.0.0.0/33'], [M.invalidIpOrCidr]],
  ['10.0.0.1', [M.invalidIpOrCidr]],
]);
schemaTable('passwordSchema()', passwordSchema(), [
  ['Abcdef1!', []],
  ['', [M.passwordEmpty]],
  [undefined, [M.passwordEmpty]],
  ['abcdefg1', [M.passwordComplexity]],
]);
schemaTable('passwordSchema({ minLength: 10 })', passwordSchema({ minLength: 10 }), [
  ['Abcdefg1!x', []],
  ['Abcdef1!', ['Password should be more than 10 characters long']],
]);
schemaTable('redisKeySchema({ creating: true })', redisKeySchema({ creating: true }), [
  ['key', []],
  ['', [M.redisKeyRequired]],
  [undefined, [M.redisKeyRequired]],
  ['k'.repeat(256), ['Too long, Redis Key should not be more than 255 long']],
]);
schemaTable('redisKeySchema()', redisKeySchema(), [
  [undefined, []],
  ['', []],
  ['k'.repeat(256), ['Too long, Redis Key should not be more than 255 long']],
]);
schemaTable('breakIntervalSchema', breakIntervalSchema, [
  [0, []],
  [5, []],
  [4, [M.breakInterval]],
  ['5', [M.breakInterval]],
]);
schemaTable('thresholdSchema', thresholdSchema, [
  [1, []],
  [0, [M.thresholdAboveZero]],
]);
schemaTable('durationSchema', durationSchema, [
  [0.1, []],
  [4, []],
  [0, [M.durationRange]],
  [4.5, [M.durationRange]],
  [-1, [M.durationNegative]],
  [undefined, [M.durationRange]],
]);
schemaTable('probeDurationSchema', probeDurationSchema, [
  [10, []],
  [0, [M.invalidDuration]],
  [2.5, [M.invalidDuration]],
]);
schemaTable('triggerDurationSchema', triggerDurationSchema, [
  [1, []],
  [0, [M.triggerDuration]],
]);
schemaTable('nonzeroIntegerSchema', nonzeroIntegerSchema, [
  [3, []],
  [0, [M.requiredStar]],
  [undefined, [M.requiredStar]],
]);
schemaTable("greaterThanZeroSchema('Bitrate')", greaterThanZeroSchema('Bitrate'), [
  [1, []],
  [0, ['Bitrate should be greater than zero']],
  [undefined, ['Bitrate should be greater than zero']],
]);
schemaTable('maxValueSchema(10)', maxValueSchema(10), [
  [10, []],
  [11, ['Value must be less than or equal to 10']],
]);
schemaTable('minValueSchema(5)', minValueSchema(5), [
  [5, []],
  [4, ['Value must be greater than or equal to 5']],
]);
schemaTable('dailyBudgetSchema()', dailyBudgetSchema(), [
  [DAILY_BUDGET_MIN, []],
  [DAILY_BUDGET_MAX, []],
  [0, [`Daily budget impression must be between ${DAILY_BUDGET_MIN} and ${DAILY_BUDGET_MAX}.`]],
]);
schemaTable('dailyBudgetSchema({ min: 10, max: 20 })', dailyBudgetSchema({ min: 10, max: 20 }), [
  [15, []],
  [21, ['Daily budget impression must be between 10 and 20.']],
]);
schemaTable('yearSchema (2025)', yearSchema({ clock: fixedClock }), [
  [1996, []],
  ['2025', []],
  [1995, [M.invalidYear]],
  [2026, [M.invalidYear]],
  [undefined, [M.invalidYear]],
]);
schemaTable('monthSchema', monthSchema, [
  [1, []],
  ['12', []],
  [0, [M.invalidMonth]],
  [13, [M.invalidMonth]],
  [{}, [M.invalidMonth]],
]);
schemaTable('currentYearSchema (2025)', currentYearSchema({ clock: fixedClock }), [
  [2025, []],
  [2024, [M.selectCurrentYear]],
]);

describe('yearSchema with the system clock', () => {
  it('accepts the current year and rejects the next', () => {
    const thisYear = new Date().getFullYear();
    expect(messagesOf(yearSchema(), thisYear)).toEqual([]);
    expect(messagesOf(yearSchema(), thisYear + 1)).toEqual([M.invalidYear]);
  });
});

/** Each failing field of an object schema and its message. */
const fieldIssuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
};

describe('bundlesSchema puts the total message on the bundles field', () => {
  const form = z.object({ name: z.string(), bundles: bundlesSchema });
  it.each([
    {
      bundles: [
        { percentage: 40, id: 'a' },
        { percentage: 60, id: 'b' },
      ],
      expected: [],
    },
    {
      bundles: [{ percentage: 40 }, { percentage: 50 }],
      expected: [{ field: 'bundles', message: M.bundlesTotal }],
    },
    { bundles: [], expected: [{ field: 'bundles', message: M.bundlesTotal }] },
  ])('$bundles', ({ bundles, expected }) => {
    expect(fieldIssuesOf(form, { name: 'x', bundles })).toEqual(expected);
  });

  it('keeps the other fields of each bundle', () => {
    const bundles = [{ percentage: 100, id: 'a', label: 'All' }];
    expect(bundlesSchema.parse(bundles)).toEqual(bundles);
  });
});

describe('podsSchema', () => {
  it.each([
    { value: { minReplicas: 1, maxReplicas: 3, desiredPods: 2 }, expected: [] },
    { value: { minReplicas: 1, maxReplicas: 3 }, expected: [] },
    {
      value: { minReplicas: 0, maxReplicas: 3 },
      expected: [{ field: 'minReplicas', message: M.minPodsAboveZero }],
    },
    {
      value: { minReplicas: 3, maxReplicas: 2 },
      expected: [
        { field: 'minReplicas', message: M.minPodsBelowMax },
        { field: 'maxReplicas', message: M.minPodsBelowMax },
      ],
    },
    {
      value: { minReplicas: 1, maxReplicas: 3, desiredPods: 4 },
      expected: [{ field: 'desiredPods', message: M.desiredPodsRange }],
    },
    {
      value: { minReplicas: 1.5, maxReplicas: 3, desiredPods: 9 },
      expected: [{ field: 'minReplicas', message: M.thisFieldRequired }],
    },
    {
      value: { maxReplicas: 3 },
      expected: [{ field: 'minReplicas', message: M.thisFieldRequired }],
    },
  ])('$value', ({ value, expected }) => {
    expect(fieldIssuesOf(podsSchema, value)).toEqual(expected);
  });
});

describe('ipListsSchema', () => {
  it.each([
    { value: { trustedIpsList: ['10.0.0.1'], blockedIpsList: ['10.0.0.2'] }, expected: [] },
    { value: {}, expected: [] },
    {
      value: { trustedIpsList: ['10.0.0.1'], blockedIpsList: ['10.0.0.1'] },
      expected: [{ field: 'blockedIpsList', message: '10.0.0.1 is in Trusted List' }],
    },
    {
      value: { trustedIpsList: ['10.0.0.1/33'], blockedIpsList: ['10.0.0.1/33'] },
      expected: [
        { field: 'trustedIpsList', message: M.invalidIpOrCidr },
        { field: 'blockedIpsList', message: M.invalidIpOrCidr },
      ],
    },
  ])('$value', ({ value, expected }) => {
    expect(fieldIssuesOf(ipListsSchema, value)).toEqual(expected);
  });
});

describe('cross-field checks in a composed schema', () => {
  const schedule = z
    .object({
      name: requiredTextSchema('Name'),
      startDate: specDateTimeSchema,
      endDate: specDateTimeSchema,
      trigger: z.number(),
      interval: z.number(),
      adDuration: z.number(),
    })
    .check(crossFieldCheck(startEndDatesRule()), crossFieldCheck(intervalAdDurationRule()));
  const valid = {
    name: 'Evening',
    startDate: '06-15-2025T18:00:00',
    endDate: '06-15-2025T23:00:00',
    trigger: 1,
    interval: 600,
    adDuration: 30,
  };

  it('accepts a valid schedule', () => {
    expect(fieldIssuesOf(schedule, valid)).toEqual([]);
  });

  it('attaches each message to the field to change, alongside unrelated field messages', () => {
    expect(
      fieldIssuesOf(schedule, { ...valid, name: '', endDate: '06-15-2025T17:00:00', interval: 30 }),
    ).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'startDate', message: M.startDateBeforeEnd },
      { field: 'endDate', message: M.endDateAfterStart },
      { field: 'interval', message: M.intervalAboveAdDuration },
    ]);
  });

  it('stays silent while one of its own fields is invalid', () => {
    expect(fieldIssuesOf(schedule, { ...valid, endDate: '2025-06-15' })).toEqual([
      { field: 'endDate', message: M.invalidDate },
    ]);
  });

  it('keeps the path when the object is nested', () => {
    const wrapper = z.object({ schedule });
    expect(fieldIssuesOf(wrapper, { schedule: { ...valid, interval: 1 } })).toEqual([
      { field: 'schedule.interval', message: M.intervalAboveAdDuration },
    ]);
  });

  it('does not run on a payload that is not an object', () => {
    expect(messagesOf(schedule, null)).toHaveLength(1);
  });

  it('checks placements against the campaign account', () => {
    const form = z
      .object({
        campaign: z.object({ accountId: z.object({ _id: z.string() }) }),
        placement: z.array(
          z.object({ _id: z.string(), name: z.string(), accountId: z.object({ _id: z.string() }) }),
        ),
      })
      .check(crossFieldCheck(placementsRule));
    const campaign = { accountId: { _id: 'a1' } };
    expect(
      fieldIssuesOf(form, { campaign, placement: [{ _id: 'p', name: 'Pre', accountId: { _id: 'a1' } }] }),
    ).toEqual([]);
    expect(
      fieldIssuesOf(form, { campaign, placement: [{ _id: 'p', name: 'Pre', accountId: { _id: 'a2' } }] }),
    ).toEqual([{ field: 'placement', message: M.placementsRequired }]);
  });
});
