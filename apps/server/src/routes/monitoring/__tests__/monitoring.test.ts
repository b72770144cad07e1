import {
  LATENCY_BUCKETS_MS,
  MONITOR_SPARK_MINUTES,
  MONITOR_WINDOW_MINUTES,
  MONITORING_TEXTS,
  monitorResponseSchema,
  seriesResponseSchema,
} from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveStreams, playbackMinutes, vodAssets } from '../../../db/schema/index.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * The clock (Date only; timers stay real): 34 min 30 s past an hour, between 26 and 86 minutes
 * ago, so every period's steps fall the same way on every run (the current minute, :34, and :32
 * share a 5- and a 15-minute step, :24 does not).
 */
const NOW = Math.floor(Date.now() / HOUR) * HOUR - HOUR + 34 * MINUTE + 30_000;
const M0 = NOW - 30_000;

const histogram = (counts: Record<number, number>) =>
  Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, (_, i) => counts[i] ?? 0);
const ZERO = histogram({});

type Row = typeof playbackMinutes.$inferInsert;
const row = (resourceId: string, customerId: string, minute: number, counts: Partial<Row>): Row => ({
  resourceId,
  customerId,
  kind: 'liveStream',
  minute: new Date(minute),
  adLatencyMs: ZERO,
  originLatencyMs: ZERO,
  ...counts,
});

describe('monitoring routes', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let sports: { id: string; customerId: string };
  let news: { id: string; customerId: string };
  let vod: { id: string; customerId: string };
  let channelCount: number;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    const byName = async (table: typeof liveStreams, name: string) => {
      const [found] = await app.db
        .select({ id: table.id, customerId: table.customerId })
        .from(table)
        .where(sql`${table.data}->>'name' = ${name}`);
      return found!;
    };
    sports = await byName(liveStreams, 'Sports 1');
    news = await byName(liveStreams, 'News 24');
    vod = await byName(vodAssets, 'Match highlights');
    channelCount = (await app.db.$count(liveStreams)) + (await app.db.$count(vodAssets));
    const s = (minute: number, counts: Partial<Row>) => row(sports.id, sports.customerId, minute, counts);
    await app.db.insert(playbackMinutes).values([
      s(M0, {
        viewers: 3,
        sessions: 2,
        requests: 120,
        adRequests: 4,
        adErrors: 1,
        adTimeouts: 1,
        avails: 2,
        availSeconds: 60,
        adSeconds: 45,
        impressions: 3,
        completes: 2,
        originRequests: 30,
        originErrors: 3,
        sourceSwitches: 2,
        // 1 at ≤25 ms, 2 at ≤50 ms, 1 at ≤100 ms
        adLatencyMs: histogram({ 2: 1, 3: 2, 4: 1 }),
        // 10 at ≤5 ms, 10 at ≤10 ms, 5 at ≤25 ms, 5 at ≤50 ms
        originLatencyMs: histogram({ 0: 10, 1: 10, 2: 5, 3: 5 }),
      }),
      s(M0 - 2 * MINUTE, {
        viewers: 5,
        sessions: 1,
        requests: 60,
        adRequests: 1,
        avails: 1,
        availSeconds: 30,
        adSeconds: 15,
        impressions: 1,
        completes: 1,
        originRequests: 20,
        // one ad request slower than the last bound
        adLatencyMs: histogram({ [LATENCY_BUCKETS_MS.length]: 1 }),
        originLatencyMs: histogram({ 0: 20 }),
      }),
      // Outside the monitor's window, inside its sparkline.
      s(M0 - 10 * MINUTE, { viewers: 9, requests: 30 }),
      // Outside the sparkline, inside the hour.
      s(M0 - 45 * MINUTE, { viewers: 2, requests: 10 }),
      // Three hours ago: in the 6 h period, not the hour.
      s(M0 - 3 * HOUR, { viewers: 7, requests: 600 }),
      // Another channel's minute, and a minute too old for any period but 7 d.
      row(news.id, news.customerId, M0, { viewers: 1, requests: 7, availSeconds: 10 }),
      row(news.id, news.customerId, M0 - 30 * HOUR, { viewers: 4, requests: 40 }),
    ]);
  });
  afterAll(async () => {
    await app.close();
    vi.useRealTimers();
  });

  const channels = (headers: Record<string, string>) =>
    app.inject({ url: '/api/monitoring/channels', headers });
  const series = (id: string, query: string, headers: Record<string, string>) =>
    app.inject({ url: `/api/monitoring/series/${id}${query}`, headers });

  describe('GET /monitoring/channels', () => {
    it('lists every live stream and VOD asset with its figures of the window and its sparkline', async () => {
      const res = await channels(admin.headers);
      expect(res.statusCode).toBe(200);
      const body = monitorResponseSchema.parse(res.json());
      expect(body.windowMinutes).toBe(MONITOR_WINDOW_MINUTES);
      expect(body.data).toHaveLength(channelCount);

      const s = body.data.find((c) => c.resourceId === sports.id)!;
      expect(s).toMatchObject({
        kind: 'liveStream',
        name: 'Sports 1',
        customerId: sports.customerId,
        customerName: 'Demo Broadcasting',
        status: 'active',
        viewers: 5,
        requests: 180,
        sessions: 3,
        adRequests: 5,
        adErrors: 1,
        adTimeouts: 1,
        avails: 3,
        impressions: 4,
        completes: 3,
        originRequests: 50,
        originErrors: 3,
        sourceSwitches: 2,
        adErrorRate: 40,
        originErrorRate: 6,
        adLatencyP50: 50,
        // the slow request is the 5th of 5: past the last bound (twice it)
        adLatencyP95: LATENCY_BUCKETS_MS.at(-1)! * 2,
        adLatencyP99: LATENCY_BUCKETS_MS.at(-1)! * 2,
        originLatencyP95: 50,
      });
      expect(s.fillRate).toBeCloseTo(66.667, 3);
      expect(s.requestsPerSecond).toBeCloseTo(180 / (MONITOR_WINDOW_MINUTES * 60), 9);
      const spark = Array<number>(MONITOR_SPARK_MINUTES).fill(0);
      spark[MONITOR_SPARK_MINUTES - 1] = 120;
      spark[MONITOR_SPARK_MINUTES - 3] = 60;
      spark[MONITOR_SPARK_MINUTES - 11] = 30;
      expect(s.spark).toEqual(spark);

      const n = body.data.find((c) => c.resourceId === news.id)!;
      expect(n).toMatchObject({
        viewers: 1,
        requests: 7,
        fillRate: 0,
        adErrorRate: null,
        originErrorRate: null,
      });
    });

    it('lists channels without traffic with zeros and nulls, and their status', async () => {
      const body = monitorResponseSchema.parse((await channels(admin.headers)).json());
      expect(body.data.find((c) => c.resourceId === vod.id)).toEqual({
        resourceId: vod.id,
        kind: 'vod',
        name: 'Match highlights',
        customerId: vod.customerId,
        customerName: 'Demo Broadcasting',
        status: 'active',
        viewers: 0,
        requests: 0,
        sessions: 0,
        adRequests: 0,
        adErrors: 0,
        adTimeouts: 0,
        impressions: 0,
        completes: 0,
        avails: 0,
        originRequests: 0,
        originErrors: 0,
        sourceSwitches: 0,
        fillRate: null,
        adErrorRate: null,
        originErrorRate: null,
        adLatencyP50: null,
        adLatencyP95: null,
        adLatencyP99: null,
        originLatencyP95: null,
        requestsPerSecond: 0,
        spark: Array(MONITOR_SPARK_MINUTES).fill(0),
      });
      expect(body.data.find((c) => c.name === 'Music Live')?.status).toBe('inactive');
    });

    it('refuses a customer user (403), a login-as into one, and a caller without a token (401)', async () => {
      const refused = await channels(customer.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MONITORING_TEXTS.monitorForbidden);
      expect((await channels({ ...admin.headers, 'login-as': customer.userId })).statusCode).toBe(403);
      expect((await channels({})).statusCode).toBe(401);
    });

    it('answers on the second client’s base too', async () => {
      const res = await app.inject({ url: '/api_v1/monitoring/channels', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(channelCount);
    });
  });

  describe('GET /monitoring/series/:id', () => {
    it('gives the hour minute by minute, oldest first, and its totals', async () => {
      const res = await series(sports.id, '?period=1h', admin.headers);
      expect(res.statusCode).toBe(200);
      const body = seriesResponseSchema.parse(res.json());
      expect(body).toMatchObject({ resourceId: sports.id, kind: 'liveStream', name: 'Sports 1' });
      expect(body.customerId).toBe(sports.customerId);
      expect(body.points).toHaveLength(60);
      expect(body.points[0]!.at).toBe(new Date(M0 - 59 * MINUTE).toISOString());
      expect(body.points[59]).toMatchObject({
        at: new Date(M0).toISOString(),
        viewers: 3,
        requests: 120,
        fillRate: 75,
        adErrorRate: 50,
        originErrorRate: 10,
        adLatencyP50: 50,
        adLatencyP95: 100,
        adLatencyP99: 100,
        originLatencyP95: 50,
      });
      expect(body.points[57]).toMatchObject({ viewers: 5, requests: 60, fillRate: 50, adErrorRate: 0 });
      expect(body.points[49]).toMatchObject({ viewers: 9, requests: 30, fillRate: null, adLatencyP50: null });
      expect(body.points[14]).toMatchObject({ viewers: 2, requests: 10 });
      expect(body.points[58]).toMatchObject({ viewers: 0, requests: 0, fillRate: null });
      expect(body.points.reduce((sum, p) => sum + p.requests, 0)).toBe(220);
      expect(body.totals).toMatchObject({
        viewers: 9,
        requests: 220,
        sessions: 3,
        adRequests: 5,
        adErrorRate: 40,
        originErrorRate: 6,
        adLatencyP50: 50,
      });
      expect(body.totals.fillRate).toBeCloseTo(66.667, 3);
    });

    it('sums each step of the longer periods (viewers: the busiest minute)', async () => {
      const get = async (period: string) =>
        seriesResponseSchema.parse((await series(sports.id, `?period=${period}`, admin.headers)).json());
      const six = await get('6h');
      expect(six.points).toHaveLength(72);
      // :30–:35 holds :32 and :34; :20–:25 holds :24.
      expect(six.points[71]).toMatchObject({
        at: new Date(M0 - 4 * MINUTE).toISOString(),
        viewers: 5,
        requests: 180,
      });
      expect(six.points[70]).toMatchObject({ viewers: 0, requests: 0 });
      expect(six.points[69]).toMatchObject({ viewers: 9, requests: 30 });
      expect(six.points[35]).toMatchObject({ viewers: 7, requests: 600 });
      expect(six.totals).toMatchObject({ viewers: 9, requests: 820 });

      const day = await get('24h');
      expect(day.points).toHaveLength(96);
      expect(day.points.slice(92).map((p) => p.requests)).toEqual([10, 0, 30, 180]);
      expect(day.totals.requests).toBe(820);

      const week = await get('7d');
      expect(week.points).toHaveLength(168);
      expect(week.points.slice(164).map((p) => p.requests)).toEqual([600, 0, 10, 210]);
      expect(week.points[167]).toMatchObject({ at: new Date(M0 - 34 * MINUTE).toISOString(), viewers: 9 });
      expect(week.totals).toMatchObject({ viewers: 9, requests: 820 });

      // The other channel's old minute is only in the week.
      const newsWeek = seriesResponseSchema.parse(
        (await series(news.id, '?period=7d', admin.headers)).json(),
      );
      expect(newsWeek.totals).toMatchObject({ viewers: 4, requests: 47 });
      expect(newsWeek.points[167]!.fillRate).toBe(0);
    });

    it('defaults to the hour, and gives a channel without traffic zero points', async () => {
      const body = seriesResponseSchema.parse((await series(vod.id, '', admin.headers)).json());
      expect(body).toMatchObject({ kind: 'vod', name: 'Match highlights' });
      expect(body.points).toHaveLength(60);
      expect(body.points.every((p) => p.requests === 0 && p.fillRate === null)).toBe(true);
      expect(body.totals).toMatchObject({ viewers: 0, requests: 0, adLatencyP50: null });
    });

    it('answers 404 for an id of no channel, and 400 naming the field for a bad id or period', async () => {
      const missing = await series('00000000-0000-4000-8000-000000000000', '', admin.headers);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(MONITORING_TEXTS.notFound);

      const badId = await series('not-a-uuid', '', admin.headers);
      expect(badId.statusCode).toBe(400);
      expect(badId.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);

      const badPeriod = await series(sports.id, '?period=2h', admin.headers);
      expect(badPeriod.statusCode).toBe(400);
      expect(badPeriod.json().fields).toEqual([
        { field: 'period', message: 'period must be one of 1h, 6h, 24h, 7d' },
      ]);

      const unknown = await series(sports.id, '?period=1h&from=yesterday', admin.headers);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('from');
    });

    it('refuses a customer user (403) before reading its input, even for its own channel', async () => {
      const own = await series(sports.id, '', customer.headers);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(MONITORING_TEXTS.seriesForbidden);
      expect((await series('not-a-uuid', '?period=2h', customer.headers)).statusCode).toBe(403);
      expect(
        (await series(sports.id, '', { ...admin.headers, 'login-as': customer.userId })).statusCode,
      ).toBe(403);
    });
  });
});

describe('monitoring routes with MONITOR=0', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ env: { MONITOR: '0' } });
  });
  afterAll(() => app.close());

  it('refuses the monitor even to a main administrator; the charts stay (System › Monitoring)', async () => {
    const admin = await loginAs(app, 'admin');
    const refused = await app.inject({ url: '/api/monitoring/channels', headers: admin.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MONITORING_TEXTS.monitorForbidden);
    const [stream] = await app.db.select({ id: liveStreams.id }).from(liveStreams).limit(1);
    const charts = await app.inject({ url: `/api/monitoring/series/${stream!.id}`, headers: admin.headers });
    expect(charts.statusCode).toBe(200);
  });
});
