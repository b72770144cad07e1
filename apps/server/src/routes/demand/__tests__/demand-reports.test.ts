import {
  API_PATHS,
  DEMAND_REPORT_TEXTS,
  INVENTORY_WEEKS_AHEAD,
  INVENTORY_WEEKS_BEHIND,
  insightsResponseSchema,
  inventoryResponseSchema,
  LATENCY_BUCKETS_MS,
} from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adDeliveryDays,
  campaigns,
  creatives,
  liveStreams,
  playbackMinutes,
  vodAssets,
} from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';

const DAY = 86_400_000;
/** Wednesday 2026-06-17 12:00 UTC: this week starts on Monday 06-15. */
const NOW = Date.UTC(2026, 5, 17, 12, 0, 0);
const ZERO = Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, () => 0);
const url = (path: string, query: Record<string, string>) => `/api/${path}?${new URLSearchParams(query)}`;

describe('demand reports: inventory and insights', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let other: TestAccount;
  let sports: { id: string; customerId: string };
  let vod: { id: string; customerId: string };
  let otherStream: string;
  let campaignId: string;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    other = await createAccount(app);
    const byName = async (table: typeof liveStreams, name: string) => {
      const [found] = await app.db
        .select({ id: table.id, customerId: table.customerId })
        .from(table)
        .where(sql`${table.data}->>'name' = ${name}`);
      return found!;
    };
    sports = await byName(liveStreams, 'Sports 1');
    vod = await byName(vodAssets, 'Match highlights');
    const [stream] = await app.db
      .insert(liveStreams)
      .values({
        customerId: other.customer.id,
        data: { name: 'Other channel', status: 'active', breakinterval: 10 },
      })
      .returning();
    otherStream = stream!.id;
    // The account's creatives average 20 s: the forecast counts in 20 s ads (whatever the seed has, replaced).
    await app.db.delete(creatives).where(sql`${creatives.customerId} = ${sports.customerId}`);
    await app.db.insert(creatives).values([
      { customerId: sports.customerId, data: { name: 'Ten', duration: 10, status: 'active' } },
      { customerId: sports.customerId, data: { name: 'Thirty', duration: 30, status: 'active' } },
      { customerId: sports.customerId, data: { name: 'Off', duration: 300, status: 'inactive' } },
    ]);
    await app.db.delete(campaigns).where(sql`${campaigns.customerId} = ${sports.customerId}`);
    const [campaign] = await app.db
      .insert(campaigns)
      .values({
        customerId: sports.customerId,
        // 28 days from Monday 06-08: 7,000 a week booked.
        data: {
          name: 'Summer',
          status: 'active',
          startDate: '06-08-2026T00:00:00',
          endDate: '07-06-2026T00:00:00',
          bookedImpressions: 28_000,
        },
      })
      .returning();
    campaignId = campaign!.id;
    const minute = (
      resourceId: string,
      customerId: string,
      at: number,
      counts: Partial<typeof playbackMinutes.$inferInsert>,
    ) => ({
      resourceId,
      customerId,
      kind: 'liveStream',
      minute: new Date(at),
      adLatencyMs: ZERO,
      originLatencyMs: ZERO,
      ...counts,
    });
    await app.db.insert(playbackMinutes).values([
      // Yesterday (06-16) and the day before, within the last 7 days; last week (06-08 .. 06-14) too.
      minute(sports.id, sports.customerId, NOW - DAY, {
        avails: 10,
        availsEmpty: 2,
        availSeconds: 600,
        adSeconds: 400,
        impressions: 16,
      }),
      minute(sports.id, sports.customerId, NOW - 2 * DAY, {
        avails: 5,
        availsEmpty: 5,
        availSeconds: 200,
        impressions: 0,
      }),
      minute(vod.id, vod.customerId, NOW - DAY, {
        kind: 'vod',
        avails: 4,
        availsEmpty: 0,
        availSeconds: 120,
        adSeconds: 120,
        impressions: 6,
      }),
      minute(otherStream, other.customer.id, NOW - DAY, {
        avails: 100,
        availsEmpty: 0,
        availSeconds: 9000,
        impressions: 300,
      }),
    ]);
    await app.db.insert(adDeliveryDays).values([
      {
        campaignId,
        day: '2026-06-16',
        resourceId: sports.id,
        customerId: sports.customerId,
        served: 9,
        impressions: 8,
        revenueMillicents: 8 * 1250,
      },
      {
        campaignId,
        day: '2026-06-15',
        resourceId: vod.id,
        customerId: sports.customerId,
        served: 3,
        impressions: 3,
        revenueMillicents: 3 * 1250,
      },
    ]);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });

  describe('inventory', () => {
    it('lists the customer’s own streams and assets with their last 7 days, and a forecast in the account’s ad length', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/${API_PATHS.demand.inventory}`,
        headers: customer.headers,
      });
      expect(res.statusCode).toBe(200);
      const body = inventoryResponseSchema.parse(res.json());
      expect(body.adUnitSeconds).toBe(20);
      expect(body.resources.map((r) => r.id)).not.toContain(otherStream);
      const s = body.resources.find((r) => r.id === sports.id)!;
      expect(s).toMatchObject({
        kind: 'liveStream',
        avails: 15,
        availSeconds: 800,
        adSeconds: 400,
        impressions: 16,
        scheduledBreaksUnit: 'hour',
      });
      expect(s.fillRate).toBeCloseTo(8 / 15);
      // 800 avail-seconds a week in 20 s ads.
      expect(s.forecastImpressionsPerWeek).toBe(40);
      const v = body.resources.find((r) => r.id === vod.id)!;
      expect(v).toMatchObject({
        kind: 'vod',
        scheduledBreaksUnit: 'play',
        forecastImpressionsPerWeek: 6,
        fillRate: 1,
      });
    });

    it('gives weeks behind and ahead with booked impressions spread over the flight', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/${API_PATHS.demand.inventory}`,
        headers: customer.headers,
      });
      const { weeks } = inventoryResponseSchema.parse(res.json());
      expect(weeks).toHaveLength(INVENTORY_WEEKS_BEHIND + INVENTORY_WEEKS_AHEAD);
      const byStart = new Map(weeks.map((w) => [w.weekStart, w]));
      // Last week (from 06-08) and this week (from 06-15) each hold 7 of the 28 days: 7,000 booked.
      expect(byStart.get('2026-06-08')!.booked).toBe(7000);
      expect(byStart.get('2026-06-15')!.booked).toBe(7000);
      expect(byStart.get('2026-07-06')!.booked).toBe(0);
      // Past week: what was delivered then (nothing in the counters); this week ahead: the forecast.
      expect(byStart.get('2026-06-08')!.delivered).toBe(0);
      expect(byStart.get('2026-06-15')).toMatchObject({ delivered: null, forecast: 40 + 6 });
    });

    it('lets the main administrator see the platform or one customer; a customer naming one is ignored, as on lists', async () => {
      const all = inventoryResponseSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/${API_PATHS.demand.inventory}`,
            headers: admin.headers,
          })
        ).json(),
      );
      expect(all.resources.map((r) => r.id)).toEqual(expect.arrayContaining([sports.id, otherStream]));
      const one = inventoryResponseSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: url(API_PATHS.demand.inventory, { customerId: other.customer.id }),
            headers: admin.headers,
          })
        ).json(),
      );
      expect(one.resources.map((r) => r.id)).toEqual([otherStream]);
      expect(one.resources[0]!.scheduledBreaks).toBe(6);
      // Issue 46: one rule with the resource lists: anyone but a main administrator sees its own
      // account whatever customerId it names (another's, its own), never a 400.
      const own = await app.inject({
        method: 'GET',
        url: `/api/${API_PATHS.demand.inventory}`,
        headers: customer.headers,
      });
      expect(own.statusCode).toBe(200);
      const ownIds = inventoryResponseSchema.parse(own.json()).resources.map((r) => r.id);
      expect(ownIds).toEqual(expect.arrayContaining([sports.id, vod.id]));
      expect(ownIds).not.toContain(otherStream);
      for (const customerId of [other.customer.id, sports.customerId]) {
        const named = await app.inject({
          method: 'GET',
          url: url(API_PATHS.demand.inventory, { customerId }),
          headers: customer.headers,
        });
        expect(named.statusCode).toBe(200);
        expect(named.json()).toEqual(own.json());
      }
      // The same rule as GET /ssai/live-stream (a list).
      const list = await app.inject({
        method: 'GET',
        url: url(API_PATHS.resources.liveStream, { customerId: other.customer.id, pageSize: 'All' }),
        headers: customer.headers,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((r: { _id: string }) => r._id)).not.toContain(otherStream);
    });

    it('needs a session and refuses bad input', async () => {
      expect(
        (await app.inject({ method: 'GET', url: `/api/${API_PATHS.demand.inventory}` })).statusCode,
      ).toBe(401);
      const bad = await app.inject({
        method: 'GET',
        url: url(API_PATHS.demand.inventory, { customerId: 'nope' }),
        headers: admin.headers,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields[0].field).toBe('customerId');
    });
  });

  describe('insights', () => {
    const get = (query: Record<string, string>, headers = admin.headers) =>
      app.inject({ method: 'GET', url: url(API_PATHS.demand.insights, query), headers });

    it('sums impressions, fill and revenue by day with every day of the period', async () => {
      const res = await get({ from: '2026-06-14', to: '2026-06-16' });
      expect(res.statusCode).toBe(200);
      const body = insightsResponseSchema.parse(res.json());
      expect(body.days.map((d) => d.day)).toEqual(['2026-06-14', '2026-06-15', '2026-06-16']);
      // Every day is a row, one without traffic too.
      expect(body.rows.map((r) => r.key)).toEqual(['2026-06-14', '2026-06-15', '2026-06-16']);
      expect(body.rows[0]).toMatchObject({
        impressions: 0,
        campaignImpressions: 0,
        avails: 0,
        fillRate: null,
      });
      expect(body.totals).toMatchObject({
        impressions: 16 + 6 + 300,
        campaignImpressions: 11,
        revenueMillicents: 11 * 1250,
        avails: 10 + 5 + 4 + 100,
        availsFilled: 8 + 0 + 4 + 100,
      });
      const day16 = body.rows.find((r) => r.key === '2026-06-16')!;
      expect(day16).toMatchObject({ impressions: 322, campaignImpressions: 8, revenueMillicents: 10_000 });
      expect(body.rows.find((r) => r.key === '2026-06-15')).toMatchObject({
        impressions: 0,
        campaignImpressions: 3,
        avails: 5,
        availsFilled: 0,
        fillRate: 0,
      });
    });

    it('groups by customer, stream and campaign with names', async () => {
      const byCustomer = insightsResponseSchema.parse(
        (await get({ from: '2026-06-14', to: '2026-06-16', groupBy: 'customer' })).json(),
      );
      expect(byCustomer.rows.find((r) => r.key === sports.customerId)).toMatchObject({
        label: 'Demo Broadcasting',
        revenueMillicents: 13_750,
      });
      expect(byCustomer.rows.find((r) => r.key === other.customer.id)).toMatchObject({
        impressions: 300,
        revenueMillicents: 0,
      });
      const byStream = insightsResponseSchema.parse(
        (await get({ from: '2026-06-16', to: '2026-06-16', groupBy: 'stream' })).json(),
      );
      expect(byStream.rows.find((r) => r.key === sports.id)).toMatchObject({
        label: 'Sports 1',
        customerName: 'Demo Broadcasting',
        impressions: 16,
        campaignImpressions: 8,
      });
      const byCampaign = insightsResponseSchema.parse(
        (
          await get({
            from: '2026-06-01',
            to: '2026-06-30',
            groupBy: 'campaign',
            customerId: sports.customerId,
          })
        ).json(),
      );
      expect(byCampaign.rows).toEqual([
        expect.objectContaining({
          key: campaignId,
          label: 'Summer',
          campaignImpressions: 11,
          revenueMillicents: 13_750,
          fillRate: null,
        }),
      ]);
    });

    it('is the main administrator’s: a customer is refused, an anonymous caller is not signed in', async () => {
      const refused = await get({ from: '2026-06-14', to: '2026-06-16' }, customer.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(DEMAND_REPORT_TEXTS.insightsForbidden);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: url(API_PATHS.demand.insights, { from: '2026-06-14', to: '2026-06-16' }),
          })
        ).statusCode,
      ).toBe(401);
    });

    it.each([
      [{ from: '2026-6-1', to: '2026-06-16' }, 'from', DEMAND_REPORT_TEXTS.day],
      [{ from: '2026-06-16', to: '2026-06-01' }, 'to', DEMAND_REPORT_TEXTS.order],
      [{ from: '2025-01-01', to: '2026-06-16' }, 'to', DEMAND_REPORT_TEXTS.range],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from', DEMAND_REPORT_TEXTS.day],
    ])('refuses %o naming %s', async (query, field, message) => {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toContainEqual({ field, message });
    });
  });
});
