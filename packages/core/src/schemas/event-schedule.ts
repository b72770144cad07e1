/**
 * The Event Scheduler (/event-scheduler, main administrator): scheduled live events of a live
 * stream and the ad breaks they trigger, as broadcast schedulers (and MediaTailor's or DAI's
 * scheduled breaks) do. Every event has an on-air window (startDate..endDate) and a break length
 * (adDuration); its trigger decides when breaks start:
 *
 * - 0, fixed times: a list of date-times;
 * - 1, interval: every `interval` seconds from scheduleStartDate (else startDate) until maxDate
 *   (else endDate), only between the daily rule times ruleStartTime..ruleEndTime when given, and
 *   never from excludeStartDate to excludeMaxDate (to the end of that day without a max date);
 * - 2, DTMF: a tone sequence; a break starts when the sequence is signalled (the trigger call),
 *   recorded in `fired`.
 *
 * Date-times are the spec's MM-DD-YYYYTHH:mm:ss, read as UTC (as `parseSpecDateTime` does).
 * `occurrences` gives the break start times of an event: the console previews them and the data
 * plane places the breaks with them.
 */
import { z } from 'zod';
import { NAME_MAX_LENGTH, resourceNameSchema, statusSchema } from '../resources/fields.ts';
import {
  excludeMaxDateRule,
  intervalAdDurationRule,
  ruleTimeRule,
  scheduleMaxDateRule,
  startEndDatesRule,
} from '../validation/cross-field-rules.ts';
import {
  maxChars,
  specDateTimeSchema,
  textSchema,
  triggerDurationSchema,
} from '../validation/field-schemas.ts';
import { DURATION_SECONDS_MAX, TEXT_LIMITS } from '../validation/limits.ts';
import { greaterThanZeroMessage, LIMIT_TEXTS, VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { parseSpecDateTime, parseTimeOfDay } from '../validation/parsers.ts';
import { validateDtmf, validateGreaterThanZero, validateSpecDateTime } from '../validation/rules.ts';
import type { CrossFieldRule } from '../validation/types.ts';
import { crossFieldCheck, ruleCheck } from '../validation/zod-checks.ts';

/** Trigger types (the spec's `trigger`): 0 fixed times, 1 interval, 2 DTMF. */
export const EVENT_TRIGGERS = [0, 1, 2] as const;
export type EventTrigger = (typeof EVENT_TRIGGERS)[number];

export const EVENT_TRIGGER_LABELS: Record<EventTrigger, string> = {
  0: 'Fixed times',
  1: 'Interval',
  2: 'DTMF',
};

/** Fixed times one event may list, and DTMF triggers remembered (the newest). */
export const EVENT_SCHEDULE_LIMITS = {
  fixedTimes: 50,
  fired: 20,
  /** Break start times one `occurrences` call answers at most. */
  occurrences: 1000,
  /** Seconds between a DTMF trigger and its break: the data plane re-reads its schedule this often. */
  triggerLeadSeconds: 6,
  /** Next occurrences the console previews. */
  preview: 5,
} as const;

export const EVENT_SCHEDULE_LABELS = {
  name: 'Name',
  streamId: 'Stream',
  status: 'Status',
  trigger: 'Trigger',
  adDuration: 'Ad break duration (seconds)',
  startDate: 'Start date (UTC)',
  endDate: 'End date (UTC)',
  fixedTimes: 'Break times (UTC)',
  interval: 'Interval (seconds)',
  scheduleStartDate: 'Schedule start date (UTC)',
  maxDate: 'Max date (UTC)',
  ruleStartTime: 'Rule start time (UTC)',
  ruleEndTime: 'Rule end time (UTC)',
  excludeStartDate: 'Exclude start date (UTC)',
  excludeMaxDate: 'Exclude max date (UTC)',
  dtmf: 'DTMF sequence',
  defaultEventDuration: 'Default event duration (seconds)',
  nextOccurrence: 'Next break',
} as const;

export const EVENT_SCHEDULE_TEXTS = {
  title: 'Event Scheduler',
  newEvent: 'New event',
  editEvent: 'Edit event',
  empty: 'No scheduled events yet. Schedule a live event and its ad breaks.',
  noMatch: 'No scheduled events of this stream.',
  loading: 'Loading scheduled events…',
  loadFailed: 'The scheduled events could not be loaded.',
  allStreams: 'All streams',
  filterStream: 'Stream',
  dateHint: 'MM-DD-YYYYTHH:mm:ss, UTC',
  timeHint: 'HH:mm, UTC',
  fixedTimesHint: 'One date-time per line (MM-DD-YYYYTHH:mm:ss, UTC)',
  dtmfHint: 'Digits 0-9, A-D, * and #, no spaces',
  defaultDurationHint: 'Pre-fills the ad break duration of a new event (kept on this device)',
  preview: 'Next breaks',
  noPreview: 'No break ahead in the event’s window.',
  dtmfPreview: 'Breaks start when the DTMF sequence is signalled.',
  triggerNow: 'Trigger now',
  triggered: (at: string) => `Break triggered at ${at} UTC`,
  saved: 'Event saved',
  deleted: 'Event deleted',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteQuestion: (name: string) =>
    `Delete the scheduled event ${name}? Its ad breaks will no longer be triggered.`,
  fixedTimesRequired: 'Add at least one break time',
  unknownStream: 'No such live stream',
  notFound: 'No such scheduled event',
  notDtmf: 'Only a DTMF event is triggered this way',
  notOnAir: 'The event is not on air: a break can be triggered only between its start and end dates',
  inactive: 'The event is inactive',
  adminOnly: 'Only a main administrator may schedule events',
  streamQuery: 'streamId accepts the id (UUID) of a live stream',
} as const;

const optionalDate = textSchema({ error: M.invalidDate })
  .trim()
  .check(
    maxChars(TEXT_LIMITS.dateTime, M.invalidDate),
    ruleCheck((value: string) => (value === '' ? null : validateSpecDateTime(value))),
  )
  .default('');

/** HH:mm or HH:mm:ss, or '' (no daily rule); ruleTimeRule words the message. */
const optionalTime = textSchema({ error: M.invalidTime })
  .trim()
  .check(
    maxChars(TEXT_LIMITS.dateTime, M.invalidTime),
    ruleCheck((value: string) => (value === '' || parseTimeOfDay(value) !== null ? null : M.invalidTime)),
  )
  .default('');

/** Fixed times need at least one; DTMF needs its sequence; an interval its first break's date. */
export const eventTriggerFieldsRule: CrossFieldRule<Record<string, unknown>> = {
  fields: ['trigger', 'fixedTimes', 'dtmf'],
  validate: (value) => {
    const { trigger, fixedTimes, dtmf } = value;
    if (trigger === 0 && (!Array.isArray(fixedTimes) || fixedTimes.length === 0))
      return [{ field: 'fixedTimes', message: EVENT_SCHEDULE_TEXTS.fixedTimesRequired }];
    if (trigger === 2) {
      const message = validateDtmf(dtmf);
      if (message !== null) return [{ field: 'dtmf', message }];
    }
    return [];
  },
};

/** What a user writes: the body of create and update, and the console's form. */
const scheduledEventShape = {
  name: resourceNameSchema(EVENT_SCHEDULE_LABELS.name),
  streamId: z.uuid({ error: M.invalidUuid }),
  status: statusSchema,
  trigger: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: M.thisFieldRequired }),
  adDuration: triggerDurationSchema,
  startDate: specDateTimeSchema,
  endDate: specDateTimeSchema,
  fixedTimes: z
    .array(specDateTimeSchema, { error: M.invalidDate })
    .max(EVENT_SCHEDULE_LIMITS.fixedTimes, { error: LIMIT_TEXTS.tooMany(EVENT_SCHEDULE_LIMITS.fixedTimes) })
    .default([]),
  interval: z
    .number({ error: greaterThanZeroMessage('Interval') })
    .check(ruleCheck((value) => validateGreaterThanZero(value, 'Interval')))
    .max(DURATION_SECONDS_MAX, { error: LIMIT_TEXTS.atMost(DURATION_SECONDS_MAX) })
    .default(600),
  scheduleStartDate: optionalDate,
  maxDate: optionalDate,
  ruleStartTime: optionalTime,
  ruleEndTime: optionalTime,
  excludeStartDate: optionalDate,
  excludeMaxDate: optionalDate,
  dtmf: textSchema({ error: M.invalidDtmf })
    .max(32, { error: LIMIT_TEXTS.tooLong(32) })
    .default(''),
};
const scheduledEventChecks = [
  crossFieldCheck(startEndDatesRule()),
  crossFieldCheck(intervalAdDurationRule()),
  crossFieldCheck(scheduleMaxDateRule),
  crossFieldCheck(excludeMaxDateRule),
  crossFieldCheck(ruleTimeRule()),
  crossFieldCheck(eventTriggerFieldsRule),
] as const;
export const scheduledEventInputSchema = z.strictObject(scheduledEventShape).check(...scheduledEventChecks);
export type ScheduledEventInput = z.input<typeof scheduledEventInputSchema>;
export type ScheduledEventFields = z.output<typeof scheduledEventInputSchema>;

/** What is stored (the row's `data`): the fields, and the DTMF triggers fired (epoch ms). */
export type ScheduledEventData = Omit<ScheduledEventFields, 'streamId'> & { fired: number[] };

/** A scheduled event as the API answers it. */
export const scheduledEventSchema = z.object({
  _id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  streamId: z.string(),
  streamName: z.string(),
  name: z.string().max(NAME_MAX_LENGTH),
  status: z.enum(['active', 'inactive']),
  trigger: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  adDuration: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  fixedTimes: z.array(z.string()),
  interval: z.number(),
  scheduleStartDate: z.string(),
  maxDate: z.string(),
  ruleStartTime: z.string(),
  ruleEndTime: z.string(),
  excludeStartDate: z.string(),
  excludeMaxDate: z.string(),
  dtmf: z.string(),
  fired: z.array(z.number()),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduledEvent = z.infer<typeof scheduledEventSchema>;

export const scheduledEventListQuerySchema = z.strictObject({
  streamId: z.uuid({ error: EVENT_SCHEDULE_TEXTS.streamQuery }).optional(),
});
export const scheduledEventListResponseSchema = z.object({ data: z.array(scheduledEventSchema) });
/** An update carries the version it read (a stale one is a 409 with currentVersion). */
export const scheduledEventUpdateSchema = z
  .strictObject({
    ...scheduledEventShape,
    version: z.number({ error: M.thisFieldRequired }).int().nonnegative(),
  })
  .check(...scheduledEventChecks);
export const scheduledEventTriggerResponseSchema = z.object({
  event: scheduledEventSchema,
  /** Epoch ms of the triggered break's start. */
  breakAt: z.number(),
});

/** A new event's values: on air from `now` (rounded up to a minute) for an hour. */
export function scheduledEventDefaults(now: number, adDuration = 30): ScheduledEventFields {
  const start = Math.ceil(now / 60_000) * 60_000;
  return {
    name: '',
    streamId: '',
    status: 'active',
    trigger: 0,
    adDuration,
    startDate: formatSpecDateTime(start),
    endDate: formatSpecDateTime(start + 3_600_000),
    fixedTimes: [],
    interval: 600,
    scheduleStartDate: '',
    maxDate: '',
    ruleStartTime: '',
    ruleEndTime: '',
    excludeStartDate: '',
    excludeMaxDate: '',
    dtmf: '',
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Epoch ms as the spec's MM-DD-YYYYTHH:mm:ss, in UTC (the inverse of parseSpecDateTime). */
export function formatSpecDateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${pad(d.getUTCFullYear(), 4)}T${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The fields an event's occurrences depend on. */
export type OccurrenceSource = Pick<
  ScheduledEventFields,
  | 'status'
  | 'trigger'
  | 'startDate'
  | 'endDate'
  | 'fixedTimes'
  | 'interval'
  | 'scheduleStartDate'
  | 'maxDate'
  | 'ruleStartTime'
  | 'ruleEndTime'
  | 'excludeStartDate'
  | 'excludeMaxDate'
> & { fired?: readonly number[] };

const DAY_MS = 86_400_000;
/** Interval steps one call looks at most (a daily rule window skips most of a long schedule). */
const MAX_STEPS = 200_000;

/**
 * The start times (epoch ms, ascending, each once) of an event's breaks in [fromMs, toMs), at
 * most `limit`. An inactive event has none; every break starts within the event's window
 * [startDate, endDate]. Fixed times and DTMF triggers are listed as they are; an interval
 * schedule steps from its first break and skips the times outside the daily rule times and the
 * excluded range. Values that do not parse (never stored: the schema refuses them) give nothing.
 */
export function occurrences(
  event: OccurrenceSource,
  fromMs: number,
  toMs: number,
  limit: number = EVENT_SCHEDULE_LIMITS.occurrences,
): number[] {
  if (event.status !== 'active' || limit <= 0) return [];
  const start = parseSpecDateTime(event.startDate);
  const end = parseSpecDateTime(event.endDate);
  if (start === null || end === null) return [];
  const from = Math.max(fromMs, start);
  const to = Math.min(toMs, end + 1);
  if (from >= to) return [];
  const within = (t: number) => t >= from && t < to;
  if (event.trigger === 0 || event.trigger === 2) {
    const times =
      event.trigger === 0
        ? event.fixedTimes.map(parseSpecDateTime).filter((t): t is number => t !== null)
        : [...(event.fired ?? [])];
    return [...new Set(times.filter(within))].sort((a, b) => a - b).slice(0, limit);
  }
  const step = event.interval * 1000;
  if (!(step > 0)) return [];
  const first = (event.scheduleStartDate && parseSpecDateTime(event.scheduleStartDate)) || start;
  const last = Math.min((event.maxDate && parseSpecDateTime(event.maxDate)) || end, end);
  const ruleFrom = event.ruleStartTime ? parseTimeOfDay(event.ruleStartTime) : null;
  const ruleTo = event.ruleEndTime ? parseTimeOfDay(event.ruleEndTime) : null;
  const excludeFrom = event.excludeStartDate ? parseSpecDateTime(event.excludeStartDate) : null;
  const excludeTo =
    excludeFrom === null
      ? null
      : (event.excludeMaxDate && parseSpecDateTime(event.excludeMaxDate)) ||
        Math.floor(excludeFrom / DAY_MS) * DAY_MS + DAY_MS - 1;
  const out: number[] = [];
  let k = Math.max(0, Math.ceil((from - first) / step));
  for (let steps = 0; steps < MAX_STEPS && out.length < limit; steps++, k++) {
    const t = first + k * step;
    if (t > last || t >= to) break;
    if (t < from) continue;
    const secondOfDay = Math.floor((((t % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
    if (ruleFrom !== null && secondOfDay < ruleFrom) continue;
    if (ruleTo !== null && secondOfDay > ruleTo) continue;
    if (excludeFrom !== null && excludeTo !== null && t >= excludeFrom && t <= excludeTo) continue;
    out.push(t);
  }
  return out;
}

/** The next `count` break start times at or after `fromMs` (the console's preview). */
export const nextOccurrences = (event: OccurrenceSource, fromMs: number, count: number): number[] =>
  occurrences(event, fromMs, Number.MAX_SAFE_INTEGER, count);

/**
 * The values with the fields of the other triggers back at their defaults: what a form shows
 * hidden is neither validated nor saved (the console validates and sends this).
 */
export function forTrigger<V extends Partial<ScheduledEventInput>>(values: V): V {
  const blank = scheduledEventDefaults(0);
  const { trigger } = values;
  return {
    ...values,
    ...(trigger === 0 ? {} : { fixedTimes: blank.fixedTimes }),
    ...(trigger === 1
      ? {}
      : {
          interval: blank.interval,
          scheduleStartDate: '',
          maxDate: '',
          ruleStartTime: '',
          ruleEndTime: '',
          excludeStartDate: '',
          excludeMaxDate: '',
        }),
    ...(trigger === 2 ? {} : { dtmf: '' }),
  };
}

/**
 * The stored data of a validated input: the fields the trigger does not use are reset, so an
 * event never keeps a stale value it does not act on. `fired` is the server's record.
 */
export function scheduledEventData(
  input: ScheduledEventFields,
  fired: readonly number[] = [],
): ScheduledEventData {
  const { streamId: _streamId, ...fields } = forTrigger(input);
  return {
    ...fields,
    fixedTimes: [...new Set(fields.fixedTimes)],
    fired: input.trigger === 2 ? fired.slice(-EVENT_SCHEDULE_LIMITS.fired) : [],
  };
}
