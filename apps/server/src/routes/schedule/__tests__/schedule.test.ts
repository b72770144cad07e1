import {
  EVENT_SCHEDULE_LIMITS,
  EVENT_SCHEDULE_TEXTS,
  formatSpecDateTime,
  type ScheduledEvent,
  type ScheduledEventFields,
  scheduledEventData,
  scheduledEventDefaults,
  scheduledEventListResponseSchema,
  scheduledEventSchema,
} from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, scheduledEvents } from '../../../db/schema/index.ts';
import { addCustomer, addUser, bearer, customerIdOf, signIn } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const URL_EVENTS = '/api/schedule/events';

describe('the Event Scheduler API (/api/schedule/events)', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let sportsId: string;
  let newsId: string;
  const now = Date.now();

  const body = (over: Record<string, unknown> = {}) => ({
    ...scheduledEventDefaults(now),
    name: 'Cup final',
    streamId: sportsId,
    fixedTimes: [formatSpecDateTime(Math.ceil(now / 60_000) * 60_000 + 600_000)],
    ...over,
  });
  const create = (payload: unknown, headers = admin.headers) =>
    app.inject({ method: 'POST', url: URL_EVENTS, payload: payload as object, headers });

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    const streams = (await app.inject({ url: '/api/ssai/ds?pageSize=All', headers: customer.headers })).json()
      .data as { _id: string; name: string }[];
    sportsId = streams.find((s) => s.name === 'Sports 1')!._id;
    newsId = streams.find((s) => s.name === 'News 24')!._id;
  });
  afterAll(() => app.close());

  it('refuses a customer’s user every call (403), before reading the input', async () => {
    const [created] = await app.db
      .insert(scheduledEvents)
      .values({
        customerId: demoId,
        streamId: sportsId,
        data: scheduledEventData(body() as ScheduledEventFields),
      })
      .returning();
    const calls = [
      { method: 'GET', url: URL_EVENTS },
      { method: 'GET', url: `${URL_EVENTS}/${created!.id}` },
      { method: 'POST', url: URL_EVENTS, payload: { junk: true } },
      { method: 'PUT', url: `${URL_EVENTS}/${created!.id}`, payload: body({ version: 1 }) },
      { method: 'DELETE', url: `${URL_EVENTS}/${created!.id}` },
      { method: 'POST', url: `${URL_EVENTS}/${created!.id}/trigger` },
    ] as const;
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: customer.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().message).toBe(EVENT_SCHEDULE_TEXTS.adminOnly);
    }
    await app.db.delete(scheduledEvents).where(eq(scheduledEvents.id, created!.id));
  });

  it('creates, lists (by stream), reads, replaces and deletes an event, with audit rows', async () => {
    const res = await create(body());
    expect(res.statusCode).toBe(201);
    const event = scheduledEventSchema.parse(res.json());
    expect(event).toMatchObject({
      name: 'Cup final',
      streamId: sportsId,
      streamName: 'Sports 1',
      customerId: demoId,
      version: 1,
      fired: [],
    });

    const other = scheduledEventSchema.parse(
      (await create(body({ name: 'Evening', streamId: newsId }))).json(),
    );
    const all = scheduledEventListResponseSchema.parse(
      (await app.inject({ url: URL_EVENTS, headers: admin.headers })).json(),
    );
    expect(all.data.map((e) => e.name)).toEqual(['Cup final', 'Evening']);
    const sports = scheduledEventListResponseSchema.parse(
      (await app.inject({ url: `${URL_EVENTS}?streamId=${sportsId}`, headers: admin.headers })).json(),
    );
    expect(sports.data.map((e) => e._id)).toEqual([event._id]);

    const put = await app.inject({
      method: 'PUT',
      url: `${URL_EVENTS}/${event._id}`,
      payload: body({ trigger: 1, interval: 900, adDuration: 60, dtmf: '', version: 1 }),
      headers: admin.headers,
    });
    expect(put.statusCode).toBe(200);
    // The fixed times are not kept by an interval event.
    expect(put.json()).toMatchObject({ trigger: 1, interval: 900, fixedTimes: [], version: 2 });
    const stale = await app.inject({
      method: 'PUT',
      url: `${URL_EVENTS}/${event._id}`,
      payload: body({ version: 1 }),
      headers: admin.headers,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(2);

    const del = await app.inject({
      method: 'DELETE',
      url: `${URL_EVENTS}/${other._id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ url: `${URL_EVENTS}/${other._id}`, headers: admin.headers })).statusCode).toBe(
      404,
    );

    const audits = await app.db.select().from(auditLog).where(eq(auditLog.target, event._id));
    expect(audits.map((a) => a.action).sort()).toEqual(['schedule.create', 'schedule.update']);
    await app.db.delete(scheduledEvents);
  });

  it('answers bad input with 400 naming the field in the spec’s words, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { trigger: 1, interval: 30, adDuration: 30 },
        'interval',
        'Interval must be greater than ad duration.',
      ],
      [{ trigger: 2, dtmf: '1 2' }, 'dtmf', 'Invalid DTMF input!'],
      [{ startDate: '2026-01-01' }, 'startDate', 'Invalid date!'],
      [
        { startDate: '11-24-2030T14:00:00', endDate: '11-24-2030T13:00:00' },
        'endDate',
        'End date must be after start date!',
      ],
      [
        { trigger: 1, scheduleStartDate: '11-24-2030T14:00:00', maxDate: '11-24-2030T13:00:00' },
        'maxDate',
        'Invalid date!',
      ],
      [
        { trigger: 1, excludeStartDate: '11-24-2030T14:00:00', excludeMaxDate: '11-23-2030T13:00:00' },
        'excludeMaxDate',
        'Invalid date!',
      ],
      [{ trigger: 1, ruleStartTime: '18:00', ruleEndTime: '09:00' }, 'ruleEndTime', 'Invalid time!'],
      [{ adDuration: 0 }, 'adDuration', 'Duration must be greater than 0'],
      [{ streamId: 'nope' }, 'streamId', 'Invalid UUID'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(body(over));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields).toContainEqual({ field, message });
    }
    expect(await app.db.select().from(scheduledEvents)).toEqual([]);
  });

  it('refuses a stream that does not exist (400 on streamId)', async () => {
    const res = await create(body({ streamId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'streamId', message: EVENT_SCHEDULE_TEXTS.unknownStream }]);
    expect(await app.db.select().from(scheduledEvents)).toEqual([]);
  });

  it('schedules for any customer: the event is the stream’s customer’s', async () => {
    const otherId = await addCustomer(app, { name: 'Other TV', subDomainName: 'other-tv-schedule' });
    await addUser(app, { customerId: otherId, email: 'owner@other-schedule.example' });
    const owner = await signIn(app, 'owner@other-schedule.example');
    const stream = await app.inject({
      method: 'POST',
      url: '/api/ssai/ds',
      headers: owner.headers,
      payload: { name: 'Other live', sourceStreamUrl: 'https://origin.example/live/' },
    });
    expect(stream.statusCode, stream.body).toBe(201);
    const res = await create(body({ streamId: stream.json()._id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customerId: otherId, customerName: 'Other TV' });
    await app.db.delete(scheduledEvents);
  });

  describe('POST …/:id/trigger (a DTMF event’s break, now)', () => {
    let dtmf: ScheduledEvent;
    let fixed: ScheduledEvent;
    beforeAll(async () => {
      dtmf = scheduledEventSchema.parse(
        (
          await create(
            body({
              name: 'Studio contact',
              trigger: 2,
              dtmf: '*1#',
              startDate: formatSpecDateTime(now - 60_000),
            }),
          )
        ).json(),
      );
      fixed = scheduledEventSchema.parse((await create(body({ name: 'Fixed' }))).json());
    });

    it('records a break a few seconds from now, which the schedule then lists', async () => {
      const before = Date.now();
      const res = await app.inject({
        method: 'POST',
        url: `${URL_EVENTS}/${dtmf._id}/trigger`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { breakAt, event } = res.json() as { breakAt: number; event: ScheduledEvent };
      expect(breakAt).toBeGreaterThanOrEqual(before + EVENT_SCHEDULE_LIMITS.triggerLeadSeconds * 1000);
      expect(breakAt).toBeLessThanOrEqual(Date.now() + EVENT_SCHEDULE_LIMITS.triggerLeadSeconds * 1000);
      expect(event.fired).toEqual([breakAt]);
      expect(event.version).toBe(2);
    });

    it('is refused for an event that is not DTMF (409), and for an unknown event (404)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `${URL_EVENTS}/${fixed._id}/trigger`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(EVENT_SCHEDULE_TEXTS.notDtmf);
      const unknown = await app.inject({
        method: 'POST',
        url: `${URL_EVENTS}/3f2504e0-4f89-41d3-9a0c-0305e82c3301/trigger`,
        headers: admin.headers,
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await app.inject({
        method: 'POST',
        url: `${URL_EVENTS}/nope/trigger`,
        headers: admin.headers,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
    });

    it('takes the API token of the stream’s customer, not another customer’s (404)', async () => {
      await app.db.update(customers).set({ paymentPlan: 'enterprise' }).where(eq(customers.id, demoId));
      const token = await app.inject({
        method: 'POST',
        url: `/api/customer/generateToken/${demoId}`,
        payload: { enableAPI: true, customerId: demoId },
        headers: customer.headers,
      });
      expect(token.statusCode).toBe(200);
      const res = await app.inject({
        method: 'POST',
        url: `${URL_EVENTS}/${dtmf._id}/trigger`,
        headers: bearer(token.json().apiToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      // A token may not read or change events, only trigger them.
      expect((await app.inject({ url: URL_EVENTS, headers: bearer(token.json().apiToken) })).statusCode).toBe(
        403,
      );

      const otherId = await addCustomer(app, {
        name: 'Token TV',
        subDomainName: 'token-tv-schedule',
        paymentPlan: 'enterprise',
      });
      await addUser(app, { customerId: otherId, email: 'owner@token-schedule.example' });
      const owner = await signIn(app, 'owner@token-schedule.example');
      const otherToken = await app.inject({
        method: 'POST',
        url: `/api/customer/generateToken/${otherId}`,
        payload: { enableAPI: true, customerId: otherId },
        headers: owner.headers,
      });
      expect(otherToken.statusCode, otherToken.body).toBe(200);
      const refused = await app.inject({
        method: 'POST',
        url: `${URL_EVENTS}/${dtmf._id}/trigger`,
        headers: bearer(otherToken.json().apiToken),
      });
      expect(refused.statusCode).toBe(404);
      const [row] = await app.db.select().from(scheduledEvents).where(eq(scheduledEvents.id, dtmf._id));
      expect(row!.data.fired).toHaveLength(2);
    });
  });
});
