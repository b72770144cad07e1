import { describe, expect, it } from 'vitest';
import {
  blockedIpsRule,
  excludeMaxDateRule,
  fromToDatesRule,
  intervalAdDurationRule,
  maxDateRule,
  placementsRule,
  podsRule,
  repeatPasswordRule,
  ruleTimeRule,
  scheduleMaxDateRule,
  startEndDatesRule,
} from '../cross-field-rules.ts';
import { VALIDATION_MESSAGES as M } from '../messages.ts';
import type { FieldIssue } from '../types.ts';

const ok: FieldIssue[] = [];

describe('podsRule', () => {
  it('names the fields it depends on', () => {
    expect(podsRule.fields).toEqual(['minReplicas', 'maxReplicas', 'desiredPods']);
  });

  it.each([
    { value: { minReplicas: 1, maxReplicas: 2 }, expected: ok },
    { value: { minReplicas: 1, maxReplicas: 5, desiredPods: 1 }, expected: ok },
    { value: { minReplicas: 1, maxReplicas: 5, desiredPods: 5 }, expected: ok },
    { value: { minReplicas: 1, maxReplicas: 5, desiredPods: 3 }, expected: ok },
    { value: { minReplicas: 1, maxReplicas: 5, desiredPods: null }, expected: ok },
    {
      value: { minReplicas: 0, maxReplicas: 5 },
      expected: [{ field: 'minReplicas', message: M.minPodsAboveZero }],
    },
    {
      value: { minReplicas: -1, maxReplicas: 5, desiredPods: 2 },
      expected: [{ field: 'minReplicas', message: M.minPodsAboveZero }],
    },
    {
      value: { minReplicas: 3, maxReplicas: 3 },
      expected: [
        { field: 'minReplicas', message: M.minPodsBelowMax },
        { field: 'maxReplicas', message: M.minPodsBelowMax },
      ],
    },
    {
      value: { minReplicas: 4, maxReplicas: 2, desiredPods: 9 },
      expected: [
        { field: 'minReplicas', message: M.minPodsBelowMax },
        { field: 'maxReplicas', message: M.minPodsBelowMax },
      ],
    },
    {
      value: { minReplicas: 2, maxReplicas: 5, desiredPods: 1 },
      expected: [{ field: 'desiredPods', message: M.desiredPodsRange }],
    },
    {
      value: { minReplicas: 2, maxReplicas: 5, desiredPods: 6 },
      expected: [{ field: 'desiredPods', message: M.desiredPodsRange }],
    },
  ])('$value', ({ value, expected }) => {
    expect(podsRule.validate(value)).toEqual(expected);
  });
});

describe('startEndDatesRule (startDate / endDate)', () => {
  const rule = startEndDatesRule();
  const both = [
    { field: 'startDate', message: M.startDateBeforeEnd },
    { field: 'endDate', message: M.endDateAfterStart },
  ];
  it.each([
    { value: { startDate: '01-01-2025T00:00:00', endDate: '01-02-2025T00:00:00' }, expected: ok },
    { value: { startDate: '01-01-2025T10:00:00', endDate: '01-01-2025T10:00:01' }, expected: ok },
    { value: { startDate: '01-01-2025T10:00:00', endDate: '01-01-2025T10:00:00' }, expected: ok },
    { value: { startDate: '12-31-2024T23:59:59', endDate: '01-01-2025T00:00:00' }, expected: ok },
    { value: { startDate: '01-01-2025T10:00:01', endDate: '01-01-2025T10:00:00' }, expected: both },
    { value: { startDate: '01-01-2026T00:00:00', endDate: '12-31-2025T00:00:00' }, expected: both },
    { value: { startDate: new Date(2025, 0, 2), endDate: new Date(2025, 0, 1) }, expected: both },
    { value: { startDate: 'not a date', endDate: '01-01-2025T00:00:00' }, expected: ok },
    { value: { startDate: '01-01-2025T00:00:00' }, expected: ok },
  ])('$value', ({ value, expected }) => {
    expect(rule.validate(value)).toEqual(expected);
  });

  it('takes other field names', () => {
    const custom = startEndDatesRule({ start: 'from', end: 'until' });
    expect(custom.fields).toEqual(['from', 'until']);
    expect(custom.validate({ from: '01-02-2025T00:00:00', until: '01-01-2025T00:00:00' })).toEqual([
      { field: 'from', message: M.startDateBeforeEnd },
      { field: 'until', message: M.endDateAfterStart },
    ]);
  });
});

describe('fromToDatesRule (fromDate / toDate)', () => {
  const rule = fromToDatesRule();
  it.each([
    { value: { fromDate: '01-01-2025T00:00:00', toDate: '02-01-2025T00:00:00' }, expected: ok },
    { value: { fromDate: '01-01-2025T00:00:00', toDate: '01-01-2025T00:00:00' }, expected: ok },
    {
      value: { fromDate: '03-01-2025T00:00:00', toDate: '02-01-2025T00:00:00' },
      expected: [
        { field: 'fromDate', message: M.fromDateAfterToDate },
        { field: 'toDate', message: M.toDateBeforeFromDate },
      ],
    },
    { value: { fromDate: undefined, toDate: '02-01-2025T00:00:00' }, expected: ok },
  ])('$value', ({ value, expected }) => {
    expect(rule.validate(value)).toEqual(expected);
  });
});

describe('max date rules', () => {
  it.each([
    { value: { scheduleStartDate: '01-01-2025T00:00:00', maxDate: '02-01-2025T00:00:00' }, expected: ok },
    { value: { scheduleStartDate: '01-01-2025T00:00:00', maxDate: '01-01-2025T00:00:00' }, expected: ok },
    { value: { scheduleStartDate: '01-01-2025T00:00:00' }, expected: ok },
    { value: { scheduleStartDate: '01-01-2025T00:00:00', maxDate: '' }, expected: ok },
    {
      value: { scheduleStartDate: '02-01-2025T00:00:00', maxDate: '01-31-2025T23:59:59' },
      expected: [{ field: 'maxDate', message: M.invalidDate }],
    },
    {
      value: { scheduleStartDate: '02-01-2025T00:00:00', maxDate: '02-30-2025T00:00:00' },
      expected: [{ field: 'maxDate', message: M.invalidDate }],
    },
  ])('schedule: $value', ({ value, expected }) => {
    expect(scheduleMaxDateRule.validate(value)).toEqual(expected);
  });

  it.each([
    {
      value: { excludeStartDate: '05-01-2025T00:00:00', excludeMaxDate: '05-02-2025T00:00:00' },
      expected: ok,
    },
    {
      value: { excludeStartDate: '05-01-2025T00:00:00', excludeMaxDate: '04-30-2025T00:00:00' },
      expected: [{ field: 'excludeMaxDate', message: M.invalidDate }],
    },
  ])('exclude: $value', ({ value, expected }) => {
    expect(excludeMaxDateRule.validate(value)).toEqual(expected);
  });

  it('takes other field names', () => {
    const rule = maxDateRule({ start: 'a', max: 'b' });
    expect(rule.fields).toEqual(['a', 'b']);
    expect(rule.validate({ a: new Date(2025, 1, 2), b: new Date(2025, 1, 1) })).toEqual([
      { field: 'b', message: M.invalidDate },
    ]);
  });
});

describe('ruleTimeRule (ruleStartTime / ruleEndTime)', () => {
  const rule = ruleTimeRule();
  it.each([
    { value: { ruleStartTime: '08:00', ruleEndTime: '17:30' }, expected: ok },
    { value: { ruleStartTime: '08:00', ruleEndTime: '08:00' }, expected: ok },
    { value: { ruleStartTime: '08:00:00', ruleEndTime: '08:00:01' }, expected: ok },
    { value: { ruleStartTime: '08:00' }, expected: ok },
    {
      value: { ruleStartTime: '17:00', ruleEndTime: '16:59' },
      expected: [{ field: 'ruleEndTime', message: M.invalidTime }],
    },
    {
      value: { ruleStartTime: '08:00', ruleEndTime: '25:00' },
      expected: [{ field: 'ruleEndTime', message: M.invalidTime }],
    },
    {
      value: { ruleStartTime: '8am', ruleEndTime: '09:00' },
      expected: [{ field: 'ruleStartTime', message: M.invalidTime }],
    },
  ])('$value', ({ value, expected }) => {
    expect(rule.validate(value)).toEqual(expected);
  });
});

describe('intervalAdDurationRule (interval / adDuration / trigger)', () => {
  const rule = intervalAdDurationRule();
  const onInterval = [{ field: 'interval', message: M.intervalAboveAdDuration }];
  it.each([
    { value: { trigger: 1, interval: 31, adDuration: 30 }, expected: ok },
    { value: { trigger: '1', interval: 60, adDuration: 30 }, expected: ok },
    { value: { trigger: 2, interval: 10, adDuration: 30 }, expected: ok },
    { value: { trigger: 0, interval: 30, adDuration: 30 }, expected: ok },
    { value: { trigger: 1, interval: 30, adDuration: 30 }, expected: onInterval },
    { value: { trigger: 1, interval: 10, adDuration: 30 }, expected: onInterval },
    { value: { trigger: '1', interval: 29.9, adDuration: 30 }, expected: onInterval },
    { value: { trigger: 1, adDuration: 30 }, expected: onInterval },
  ])('$value', ({ value, expected }) => {
    expect(rule.validate(value)).toEqual(expected);
  });
});

describe('placementsRule (campaign / placement)', () => {
  const campaign = { accountId: { _id: 'acc-1' } };
  const mine = { _id: 'p1', name: 'Pre-roll', accountId: { _id: 'acc-1' } };
  const other = { _id: 'p2', name: 'Mid-roll', accountId: { _id: 'acc-2' } };
  const required = [{ field: 'placement', message: M.placementsRequired }];
  it.each([
    { name: 'placements of the campaign account', value: { campaign, placement: [mine] }, expected: ok },
    {
      name: 'several placements',
      value: { campaign, placement: [mine, { ...mine, _id: 'p3', name: 'Post' }] },
      expected: ok,
    },
    { name: 'no campaign yet, named placement', value: { placement: [other] }, expected: ok },
    { name: 'no placement', value: { campaign, placement: [] }, expected: required },
    { name: 'placement missing', value: { campaign }, expected: required },
    { name: 'another account', value: { campaign, placement: [mine, other] }, expected: required },
    { name: 'unnamed', value: { campaign, placement: [{ ...mine, name: ' ' }] }, expected: required },
    {
      name: 'no account on the placement',
      value: { campaign, placement: [{ _id: 'p1', name: 'Pre-roll' }] },
      expected: required,
    },
  ])('$name', ({ value, expected }) => {
    expect(placementsRule.validate(value)).toEqual(expected);
  });
});

describe('blockedIpsRule (trustedIpsList / blockedIpsList)', () => {
  it.each([
    { value: { trustedIpsList: ['10.0.0.1'], blockedIpsList: ['10.0.0.2'] }, expected: ok },
    { value: { trustedIpsList: [], blockedIpsList: ['10.0.0.2'] }, expected: ok },
    { value: { blockedIpsList: ['10.0.0.2'] }, expected: ok },
    { value: { trustedIpsList: ['10.0.0.0/24'], blockedIpsList: ['10.0.0.5'] }, expected: ok },
    {
      value: {
        trustedIpsList: ['10.0.0.1', '10.0.0.0/8'],
        blockedIpsList: ['10.0.0.1', '10.0.0.0/8', '1.1.1.1'],
      },
      expected: [
        { field: 'blockedIpsList', message: '10.0.0.1 is in Trusted List' },
        { field: 'blockedIpsList', message: '10.0.0.0/8 is in Trusted List' },
      ],
    },
    {
      value: { trustedIpsList: ['192.168.1.1/32'], blockedIpsList: [' 192.168.1.1 '] },
      expected: [{ field: 'blockedIpsList', message: '192.168.1.1 is in Trusted List' }],
    },
  ])('$value', ({ value, expected }) => {
    expect(blockedIpsRule.validate(value)).toEqual(expected);
  });
});

describe('repeatPasswordRule (password / repeatPassword)', () => {
  const rule = repeatPasswordRule();
  it.each([
    { value: { password: 'Abcdef1!', repeatPassword: 'Abcdef1!' }, expected: ok },
    {
      value: { password: 'Abcdef1!', repeatPassword: 'abcdef1!' },
      expected: [{ field: 'repeatPassword', message: M.repeatPassword }],
    },
    { value: { password: 'Abcdef1!' }, expected: [{ field: 'repeatPassword', message: M.repeatPassword }] },
  ])('$value', ({ value, expected }) => {
    expect(rule.validate(value)).toEqual(expected);
  });

  it('is silenced only by the repeat field failing', () => {
    expect(rule.fields).toEqual(['repeatPassword']);
  });
});
