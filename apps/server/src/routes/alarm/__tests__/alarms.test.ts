import { ALARM_LIST_LIMIT, ALARM_TEXTS, alarmListResponseSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, customers, users } from '../../../db/schema/index.ts';
import { DEMO_ALARMS } from '../../../db/seed.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

describe('GET /api/alarm/alarms', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let secondAdminId: string;
  const now = Date.now();

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    // Two alarms newer than every seeded one (the newest of those is minutes old).
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
    expect(list).toHaveLength(DEMO_ALARMS.length + 2);
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
    });
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
    expect((await get('?limit=500', admin.headers)).json()).toHaveLength(
      ALARM_LIST_LIMIT.default + DEMO_ALARMS.length + 2,
    );

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
