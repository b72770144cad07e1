import { ALARM_TEXTS, alarmListResponseSchema, alarmSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, auditLog } from '../../../db/schema/index.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const MINIMAL = {
  severity: 'CRITICAL',
  type: 'SOURCE',
  name: 'Source stream unreachable',
  message: 'No segments received from the origin for 30 s',
} as const;

describe('POST /api/alarm/alarms', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
  });
  afterAll(() => app.close());

  const raise = (payload: object, headers: Record<string, string> = admin.headers, base = '/api') =>
    app.inject({ method: 'POST', url: `${base}/alarm/alarms`, payload, headers });
  const count = async () => (await app.db.select({ id: alarms.id }).from(alarms)).length;

  it('raises a platform alarm with a generated uuid at the current time (201); it heads the list', async () => {
    const before = Date.now();
    const res = await raise(MINIMAL);
    expect(res.statusCode).toBe(201);
    const alarm = alarmSchema.parse(res.json());
    expect(alarm).toMatchObject({ ...MINIMAL, customerId: null, module_object_id: null });
    expect(alarm.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const at = Date.parse(alarm.time_on);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    const list = alarmListResponseSchema.parse(
      (await app.inject({ url: '/api/alarm/alarms?limit=1', headers: admin.headers })).json(),
    );
    expect(list).toEqual([alarm]);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'alarm.raise'));
    expect(audit).toMatchObject({ actorUserId: admin.userId, target: alarm._id });
  });

  it('keeps the given uuid, time, object and customer (on /api_v1 too), trimming the texts', async () => {
    const timeOn = '2025-01-31T12:00:00.000Z';
    const res = await raise(
      {
        severity: 'WARNING',
        type: ' ADS ',
        name: 'Low fill rate',
        message: 'Fill rate 41% over the last hour.',
        uuid: 'dp-0001',
        time_on: timeOn,
        module_object_id: 'ch_sports1',
        customerId: demoId,
      },
      admin.headers,
      '/api_v1',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      severity: 'WARNING',
      type: 'ADS',
      name: 'Low fill rate',
      message: 'Fill rate 41% over the last hour.',
      uuid: 'dp-0001',
      time_on: timeOn,
      module_object_id: 'ch_sports1',
      customerId: demoId,
      rule_id: null,
      cleared_at: null,
      // Raised in the past without endsAt: it ends the resolve timeout after its raise (now).
      ends_at: expect.any(String),
      acknowledged_at: null,
      acknowledged_by: null,
    });
  });

  it('accepts null customerId and module_object_id, and a time with an offset', async () => {
    const res = await raise({
      ...MINIMAL,
      customerId: null,
      module_object_id: null,
      time_on: '2025-01-31T13:00:00+01:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      customerId: null,
      module_object_id: null,
      time_on: '2025-01-31T12:00:00.000Z',
    });
  });

  it.each([
    ['an unknown severity', { severity: 'LOUD' }, 'severity', ALARM_TEXTS.severity],
    ['a lower-case severity', { severity: 'critical' }, 'severity', ALARM_TEXTS.severity],
    ['no type', { type: undefined }, 'type', ALARM_TEXTS.type],
    ['a blank name', { name: '   ' }, 'name', ALARM_TEXTS.name],
    ['a too long message', { message: 'x'.repeat(2001) }, 'message', ALARM_TEXTS.message],
    ['an empty uuid', { uuid: '' }, 'uuid', ALARM_TEXTS.uuid],
    ['a malformed customerId', { customerId: 'demo' }, 'customerId', ALARM_TEXTS.customerId],
    ['a date without time', { time_on: '2025-01-31' }, 'time_on', ALARM_TEXTS.timeOn],
    [
      'a time far in the future',
      { time_on: new Date(Date.now() + 3600_000).toISOString() },
      'time_on',
      ALARM_TEXTS.timeOnFuture,
    ],
    ['a numeric module_object_id', { module_object_id: 42 }, 'module_object_id', ALARM_TEXTS.moduleObjectId],
  ])('answers 400 naming the field for %s, storing nothing', async (_label, change, field, message) => {
    const before = await count();
    const res = await raise({ ...MINIMAL, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field, message }]);
    expect(await count()).toBe(before);
  });

  it('answers 400 naming customerId for a customer that does not exist', async () => {
    const before = await count();
    const res = await raise({ ...MINIMAL, customerId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'customerId', message: ALARM_TEXTS.unknownCustomer }]);
    expect(await count()).toBe(before);
  });

  it('refuses a customer user (403, before reading the body), login-as as one, and no token (401)', async () => {
    const refused = await raise({}, customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a main administrator may raise alarms');
    expect((await raise(MINIMAL, { ...admin.headers, 'login-as': customer.userId })).statusCode).toBe(403);
    expect((await raise(MINIMAL, {})).statusCode).toBe(401);
  });
});
