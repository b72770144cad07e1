import { ALARM_RESOLVE_TIMEOUT_MS, ALARM_TEXTS, type Alarm, alarmListResponseSchema } from '@cuepoint/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, auditLog, notifications } from '../../../db/schema/index.ts';
import { resolveEndedAlarms } from '../../../repositories/alarms.ts';
import { addCustomer, customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const MINUTE = 60_000;
const RAISED = {
  severity: 'CRITICAL',
  type: 'SOURCE',
  name: 'Source stream unreachable',
  message: 'No segments received from the origin for 30 s',
} as const;

/**
 * API alarms end by themselves as Alertmanager's do: at the caller's endsAt, else the resolve
 * timeout after their last raise; raising the same uuid again is a heartbeat. The app's clock is
 * moved, never waited for.
 */
describe('alarms raised through the API end by themselves', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let otherId: string;
  const start = Date.now();
  let now = start;
  let uuids = 0;
  /** A uuid no other test raises. */
  const freshUuid = () => {
    uuids += 1;
    return `dp-alarm-${uuids}`;
  };

  beforeAll(async () => {
    app = await testApp({ clock: () => now });
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    otherId = await addCustomer(app, { name: 'Other Broadcasting', subDomainName: 'other-broadcasting' });
  });
  afterAll(() => app.close());

  const at = (offsetMs: number) => {
    now = start + offsetMs;
    return new Date(now);
  };
  const raise = (payload: object, headers: Record<string, string> = admin.headers) =>
    app.inject({ method: 'POST', url: '/api/alarm/alarms', payload: { ...RAISED, ...payload }, headers });
  const listed = async (uuid: string): Promise<Alarm[]> => {
    const res = await app.inject({ url: '/api/alarm/alarms?limit=500', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return alarmListResponseSchema.parse(res.json()).filter((a) => a.uuid === uuid);
  };
  const rowsOf = (uuid: string) => app.db.select().from(alarms).where(eq(alarms.uuid, uuid));

  it('clears an alarm raised without endsAt the resolve timeout after its raise, once', async () => {
    const uuid = freshUuid();
    const raisedAt = at(0);
    const res = await raise({ uuid });
    expect(res.statusCode).toBe(201);
    const ends = new Date(raisedAt.getTime() + ALARM_RESOLVE_TIMEOUT_MS).toISOString();
    expect(res.json()).toMatchObject({
      uuid,
      time_on: raisedAt.toISOString(),
      ends_at: ends,
      cleared_at: null,
    });

    at(ALARM_RESOLVE_TIMEOUT_MS - 1);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: null, ends_at: ends })]);
    at(ALARM_RESOLVE_TIMEOUT_MS);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: ends, ends_at: ends })]);
    // Cleared once: later passes leave it as it is.
    at(ALARM_RESOLVE_TIMEOUT_MS + 10 * MINUTE);
    expect(await resolveEndedAlarms(app.db, new Date(now))).toEqual([]);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: ends })]);
  });

  it('clears ended alarms on the evaluator’s run too, each reported once', async () => {
    const uuid = freshUuid();
    at(0);
    const { _id } = (await raise({ uuid })).json();
    at(ALARM_RESOLVE_TIMEOUT_MS + MINUTE);
    const first = await app.alarmEvaluator.evaluate();
    expect(first.resolved.map((a) => a.id)).toEqual([_id]);
    expect(first.resolved[0]!.clearedAt).toEqual(new Date(start + ALARM_RESOLVE_TIMEOUT_MS));
    expect((await app.alarmEvaluator.evaluate()).resolved).toEqual([]);
  });

  it('extends an open alarm raised again with its uuid (a heartbeat, 200) instead of raising another', async () => {
    const uuid = freshUuid();
    at(0);
    const first = await raise({ uuid, customerId: demoId });
    expect(first.statusCode).toBe(201);
    const notified = async () =>
      (await app.db.select().from(notifications).where(eq(notifications.customerId, demoId))).length;
    const notifiedBefore = await notified();

    at(4 * MINUTE);
    const beat = await raise({ uuid, customerId: demoId, message: 'Still no segments' });
    expect(beat.statusCode).toBe(200);
    const extendedEnd = new Date(start + 4 * MINUTE + ALARM_RESOLVE_TIMEOUT_MS).toISOString();
    expect(beat.json()).toEqual({ ...first.json(), ends_at: extendedEnd });
    expect(await rowsOf(uuid)).toHaveLength(1);
    // Neither audited nor notified again.
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alarm.raise'), eq(auditLog.target, first.json()._id)));
    expect(audits).toHaveLength(1);
    expect(await notified()).toBe(notifiedBefore);

    // Past the first raise's end, before the heartbeat's: open.
    at(ALARM_RESOLVE_TIMEOUT_MS + MINUTE);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: null })]);
    at(4 * MINUTE + ALARM_RESOLVE_TIMEOUT_MS);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: extendedEnd })]);

    // Raised again once cleared: a new alarm; the cleared one stays cleared.
    at(20 * MINUTE);
    const again = await raise({ uuid, customerId: demoId });
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).not.toBe(first.json()._id);
    expect(await notified()).toBeGreaterThan(notifiedBefore);
    const rows = await rowsOf(uuid);
    expect(rows.map((r) => r.clearedAt?.toISOString() ?? null).sort()).toEqual([extendedEnd, null]);
  });

  it('raises a new alarm when the last one ended but was not cleared yet, clearing that one at its end', async () => {
    const uuid = freshUuid();
    at(0);
    const first = (await raise({ uuid })).json();
    // No list read and no evaluation in between.
    at(ALARM_RESOLVE_TIMEOUT_MS + 2 * MINUTE);
    const next = await raise({ uuid });
    expect(next.statusCode).toBe(201);
    const rows = await rowsOf(uuid);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first._id)!.clearedAt).toEqual(
      new Date(start + ALARM_RESOLVE_TIMEOUT_MS),
    );
    expect(rows.find((r) => r.id === next.json()._id)!.clearedAt).toBeNull();
  });

  it('ends at an explicit endsAt in the future, and a heartbeat without one moves the end to the timeout', async () => {
    const uuid = freshUuid();
    at(0);
    const endsAt = new Date(start + 60 * MINUTE).toISOString();
    const res = await raise({ uuid, endsAt });
    expect(res.statusCode).toBe(201);
    expect(res.json().ends_at).toBe(endsAt);
    at(59 * MINUTE);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: null })]);
    at(60 * MINUTE);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: endsAt })]);

    const other = freshUuid();
    at(0);
    await raise({ uuid: other, endsAt });
    at(10 * MINUTE);
    const beat = await raise({ uuid: other });
    expect(beat.statusCode).toBe(200);
    expect(beat.json().ends_at).toBe(new Date(now + ALARM_RESOLVE_TIMEOUT_MS).toISOString());
  });

  it('stores an alarm raised with endsAt in the past cleared at it, notifying no one; a past endsAt clears an open one', async () => {
    const uuid = freshUuid();
    at(0);
    const count = async () =>
      (await app.db.select().from(notifications).where(eq(notifications.customerId, demoId))).length;
    const before = await count();
    const endsAt = new Date(start - MINUTE).toISOString();
    const timeOn = new Date(start - 2 * MINUTE).toISOString();
    const res = await raise({ uuid, customerId: demoId, time_on: timeOn, endsAt });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ends_at: endsAt, cleared_at: endsAt });
    expect(await count()).toBe(before);

    // Without time_on, an alarm reported ended was raised at its end (Alertmanager's startsAt).
    const reported = await raise({ uuid: freshUuid(), endsAt });
    expect(reported.json()).toMatchObject({ time_on: endsAt, ends_at: endsAt, cleared_at: endsAt });

    const open = freshUuid();
    await raise({ uuid: open });
    at(MINUTE);
    const resolved = await raise({ uuid: open, endsAt: new Date(start + 30_000).toISOString() });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().cleared_at).toBe(new Date(start + 30_000).toISOString());
    expect(await rowsOf(open)).toHaveLength(1);
  });

  it.each([
    ['a date without time', '2025-01-31'],
    ['words', 'in five minutes'],
    ['a number', 300],
    ['a time without offset', '2025-01-31T12:00:00'],
  ])('answers 400 naming endsAt for %s, storing nothing', async (_label, endsAt) => {
    const uuid = freshUuid();
    const res = await raise({ uuid, endsAt });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'endsAt', message: ALARM_TEXTS.endsAt }]);
    expect(await rowsOf(uuid)).toHaveLength(0);
  });

  it('answers 400 naming endsAt when it is before time_on, and leaves the open alarm as it was', async () => {
    const uuid = freshUuid();
    at(0);
    const first = (await raise({ uuid })).json();
    const res = await raise({
      uuid,
      time_on: new Date(start).toISOString(),
      endsAt: new Date(start - 1000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'endsAt', message: ALARM_TEXTS.endsAtBeforeTimeOn }]);
    expect(await listed(uuid)).toEqual([first]);
  });

  it('refuses a customer user’s heartbeat and list (403), leaving the alarm’s end as it was', async () => {
    const uuid = freshUuid();
    at(0);
    const first = (await raise({ uuid, customerId: demoId })).json();
    at(4 * MINUTE);
    const refused = await raise({ uuid, customerId: demoId }, customer.headers);
    expect(refused.statusCode).toBe(403);
    expect(
      (await raise({ uuid, customerId: demoId }, { ...admin.headers, 'login-as': customer.userId }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/api/alarm/alarms', headers: customer.headers })).statusCode).toBe(403);
    expect(await listed(uuid)).toEqual([first]);
  });

  it('keeps the same uuid of another customer (or of the platform) a separate alarm', async () => {
    const uuid = freshUuid();
    at(0);
    const demo = (await raise({ uuid, customerId: demoId })).json();
    at(MINUTE);
    const other = await raise({ uuid, customerId: otherId });
    const platform = await raise({ uuid });
    expect(other.statusCode).toBe(201);
    expect(platform.statusCode).toBe(201);
    expect(new Set([demo._id, other.json()._id, platform.json()._id]).size).toBe(3);
    // The demo customer's alarm kept its end; each ends on its own.
    at(ALARM_RESOLVE_TIMEOUT_MS);
    const byCustomer = Object.fromEntries(
      (await listed(uuid)).map((a) => [String(a.customerId), a.cleared_at]),
    );
    expect(byCustomer).toEqual({
      [demoId]: demo.ends_at,
      [otherId]: null,
      null: null,
    });
  });

  it('answers two raises of one uuid at once with one alarm (one 201, one 200)', async () => {
    const uuid = freshUuid();
    at(0);
    const answers = await Promise.all([raise({ uuid }), raise({ uuid }), raise({ uuid })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await rowsOf(uuid)).toHaveLength(1);
  });

  it('clears each ended alarm exactly once when several resolve at the same time', async () => {
    const raised = [freshUuid(), freshUuid(), freshUuid()];
    at(0);
    for (const uuid of raised) await raise({ uuid });
    const past = new Date(start + ALARM_RESOLVE_TIMEOUT_MS + MINUTE);
    const runs = await Promise.all([1, 2, 3, 4].map(() => resolveEndedAlarms(app.db, past)));
    const cleared = runs.flat().filter((a) => raised.includes(a.uuid));
    expect(cleared.map((a) => a.uuid).sort()).toEqual([...raised].sort());
  });

  it('never ends an alarm without an end (a rule’s, or one raised before ends were kept)', async () => {
    const uuid = freshUuid();
    await app.db.insert(alarms).values({ ...RAISED, uuid, timeOn: new Date(start) });
    at(365 * 24 * 60 * MINUTE);
    expect(await listed(uuid)).toEqual([expect.objectContaining({ cleared_at: null, ends_at: null })]);
    // Raised again by its uuid: adopted, it ends from now on.
    const beat = await raise({ uuid });
    expect(beat.statusCode).toBe(200);
    expect(beat.json().ends_at).toBe(new Date(now + ALARM_RESOLVE_TIMEOUT_MS).toISOString());
  });
});
