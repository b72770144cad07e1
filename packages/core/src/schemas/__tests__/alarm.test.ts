import { describe, expect, it } from 'vitest';
import {
  ALARM_LIST_LIMIT,
  ALARM_MAX_FUTURE_MS,
  ALARM_RULE_TEXTS,
  ALARM_SEVERITIES,
  ALARM_TEXTS,
  alarmColour,
  alarmCreateBodySchema,
  alarmListQuerySchema,
  alarmRuleBodySchema,
  alarmRuleMessage,
  alarmSchema,
  alarmState,
} from '../alarm.ts';
import { overviewResponseSchema } from '../overview.ts';

const ALARM = {
  _id: '3f0d8a52-8a43-4a8e-9a3e-0d4f1b7c2e11',
  severity: 'CRITICAL',
  type: 'SOURCE',
  name: 'Source stream unreachable',
  message: 'No segments received from the origin for 30 s',
  time_on: '2025-01-31T12:00:00.000Z',
  uuid: 'ch-0001-src-timeout',
  module_object_id: 'ch_0001',
  customerId: null,
  rule_id: null,
  cleared_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
} as const;

describe('alarmColour (spec section 9)', () => {
  it('shows WARNING yellow', () => {
    expect(alarmColour('WARNING')).toBe('yellow');
  });

  it.each(['NOTICE', 'INFORMATIONAL', 'DEBUG'])('shows %s info-blue', (severity) => {
    expect(alarmColour(severity)).toBe('blue');
  });

  it.each(['EMERGENCY', 'ALERT', 'CRITICAL', 'ERROR'])('shows %s red', (severity) => {
    expect(alarmColour(severity)).toBe('red');
  });

  it('shows any other value red, and reads the severity case-insensitively', () => {
    expect(alarmColour('SOMETHING-NEW')).toBe('red');
    expect(alarmColour('')).toBe('red');
    expect(alarmColour('warning')).toBe('yellow');
    expect(alarmColour('Notice')).toBe('blue');
  });

  it('gives every known severity a colour: four red, one yellow, three blue', () => {
    const colours = ALARM_SEVERITIES.map(alarmColour);
    expect(colours.filter((c) => c === 'red')).toHaveLength(4);
    expect(colours.filter((c) => c === 'yellow')).toHaveLength(1);
    expect(colours.filter((c) => c === 'blue')).toHaveLength(3);
  });
});

describe('alarmSchema', () => {
  it('accepts an alarm with the fields of spec section 3', () => {
    expect(alarmSchema.parse(ALARM)).toEqual(ALARM);
    expect(alarmSchema.parse({ ...ALARM, module_object_id: null, customerId: ALARM._id }).customerId).toBe(
      ALARM._id,
    );
  });

  it('refuses an unknown severity and a time that is not ISO 8601', () => {
    expect(alarmSchema.safeParse({ ...ALARM, severity: 'SEVERE' }).success).toBe(false);
    expect(alarmSchema.safeParse({ ...ALARM, time_on: '31-01-2025 12:00' }).success).toBe(false);
  });
});

describe('alarmListQuerySchema', () => {
  it('defaults the limit and coerces it from the query string', () => {
    expect(alarmListQuerySchema.parse({})).toEqual({ limit: ALARM_LIST_LIMIT.default });
    expect(alarmListQuerySchema.parse({ limit: '1' })).toEqual({ limit: 1 });
    expect(alarmListQuerySchema.parse({ limit: '500' })).toEqual({ limit: 500 });
  });

  it.each(['0', '501', 'abc', '1.5', '-3', ''])('refuses limit=%j with one message', (limit) => {
    const result = alarmListQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['limit', ALARM_TEXTS.limit],
    ]);
  });

  it('accepts an ISO 8601 since, with Z or an offset, and refuses anything else', () => {
    expect(alarmListQuerySchema.parse({ since: '2025-01-31T12:00:00Z' }).since).toBe('2025-01-31T12:00:00Z');
    expect(alarmListQuerySchema.parse({ since: '2025-01-31T12:00:00+02:00' }).since).toBeDefined();
    for (const since of ['notadate', '2025-01-31', '2025-13-01T00:00:00Z']) {
      const result = alarmListQuerySchema.safeParse({ since });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['since', ALARM_TEXTS.since],
      ]);
    }
  });
});

describe('overviewResponseSchema', () => {
  const resources = { liveStreams: 3, vodAssets: 2, streamerChannels: 1, slates: 2 };
  it('accepts both scopes; the platform-only counts and the encoder count are optional', () => {
    expect(
      overviewResponseSchema.parse({
        scope: 'customer',
        counts: { users: 1, activeUsers: 1, activeSessions: 0, ...resources },
        recentAlarms: [],
      }).counts,
    ).toEqual({ users: 1, activeUsers: 1, activeSessions: 0, ...resources });
    // The resource counts are required.
    expect(
      overviewResponseSchema.safeParse({
        scope: 'customer',
        counts: { users: 1, activeUsers: 1, activeSessions: 0 },
        recentAlarms: [],
      }).success,
    ).toBe(false);
    expect(
      overviewResponseSchema.parse({
        scope: 'platform',
        counts: {
          users: 2,
          activeUsers: 2,
          activeSessions: 1,
          customers: 2,
          pendingReview: 0,
          alarms24h: 1,
          ...resources,
          encoders: 1,
        },
        recentAlarms: [ALARM],
      }).recentAlarms,
    ).toHaveLength(1);
    expect(overviewResponseSchema.safeParse({ scope: 'tenant', counts: {}, recentAlarms: [] }).success).toBe(
      false,
    );
  });
});

describe('alarmCreateBodySchema', () => {
  const body = {
    severity: 'ERROR',
    type: 'ADS',
    name: 'Timeout',
    message: 'The ad server timed out',
  } as const;
  const issues = (value: unknown) =>
    alarmCreateBodySchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('needs severity, type, name and message; the rest is optional and texts are trimmed', () => {
    expect(alarmCreateBodySchema.parse({ ...body, name: '  Timeout ' })).toEqual(body);
    expect(issues({})).toEqual([
      ['severity', ALARM_TEXTS.severity],
      ['type', ALARM_TEXTS.type],
      ['name', ALARM_TEXTS.name],
      ['message', ALARM_TEXTS.message],
    ]);
  });

  it('accepts a time up to 5 minutes ahead (clock skew), not further', () => {
    const soon = new Date(Date.now() + ALARM_MAX_FUTURE_MS - 10_000).toISOString();
    expect(alarmCreateBodySchema.parse({ ...body, time_on: soon }).time_on).toBe(soon);
    const later = new Date(Date.now() + ALARM_MAX_FUTURE_MS + 60_000).toISOString();
    expect(issues({ ...body, time_on: later })).toEqual([['time_on', ALARM_TEXTS.timeOnFuture]]);
  });

  it('names customerId and module_object_id when malformed; null means none', () => {
    expect(alarmCreateBodySchema.parse({ ...body, customerId: null, module_object_id: null })).toMatchObject({
      customerId: null,
      module_object_id: null,
    });
    expect(issues({ ...body, customerId: 'x', module_object_id: '' })).toEqual([
      ['module_object_id', ALARM_TEXTS.moduleObjectId],
      ['customerId', ALARM_TEXTS.customerId],
    ]);
  });
});

describe('alarmState', () => {
  it('is cleared once cleared, else acknowledged once acknowledged, else open', () => {
    const at = '2025-01-31T12:00:00.000Z';
    expect(alarmState({ cleared_at: null, acknowledged_at: null })).toBe('open');
    expect(alarmState({ cleared_at: null, acknowledged_at: at })).toBe('acknowledged');
    expect(alarmState({ cleared_at: at, acknowledged_at: at })).toBe('cleared');
    expect(alarmState({ cleared_at: at, acknowledged_at: null })).toBe('cleared');
  });
});

describe('alarmListQuerySchema filters', () => {
  it('reads comma-separated severities, a state, a customer and a trimmed search', () => {
    expect(
      alarmListQuerySchema.parse({
        severity: 'CRITICAL,WARNING',
        state: 'open',
        customerId: ALARM._id,
        q: '  news ',
      }),
    ).toEqual({
      limit: ALARM_LIST_LIMIT.default,
      severity: ['CRITICAL', 'WARNING'],
      state: 'open',
      customerId: ALARM._id,
      q: 'news',
    });
  });

  it.each([
    [{ severity: 'CRITICAL,loud' }, 'severity', ALARM_TEXTS.severity],
    [{ state: 'closed' }, 'state', ALARM_TEXTS.state],
    [{ customerId: 'demo' }, 'customerId', ALARM_TEXTS.customerIdFilter],
  ])('refuses %j naming the field', (query, field, message) => {
    const result = alarmListQuerySchema.safeParse(query);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });
});

describe('alarmRuleBodySchema', () => {
  const RULE = { customerId: ALARM._id, metric: 'fill-rate', threshold: 50, severity: 'WARNING' };

  it('defaults no stream, a 5-minute window and enabled', () => {
    expect(alarmRuleBodySchema.parse(RULE)).toEqual({
      ...RULE,
      resourceId: null,
      windowMinutes: 5,
      enabled: true,
    });
  });

  it.each([0, -1, Number.NaN, '10'])('refuses threshold %j with the spec’s message', (threshold) => {
    const result = alarmRuleBodySchema.safeParse({ ...RULE, threshold });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['threshold', 'Threshold must be greater than zero'],
    ]);
  });

  it('bounds a percentage at 100 and an outage at an hour', () => {
    expect(alarmRuleBodySchema.safeParse({ ...RULE, threshold: 100 }).success).toBe(true);
    expect(alarmRuleBodySchema.safeParse({ ...RULE, threshold: 101 }).error?.issues[0]?.message).toBe(
      ALARM_RULE_TEXTS.thresholdPercent,
    );
    const outage = { ...RULE, metric: 'origin-unreachable' };
    expect(alarmRuleBodySchema.safeParse({ ...outage, threshold: 3600 }).success).toBe(true);
    expect(alarmRuleBodySchema.safeParse({ ...outage, threshold: 3601 }).error?.issues[0]?.message).toBe(
      ALARM_RULE_TEXTS.thresholdSeconds,
    );
  });

  it('words the raised alarm with its figures', () => {
    expect(
      alarmRuleMessage('fill-rate', {
        objectName: 'News 24',
        value: 33.333,
        threshold: 50,
        windowMinutes: 15,
      }),
    ).toBe(
      'Only 33.3 % of ad break time of News 24 was filled with ads over the last 15 min (threshold 50 %).',
    );
  });
});
