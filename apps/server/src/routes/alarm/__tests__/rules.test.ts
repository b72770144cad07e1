import {
  ALARM_RULE_TEXTS,
  ALARM_TEXTS,
  alarmCustomersResponseSchema,
  alarmRuleListResponseSchema,
  alarmRuleSchema,
  alarmSchema,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRules, alarms, auditLog, liveStreams, vodAssets } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_ALARM_RULES } from '../../../db/seed.ts';
import { addCustomer, customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('alarm rules and acknowledging (main administrator)', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let otherId: string;
  let demoStream: { id: string; name: string };
  let demoVod: string;
  let otherStream: string;

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    otherId = await addCustomer(app, { name: 'Other Media', subDomainName: 'other-media' });
    const [stream] = await app.db
      .select({ id: liveStreams.id, data: liveStreams.data })
      .from(liveStreams)
      .where(eq(liveStreams.customerId, demoId))
      .limit(1);
    demoStream = { id: stream!.id, name: String(stream!.data.name) };
    const [vod] = await app.db
      .select({ id: vodAssets.id })
      .from(vodAssets)
      .where(eq(vodAssets.customerId, demoId));
    demoVod = vod!.id;
    const [other] = await app.db
      .insert(liveStreams)
      .values({ customerId: otherId, data: { name: 'Other channel' } })
      .returning({ id: liveStreams.id });
    otherStream = other!.id;
  });
  afterAll(() => app.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = admin.headers,
  ) => app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
  const ruleCount = async () => (await app.db.select({ id: alarmRules.id }).from(alarmRules)).length;
  const VALID = () => ({
    customerId: demoId,
    resourceId: demoStream.id,
    metric: 'ad-error-rate',
    threshold: 25,
    windowMinutes: 10,
    severity: 'ERROR',
  });

  it('lists the seeded rules of the demo customer with its name, and the customers a rule may name', async () => {
    const res = await call('GET', 'alarm/rules');
    expect(res.statusCode).toBe(200);
    const rules = alarmRuleListResponseSchema.parse(res.json());
    expect(rules).toHaveLength(DEMO_ALARM_RULES.length);
    for (const rule of rules)
      expect(rule).toMatchObject({
        customerId: demoId,
        customerName: DEMO_ACCOUNTS.customer.customer.name,
        resourceId: null,
        resourceName: null,
        enabled: true,
      });

    const customers = alarmCustomersResponseSchema.parse((await call('GET', 'alarm/customers')).json());
    expect(customers.map((c) => c.name)).toEqual(['Cuepoint Platform', 'Demo Broadcasting', 'Other Media']);
  });

  it('creates a rule on one stream (201), audited, with the stream’s name; a VOD asset and no stream too', async () => {
    const res = await call('POST', 'alarm/rules', VALID());
    expect(res.statusCode).toBe(201);
    const rule = alarmRuleSchema.parse(res.json());
    expect(rule).toMatchObject({
      ...VALID(),
      resourceName: demoStream.name,
      customerName: 'Demo Broadcasting',
      enabled: true,
      updatedBy: DEMO_ACCOUNTS.admin.email,
    });
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'alarm-rule.create'));
    expect(audit).toMatchObject({ actorUserId: admin.userId, target: rule._id });

    const onVod = await call('POST', 'alarm/rules', { ...VALID(), resourceId: demoVod, metric: 'fill-rate' });
    expect(onVod.statusCode).toBe(201);
    const whole = await call('POST', 'alarm/rules', {
      customerId: otherId,
      metric: 'origin-unreachable',
      threshold: 3600,
      severity: 'CRITICAL',
    });
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toMatchObject({
      resourceId: null,
      windowMinutes: 5,
      enabled: true,
      customerName: 'Other Media',
    });
  });

  it.each([
    ['a threshold of 0', { threshold: 0 }, 'threshold', VALIDATION_MESSAGES.thresholdAboveZero],
    ['a negative threshold', { threshold: -5 }, 'threshold', VALIDATION_MESSAGES.thresholdAboveZero],
    ['a threshold as text', { threshold: '25' }, 'threshold', VALIDATION_MESSAGES.thresholdAboveZero],
    ['no threshold', { threshold: undefined }, 'threshold', VALIDATION_MESSAGES.thresholdAboveZero],
    ['a percentage above 100', { threshold: 100.5 }, 'threshold', ALARM_RULE_TEXTS.thresholdPercent],
    [
      'more than an hour of outage',
      { metric: 'origin-unreachable', threshold: 3601 },
      'threshold',
      ALARM_RULE_TEXTS.thresholdSeconds,
    ],
    ['an unknown metric', { metric: 'latency' }, 'metric', ALARM_RULE_TEXTS.metric],
    ['a window of 0', { windowMinutes: 0 }, 'windowMinutes', ALARM_RULE_TEXTS.windowMinutes],
    ['a window of 61', { windowMinutes: 61 }, 'windowMinutes', ALARM_RULE_TEXTS.windowMinutes],
    ['a window of 2.5', { windowMinutes: 2.5 }, 'windowMinutes', ALARM_RULE_TEXTS.windowMinutes],
    ['a lower-case severity', { severity: 'error' }, 'severity', ALARM_RULE_TEXTS.severity],
    ['no customer', { customerId: undefined }, 'customerId', ALARM_RULE_TEXTS.customerId],
    ['a malformed customer', { customerId: 'demo' }, 'customerId', ALARM_RULE_TEXTS.customerId],
    ['a malformed stream', { resourceId: 'ch_news24' }, 'resourceId', ALARM_RULE_TEXTS.resourceId],
    ['enabled as text', { enabled: 'yes' }, 'enabled', ALARM_RULE_TEXTS.enabled],
  ])('refuses %s (400 naming the field), storing nothing', async (_label, change, field, message) => {
    const before = await ruleCount();
    const res = await call('POST', 'alarm/rules', { ...VALID(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field, message }]);
    expect(await ruleCount()).toBe(before);
  });

  // Functions: the ids exist only once beforeAll has run.
  it.each([
    [
      'an unknown customer',
      () => ({ customerId: UNKNOWN, resourceId: null }),
      'customerId',
      ALARM_RULE_TEXTS.unknownCustomer,
    ],
    ['an unknown stream', () => ({ resourceId: UNKNOWN }), 'resourceId', ALARM_RULE_TEXTS.resourceId],
    [
      'another customer’s stream',
      () => ({ resourceId: otherStream }),
      'resourceId',
      ALARM_RULE_TEXTS.resourceId,
    ],
    [
      'a stream with the other customer',
      () => ({ customerId: otherId }),
      'resourceId',
      ALARM_RULE_TEXTS.resourceId,
    ],
  ])('refuses %s (400 naming the field), storing nothing', async (_label, change, field, message) => {
    const before = await ruleCount();
    const res = await call('POST', 'alarm/rules', { ...VALID(), ...change() });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field, message }]);
    expect(await ruleCount()).toBe(before);
  });

  it('replaces a rule (PUT); an unknown id is 404, a malformed one 400, a bad body 400 changing nothing', async () => {
    const created = alarmRuleSchema.parse((await call('POST', 'alarm/rules', VALID())).json());
    const res = await call('PUT', `alarm/rules/${created._id}`, {
      ...VALID(),
      resourceId: null,
      metric: 'fill-rate',
      threshold: 40,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: created._id,
      resourceId: null,
      resourceName: null,
      threshold: 40,
    });

    const zero = await call('PUT', `alarm/rules/${created._id}`, { ...VALID(), threshold: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toEqual([
      { field: 'threshold', message: VALIDATION_MESSAGES.thresholdAboveZero },
    ]);
    const foreign = await call('PUT', `alarm/rules/${created._id}`, { ...VALID(), resourceId: otherStream });
    expect(foreign.statusCode).toBe(400);
    const [stored] = await app.db.select().from(alarmRules).where(eq(alarmRules.id, created._id));
    expect(stored).toMatchObject({ metric: 'fill-rate', threshold: 40, resourceId: null });

    expect((await call('PUT', `alarm/rules/${UNKNOWN}`, VALID())).statusCode).toBe(404);
    const malformed = await call('PUT', 'alarm/rules/nope', VALID());
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([{ field: 'id', message: ALARM_RULE_TEXTS.id }]);
  });

  it('clears a rule’s open alarms when it is disabled or deleted; a second delete is 404', async () => {
    const rule = alarmRuleSchema.parse((await call('POST', 'alarm/rules', VALID())).json());
    const raise = (uuid: string) =>
      app.db
        .insert(alarms)
        .values({
          severity: 'ERROR',
          type: 'ad-error-rate',
          name: 'Ad-server error rate high',
          message: 'test',
          uuid,
          moduleObjectId: demoStream.id,
          customerId: demoId,
          ruleId: rule._id,
        })
        .returning();
    const [first] = await raise('first');
    expect((await call('PUT', `alarm/rules/${rule._id}`, { ...VALID(), enabled: false })).statusCode).toBe(
      200,
    );
    const [afterDisable] = await app.db.select().from(alarms).where(eq(alarms.id, first!.id));
    expect(afterDisable!.clearedAt).toBeInstanceOf(Date);

    const [second] = await raise('second');
    const res = await call('DELETE', `alarm/rules/${rule._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: rule._id });
    const [afterDelete] = await app.db.select().from(alarms).where(eq(alarms.id, second!.id));
    expect(afterDelete).toMatchObject({ ruleId: null, clearedAt: expect.any(Date) });
    expect((await call('DELETE', `alarm/rules/${rule._id}`)).statusCode).toBe(404);
  });

  it('acknowledges an alarm once (audited, with who and when); a second time is 409, an unknown one 404', async () => {
    const raised = alarmSchema.parse(
      (
        await call('POST', 'alarm/alarms', {
          severity: 'CRITICAL',
          type: 'SOURCE',
          name: 'Origin unreachable',
          message: 'test',
          customerId: demoId,
        })
      ).json(),
    );
    const url = `alarm/alarms/${raised._id}/acknowledge`;
    const res = await call('POST', url);
    expect(res.statusCode).toBe(200);
    const acknowledged = alarmSchema.parse(res.json());
    expect(acknowledged).toMatchObject({
      _id: raised._id,
      acknowledged_by: DEMO_ACCOUNTS.admin.email,
      cleared_at: null,
    });
    expect(Math.abs(Date.parse(acknowledged.acknowledged_at!) - Date.now())).toBeLessThan(10_000);
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'alarm.acknowledge'));
    expect(audit).toMatchObject({ actorUserId: admin.userId, target: raised._id, customerId: demoId });

    const again = await call('POST', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALARM_TEXTS.alreadyAcknowledged);
    const acknowledgedList = (await call('GET', 'alarm/alarms?state=acknowledged')).json();
    expect(acknowledgedList.map((a: { _id: string }) => a._id)).toContain(raised._id);

    expect((await call('POST', `alarm/alarms/${UNKNOWN}/acknowledge`)).statusCode).toBe(404);
    const malformed = await call('POST', 'alarm/alarms/42/acknowledge');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([{ field: 'id', message: ALARM_TEXTS.id }]);
  });

  it('refuses a customer user (403) on every call, login-as as one too, and no token (401)', async () => {
    const [rule] = await app.db.select({ id: alarmRules.id }).from(alarmRules).limit(1);
    const [alarm] = await app.db
      .insert(alarms)
      .values({ severity: 'DEBUG', type: 'TEST', name: 'x', message: 'x', uuid: 'refused' })
      .returning();
    const calls = [
      ['GET', 'alarm/rules'],
      ['GET', 'alarm/customers'],
      ['POST', 'alarm/rules'],
      ['PUT', `alarm/rules/${rule!.id}`],
      ['DELETE', `alarm/rules/${rule!.id}`],
      ['POST', `alarm/alarms/${alarm!.id}/acknowledge`],
    ] as const;
    const before = await ruleCount();
    for (const [method, url] of calls) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : VALID();
      expect((await call(method, url, payload, customer.headers)).statusCode, `${method} ${url}`).toBe(403);
      const asCustomer = { ...admin.headers, 'login-as': customer.userId };
      expect((await call(method, url, payload, asCustomer)).statusCode, `${method} ${url} login-as`).toBe(
        403,
      );
      expect((await call(method, url, payload, {})).statusCode, `${method} ${url} no token`).toBe(401);
    }
    expect(await ruleCount()).toBe(before);
    const [still] = await app.db.select().from(alarms).where(eq(alarms.id, alarm!.id));
    expect(still!.acknowledgedAt).toBeNull();
  });
});
