import { ALARM_LIST_LIMIT, ALARM_TEXTS, alarmListResponseSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, customers, users } from '../../../db/schema/index.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

/** Three alarms of the demo customer: open, acknowledged, cleared (after being acknowledged). */
const DEMO_STATES = [
  { uuid: 'demo-open', minutesAgo: 5, severity: 'CRITICAL', cleared: false, acknowledged: false },
  { uuid: 'demo-acknowledged', minutesAgo: 10, severity: 'ERROR', cleared: false, acknowledged: true },
  { uuid: 'demo-cleared', minutesAgo: 15, severity: 'CRITICAL', cleared: true, acknowledged: true },
] as const;
const SEEDED = 2 + DEMO_STATES.length;

describe('GET /api/alarm/alarms', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let secondAdminId: string;
  let demoId: string;
  const now = Date.now();

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    // The seed raises no alarm: two platform alarms, and three of the demo customer in each state.
    await app.db.insert(alarms).values([
      {
        severity: 'EMERGENCY',
        type: 'PLATFORM',
        name: 'Database failover',
        message: 'Primary database unreachable; replica promoted.',
        uuid: 'test-newest',
        timeOn: new Date(now - 30_000),
      },
      {
        severity: 'WARNING',
        type: 'ADS',
        name: 'Low fill rate',
        message: 'Fill rate 41% over the last hour.',
        uuid: 'test-second',
        moduleObjectId: 'ch_sports1',
        timeOn: new Date(now - 60_000),
      },
      ...DEMO_STATES.map(({ uuid, minutesAgo, severity, cleared, acknowledged }) => ({
        severity,
        type: 'origin-unreachable',
        name: `Origin unreachable: ${uuid}`,
        message: 'Every origin request of News 24 failed for the last 2 min (120 s; threshold 60 s).',
        uuid,
        moduleObjectId: 'ch_news24',
        customerId: demoId,
        timeOn: new Date(now - minutesAgo * 60_000),
        clearedAt: cleared ? new Date(now - 60_000) : null,
        acknowledgedAt: acknowledged ? new Date(now - 90_000) : null,
        acknowledgedBy: acknowledged ? 'admin@cuepoint.example' : null,
      })),
    ]);
    // A second main administrator, in another customer account, to act as.
    const [platform] = await app.db.select({ id: customers.id }).from(customers).limit(1);
    const [second] = await app.db
      .insert(users)
      .values({
        customerId: platform!.id,
        email: 'second-admin@cuepoint.example',
        passwordHash: 'not-used',
        firstName: 'Sam',
        lastName: 'Second',
        isMainAdmin: true,
        isActive: true,
        isGmanaActive: true,
      })
      .returning({ id: users.id });
    secondAdminId = second!.id;
  });
  afterAll(() => app.close());

  const get = (query: string, headers: Record<string, string>) =>
    app.inject({ url: `/api/alarm/alarms${query}`, headers });

  it('gives a main administrator every alarm of the platform, newest first, in the spec’s shape', async () => {
    const res = await get('', admin.headers);
    expect(res.statusCode).toBe(200);
    const list = alarmListResponseSchema.parse(res.json());
    expect(list).toHaveLength(SEEDED);
    expect(list.slice(0, 2).map((a) => a.uuid)).toEqual(['test-newest', 'test-second']);
    const times = list.map((a) => Date.parse(a.time_on));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Alarms of the demo customer and platform alarms (no customer) alike.
    expect(new Set(list.map((a) => a.customerId === null))).toEqual(new Set([true, false]));
    expect(list[1]).toEqual({
      _id: expect.any(String),
      severity: 'WARNING',
      type: 'ADS',
      name: 'Low fill rate',
      message: 'Fill rate 41% over the last hour.',
      time_on: new Date(now - 60_000).toISOString(),
      uuid: 'test-second',
      module_object_id: 'ch_sports1',
      customerId: null,
      rule_id: null,
      cleared_at: null,
      // Additive: the end of an API alarm (none for one stored without it).
      ends_at: null,
      acknowledged_at: null,
      acknowledged_by: null,
    });
    expect(list.find((a) => a.uuid === 'demo-cleared')).toMatchObject({
      customerId: demoId,
      cleared_at: new Date(now - 60_000).toISOString(),
      acknowledged_at: new Date(now - 90_000).toISOString(),
      acknowledged_by: 'admin@cuepoint.example',
    });
  });

  it.each([
    ['state=open', ['test-newest', 'test-second', 'demo-open']],
    ['state=acknowledged', ['demo-acknowledged']],
    ['state=cleared', ['demo-cleared']],
    ['severity=CRITICAL', ['demo-open', 'demo-cleared']],
    ['severity=WARNING,EMERGENCY', ['test-newest', 'test-second']],
    ['severity=CRITICAL&state=open', ['demo-open']],
    ['customerId=CUSTOMER', ['demo-open', 'demo-acknowledged', 'demo-cleared']],
    ['q=fill%20RATE', ['test-second']],
    ['q=news%2024', ['demo-open', 'demo-acknowledged', 'demo-cleared']],
    ['q=ch_sports', ['test-second']],
    ['q=100%25', []],
  ])('filters the list by %s', async (query, uuids) => {
    const res = await get(`?${query.replace('CUSTOMER', demoId)}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(alarmListResponseSchema.parse(res.json()).map((a) => a.uuid)).toEqual(uuids);
  });

  it('honours limit (default 100) and since (raised at or after it)', async () => {
    const two = alarmListResponseSchema.parse((await get('?limit=2', admin.headers)).json());
    expect(two.map((a) => a.uuid)).toEqual(['test-newest', 'test-second']);

    await app.db.insert(alarms).values(
      Array.from({ length: ALARM_LIST_LIMIT.default }, (_, i) => ({
        severity: 'DEBUG' as const,
        type: 'TEST',
        name: `Old alarm ${i}`,
        message: 'Filler',
        uuid: `old-${i}`,
        timeOn: new Date(now - 7 * 24 * 3600_000 - i * 1000),
      })),
    );
    expect((await get('', admin.headers)).json()).toHaveLength(ALARM_LIST_LIMIT.default);
    expect((await get('?limit=500', admin.headers)).json()).toHaveLength(ALARM_LIST_LIMIT.default + SEEDED);

    const since = new Date(now - 60_000).toISOString();
    const recent = alarmListResponseSchema.parse((await get(`?since=${since}`, admin.headers)).json());
    expect(recent.map((a) => a.uuid)).toEqual(['test-newest', 'test-second']);
    const withOffset = encodeURIComponent(new Date(now - 45_000).toISOString().replace('Z', '+00:00'));
    expect((await get(`?since=${withOffset}&limit=5`, admin.headers)).json()).toHaveLength(1);
    const future = new Date(now + 3600_000).toISOString();
    expect((await get(`?since=${future}`, admin.headers)).json()).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit', ALARM_TEXTS.limit],
    ['limit=501', 'limit', ALARM_TEXTS.limit],
    ['limit=abc', 'limit', ALARM_TEXTS.limit],
    ['limit=2.5', 'limit', ALARM_TEXTS.limit],
    ['since=notadate', 'since', ALARM_TEXTS.since],
    ['since=2025-01-31', 'since', ALARM_TEXTS.since],
    ['severity=LOUD', 'severity', ALARM_TEXTS.severity],
    ['severity=CRITICAL,critical', 'severity', ALARM_TEXTS.severity],
    ['state=closed', 'state', ALARM_TEXTS.state],
    ['customerId=demo', 'customerId', ALARM_TEXTS.customerIdFilter],
    [`q=${'x'.repeat(101)}`, 'q', ALARM_TEXTS.q],
  ])('answers 400 naming the field for %s', async (query, field, message) => {
    const res = await get(`?${query}`, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field, message }]);
  });

  it('refuses a customer user (403) before looking at its query, and a caller without a token (401)', async () => {
    const refused = await get('', customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      statusCode: 403,
      message: 'Only a main administrator may see alarms',
    });
    expect((await get('?limit=0', customer.headers)).statusCode).toBe(403);
    expect((await get('', {})).statusCode).toBe(401);
  });

  it('follows the user acted as during login-as: refused as a customer user, allowed as an administrator', async () => {
    const asCustomer = await get('', { ...admin.headers, 'login-as': customer.userId });
    expect(asCustomer.statusCode).toBe(403);
    const asAdmin = await get('?limit=1', { ...admin.headers, 'login-as': secondAdminId });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().map((a: { uuid: string }) => a.uuid)).toEqual(['test-newest']);
  });

  it('answers on the second client’s base too', async () => {
    const res = await app.inject({ url: '/api_v1/alarm/alarms?limit=1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });

  it('removes a customer’s alarms with the customer', async () => {
    const [demo] = await app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.subDomainName, 'demo-broadcasting'));
    const before = (await app.db.select().from(alarms).where(eq(alarms.customerId, demo!.id))).length;
    expect(before).toBeGreaterThan(0);
    await app.db.delete(customers).where(eq(customers.id, demo!.id));
    expect(await app.db.select().from(alarms).where(eq(alarms.customerId, demo!.id))).toEqual([]);
  });
});
