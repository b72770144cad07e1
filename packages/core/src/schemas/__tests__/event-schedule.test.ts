import { describe, expect, it } from 'vitest';
import { firstMessageByField, toFieldIssues } from '../../validation/field-issues.ts';
import {
  EVENT_SCHEDULE_TEXTS,
  formatSpecDateTime,
  forTrigger,
  nextOccurrences,
  occurrences,
  type ScheduledEventFields,
  scheduledEventData,
  scheduledEventDefaults,
  scheduledEventInputSchema,
  scheduledEventUpdateSchema,
} from '../event-schedule.ts';

const STREAM = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const at = (text: string) => Date.parse(`${text}Z`);

const valid = (over: Partial<ScheduledEventFields> = {}): ScheduledEventFields => ({
  ...scheduledEventDefaults(at('2026-11-24T12:00:00')),
  name: 'Cup final',
  streamId: STREAM,
  fixedTimes: ['11-24-2026T12:10:00'],
  ...over,
});

const messages = (value: unknown) => {
  const parsed = scheduledEventInputSchema.safeParse(value);
  return parsed.success ? {} : firstMessageByField(toFieldIssues(parsed.error));
};

describe('scheduledEventInputSchema: the spec messages, verbatim', () => {
  it('accepts the defaults with a name, a stream and a break time', () => {
    expect(messages(valid())).toEqual({});
  });

  it('interval (trigger 1): the interval must exceed the ad duration', () => {
    expect(messages(valid({ trigger: 1, interval: 30, adDuration: 30 }))).toEqual({
      interval: 'Interval must be greater than ad duration.',
    });
    expect(messages(valid({ trigger: 1, interval: 31, adDuration: 30 }))).toEqual({});
    // Only for an interval schedule.
    expect(messages(valid({ trigger: 0, interval: 10, adDuration: 30 }))).toEqual({});
  });

  it('DTMF (trigger 2): A-D, 0-9, * and # only, no whitespace', () => {
    expect(messages(valid({ trigger: 2, dtmf: '12 3' }))).toEqual({ dtmf: 'Invalid DTMF input!' });
    expect(messages(valid({ trigger: 2, dtmf: 'E1' }))).toEqual({ dtmf: 'Invalid DTMF input!' });
    expect(messages(valid({ trigger: 2, dtmf: '' }))).toEqual({ dtmf: 'Invalid DTMF input!' });
    expect(messages(valid({ trigger: 2, dtmf: '*12AD#' }))).toEqual({});
  });

  it('dates: MM-DD-YYYYTHH:mm:ss, start before end, max dates not before their start', () => {
    expect(messages(valid({ startDate: '2026-11-24 12:00' }))).toEqual({ startDate: 'Invalid date!' });
    expect(messages(valid({ fixedTimes: ['02-30-2026T10:00:00'] }))).toEqual({
      'fixedTimes.0': 'Invalid date!',
    });
    expect(messages(valid({ startDate: '11-24-2026T14:00:00', endDate: '11-24-2026T13:00:00' }))).toEqual({
      startDate: 'Start date must be before end date!',
      endDate: 'End date must be after start date!',
    });
    expect(
      messages(
        valid({ trigger: 1, scheduleStartDate: '11-24-2026T12:30:00', maxDate: '11-24-2026T12:20:00' }),
      ),
    ).toEqual({ maxDate: 'Invalid date!' });
    expect(
      messages(
        valid({ trigger: 1, excludeStartDate: '11-24-2026T12:30:00', excludeMaxDate: '11-23-2026T12:20:00' }),
      ),
    ).toEqual({ excludeMaxDate: 'Invalid date!' });
  });

  it('rule times: the end not before the start, HH:mm', () => {
    expect(messages(valid({ trigger: 1, ruleStartTime: '18:00', ruleEndTime: '17:59' }))).toEqual({
      ruleEndTime: 'Invalid time!',
    });
    expect(messages(valid({ trigger: 1, ruleStartTime: '25:00' }))).toEqual({
      ruleStartTime: 'Invalid time!',
    });
    expect(messages(valid({ trigger: 1, ruleStartTime: '18:00', ruleEndTime: '18:00' }))).toEqual({});
  });

  it('ad duration at least 1: "Duration must be greater than 0"', () => {
    expect(messages(valid({ adDuration: 0 }))).toEqual({ adDuration: 'Duration must be greater than 0' });
    expect(messages({ ...valid(), adDuration: 'ten' })).toEqual({
      adDuration: 'Duration must be greater than 0',
    });
  });

  it('fixed times need one; unknown fields are refused; an update needs its version', () => {
    expect(messages(valid({ fixedTimes: [] }))).toEqual({
      fixedTimes: EVENT_SCHEDULE_TEXTS.fixedTimesRequired,
    });
    expect(messages({ ...valid(), extra: 1 })).toHaveProperty('');
    expect(scheduledEventUpdateSchema.safeParse(valid()).success).toBe(false);
    expect(scheduledEventUpdateSchema.safeParse({ ...valid(), version: 0 }).success).toBe(true);
  });
});

describe('occurrences', () => {
  const base = scheduledEventData(
    valid({ startDate: '11-24-2026T12:00:00', endDate: '11-24-2026T18:00:00' }),
  );

  it('fixed times: those in [from, to) and in the event’s window, sorted, each once', () => {
    const event = {
      ...base,
      fixedTimes: [
        '11-24-2026T13:00:00',
        '11-24-2026T12:30:00',
        '11-24-2026T19:00:00',
        '11-24-2026T11:00:00',
      ],
    };
    expect(occurrences(event, at('2026-11-24T00:00:00'), at('2026-11-25T00:00:00'))).toEqual([
      at('2026-11-24T12:30:00'),
      at('2026-11-24T13:00:00'),
    ]);
    expect(occurrences(event, at('2026-11-24T12:30:00'), at('2026-11-24T13:00:00'))).toEqual([
      at('2026-11-24T12:30:00'),
    ]);
    expect(occurrences({ ...event, status: 'inactive' }, 0, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('interval: every interval from the schedule start to the max date', () => {
    const event = {
      ...base,
      trigger: 1 as const,
      interval: 1800,
      scheduleStartDate: '11-24-2026T12:15:00',
      maxDate: '11-24-2026T14:00:00',
    };
    expect(occurrences(event, 0, Number.MAX_SAFE_INTEGER)).toEqual([
      at('2026-11-24T12:15:00'),
      at('2026-11-24T12:45:00'),
      at('2026-11-24T13:15:00'),
      at('2026-11-24T13:45:00'),
    ]);
    // A window in the middle starts at the next step, not at `from`.
    expect(occurrences(event, at('2026-11-24T12:20:00'), at('2026-11-24T13:20:00'))).toEqual([
      at('2026-11-24T12:45:00'),
      at('2026-11-24T13:15:00'),
    ]);
    expect(nextOccurrences(event, at('2026-11-24T12:00:00'), 2)).toHaveLength(2);
  });

  it('interval: only within the daily rule times, never in the excluded range', () => {
    const event = {
      ...base,
      trigger: 1 as const,
      interval: 3600,
      startDate: '11-24-2026T00:00:00',
      endDate: '11-26-2026T23:59:59',
      ruleStartTime: '10:00',
      ruleEndTime: '12:00',
      excludeStartDate: '11-25-2026T00:00:00',
    };
    expect(occurrences(event, 0, Number.MAX_SAFE_INTEGER).map(formatSpecDateTime)).toEqual([
      '11-24-2026T10:00:00',
      '11-24-2026T11:00:00',
      '11-24-2026T12:00:00',
      '11-26-2026T10:00:00',
      '11-26-2026T11:00:00',
      '11-26-2026T12:00:00',
    ]);
  });

  it('DTMF: the triggers fired, within the window', () => {
    const fired = [at('2026-11-24T12:05:00'), at('2026-11-24T19:00:00')];
    const event = {
      ...scheduledEventData(valid({ trigger: 2, dtmf: '1#' }), fired),
      startDate: base.startDate,
      endDate: base.endDate,
    };
    expect(occurrences(event, 0, Number.MAX_SAFE_INTEGER)).toEqual([at('2026-11-24T12:05:00')]);
  });
});

describe('forTrigger', () => {
  it('sets the other triggers’ fields back to their defaults, so what a form hides is not validated', () => {
    const hidden = valid({ trigger: 1, interval: 900, dtmf: '1 2', fixedTimes: ['not a date'] });
    expect(messages(hidden)).not.toEqual({});
    expect(messages(forTrigger(hidden))).toEqual({});
    expect(forTrigger(hidden)).toMatchObject({ interval: 900, dtmf: '', fixedTimes: [] });
    expect(forTrigger(valid({ trigger: 2, dtmf: '9', interval: 5 }))).toMatchObject({
      dtmf: '9',
      interval: 600,
    });
  });
});

describe('scheduledEventData', () => {
  it('keeps only the fields of the trigger, and the spec date format round-trips', () => {
    const data = scheduledEventData(valid({ trigger: 1, dtmf: '12', interval: 900 }));
    expect(data.fixedTimes).toEqual([]);
    expect(data.dtmf).toBe('');
    expect(data.interval).toBe(900);
    expect(data).not.toHaveProperty('streamId');
    expect(formatSpecDateTime(at('2026-02-03T04:05:06'))).toBe('02-03-2026T04:05:06');
  });
});
