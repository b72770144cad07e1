import { z } from 'zod';

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

export const ALARM_TEXTS = {
  limit: `limit accepts a whole number from 1 to ${ALARM_LIST_LIMIT.max}`,
  since: 'since accepts an ISO 8601 date and time, e.g. 2025-01-31T12:00:00Z',
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
