import { ALARM_METRIC_INFO, alarmListResponseSchema } from '@cuepoint/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarmRules, alarms, liveStreams, playbackMinutes, vodAssets } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { addCustomer, addUser, customerIdOf } from '../../test/accounts.ts';
import { loginAs, readOutbox, type TestApp, testApp } from '../../test/helpers.ts';
import { ALARM_EVALUATION_LOCK, ruleAlarmUuid } from '../evaluator.ts';

const MINUTE = 60_000;
/** The evaluations' clock: 30 s into a minute. */
const T = Date.parse('2026-03-02T12:00:30Z');
const minute = (offset: number) => new Date(Math.floor(T / MINUTE) * MINUTE + offset * MINUTE);

type Counters = Partial<Omit<typeof playbackMinutes.$inferInsert, 'resourceId' | 'customerId' | 'minute'>>;

describe('the alarm rules’ evaluator', () => {
  let app: TestApp;
  let demoId: string;
  let news: { id: string; name: string };
  let vod: { id: string; name: string };
  let rules: Record<string, string>;

  beforeAll(async () => {
    app = await testApp();
    demoId = await customerIdOf(app, 'demo-broadcasting');
    const [stream] = await app.db
      .select({ id: liveStreams.id, data: liveStreams.data })
      .from(liveStreams)
      .where(eq(liveStreams.customerId, demoId))
      .limit(1);
    news = { id: stream!.id, name: String(stream!.data.name) };
    const [asset] = await app.db
      .select({ id: vodAssets.id, data: vodAssets.data })
      .from(vodAssets)
      .where(eq(vodAssets.customerId, demoId))
      .limit(1);
    vod = { id: asset!.id, name: String(asset!.data.name) };
    // A second active main administrator, and an inactive one: only active ones are mailed.
    const platformId = await customerIdOf(app, 'platform');
    await addUser(app, { customerId: platformId, email: 'second-admin@cuepoint.example', isMainAdmin: true });
    await addUser(app, {
      customerId: platformId,
      email: 'gone-admin@cuepoint.example',
      isMainAdmin: true,
      isActive: false,
    });
    const seeded = await app.db.select().from(alarmRules).where(eq(alarmRules.customerId, demoId));
    rules = Object.fromEntries(seeded.map((r) => [r.metric, r.id]));
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.db.delete(playbackMinutes);
    await app.db.delete(alarms);
  });

  const counters = (resourceId: string, offset: number, values: Counters, customerId = demoId) =>
    app.db
      .insert(playbackMinutes)
      .values({
        resourceId,
        customerId,
        kind: resourceId === vod.id ? 'vod' : 'liveStream',
        minute: minute(offset),
        adLatencyMs: [],
        originLatencyMs: [],
        ...values,
      })
      .onConflictDoUpdate({
        target: [playbackMinutes.resourceId, playbackMinutes.minute],
        set: { ...values },
      });
  const evaluate = (at: number) => app.alarmEvaluator.evaluate(at);
  const stored = () => app.db.select().from(alarms).orderBy(alarms.timeOn);
  const failed = { requests: 40, originRequests: 12, originErrors: 12 };
  const healthy = { requests: 40, originRequests: 12, originErrors: 0 };

  it('an alarm raised and cleared by a simulated origin outage: CRITICAL, mailed to the active main administrators', async () => {
    await counters(news.id, -1, failed);
    await counters(news.id, 0, failed);
    const first = await evaluate(T);
    expect(first.ran).toBe(true);
    expect(first.raised).toHaveLength(1);
    const [alarm] = await stored();
    expect(alarm).toMatchObject({
      severity: 'CRITICAL',
      type: 'origin-unreachable',
      name: `${ALARM_METRIC_INFO['origin-unreachable'].alarmName}: ${news.name}`,
      message: `Every origin request of ${news.name} failed for the last 2 min (120 s; threshold 60 s).`,
      uuid: ruleAlarmUuid(rules['origin-unreachable']!, news.id),
      moduleObjectId: news.id,
      customerId: demoId,
      ruleId: rules['origin-unreachable'],
      timeOn: new Date(T),
      clearedAt: null,
    });

    const mails = await readOutbox(app.dataDir);
    expect(mails.map((m) => m.to).sort()).toEqual([
      DEMO_ACCOUNTS.admin.email,
      'second-admin@cuepoint.example',
    ]);
    expect(mails[0]).toMatchObject({
      subject: `[CRITICAL] ${alarm!.name}`,
      links: ['http://console.test/app/alarms'],
    });
    expect(mails[0]!.text).toContain(alarm!.message);

    // The bell's list shows it, open.
    const admin = await loginAs(app, 'admin');
    const listed = alarmListResponseSchema.parse(
      (await app.inject({ url: '/api/alarm/alarms?state=open', headers: admin.headers })).json(),
    );
    expect(listed.map((a) => a.uuid)).toEqual([alarm!.uuid]);

    // Still failing a minute later: raised once, mailed once.
    await counters(news.id, 1, failed);
    expect((await evaluate(T + MINUTE)).raised).toEqual([]);
    expect(await stored()).toHaveLength(1);
    expect(await readOutbox(app.dataDir)).toHaveLength(2);

    // The origin answers again: cleared, and listed as such.
    await counters(news.id, 2, healthy);
    const cleared = await evaluate(T + 2 * MINUTE);
    expect(cleared.cleared.map((a) => a.id)).toEqual([alarm!.id]);
    const [after] = await stored();
    expect(after!.clearedAt).toEqual(new Date(T + 2 * MINUTE));
    const clearedList = alarmListResponseSchema.parse(
      (await app.inject({ url: '/api/alarm/alarms?state=cleared', headers: admin.headers })).json(),
    );
    expect(clearedList.map((a) => a.cleared_at)).toEqual([new Date(T + 2 * MINUTE).toISOString()]);

    // A new outage later raises a new alarm.
    await counters(news.id, 3, failed);
    expect((await evaluate(T + 3 * MINUTE)).raised).toHaveLength(1);
    expect((await stored()).map((a) => a.clearedAt === null)).toEqual([false, true]);
  });

  it('counts an outage in whole minutes up to the current one: one failed minute is 60 s, a gap or an old outage none', async () => {
    // 90 s: two failed minutes needed.
    await app.db
      .update(alarmRules)
      .set({ threshold: 90 })
      .where(eq(alarmRules.id, rules['origin-unreachable']!));
    try {
      await counters(news.id, 0, failed);
      expect((await evaluate(T)).raised).toEqual([]);
      // A failed minute before a minute without origin requests does not join the chain.
      await counters(news.id, -2, failed);
      expect((await evaluate(T)).raised).toEqual([]);
      await counters(news.id, -1, { ...failed, originErrors: 11 });
      expect((await evaluate(T)).raised).toEqual([]);
      await counters(news.id, -1, failed);
      expect((await evaluate(T)).raised).toHaveLength(1);
      // Nothing heard for two minutes: no evidence of an outage any more.
      expect((await evaluate(T + 2 * MINUTE)).cleared).toHaveLength(1);
    } finally {
      await app.db
        .update(alarmRules)
        .set({ threshold: 60 })
        .where(eq(alarmRules.id, rules['origin-unreachable']!));
    }
  });

  it('raises a low fill rate over the rule’s window (WARNING, not mailed) per stream, and clears it when filled', async () => {
    const outbox = (await readOutbox(app.dataDir)).length;
    // Window: 15 minutes (-14..0). 30 of 100 s filled on the VOD asset; the stream is at 80 %.
    await counters(vod.id, -14, { avails: 2, availSeconds: 60, adSeconds: 10 });
    await counters(vod.id, 0, { avails: 1, availSeconds: 40, adSeconds: 20 });
    await counters(vod.id, -15, { avails: 1, availSeconds: 1000, adSeconds: 1000 });
    await counters(news.id, -3, { avails: 1, availSeconds: 100, adSeconds: 80 });
    const result = await evaluate(T);
    expect(result.raised).toHaveLength(1);
    expect(result.raised[0]).toMatchObject({
      severity: 'WARNING',
      type: 'fill-rate',
      moduleObjectId: vod.id,
      message: `Only 30 % of ad break time of ${vod.name} was filled with ads over the last 15 min (threshold 50 %).`,
    });
    expect(await readOutbox(app.dataDir)).toHaveLength(outbox);

    // 70 of 200 s: still below; 120 of 200 s: cleared.
    await counters(vod.id, 1, { avails: 1, availSeconds: 100, adSeconds: 40 });
    expect(await evaluate(T + MINUTE)).toMatchObject({ raised: [], cleared: [] });
    await counters(vod.id, 1, { avails: 1, availSeconds: 100, adSeconds: 90 });
    expect((await evaluate(T + MINUTE)).cleared).toHaveLength(1);
  });

  it('raises an ad-server error rate above the threshold (errors and time-outs), never without ad requests', async () => {
    await counters(news.id, -9, { adRequests: 10, adErrors: 1, adTimeouts: 1 });
    await counters(news.id, 0, { avails: 1, availSeconds: 30, adSeconds: 30 });
    // 2 of 10: 20 %, not above 20.
    expect((await evaluate(T)).raised).toEqual([]);
    await counters(news.id, -5, { adRequests: 10, adErrors: 0, adTimeouts: 4 });
    const result = await evaluate(T);
    expect(result.raised).toHaveLength(1);
    expect(result.raised[0]).toMatchObject({
      severity: 'ERROR',
      type: 'ad-error-rate',
      message: `30 % of ad requests of ${news.name} failed or timed out over the last 10 min (threshold 20 %).`,
    });
    // Ten minutes on, the window holds no ad request: cleared.
    expect((await evaluate(T + 10 * MINUTE)).cleared).toHaveLength(1);
  });

  it('evaluates a stream rule on its stream only, skips disabled rules and other customers’ counters', async () => {
    const otherId = await addCustomer(app, { name: 'Quiet Media', subDomainName: 'quiet-media' });
    const [ownRule] = await app.db
      .insert(alarmRules)
      .values({
        customerId: demoId,
        resourceId: vod.id,
        metric: 'ad-error-rate',
        threshold: 1,
        severity: 'NOTICE',
      })
      .returning();
    await app.db.update(alarmRules).set({ enabled: false }).where(eq(alarmRules.id, rules['ad-error-rate']!));
    try {
      await counters(news.id, 0, { adRequests: 10, adErrors: 5 });
      await counters(vod.id, 0, { adRequests: 10, adErrors: 5 });
      const foreign = '00000000-0000-4000-8000-0000000000aa';
      await counters(foreign, 0, { adRequests: 10, adErrors: 10, ...failed }, otherId);
      const result = await evaluate(T);
      expect(result.raised.map((a) => [a.ruleId, a.moduleObjectId])).toEqual([[ownRule!.id, vod.id]]);
    } finally {
      await app.db
        .update(alarmRules)
        .set({ enabled: true })
        .where(eq(alarmRules.id, rules['ad-error-rate']!));
      await app.db.delete(alarmRules).where(eq(alarmRules.id, ownRule!.id));
    }
  });

  // PGlite has one connection: a second session cannot hold the lock meanwhile.
  it.runIf(process.env.CUEPOINT_TEST_DB === 'postgres')(
    'does nothing while another process evaluates (the advisory lock is taken)',
    async () => {
      await counters(news.id, -1, failed);
      await counters(news.id, 0, failed);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const taken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const other = app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ALARM_EVALUATION_LOCK}::bigint)`);
        locked();
        await held;
      });
      await taken;
      expect(await evaluate(T)).toEqual({ ran: false, raised: [], cleared: [], resolved: [] });
      release();
      await other;
      expect((await evaluate(T)).raised).toHaveLength(1);
    },
  );
});
