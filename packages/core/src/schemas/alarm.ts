import { z } from 'zod';
import { textSchema } from '../validation/field-schemas.ts';

/**
 * Alarms (spec section 3: severity, type, name, message, time_on, uuid, module_object_id), listed
 * by GET /alarm/alarms (section 7, polled every ALARMTIMEOUT ms) for the alarm bell and /alarms.
 * Severities are the syslog levels the colour rule of section 9 names, most severe first.
 */
export const ALARM_SEVERITIES = [
  'EMERGENCY',
  'ALERT',
  'CRITICAL',
  'ERROR',
  'WARNING',
  'NOTICE',
  'INFORMATIONAL',
  'DEBUG',
] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Page size of the alarm list: default and largest. */
export const ALARM_LIST_LIMIT = { default: 100, max: 500 } as const;

/** Longest accepted text of each field of a raised alarm. */
export const ALARM_FIELD_LIMITS = {
  type: 100,
  name: 200,
  message: 2000,
  uuid: 200,
  moduleObjectId: 200,
} as const;
/** How far ahead of the server's clock a raised alarm's time_on may be (clock skew of the raiser). */
export const ALARM_MAX_FUTURE_MS = 5 * 60 * 1000;

const textRule = (field: string, max: number) => `${field} accepts a text of 1 to ${max} characters`;

export const ALARM_TEXTS = {
  limit: `limit accepts a whole number from 1 to ${ALARM_LIST_LIMIT.max}`,
  since: 'since accepts an ISO 8601 date and time, e.g. 2025-01-31T12:00:00Z',
  severity: `severity accepts one of ${ALARM_SEVERITIES.join(', ')}`,
  type: textRule('type', ALARM_FIELD_LIMITS.type),
  name: textRule('name', ALARM_FIELD_LIMITS.name),
  message: textRule('message', ALARM_FIELD_LIMITS.message),
  uuid: textRule('uuid', ALARM_FIELD_LIMITS.uuid),
  moduleObjectId: textRule('module_object_id', ALARM_FIELD_LIMITS.moduleObjectId),
  customerId: 'customerId accepts the id (UUID) of a customer account, or null for a platform alarm',
  unknownCustomer: 'customerId names no customer account',
  timeOn: 'time_on accepts an ISO 8601 date and time, e.g. 2025-01-31T12:00:00Z',
  timeOnFuture: 'time_on may not be more than 5 minutes in the future',
} as const;

export const alarmSeveritySchema = z.enum(ALARM_SEVERITIES);

export const alarmSchema = z.object({
  _id: z.uuid(),
  severity: alarmSeveritySchema,
  type: z.string(),
  name: z.string(),
  message: z.string(),
  /** When the alarm was raised (ISO 8601). */
  time_on: z.iso.datetime({ offset: true }),
  /** The raising system's own identifier of the alarm. */
  uuid: z.string(),
  /** The object the alarm is about (e.g. a channel id), when there is one. */
  module_object_id: z.string().nullable(),
  /** The customer the alarm concerns; null for a platform alarm. */
  customerId: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

const limitError = { error: ALARM_TEXTS.limit };

/** Query of GET /alarm/alarms: newest first, at most `limit`, only those raised at or after `since`. */
export const alarmListQuerySchema = z.object({
  limit: z.coerce
    .number(limitError)
    .int(limitError)
    .min(1, limitError)
    .max(ALARM_LIST_LIMIT.max, limitError)
    .default(ALARM_LIST_LIMIT.default),
  since: z.iso.datetime({ offset: true, error: ALARM_TEXTS.since }).optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuerySchema>;

export const alarmListResponseSchema = z.array(alarmSchema);

const text = (max: number, error: string) =>
  textSchema({ error }).trim().min(1, { error }).max(max, { error });

/**
 * Body of POST /alarm/alarms (main administrator; the data plane raises alarms through it).
 * `time_on` defaults to now and `uuid` to a generated one; `customerId` null or absent is a
 * platform alarm.
 */
export const alarmCreateBodySchema = z.object({
  severity: z.enum(ALARM_SEVERITIES, { error: ALARM_TEXTS.severity }),
  type: text(ALARM_FIELD_LIMITS.type, ALARM_TEXTS.type),
  name: text(ALARM_FIELD_LIMITS.name, ALARM_TEXTS.name),
  message: text(ALARM_FIELD_LIMITS.message, ALARM_TEXTS.message),
  module_object_id: text(ALARM_FIELD_LIMITS.moduleObjectId, ALARM_TEXTS.moduleObjectId).nullable().optional(),
  customerId: z.uuid({ error: ALARM_TEXTS.customerId }).nullable().optional(),
  time_on: z.iso
    .datetime({ offset: true, error: ALARM_TEXTS.timeOn })
    .refine((value) => Date.parse(value) <= Date.now() + ALARM_MAX_FUTURE_MS, {
      error: ALARM_TEXTS.timeOnFuture,
    })
    .optional(),
  uuid: text(ALARM_FIELD_LIMITS.uuid, ALARM_TEXTS.uuid).optional(),
});
export type AlarmCreateBody = z.input<typeof alarmCreateBodySchema>;
export type AlarmList = z.infer<typeof alarmListResponseSchema>;

export type AlarmColour = 'yellow' | 'blue' | 'red';

/**
 * Spec section 9: WARNING yellow; NOTICE, INFORMATIONAL, DEBUG info-blue; any other severity red
 * (case-insensitive, so an unexpected value still shows as an alarm, never as information).
 */
export function alarmColour(severity: string): AlarmColour {
  switch (severity.toUpperCase()) {
    case 'WARNING':
      return 'yellow';
    case 'NOTICE':
    case 'INFORMATIONAL':
    case 'DEBUG':
      return 'blue';
    default:
      return 'red';
  }
}
