import { z } from 'zod';
import { textSchema } from '../validation/field-schemas.ts';
import { TEXT_LIMITS } from '../validation/limits.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';

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
/**
 * Alertmanager's resolve timeout: an alarm raised through the API without `endsAt` is cleared
 * this long after it was last raised, unless raised again (a heartbeat) before then.
 */
export const ALARM_RESOLVE_TIMEOUT_MS = 5 * 60 * 1000;

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
  endsAt: 'endsAt accepts an ISO 8601 date and time, e.g. 2025-01-31T12:05:00Z',
  endsAtBeforeTimeOn: 'endsAt may not be before time_on',
  state: 'state accepts one of open, acknowledged, cleared',
  customerIdFilter: 'customerId accepts the id (UUID) of a customer account',
  q: 'q accepts a text of up to 100 characters',
  id: 'id accepts the id (UUID) of an alarm',
  notFound: 'No such alarm',
  alreadyAcknowledged: 'This alarm has already been acknowledged',
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
  /** The alarm rule whose condition raised it; null: raised through the API. */
  rule_id: z.string().nullable(),
  /**
   * When its condition ended: a rule's alarm once the rule no longer holds, an API alarm at its
   * ends_at; null while it holds.
   */
  cleared_at: z.iso.datetime({ offset: true }).nullable(),
  /**
   * An API alarm's end: the caller's endsAt, else its last raise plus ALARM_RESOLVE_TIMEOUT_MS
   * (raising it again moves it); null for a rule's alarm (cleared by its rule) and for API alarms
   * raised before alarms ended by themselves (until raised again).
   */
  ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
  acknowledged_at: z.iso.datetime({ offset: true }).nullable(),
  /** Email of the administrator who acknowledged it. */
  acknowledged_by: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

/**
 * An alarm's state, one of three: cleared once its condition ended, else acknowledged once an
 * administrator did, else open (it still wants someone's attention).
 */
export const ALARM_STATES = ['open', 'acknowledged', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
export const ALARM_STATE_LABELS: Record<AlarmState, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  cleared: 'Cleared',
};
export const alarmState = (alarm: Pick<Alarm, 'cleared_at' | 'acknowledged_at'>): AlarmState =>
  alarm.cleared_at ? 'cleared' : alarm.acknowledged_at ? 'acknowledged' : 'open';

const limitError = { error: ALARM_TEXTS.limit };

const severityList = (value: string) => value.split(',').filter((s) => s !== '');

/** Longest search text of the alarm list. */
export const ALARM_SEARCH_MAX = 100;

/**
 * Query of GET /alarm/alarms: newest first, at most `limit`, only those raised at or after `since`;
 * optionally only some severities (comma-separated), one state, one customer's, or those whose
 * name, message, type or object contains `q` (case-insensitive).
 */
export const alarmListQuerySchema = z.object({
  limit: z.coerce
    .number(limitError)
    .int(limitError)
    .min(1, limitError)
    .max(ALARM_LIST_LIMIT.max, limitError)
    .default(ALARM_LIST_LIMIT.default),
  since: z.iso.datetime({ offset: true, error: ALARM_TEXTS.since }).optional(),
  severity: z
    .string({ error: ALARM_TEXTS.severity })
    .refine(
      (value) => severityList(value).every((s) => (ALARM_SEVERITIES as readonly string[]).includes(s)),
      {
        error: ALARM_TEXTS.severity,
      },
    )
    .transform((value) => severityList(value) as AlarmSeverity[])
    .optional(),
  state: z.enum(ALARM_STATES, { error: ALARM_TEXTS.state }).optional(),
  customerId: z.uuid({ error: ALARM_TEXTS.customerIdFilter }).optional(),
  q: textSchema({ error: ALARM_TEXTS.q }).trim().max(ALARM_SEARCH_MAX, { error: ALARM_TEXTS.q }).optional(),
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
    .max(TEXT_LIMITS.dateTime, { error: ALARM_TEXTS.timeOn })
    .refine((value) => Date.parse(value) <= Date.now() + ALARM_MAX_FUTURE_MS, {
      error: ALARM_TEXTS.timeOnFuture,
    })
    .optional(),
  /**
   * The caller's identifier of the alarm: raising an open alarm of the same uuid (and customer)
   * again is a heartbeat that moves its end instead of raising a second one.
   */
  uuid: text(ALARM_FIELD_LIMITS.uuid, ALARM_TEXTS.uuid).optional(),
  /**
   * When the alarm ends (Alertmanager's endsAt): cleared then; in the past it is cleared at once.
   * Without it: ALARM_RESOLVE_TIMEOUT_MS after this raise.
   */
  endsAt: z.iso
    .datetime({ offset: true, error: ALARM_TEXTS.endsAt })
    .max(TEXT_LIMITS.dateTime, { error: ALARM_TEXTS.endsAt })
    .optional(),
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

// ---- Alarm rules (/alarms, Rules) --------------------------------------------------------------

/**
 * What a rule watches in the per-minute counters of a stream or VOD asset (playback_minutes):
 * - origin-unreachable: the trailing minutes in which every origin request failed, times 60, reach
 *   the threshold (seconds; minute granularity);
 * - ad-error-rate: the percent of ad requests that failed or timed out over the window is above the
 *   threshold (only with ad requests in the window);
 * - fill-rate: the percent of avail time filled with ads over the window is below the threshold
 *   (only with avails in the window).
 */
export const ALARM_METRICS = ['origin-unreachable', 'ad-error-rate', 'fill-rate'] as const;
export type AlarmMetric = (typeof ALARM_METRICS)[number];

export const ALARM_METRIC_INFO: Record<
  AlarmMetric,
  { label: string; unit: 's' | '%'; max: number; help: string; alarmName: string }
> = {
  'origin-unreachable': {
    label: 'Origin unreachable',
    unit: 's',
    max: 3600,
    help: 'Raised when every request to the stream’s origin has failed for at least this many seconds. Counted in whole minutes: 60 s is one minute of failures, 90 s two.',
    alarmName: 'Origin unreachable',
  },
  'ad-error-rate': {
    label: 'Ad-server error rate',
    unit: '%',
    max: 100,
    help: 'Raised when more than this percent of ad requests failed or timed out over the window (only when ads were requested).',
    alarmName: 'Ad-server error rate high',
  },
  'fill-rate': {
    label: 'Fill rate below',
    unit: '%',
    max: 100,
    help: 'Raised when less than this percent of ad break time was filled with ads over the window (only when there were ad breaks).',
    alarmName: 'Fill rate low',
  },
};

/** Minutes of counters a rule reads: default and bounds. */
export const ALARM_RULE_WINDOW = { default: 5, min: 1, max: 60 } as const;

/** The severities whose alarms are mailed to the main administrators when raised. */
export const ALARM_MAILED_SEVERITIES: readonly AlarmSeverity[] = ['EMERGENCY', 'ALERT', 'CRITICAL'];

export const ALARM_RULE_TEXTS = {
  customerId: 'Choose a customer',
  resourceId: 'Choose a live stream or VOD asset of this customer, or none for all of them',
  unknownCustomer: ALARM_TEXTS.unknownCustomer,
  metric: `Choose what to watch: ${ALARM_METRICS.join(', ')}`,
  threshold: VALIDATION_MESSAGES.thresholdAboveZero,
  thresholdPercent: 'Threshold accepts a percentage up to 100',
  thresholdSeconds: `Threshold accepts up to ${ALARM_METRIC_INFO['origin-unreachable'].max} seconds (one hour)`,
  windowMinutes: `Window accepts a whole number of minutes from ${ALARM_RULE_WINDOW.min} to ${ALARM_RULE_WINDOW.max}`,
  severity: `Choose a severity: ${ALARM_SEVERITIES.join(', ')}`,
  enabled: 'enabled accepts true or false',
  id: 'id accepts the id (UUID) of an alarm rule',
  notFound: 'No such alarm rule',
  allStreams: 'All streams and VOD assets',
} as const;

const windowError = { error: ALARM_RULE_TEXTS.windowMinutes };

/** Body of POST /alarm/rules and PUT /alarm/rules/:id (main administrator). */
export const alarmRuleBodySchema = z
  .object({
    customerId: z.uuid({ error: ALARM_RULE_TEXTS.customerId }),
    /** One stream or VOD asset of the customer; null or absent: each of them. */
    resourceId: z.uuid({ error: ALARM_RULE_TEXTS.resourceId }).nullable().default(null),
    metric: z.enum(ALARM_METRICS, { error: ALARM_RULE_TEXTS.metric }),
    threshold: z.number({ error: ALARM_RULE_TEXTS.threshold }).gt(0, { error: ALARM_RULE_TEXTS.threshold }),
    windowMinutes: z
      .number(windowError)
      .int(windowError)
      .min(ALARM_RULE_WINDOW.min, windowError)
      .max(ALARM_RULE_WINDOW.max, windowError)
      .default(ALARM_RULE_WINDOW.default),
    severity: z.enum(ALARM_SEVERITIES, { error: ALARM_RULE_TEXTS.severity }),
    enabled: z.boolean({ error: ALARM_RULE_TEXTS.enabled }).default(true),
  })
  .superRefine((rule, ctx) => {
    const { max, unit } = ALARM_METRIC_INFO[rule.metric];
    if (rule.threshold > max)
      ctx.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: unit === '%' ? ALARM_RULE_TEXTS.thresholdPercent : ALARM_RULE_TEXTS.thresholdSeconds,
      });
  });
export type AlarmRuleBody = z.input<typeof alarmRuleBodySchema>;
export type AlarmRuleInput = z.output<typeof alarmRuleBodySchema>;

export const alarmRuleSchema = z.object({
  _id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  resourceId: z.uuid().nullable(),
  /** The stream's or asset's name; null for a whole-customer rule (or a stream since deleted). */
  resourceName: z.string().nullable(),
  metric: z.enum(ALARM_METRICS),
  threshold: z.number(),
  windowMinutes: z.number().int(),
  severity: alarmSeveritySchema,
  enabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  updatedBy: z.string().nullable(),
});
export type AlarmRule = z.infer<typeof alarmRuleSchema>;
export const alarmRuleListResponseSchema = z.array(alarmRuleSchema);
/** DELETE /alarm/rules/:id answers the id deleted. */
export const alarmRuleDeleteResponseSchema = z.object({ _id: z.uuid() });

export const alarmIdParamsSchema = z.object({ id: z.uuid({ error: ALARM_TEXTS.id }) });
export const alarmRuleIdParamsSchema = z.object({ id: z.uuid({ error: ALARM_RULE_TEXTS.id }) });

/** GET /alarm/customers: the customer accounts a rule may name (the rules' customer picker). */
export const alarmCustomersResponseSchema = z.array(z.object({ _id: z.uuid(), name: z.string() }));
export type AlarmCustomer = z.infer<typeof alarmCustomersResponseSchema>[number];

/** A rule's threshold with its unit: '60 s', '50 %'. */
export const formatAlarmThreshold = (metric: AlarmMetric, threshold: number) =>
  `${Number(threshold.toFixed(2))} ${ALARM_METRIC_INFO[metric].unit}`;

/** The message of an alarm a rule raised, with the figures that raised it. */
export function alarmRuleMessage(
  metric: AlarmMetric,
  figures: { objectName: string; value: number; threshold: number; windowMinutes: number },
): string {
  const { objectName, value, threshold, windowMinutes } = figures;
  const round = (n: number) => Number(n.toFixed(1));
  switch (metric) {
    case 'origin-unreachable':
      return `Every origin request of ${objectName} failed for the last ${round(value / 60)} min (${value} s; threshold ${threshold} s).`;
    case 'ad-error-rate':
      return `${round(value)} % of ad requests of ${objectName} failed or timed out over the last ${windowMinutes} min (threshold ${round(threshold)} %).`;
    case 'fill-rate':
      return `Only ${round(value)} % of ad break time of ${objectName} was filled with ads over the last ${windowMinutes} min (threshold ${round(threshold)} %).`;
  }
}

/** The mail to the main administrators about a raised critical alarm. */
export const alarmMail = (alarm: Pick<Alarm, 'severity' | 'name' | 'message' | 'time_on'>, link: string) => ({
  subject: `[${alarm.severity}] ${alarm.name}`,
  text: `${alarm.severity}: ${alarm.name}\n\n${alarm.message}\n\nRaised at ${alarm.time_on}.\n\nSee the alarms: ${link}\n`,
});
