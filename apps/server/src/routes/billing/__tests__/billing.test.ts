import {
  API_PATHS,
  apiPath,
  BILLING_TEXTS,
  fillBillingText,
  HEADERS,
  type Invoice,
  invoiceListResponseSchema,
  invoiceSchema,
  LATENCY_BUCKETS_MS,
  usageSchema,
} from '@cuepoint/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  invoices,
  liveStreams,
  notifications,
  payments,
  planChanges,
  playbackMinutes,
  users,
  vodAssets,
} from '../../../db/schema/index.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, readOutbox, type TestApp, testApp } from '../../../test/helpers.ts';

const DAY = 86_400_000;
/** Friday 2026-07-10 12:00 UTC: June has ended, July is under way. */
const NOW = Date.UTC(2026, 6, 10, 12, 0, 0);
const ZERO = Array.from({ length: LATENCY_BUCKETS_MS.length + 1 }, () => 0);
const api = (path: string) => `/api/${path}`;
const at = (iso: string) => new Date(iso);

describe('billing: usage, invoices, credit notes, payments, PDF and chart', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  /** Standard, with a payment customer id: sees Billing. */
  let alpha: TestAccount;
  /** Upgraded to Enterprise on 06-14. */
  let beta: TestAccount;
  /** No payment customer id: sees no Billing. */
  let gamma: TestAccount;
  /** The demo customer (no payment customer id). */
  let demo: Awaited<ReturnType<typeof loginAs>>;

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers?: Record<string, string>,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      ...(headers ? { headers } : {}),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const invoiceCount = async () =>
    Number((await app.db.select({ n: sql<string>`count(*)` }).from(invoices))[0]!.n);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    app = await testApp({ env: { BILLING_TAX_RATE_PERCENT: '20' } });
    admin = await loginAs(app, 'admin');
    demo = await loginAs(app, 'customer');
    alpha = await createAccount(app, { customer: { name: 'Alpha TV', paymentCustomerId: 'cus_alpha' } });
    beta = await createAccount(app, {
      customer: { name: 'Beta Media', paymentCustomerId: 'cus_beta', paymentPlan: 'enterprise' },
    });
    gamma = await createAccount(app, { customer: { name: 'Gamma Radio' } });

    const may = at('2026-05-01T00:00:00Z');
    const [a1, a2] = await app.db
      .insert(liveStreams)
      .values([
        { customerId: alpha.customer.id, data: { name: 'A1', status: 'active' }, createdAt: may },
        // Inactive now, but it had viewers in June: billed.
        { customerId: alpha.customer.id, data: { name: 'A2', status: 'inactive' }, createdAt: may },
        // Created after June: not billed for June.
        {
          customerId: alpha.customer.id,
          data: { name: 'A3', status: 'active' },
          createdAt: at('2026-07-05T00:00:00Z'),
        },
        // Inactive without viewers: not billed.
        { customerId: alpha.customer.id, data: { name: 'A4', status: 'inactive' }, createdAt: may },
      ])
      .returning();
    const [v1] = await app.db
      .insert(vodAssets)
      .values([
        { customerId: alpha.customer.id, data: { name: 'V1', duration: 3600 }, createdAt: may },
        { customerId: alpha.customer.id, data: { name: 'V2', duration: 1800 }, createdAt: may },
        {
          customerId: alpha.customer.id,
          data: { name: 'V3', duration: 7200 },
          createdAt: at('2026-07-02T00:00:00Z'),
        },
      ])
      .returning();
    const minute = (
      resourceId: string,
      customerId: string,
      iso: string,
      counts: Partial<typeof playbackMinutes.$inferInsert>,
    ) => ({
      resourceId,
      customerId,
      kind: 'liveStream',
      minute: at(iso),
      adLatencyMs: ZERO,
      originLatencyMs: ZERO,
      ...counts,
    });
    await app.db.insert(playbackMinutes).values([
      // June: 1,513 impressions and 300 viewer-minutes (5 viewer hours).
      minute(a1!.id, alpha.customer.id, '2026-06-01T00:00:00Z', { viewers: 120, impressions: 1000 }),
      minute(a1!.id, alpha.customer.id, '2026-06-15T10:00:00Z', { viewers: 60, impressions: 500 }),
      minute(a2!.id, alpha.customer.id, '2026-06-30T23:59:00Z', { viewers: 30, impressions: 10 }),
      minute(v1!.id, alpha.customer.id, '2026-06-10T08:00:00Z', { kind: 'vod', viewers: 90, impressions: 3 }),
      // Outside June.
      minute(a1!.id, alpha.customer.id, '2026-05-31T23:59:00Z', { viewers: 1000, impressions: 1000 }),
      minute(a1!.id, alpha.customer.id, '2026-07-02T00:00:00Z', { viewers: 6, impressions: 7 }),
    ]);
    // Beta: Standard until its upgrade on 06-14 15:00; 100,000 impressions before, 2,000,000 after.
    const [b1] = await app.db
      .insert(liveStreams)
      .values({ customerId: beta.customer.id, data: { name: 'B1', status: 'inactive' }, createdAt: may })
      .returning();
    await app.db
      .insert(playbackMinutes)
      .values([
        minute(b1!.id, beta.customer.id, '2026-06-10T00:00:00Z', { impressions: 100_000 }),
        minute(b1!.id, beta.customer.id, '2026-06-20T00:00:00Z', { impressions: 2_000_000 }),
      ]);
    await app.db.insert(planChanges).values({
      customerId: beta.customer.id,
      fromPlan: 'standard',
      toPlan: 'enterprise',
      changedBy: beta.userId,
      actingAs: beta.userId,
      at: at('2026-06-14T15:00:00Z'),
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });

  describe('usage', () => {
    const usageUrl = (query: Record<string, string>) =>
      api(apiPath(API_PATHS.billing.usage, undefined, query));

    it('counts a month from the counters as computed by hand', async () => {
      const res = await inject(
        'GET',
        usageUrl({ customerId: alpha.customer.id, month: '2026-06' }),
        admin.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(usageSchema.parse(res.json())).toEqual({
        customerId: alpha.customer.id,
        month: '2026-06',
        from: '2026-06-01T00:00:00.000Z',
        to: '2026-07-01T00:00:00.000Z',
        plan: 'standard',
        quantities: { impressions: 1513, viewerHours: '5.000', liveChannels: 2, vodHours: '1.500' },
        planChanges: [],
      });
    });

    it('names the plan changes of the month', async () => {
      const res = await inject(
        'GET',
        usageUrl({ customerId: beta.customer.id, month: '2026-06' }),
        admin.headers,
      );
      expect(res.json()).toMatchObject({
        plan: 'enterprise',
        quantities: { impressions: 2_100_000, liveChannels: 0 },
        planChanges: [{ at: '2026-06-14T15:00:00.000Z', fromPlan: 'standard', toPlan: 'enterprise' }],
      });
    });

    it('refuses a customer, login-as, an anonymous caller and bad input', async () => {
      const url = usageUrl({ customerId: alpha.customer.id, month: '2026-06' });
      expect((await inject('GET', url)).statusCode).toBe(401);
      const refused = await inject('GET', url, alpha.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(BILLING_TEXTS.adminOnly);
      expect(
        (await inject('GET', url, { ...admin.headers, [HEADERS.loginAs]: alpha.userId })).statusCode,
      ).toBe(403);
      for (const [query, field, message] of [
        [{ customerId: alpha.customer.id, month: '2026-13' }, 'month', BILLING_TEXTS.month],
        [{ customerId: alpha.customer.id, month: '2026-08' }, 'month', BILLING_TEXTS.monthFuture],
        [{ customerId: 'nope', month: '2026-06' }, 'customerId', BILLING_TEXTS.customerRequired],
        [
          { customerId: '00000000-0000-4000-8000-000000000000', month: '2026-06' },
          'customerId',
          BILLING_TEXTS.customerNotFound,
        ],
      ] as const) {
        const bad = await inject('GET', usageUrl(query), admin.headers);
        expect(bad.statusCode, JSON.stringify(query)).toBe(400);
        expect(bad.json().fields).toContainEqual({ field, message });
      }
    });

    it('gives a customer with a payment customer id its month so far (also to the administrator acting as it)', async () => {
      const own = await inject('GET', api(API_PATHS.billing.myUsage), alpha.headers);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({
        customerId: alpha.customer.id,
        month: '2026-07',
        to: new Date(NOW).toISOString(),
        // A3 (created 07-05) is active now; A1 too.
        quantities: { impressions: 7, viewerHours: '0.100', liveChannels: 2, vodHours: '3.500' },
      });
      const acting = await inject('GET', api(API_PATHS.billing.myUsage), {
        ...admin.headers,
        [HEADERS.loginAs]: alpha.userId,
      });
      expect(acting.json().customerId).toBe(alpha.customer.id);
      // No payment customer id, the administrator itself, nobody: refused.
      expect((await inject('GET', api(API_PATHS.billing.myUsage), gamma.headers)).statusCode).toBe(403);
      expect((await inject('GET', api(API_PATHS.billing.myUsage), admin.headers)).statusCode).toBe(403);
      expect((await inject('GET', api(API_PATHS.billing.myUsage))).statusCode).toBe(401);
    });
  });

  describe('preview and drafts', () => {
    it('previews June’s invoice: one line per metric, 20% tax, nothing stored', async () => {
      const before = await invoiceCount();
      const res = await inject('POST', api(API_PATHS.billing.preview), admin.headers, {
        customerId: alpha.customer.id,
        month: '2026-06',
      });
      expect(res.statusCode).toBe(200);
      const invoice = invoiceSchema.parse(res.json());
      expect(invoice).toMatchObject({
        id: 'preview',
        status: 'draft',
        number: null,
        displayNumber: null,
        customerName: 'Alpha TV',
        periodStart: '2026-06-01',
        periodEnd: '2026-06-30',
        plan: 'standard',
        currency: 'USD',
        billTo: {
          company: 'Alpha TV',
          email: expect.stringContaining('@cuepoint.test'),
          paymentCustomerId: 'cus_alpha',
        },
        // 1,513 × $0.50/1,000 = 75.65¢ → 76; 5 h × 2¢ = 10; 2 × $99 = 19,800; 1.5 h × $1 = 150.
        subtotalMinor: 20_036,
        taxRateBp: 2000,
        taxMinor: 4007,
        totalMinor: 24_043,
      });
      expect(
        invoice.lines.map((l) => [l.kind, l.metric, l.quantity, l.rateMinor, l.per, l.amountMinor]),
      ).toEqual([
        ['usage', 'impressions', '1513.000', 50, 1000, 76],
        ['usage', 'viewer_hours', '5.000', 2, 1, 10],
        ['usage', 'live_channels', '2.000', 9900, 1, 19_800],
        ['usage', 'vod_hours', '1.500', 100, 1, 150],
      ]);
      expect(await invoiceCount()).toBe(before);
    });

    it('bills the Enterprise upgrade pro rata from its day, with the commitment top-up for its part', async () => {
      const res = await inject('POST', api(API_PATHS.billing.preview), admin.headers, {
        customerId: beta.customer.id,
        month: '2026-06',
      });
      const invoice = invoiceSchema.parse(res.json());
      expect(invoice.lines.map((l) => [l.kind, l.metric, l.quantity, l.amountMinor])).toEqual([
        ['pro_rata', 'impressions', '100000.000', 5000],
        ['pro_rata', 'viewer_hours', '0.000', 0],
        ['pro_rata', 'live_channels', '0.000', 0],
        ['pro_rata', 'vod_hours', '0.000', 0],
        ['pro_rata', 'impressions', '2000000.000', 70_000],
        ['pro_rata', 'viewer_hours', '0.000', 0],
        ['pro_rata', 'live_channels', '0.000', 0],
        ['pro_rata', 'vod_hours', '0.000', 0],
        // 17 of 30 days of 10M: 5,666,667 impressions ($1,983.33), less the $700 charged.
        ['minimum_commitment', 'impressions', '3666667.000', 128_333],
      ]);
      expect(invoice.lines[0]!.description).toContain('Standard rate from 2026-06-01 (13 of 30 days)');
      expect(invoice.lines[4]!.description).toContain('Enterprise rate from 2026-06-14 (17 of 30 days)');
      expect(invoice.subtotalMinor).toBe(5000 + 70_000 + 128_333);
    });

    it('adds manual lines and refuses a bad one naming the field', async () => {
      const res = await inject('POST', api(API_PATHS.billing.preview), admin.headers, {
        customerId: alpha.customer.id,
        month: '2026-06',
        manualLines: [{ description: 'Setup', quantity: 2, rateMinor: 5000 }],
      });
      expect(res.json().lines.at(-1)).toMatchObject({
        kind: 'manual',
        quantity: '2.000',
        amountMinor: 10_000,
      });
      expect(res.json().subtotalMinor).toBe(30_036);
      for (const [line, field, message] of [
        [
          { description: 'x', quantity: '1.2345', rateMinor: 1 },
          'manualLines.0.quantity',
          BILLING_TEXTS.quantity,
        ],
        [{ description: 'x', quantity: '0', rateMinor: 1 }, 'manualLines.0.quantity', BILLING_TEXTS.quantity],
        [
          { description: ' ', quantity: '1', rateMinor: 1 },
          'manualLines.0.description',
          BILLING_TEXTS.description,
        ],
        [
          { description: 'x', quantity: '1', rateMinor: 1.5 },
          'manualLines.0.rateMinor',
          BILLING_TEXTS.rateMinor,
        ],
        // Each part within its own limit, the product not: a 400, not an overflow.
        [
          { description: 'x', quantity: '999999999999999', rateMinor: 1_000_000_000 },
          'manualLines.0.quantity',
          BILLING_TEXTS.lineAmount,
        ],
      ] as const) {
        const bad = await inject('POST', api(API_PATHS.billing.preview), admin.headers, {
          customerId: alpha.customer.id,
          month: '2026-06',
          manualLines: [line],
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toContainEqual({ field, message });
      }
    });

    it('is the administrator’s only (not a customer, not in login-as)', async () => {
      const body = { customerId: alpha.customer.id, month: '2026-06' };
      expect((await inject('POST', api(API_PATHS.billing.preview), undefined, body)).statusCode).toBe(401);
      expect((await inject('POST', api(API_PATHS.billing.preview), alpha.headers, body)).statusCode).toBe(
        403,
      );
      expect((await inject('POST', api(API_PATHS.billing.preview), demo.headers, body)).statusCode).toBe(403);
      const acting = await inject(
        'POST',
        api(API_PATHS.billing.preview),
        { ...admin.headers, [HEADERS.loginAs]: alpha.userId },
        body,
      );
      expect(acting.statusCode).toBe(403);
      expect((await inject('POST', api(API_PATHS.billing.invoices), alpha.headers, body)).statusCode).toBe(
        403,
      );
    });

    it('stores one draft per customer and ended month; changes and deletes drafts only', async () => {
      const before = await invoiceCount();
      const thisMonth = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: gamma.customer.id,
        month: '2026-07',
      });
      expect(thisMonth.statusCode).toBe(400);
      expect(thisMonth.json().fields).toContainEqual({
        field: 'month',
        message: BILLING_TEXTS.monthNotEnded,
      });
      const created = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: gamma.customer.id,
        month: '2026-05',
        note: 'First month',
      });
      expect(created.statusCode).toBe(201);
      const draft = invoiceSchema.parse(created.json());
      expect(draft).toMatchObject({ status: 'draft', number: null, note: 'First month', totalMinor: 0 });
      expect(await invoiceCount()).toBe(before + 1);
      const again = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: gamma.customer.id,
        month: '2026-05',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(BILLING_TEXTS.duplicateInvoice);
      expect(await invoiceCount()).toBe(before + 1);

      const invoiceUrl = api(apiPath(API_PATHS.billing.invoice, { id: draft.id }));
      const updated = await inject('PUT', invoiceUrl, admin.headers, {
        manualLines: [{ description: 'Support', quantity: '1', rateMinor: 1234 }],
        note: null,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        subtotalMinor: 1234,
        taxMinor: 247,
        totalMinor: 1481,
        note: null,
      });
      expect(updated.json().lines).toHaveLength(5);
      const badUpdate = await inject('PUT', invoiceUrl, admin.headers, { manualLines: 'x' });
      expect(badUpdate.statusCode).toBe(400);
      expect(badUpdate.json().fields[0].field).toBe('manualLines');
      expect((await inject('PUT', invoiceUrl, alpha.headers, { manualLines: [] })).statusCode).toBe(403);

      expect((await inject('DELETE', invoiceUrl, alpha.headers)).statusCode).toBe(403);
      expect((await inject('DELETE', invoiceUrl, admin.headers)).statusCode).toBe(204);
      expect((await inject('DELETE', invoiceUrl, admin.headers)).statusCode).toBe(404);
      expect(await invoiceCount()).toBe(before);
      const audit = await app.db.select().from(auditLog).where(eq(auditLog.target, draft.id));
      expect(audit.map((row) => row.action).sort()).toEqual([
        'invoice.create',
        'invoice.delete',
        'invoice.update',
      ]);
    });
  });

  describe('issue, read, pay, credit', () => {
    let issued: Invoice;

    it('issues a draft: numbered, due in 30 days, immutable, mailed with its PDF, its owners notified', async () => {
      const created = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: alpha.customer.id,
        month: '2026-06',
      });
      const draft = invoiceSchema.parse(created.json());
      const res = await inject(
        'POST',
        api(apiPath(API_PATHS.billing.issue, { id: draft.id })),
        admin.headers,
      );
      expect(res.statusCode).toBe(200);
      issued = invoiceSchema.parse(res.json());
      expect(issued).toMatchObject({
        status: 'issued',
        number: expect.any(Number),
        displayNumber: `INV-${String(issued.number).padStart(6, '0')}`,
        totalMinor: 24_043,
        issuedAt: new Date(NOW).toISOString(),
        dueAt: new Date(NOW + 30 * DAY).toISOString(),
      });
      const twice = await inject(
        'POST',
        api(apiPath(API_PATHS.billing.issue, { id: draft.id })),
        admin.headers,
      );
      expect(twice.statusCode).toBe(409);
      const change = await inject(
        'PUT',
        api(apiPath(API_PATHS.billing.invoice, { id: draft.id })),
        admin.headers,
        {
          manualLines: [],
        },
      );
      expect(change.statusCode).toBe(409);
      expect(change.json().message).toBe(BILLING_TEXTS.issuedImmutable);
      expect(
        (await inject('DELETE', api(apiPath(API_PATHS.billing.invoice, { id: draft.id })), admin.headers))
          .statusCode,
      ).toBe(409);

      await app.settled();
      const [contact] = await app.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, alpha.userId));
      const mail = (await readOutbox(app.dataDir)).find(
        (m) => m.to === contact!.email && m.subject.includes(issued.displayNumber!),
      );
      expect(mail).toBeDefined();
      expect(mail!.text).toContain('$240.43');
      expect((mail as unknown as { attachments: unknown[] }).attachments).toEqual([
        { filename: `${issued.displayNumber}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
      ]);
      const [row] = await app.db.select().from(invoices).where(eq(invoices.id, issued.id));
      expect(row!.mailedAt).not.toBeNull();
      const notes = await app.db.select().from(notifications).where(eq(notifications.userId, alpha.userId));
      expect(notes).toContainEqual(expect.objectContaining({ kind: 'invoice', link: '/billing-history' }));
    });

    it('refuses to issue a draft with nothing to bill', async () => {
      const created = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: gamma.customer.id,
        month: '2026-04',
      });
      const res = await inject(
        'POST',
        api(apiPath(API_PATHS.billing.issue, { id: created.json().id })),
        admin.headers,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(BILLING_TEXTS.emptyInvoice);
      const [row] = await app.db.select().from(invoices).where(eq(invoices.id, created.json().id));
      expect(row).toMatchObject({ status: 'draft', number: null });
    });

    it('lists everything for the administrator and only its own issued documents for a customer', async () => {
      const all = invoiceListResponseSchema.parse(
        (await inject('GET', api(API_PATHS.billing.invoices), admin.headers)).json(),
      );
      expect(all.items.some((i) => i.status === 'draft')).toBe(true);
      expect(all.items.every((i) => i.lines.length === 0)).toBe(true);
      const own = await inject(
        'GET',
        api(apiPath(API_PATHS.billing.invoices, undefined, { customerId: gamma.customer.id })),
        alpha.headers,
      );
      expect(own.statusCode).toBe(200);
      const ownBody = invoiceListResponseSchema.parse(own.json());
      expect(ownBody.items.map((i) => i.id)).toEqual([issued.id]);
      expect(ownBody.totals).toEqual({ totalMinor: 24_043, paidMinor: 0, outstandingMinor: 24_043 });
      const byNumber = invoiceListResponseSchema.parse(
        (
          await inject(
            'GET',
            api(apiPath(API_PATHS.billing.invoices, undefined, { q: issued.displayNumber! })),
            admin.headers,
          )
        ).json(),
      );
      expect(byNumber.items.map((i) => i.id)).toEqual([issued.id]);
      const byName = invoiceListResponseSchema.parse(
        (
          await inject(
            'GET',
            api(apiPath(API_PATHS.billing.invoices, undefined, { q: 'gamma', status: 'draft' })),
            admin.headers,
          )
        ).json(),
      );
      expect(byName.items.map((i) => i.customerName)).toEqual(['Gamma Radio']);
      expect((await inject('GET', api(API_PATHS.billing.invoices), gamma.headers)).statusCode).toBe(403);
      expect((await inject('GET', api(API_PATHS.billing.invoices))).statusCode).toBe(401);
      const bad = await inject(
        'GET',
        api(apiPath(API_PATHS.billing.invoices, undefined, { status: 'late' })),
        admin.headers,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields[0]).toEqual({ field: 'status', message: BILLING_TEXTS.status });
      const order = await inject(
        'GET',
        api(apiPath(API_PATHS.billing.invoices, undefined, { from: '2026-06', to: '2026-05' })),
        admin.headers,
      );
      expect(order.json().fields).toContainEqual({ field: 'to', message: BILLING_TEXTS.monthOrder });
    });

    it('shows one document with its lines to whom it belongs; another customer’s or a draft is not found', async () => {
      const url = api(apiPath(API_PATHS.billing.invoice, { id: issued.id }));
      const own = await inject('GET', url, alpha.headers);
      expect(own.statusCode).toBe(200);
      expect(own.json().lines).toHaveLength(4);
      const acting = await inject('GET', url, { ...admin.headers, [HEADERS.loginAs]: alpha.userId });
      expect(acting.statusCode).toBe(200);
      expect((await inject('GET', url, beta.headers)).statusCode).toBe(404);
      expect((await inject('GET', url, gamma.headers)).statusCode).toBe(403);
      const [draft] = await app.db.select().from(invoices).where(eq(invoices.status, 'draft')).limit(1);
      expect(
        (await inject('GET', api(apiPath(API_PATHS.billing.invoice, { id: draft!.id })), admin.headers))
          .statusCode,
      ).toBe(200);
      const bad = await inject('GET', api(apiPath(API_PATHS.billing.invoice, { id: 'nope' })), admin.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields[0].field).toBe('id');
    });

    it('downloads the PDF: the owner and the administrator; drafts only the administrator', async () => {
      const url = api(apiPath(API_PATHS.billing.pdf, { id: issued.id }));
      const res = await inject('GET', url, alpha.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${issued.displayNumber}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await inject('GET', url, admin.headers)).statusCode).toBe(200);
      expect((await inject('GET', url, beta.headers)).statusCode).toBe(404);
      expect((await inject('GET', url)).statusCode).toBe(401);
      const [draft] = await app.db.select().from(invoices).where(eq(invoices.status, 'draft')).limit(1);
      const draftUrl = api(apiPath(API_PATHS.billing.pdf, { id: draft!.id }));
      const draftPdf = await inject('GET', draftUrl, admin.headers);
      expect(draftPdf.statusCode).toBe(200);
      expect(draftPdf.headers['content-disposition']).toBe(`attachment; filename="draft-${draft!.id}.pdf"`);
    });

    it('records bank transfers until the invoice is paid, never more than it owes', async () => {
      const url = api(apiPath(API_PATHS.billing.payments, { id: issued.id }));
      const half = await inject('POST', url, admin.headers, {
        paidAt: '2026-07-11T09:00:00Z',
        amountMinor: 10_000,
        reference: 'TRX-1',
      });
      expect(half.statusCode).toBe(200);
      expect(half.json()).toMatchObject({ status: 'issued', paidMinor: 10_000 });
      const tooMuch = await inject('POST', url, admin.headers, {
        paidAt: '2026-07-11T09:00:00Z',
        amountMinor: 20_000,
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().fields).toEqual([
        { field: 'amountMinor', message: BILLING_TEXTS.paymentTooLarge },
      ]);
      for (const [body, field] of [
        [{ paidAt: 'yesterday', amountMinor: 1 }, 'paidAt'],
        [{ paidAt: '2026-07-11T09:00:00Z', amountMinor: 0 }, 'amountMinor'],
        [{ paidAt: '2026-07-11T09:00:00Z', amountMinor: '5' }, 'amountMinor'],
      ] as const) {
        const bad = await inject('POST', url, admin.headers, body);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields[0].field).toBe(field);
      }
      expect(
        (await inject('POST', url, alpha.headers, { paidAt: '2026-07-11T09:00:00Z', amountMinor: 1 }))
          .statusCode,
      ).toBe(403);
      const rest = await inject('POST', url, admin.headers, {
        paidAt: '2026-07-12T09:00:00Z',
        amountMinor: 14_043,
      });
      expect(rest.json()).toMatchObject({
        status: 'paid',
        paidMinor: 24_043,
        paidAt: '2026-07-12T09:00:00.000Z',
      });
      const after = await inject('POST', url, admin.headers, {
        paidAt: '2026-07-12T09:00:00Z',
        amountMinor: 1,
      });
      expect(after.statusCode).toBe(409);
      const rows = await app.db.select().from(payments).where(eq(payments.invoiceId, issued.id));
      expect(rows.map((p) => [p.provider, p.amountMinor])).toEqual([
        ['bank_transfer', 10_000],
        ['bank_transfer', 14_043],
      ]);
    });

    it('credits an issued invoice with numbered credit notes; a full credit voids it', async () => {
      // Beta's June, issued.
      const created = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: beta.customer.id,
        month: '2026-06',
      });
      const inv = invoiceSchema.parse(
        (
          await inject(
            'POST',
            api(apiPath(API_PATHS.billing.issue, { id: created.json().id })),
            admin.headers,
          )
        ).json(),
      );
      expect(inv.totalMinor).toBe(203_333 + 40_667);
      const url = api(apiPath(API_PATHS.billing.creditNotes, { id: inv.id }));
      const partial = await inject('POST', url, admin.headers, {
        reason: 'Outage on 06-20',
        lines: [{ description: 'Service credit', amountMinor: 10_000 }],
      });
      expect(partial.statusCode).toBe(201);
      const note = invoiceSchema.parse(partial.json());
      expect(note).toMatchObject({
        kind: 'credit_note',
        status: 'issued',
        displayNumber: `CN-${String(note.number).padStart(6, '0')}`,
        creditFor: inv.id,
        creditForNumber: inv.displayNumber,
        subtotalMinor: 10_000,
        taxMinor: 2000,
        totalMinor: 12_000,
        note: 'Outage on 06-20',
      });
      await app.settled();
      const noteMail = (await readOutbox(app.dataDir)).find((m) => m.subject.includes(note.displayNumber!));
      expect(noteMail?.subject).toBe(
        fillBillingText(BILLING_TEXTS.creditMailSubject, { number: note.displayNumber! }),
      );
      expect(noteMail?.text).toContain(`corrects invoice ${inv.displayNumber} by $120.00`);
      const tooMuch = await inject('POST', url, admin.headers, {
        reason: 'All of it',
        lines: [{ description: 'Everything', amountMinor: 203_333 }],
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().fields).toEqual([{ field: 'lines', message: BILLING_TEXTS.creditTooLarge }]);
      const noLines = await inject('POST', url, admin.headers, { reason: 'x', lines: [] });
      expect(noLines.json().fields).toContainEqual({ field: 'lines', message: BILLING_TEXTS.creditLines });
      const noReason = await inject('POST', url, admin.headers, {
        reason: '',
        lines: [{ description: 'x', amountMinor: 1 }],
      });
      expect(noReason.json().fields).toContainEqual({ field: 'reason', message: BILLING_TEXTS.reason });
      expect(
        (
          await inject('POST', url, beta.headers, {
            reason: 'x',
            lines: [{ description: 'x', amountMinor: 1 }],
          })
        ).statusCode,
      ).toBe(403);
      const ofNote = await inject(
        'POST',
        api(apiPath(API_PATHS.billing.creditNotes, { id: note.id })),
        admin.headers,
        {
          reason: 'x',
          lines: [{ description: 'x', amountMinor: 1 }],
        },
      );
      expect(ofNote.statusCode).toBe(409);

      // The rest: 244,000 − 12,000 = 232,000 = 193,333 + 38,667 tax.
      const full = await inject('POST', url, admin.headers, {
        reason: 'Billed in error',
        lines: [{ description: 'Reversal', amountMinor: 193_333 }],
      });
      expect(full.statusCode).toBe(201);
      expect(full.json().totalMinor).toBe(232_000);
      const voided = (
        await inject('GET', api(apiPath(API_PATHS.billing.invoice, { id: inv.id })), admin.headers)
      ).json();
      expect(voided).toMatchObject({ status: 'void', creditedMinor: 244_000 });
      // A void invoice frees its month for a new one.
      const again = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: beta.customer.id,
        month: '2026-06',
      });
      expect(again.statusCode).toBe(201);
      // The customer sees its invoice and both credit notes, netting to zero.
      const list = invoiceListResponseSchema.parse(
        (await inject('GET', api(API_PATHS.billing.invoices), beta.headers)).json(),
      );
      expect(list.items).toHaveLength(3);
      expect(list.totals).toEqual({ totalMinor: 0, paidMinor: 0, outstandingMinor: 0 });
    });

    it('reads an unpaid invoice past its due date as overdue', async () => {
      // Issued 31 days ago (06-09), due 07-09: overdue now.
      vi.setSystemTime(NOW - 31 * DAY);
      const created = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: alpha.customer.id,
        month: '2026-05',
      });
      const inv = (
        await inject('POST', api(apiPath(API_PATHS.billing.issue, { id: created.json().id })), admin.headers)
      ).json();
      vi.setSystemTime(NOW);
      {
        const read = await inject(
          'GET',
          api(apiPath(API_PATHS.billing.invoice, { id: inv.id })),
          admin.headers,
        );
        expect(read.json().status).toBe('overdue');
        const overdue = invoiceListResponseSchema.parse(
          (
            await inject(
              'GET',
              api(apiPath(API_PATHS.billing.invoices, undefined, { status: 'overdue' })),
              admin.headers,
            )
          ).json(),
        );
        expect(overdue.items.map((i) => i.id)).toEqual([inv.id]);
        const issuedOnly = invoiceListResponseSchema.parse(
          (
            await inject(
              'GET',
              api(apiPath(API_PATHS.billing.invoices, undefined, { status: 'issued' })),
              admin.headers,
            )
          ).json(),
        );
        expect(issuedOnly.items.map((i) => i.id)).not.toContain(inv.id);
      }
    });

    it('charts revenue by month and plan: issued invoices minus credit notes', async () => {
      const res = await inject(
        'GET',
        api(apiPath(API_PATHS.billing.chart, undefined, { from: '2026-06', to: '2026-07' })),
        admin.headers,
      );
      expect(res.statusCode).toBe(200);
      // June: Alpha's May invoice (issued 06-09). July: Alpha's June (24,043, Standard), and Beta's
      // (Enterprise, 244,000) less its two credit notes (244,000).
      const may = await app.db.select().from(invoices).where(eq(invoices.periodStart, '2026-05-01'));
      const alphaMay = may.find((row) => row.customerId === alpha.customer.id && row.status !== 'draft')!;
      expect(res.json().months).toEqual([
        {
          month: '2026-06',
          totalMinor: alphaMay.totalMinor,
          byPlan: { standard: alphaMay.totalMinor, enterprise: 0 },
        },
        { month: '2026-07', totalMinor: 24_043, byPlan: { standard: 24_043, enterprise: 0 } },
      ]);
      expect(alphaMay.totalMinor).toBe(12_160);
      expect((await inject('GET', api(API_PATHS.billing.chart), admin.headers)).json().months).toHaveLength(
        12,
      );
      expect((await inject('GET', api(API_PATHS.billing.chart), alpha.headers)).statusCode).toBe(403);
      const tooLong = await inject(
        'GET',
        api(apiPath(API_PATHS.billing.chart, undefined, { from: '2020-01', to: '2026-07' })),
        admin.headers,
      );
      expect(tooLong.json().fields).toContainEqual({ field: 'to', message: BILLING_TEXTS.chartRange });
      // A `from` alone runs to this month: still at most the chart's months; and no year 0000.
      for (const [from, message] of [
        ['2000-01', BILLING_TEXTS.chartRange],
        ['0000-01', BILLING_TEXTS.month],
      ] as const) {
        const bad = await inject(
          'GET',
          api(apiPath(API_PATHS.billing.chart, undefined, { from })),
          admin.headers,
        );
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields).toContainEqual({ field: 'from', message });
      }
    });
  });

  it('stores one draft when two creates of the same customer and month race', async () => {
    const account = await createAccount(app);
    const body = { customerId: account.customer.id, month: '2026-06' };
    const answers = await Promise.all([
      inject('POST', api(API_PATHS.billing.invoices), admin.headers, body),
      inject('POST', api(API_PATHS.billing.invoices), admin.headers, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await app.db.select().from(invoices).where(eq(invoices.customerId, account.customer.id));
    expect(rows).toHaveLength(1);
  });

  it('answers the Stripe webhook 404 while Stripe is not configured', async () => {
    const res = await inject(
      'POST',
      api(API_PATHS.billing.stripeWebhook),
      { 'stripe-signature': 't=1,v1=x' },
      { id: 'evt_1' },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BILLING_TEXTS.webhookNotConfigured);
  });

  it('numbers ten concurrent issues without a gap or a duplicate', async () => {
    const accounts = await Promise.all(Array.from({ length: 10 }, () => createAccount(app)));
    const drafts: string[] = [];
    for (const account of accounts) {
      const res = await inject('POST', api(API_PATHS.billing.invoices), admin.headers, {
        customerId: account.customer.id,
        month: '2026-06',
        manualLines: [{ description: 'Flat fee', quantity: '1', rateMinor: 1000 }],
      });
      drafts.push(res.json().id);
    }
    const [{ max }] = (await app.db
      .select({ max: sql<string | null>`max(${invoices.number})` })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))) as [{ max: string | null }];
    const start = Number(max ?? 0);
    const answers = await Promise.all(
      drafts.map((id) => inject('POST', api(apiPath(API_PATHS.billing.issue, { id })), admin.headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const numbers = answers.map((a) => a.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => start + i + 1));
  });
});
