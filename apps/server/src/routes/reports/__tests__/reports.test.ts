import {
  API_PATHS,
  apiPath,
  HEADERS,
  LATENCY_BUCKETS_MS,
  parseCsv,
  REPORT_TEXTS,
  reportResponseSchema,
  reportTable,
  savedReportSchema,
} from '@cuepoint/core';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adDeliveryDays,
  campaigns,
  liveStreams,
  playbackMinutes,
  savedReports,
  vodAssets,
} from '../../../db/schema/index.ts';
import { runReport } from '../../../repositories/reports.ts';
import { runDueReports } from '../../../services/report-schedule.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';

const DAY = 86_400_000;
/** Wednesday 2026-06-17 12:00 UTC. */
const NOW = Date.UTC(2026, 5, 17, 12, 0, 0);
const ALL = 'impressions,campaignImpressions,fillRate,adErrors,adLatency,viewerHours,revenue';
/** A latency histogram with `n` requests in the bucket of LATENCY_BUCKETS_MS[i]. */
const histogram = (entries: Record<number, number>) =>
  Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, (_, i) => entries[i] ?? 0);
const url = (path: string, query: Record<string, string>) => `/api/${path}?${new URLSearchParams(query)}`;

describe('reports', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let customer: Awaited<ReturnType<typeof loginAs>>;
  let other: TestAccount;
  let otherAdmin: TestAccount;
  let sports: { id: string; customerId: string };
  let vod: { id: string; customerId: string };
  let otherStream: string;
  let campaignId: string;

  const run = (query: Record<string, string>, headers: Record<string, string> | null = admin.headers) =>
    app.inject({ method: 'GET', url: url(API_PATHS.reports.run, query), ...(headers ? { headers } : {}) });

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    app = await testApp();
    admin = await loginAs(app, 'admin');
    customer = await loginAs(app, 'customer');
    other = await createAccount(app);
    otherAdmin = await createAccount(app, { isMainAdmin: true });
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
      .values({ customerId: other.customer.id, data: { name: 'Other channel', status: 'active' } })
      .returning();
    otherStream = stream!.id;
    const [campaign] = await app.db
      .insert(campaigns)
      .values({ customerId: sports.customerId, data: { name: 'Reported summer', status: 'active' } })
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
      adLatencyMs: histogram({}),
      originLatencyMs: histogram({}),
      ...counts,
    });
    await app.db.insert(playbackMinutes).values([
      // 06-16 12:00: 30 viewers, 2 failed ad requests, latencies 8 x 50 ms and 2 x 250 ms.
      minute(sports.id, sports.customerId, NOW - DAY, {
        impressions: 16,
        avails: 10,
        availsEmpty: 2,
        viewers: 30,
        adErrors: 1,
        adTimeouts: 1,
        adLatencyMs: histogram({ 3: 8, 5: 2 }),
      }),
      // 06-15 12:00: nothing filled, 10 slow answers (1,000 ms).
      minute(sports.id, sports.customerId, NOW - 2 * DAY, {
        avails: 5,
        availsEmpty: 5,
        viewers: 30,
        adLatencyMs: histogram({ 7: 10 }),
      }),
      // 06-16 12:00, another customer: 20 answers of 25 ms.
      minute(otherStream, other.customer.id, NOW - DAY, {
        impressions: 300,
        avails: 100,
        viewers: 60,
        adErrors: 3,
        adLatencyMs: histogram({ 2: 20 }),
      }),
      // 2026-05-31 23:59: in May.
      minute(sports.id, sports.customerId, Date.UTC(2026, 4, 31, 23, 59), {
        impressions: 4,
        avails: 2,
        viewers: 6,
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
        revenueMillicents: 10_000,
      },
      {
        campaignId,
        day: '2026-06-15',
        resourceId: vod.id,
        customerId: sports.customerId,
        served: 3,
        impressions: 3,
        revenueMillicents: 3_750,
      },
    ]);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });

  describe('the report', () => {
    it('sums June’s counters into the hand-computed totals, every day a row', async () => {
      const res = await run({ from: '2026-06-01', to: '2026-06-30', metrics: ALL });
      expect(res.statusCode).toBe(200);
      const body = reportResponseSchema.parse(res.json());
      expect(body.rows).toHaveLength(30);
      expect(body.series).toHaveLength(30);
      expect(body.totals).toEqual({
        impressions: 16 + 300,
        campaignImpressions: 11,
        // (8 + 0 + 100) filled of (10 + 5 + 100) avails.
        fillRate: 108 / 115,
        adErrors: 2 + 3,
        // 40 answers: 20 x 25, 8 x 50, 2 x 250, 10 x 1,000 ms; the 20th is 25 ms, the 38th 1,000 ms.
        adLatencyP50: 25,
        adLatencyP95: 1000,
        // 120 viewer-minutes.
        viewerHours: 2,
        revenueMillicents: 13_750,
      });
      expect(body.rows.find((r) => r.key === '2026-06-16')).toMatchObject({
        impressions: 316,
        adErrors: 5,
        viewerHours: 1.5,
        adLatencyP50: 25,
        adLatencyP95: 250,
        revenueMillicents: 10_000,
      });
      expect(body.rows.find((r) => r.key === '2026-06-01')).toMatchObject({
        impressions: 0,
        fillRate: null,
        adLatencyP50: null,
        viewerHours: 0,
      });
      // The totals are the rows' sums.
      const sum = (pick: (r: (typeof body.rows)[number]) => number | null) =>
        body.rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
      expect(sum((r) => r.impressions)).toBe(body.totals.impressions);
      expect(sum((r) => r.revenueMillicents)).toBe(body.totals.revenueMillicents);
      expect(sum((r) => r.viewerHours)).toBe(body.totals.viewerHours);
    });

    it('groups by month and by year', async () => {
      const byMonth = reportResponseSchema.parse(
        (
          await run({ period: 'year', year: '2026', interval: 'month', metrics: 'impressions,viewerHours' })
        ).json(),
      );
      expect(byMonth).toMatchObject({ from: '2026-01-01', to: '2026-12-31', interval: 'month' });
      expect(byMonth.rows.map((r) => r.key)).toHaveLength(12);
      expect(byMonth.rows.find((r) => r.key === '2026-05')).toMatchObject({
        impressions: 4,
        viewerHours: 0.1,
      });
      expect(byMonth.rows.find((r) => r.key === '2026-06')).toMatchObject({
        impressions: 316,
        viewerHours: 2,
      });
      const byYear = reportResponseSchema.parse(
        (
          await run({ from: '2025-12-01', to: '2026-06-30', interval: 'year', metrics: 'impressions' })
        ).json(),
      );
      expect(byYear.rows.map((r) => [r.key, r.impressions])).toEqual([
        ['2025', 0],
        ['2026', 320],
      ]);
    });

    it('groups by customer, stream and campaign, the totals the rows’ sums', async () => {
      const june = { from: '2026-06-01', to: '2026-06-30', metrics: ALL };
      const byCustomer = reportResponseSchema.parse((await run({ ...june, groupBy: 'customer' })).json());
      expect(byCustomer.rows.map((r) => [r.label, r.impressions, r.revenueMillicents])).toEqual([
        ['Demo Broadcasting', 16, 13_750],
        [other.customer.name, 300, 0],
      ]);
      expect(byCustomer.rows[0]).toMatchObject({ viewerHours: 1, adErrors: 2, fillRate: 8 / 15 });
      const byStream = reportResponseSchema.parse(
        (await run({ ...june, groupBy: 'stream', customerId: sports.customerId })).json(),
      );
      expect(
        byStream.rows.map((r) => [r.label, r.customerName, r.impressions, r.campaignImpressions]),
      ).toEqual([
        ['Sports 1', 'Demo Broadcasting', 16, 8],
        ['Match highlights', 'Demo Broadcasting', 0, 3],
      ]);
      expect(byStream.totals).toMatchObject({
        impressions: 16,
        campaignImpressions: 11,
        revenueMillicents: 13_750,
      });
      const byCampaign = reportResponseSchema.parse((await run({ ...june, groupBy: 'campaign' })).json());
      expect(byCampaign.rows).toEqual([
        expect.objectContaining({
          key: campaignId,
          label: 'Reported summer',
          customerName: 'Demo Broadcasting',
          campaignImpressions: 11,
          revenueMillicents: 13_750,
          // The playback counters do not know campaigns.
          impressions: null,
          viewerHours: null,
        }),
      ]);
      expect(byCampaign.totals).toMatchObject({ campaignImpressions: 11, impressions: null });
      // The charts still get every day's whole figures.
      expect(byCampaign.series.find((s) => s.bucket === '2026-06-16')).toMatchObject({ impressions: 316 });
    });

    it('resolves the relative periods at the clock', async () => {
      const week = reportResponseSchema.parse(
        (await run({ period: 'last7days', metrics: 'impressions' })).json(),
      );
      expect([week.from, week.to]).toEqual(['2026-06-10', '2026-06-16']);
      expect(week.totals.impressions).toBe(316);
      const month = reportResponseSchema.parse(
        (await run({ period: 'lastMonth', metrics: 'impressions' })).json(),
      );
      expect([month.from, month.to, month.totals.impressions]).toEqual(['2026-05-01', '2026-05-31', 4]);
      const may = reportResponseSchema.parse(
        (await run({ period: 'month', year: '2026', month: '5', metrics: 'impressions' })).json(),
      );
      expect([may.from, may.to, may.totals.impressions]).toEqual(['2026-05-01', '2026-05-31', 4]);
    });

    it.each([
      [{ period: 'year', year: '1995' }, 'year', REPORT_TEXTS.invalidYear],
      [{ period: 'year', year: '2027' }, 'year', REPORT_TEXTS.invalidYear],
      [{ period: 'year', year: 'soon' }, 'year', REPORT_TEXTS.invalidYear],
      [{ period: 'month', year: '2025', month: '13' }, 'month', REPORT_TEXTS.invalidMonth],
      [{ period: 'month', year: '2025', month: '0' }, 'month', REPORT_TEXTS.invalidMonth],
      [{ period: 'month', year: '2026', month: '7' }, 'month', REPORT_TEXTS.selectCurrentYear],
      [{ from: '1995-12-31', to: '2026-01-01', interval: 'month' }, 'from', REPORT_TEXTS.invalidYear],
      [{ from: '2026-06-16', to: '2026-06-01' }, 'to', REPORT_TEXTS.toBeforeFrom],
      [{ from: '2026-06-16', to: '2026-06-01' }, 'from', REPORT_TEXTS.fromAfterTo],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from', REPORT_TEXTS.day],
      [{ from: '2025-01-01', to: '2026-06-01' }, 'to', REPORT_TEXTS.dayRange],
      [{ from: '2026-06-01', to: '2026-06-02', metrics: '' }, 'metrics', REPORT_TEXTS.noMetric],
      [{ from: '2026-06-01', to: '2026-06-02', metrics: 'clicks' }, 'metrics.0', undefined],
      [{ from: '2026-06-01', to: '2026-06-02', customerId: 'nope' }, 'customerId', undefined],
    ])('refuses %o naming %s', async (query, field, message) => {
      const res = await run({ metrics: 'impressions', ...query });
      expect(res.statusCode).toBe(400);
      const fields = res.json().fields as { field: string; message: string }[];
      if (message) expect(fields).toContainEqual({ field, message });
      else expect(fields.map((f) => f.field)).toContain(field);
    });

    it('is the main administrator’s: anonymous 401, a customer 403, login-as 403', async () => {
      const query = { from: '2026-06-01', to: '2026-06-02', metrics: 'impressions' };
      expect((await run(query, null)).statusCode).toBe(401);
      const refused = await run(query, customer.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(REPORT_TEXTS.forbidden);
      const acting = await run(query, { ...admin.headers, [HEADERS.loginAs]: customer.userId });
      expect(acting.statusCode).toBe(403);
    });
  });

  describe('saved reports', () => {
    const path = `/api/${API_PATHS.reports.saved}`;
    const item = (id: string) => `/api/${apiPath(API_PATHS.reports.savedItem, { id })}`;
    const query = {
      period: 'last7days',
      groupBy: 'customer',
      interval: 'day',
      metrics: ['impressions', 'revenue'],
    };
    const rowCount = async () => (await app.db.select({ n: count() }).from(savedReports))[0]!.n;

    it('creates, lists, reads, edits and deletes the caller’s own', async () => {
      const created = await app.inject({
        method: 'POST',
        url: path,
        headers: admin.headers,
        payload: { name: ' Weekly revenue ', query },
      });
      expect(created.statusCode).toBe(201);
      const report = savedReportSchema.parse(created.json());
      expect(report).toMatchObject({
        name: 'Weekly revenue',
        schedule: null,
        recipients: [],
        nextRunAt: null,
      });
      expect(report.query).toMatchObject(query);
      const list = await app.inject({ method: 'GET', url: path, headers: admin.headers });
      expect(list.json().data.map((r: { _id: string }) => r._id)).toContain(report._id);
      const edited = await app.inject({
        method: 'PUT',
        url: item(report._id),
        headers: admin.headers,
        payload: { name: 'Weekly', query, schedule: 'weekly', recipients: ['a@cuepoint.test'] },
      });
      expect(edited.statusCode).toBe(200);
      // The next Monday 00:00 UTC after Wednesday 06-17.
      expect(edited.json()).toMatchObject({
        name: 'Weekly',
        schedule: 'weekly',
        nextRunAt: '2026-06-22T00:00:00.000Z',
      });
      expect(
        (await app.inject({ method: 'GET', url: item(report._id), headers: admin.headers })).json().name,
      ).toBe('Weekly');
      const deleted = await app.inject({ method: 'DELETE', url: item(report._id), headers: admin.headers });
      expect(deleted.json()).toEqual({ _id: report._id });
      expect(
        (await app.inject({ method: 'GET', url: item(report._id), headers: admin.headers })).statusCode,
      ).toBe(404);
    });

    it('hides another administrator’s reports (404) and refuses customers and login-as', async () => {
      const mine = savedReportSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: path,
            headers: admin.headers,
            payload: { name: 'Mine', query },
          })
        ).json(),
      );
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await app.inject({
          method,
          url: item(mine._id),
          headers: otherAdmin.headers,
          ...(method === 'PUT' ? { payload: { name: 'Taken', query } } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(REPORT_TEXTS.notFound);
      }
      const theirs = await app.inject({ method: 'GET', url: path, headers: otherAdmin.headers });
      expect(theirs.json().data).toEqual([]);
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      const before = await rowCount();
      for (const headers of [customer.headers, { ...admin.headers, [HEADERS.loginAs]: customer.userId }]) {
        expect((await app.inject({ method: 'GET', url: path, headers })).statusCode).toBe(403);
        const post = await app.inject({ method: 'POST', url: path, headers, payload: { name: 'No', query } });
        expect(post.statusCode).toBe(403);
        expect((await app.inject({ method: 'DELETE', url: item(mine._id), headers })).statusCode).toBe(403);
      }
      expect(await rowCount()).toBe(before);
      expect(
        (await app.inject({ method: 'GET', url: item(mine._id), headers: admin.headers })).json().name,
      ).toBe('Mine');
    });

    it.each([
      [{ name: '  ', query }, 'name', REPORT_TEXTS.nameRequired],
      [{ name: 'R', query, schedule: 'daily' }, 'recipients', REPORT_TEXTS.recipientsRequired],
      [
        { name: 'R', query, schedule: 'daily', recipients: ['not-mail'] },
        'recipients.0',
        REPORT_TEXTS.invalidEmail,
      ],
      [
        {
          name: 'R',
          query,
          schedule: 'daily',
          recipients: ['1', '2', '3', '4', '5', '6'].map((n) => `${n}@x.test`),
        },
        'recipients',
        REPORT_TEXTS.tooManyRecipients,
      ],
      [
        { name: 'R', query: { ...query, period: 'month', year: 2026, month: 12 } },
        'query.month',
        REPORT_TEXTS.selectCurrentYear,
      ],
      [{ name: 'R', query, schedule: 'hourly', recipients: ['a@x.test'] }, 'schedule', undefined],
    ])('refuses %o naming %s, writing nothing', async (payload, field, message) => {
      const before = await rowCount();
      const res = await app.inject({ method: 'POST', url: path, headers: admin.headers, payload });
      expect(res.statusCode).toBe(400);
      const fields = res.json().fields as { field: string; message: string }[];
      if (message) expect(fields).toContainEqual({ field, message });
      else expect(fields.map((f) => f.field)).toContain(field);
      expect(await rowCount()).toBe(before);
    });

    it('mails a due report once, then not again until its next period', async () => {
      await app.db.delete(savedReports);
      const created = savedReportSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: path,
            headers: admin.headers,
            payload: {
              name: 'Daily customers',
              query: { ...query, metrics: ['impressions', 'viewerHours', 'revenue'] },
              schedule: 'daily',
              recipients: ['ops@cuepoint.test', 'cfo@cuepoint.test'],
            },
          })
        ).json(),
      );
      expect(created.nextRunAt).toBe('2026-06-18T00:00:00.000Z');
      const mails = async () =>
        (await readOutbox(app.dataDir)).filter(
          (m) => m.subject === REPORT_TEXTS.mailSubject('Daily customers'),
        );

      expect((await app.reportSchedule.run(new Date(Date.UTC(2026, 5, 17, 23, 59)))).mailed).toEqual([]);
      expect(await mails()).toHaveLength(0);

      const due = new Date(Date.UTC(2026, 5, 18, 0, 1));
      expect((await app.reportSchedule.run(due)).mailed).toEqual([created._id]);
      const sent = await mails();
      expect(sent.map((m) => m.to).sort()).toEqual(['cfo@cuepoint.test', 'ops@cuepoint.test']);
      // The mail carries the report's table as CSV: the same cells the console shows.
      const [row] = await app.db.select().from(savedReports).where(eq(savedReports.id, created._id));
      expect(row!.nextRunAt!.toISOString()).toBe('2026-06-19T00:00:00.000Z');
      expect(row!.lastRunAt!.toISOString()).toBe(due.toISOString());
      const csv = sent[0]!.text.split('\n').filter((line) => line.includes(','));
      const expected = reportTable(
        await runReport(
          app.db,
          {
            ...query,
            period: 'last7days',
            groupBy: 'customer',
            interval: 'day',
            metrics: ['impressions', 'viewerHours', 'revenue'],
          },
          due,
        ),
      );
      expect(expected.rows.length).toBeGreaterThan(0);
      expect(parseCsv(`${csv.join('\r\n')}\r\n`)).toEqual([
        expected.header,
        ...expected.rows,
        expected.totals,
      ]);
      expect(expected.header).toEqual(['Customer', 'Impressions', 'Viewer hours', 'Revenue']);
      expect(sent[0]!.links[0]).toContain('/app/reports?');

      expect((await app.reportSchedule.run(new Date(Date.UTC(2026, 5, 18, 23, 0)))).mailed).toEqual([]);
      expect(await mails()).toHaveLength(2);
      expect((await app.reportSchedule.run(new Date(Date.UTC(2026, 5, 19, 0, 0)))).mailed).toEqual([
        created._id,
      ]);
      expect(await mails()).toHaveLength(4);
    });

    it('keeps a report due when its mail fails (the run rolls back), and mails it at the next pass', async () => {
      await app.db.delete(savedReports);
      const created = savedReportSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: path,
            headers: admin.headers,
            payload: { name: 'Flaky', query, schedule: 'daily', recipients: ['ops@cuepoint.test'] },
          })
        ).json(),
      );
      const due = new Date(Date.UTC(2026, 5, 18, 0, 1));
      // SMTP refusing the message: the outside world failing, not our code.
      const smtpDown = {
        db: app.db,
        mailer: {
          send: async () => {
            throw new Error('421 service not available');
          },
        },
        log: app.log,
        consoleLink: app.consoleLink,
      };
      expect(await runDueReports(smtpDown, due)).toEqual({ mailed: [], failed: [created._id] });
      const [kept] = await app.db.select().from(savedReports).where(eq(savedReports.id, created._id));
      expect(kept!.nextRunAt!.toISOString()).toBe('2026-06-18T00:00:00.000Z');
      expect(kept!.lastRunAt).toBeNull();
      expect((await app.reportSchedule.run(due)).mailed).toEqual([created._id]);
    });

    it('counts a run that reached one recipient: a refused address is not worth mailing the others twice', async () => {
      await app.db.delete(savedReports);
      const created = savedReportSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: path,
            headers: admin.headers,
            payload: {
              name: 'Half',
              query,
              schedule: 'daily',
              recipients: ['ops@cuepoint.test', 'gone@cuepoint.test'],
            },
          })
        ).json(),
      );
      const due = new Date(Date.UTC(2026, 5, 18, 0, 1));
      const sent: string[] = [];
      // The SMTP server refusing one address: the outside world failing, not our code.
      const oneRefused = {
        db: app.db,
        mailer: {
          send: async (mail: { to: string }) => {
            if (mail.to === 'gone@cuepoint.test') throw new Error('550 no such user');
            sent.push(mail.to);
          },
        },
        log: app.log,
        consoleLink: app.consoleLink,
      };
      expect(await runDueReports(oneRefused, due)).toEqual({ mailed: [created._id], failed: [] });
      expect(await runDueReports(oneRefused, due)).toEqual({ mailed: [], failed: [] });
      expect(sent).toEqual(['ops@cuepoint.test']);
      const [kept] = await app.db.select().from(savedReports).where(eq(savedReports.id, created._id));
      expect(kept!.nextRunAt!.toISOString()).toBe('2026-06-19T00:00:00.000Z');
    });
  });
});
