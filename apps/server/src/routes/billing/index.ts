import {
  API_PATHS,
  BILLING_TEXTS,
  billingChartQuerySchema,
  billingChartResponseSchema,
  creditNoteBodySchema,
  errorResponseSchema,
  idParamsSchema,
  invoiceCreateBodySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoicePreviewBodySchema,
  invoiceSchema,
  invoiceUpdateBodySchema,
  PAYMENT_PLAN_OPTIONS,
  paymentBodySchema,
  paymentPlansResponseSchema,
  routePattern,
  stripeWebhookResponseSchema,
  UUID_PATTERN,
  usageQuerySchema,
  usageSchema,
} from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { canSeeEntry, requireNavigationEntry } from '../../lib/navigation-access.ts';
import { badRequest, fieldProblem, forbidden, notFound } from '../../lib/request-problem.ts';
import { billingCustomer, invoiceRow, markMailed, recordProviderEvent } from '../../repositories/billing.ts';
import { auditRequest } from '../../services/audit.ts';
import {
  createDraft,
  creditInTransaction,
  deleteDraft,
  invoiceList,
  issuedTexts,
  issueInTransaction,
  loadInvoice,
  payInTransaction,
  previewInvoice,
  revenueChart,
  updateDraft,
  visibleInvoice,
} from '../../services/billing/invoices.ts';
import { BANK_TRANSFER, WebhookSignatureError } from '../../services/billing/payments.ts';
import { invoicePdf, pdfFileName } from '../../services/billing/pdf.ts';
import { monthBounds, monthOf, monthUsage } from '../../services/billing/usage.ts';
import { mailAfterReply, notifyCustomer } from '../../services/notifications.ts';

/** The customer's console page of its invoices (the notification's link). */
const BILLING_PAGE = '/billing-history';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const audit = (tx: DbOrTx, request: FastifyRequest, action: string, target: string, details: object) =>
  auditRequest(tx, request, { action, target, details: { ...details } });

/**
 * Billing (issue 19). The main administrator outside login-as (the sidebar's Billing › Create
 * entry, `create-billing`) reads usage, previews, drafts, issues, credits and records payments;
 * a customer whose record has a payment customer id (the `billing` entry; a main administrator in
 * login-as as such a customer's user) reads its own issued documents, their PDFs and its month so
 * far. Everyone signed in reads the payment plans.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const flags = app.runtimeConfig;
  const ctx = app.billing;
  const adminOnly = requireNavigationEntry('create-billing', flags, BILLING_TEXTS.adminOnly);
  const isAdmin = (request: FastifyRequest) => canSeeEntry(request.auth!, 'create-billing', flags);
  /** Whose documents the caller reads: null for the administrator, else its own customer's. */
  const scopeOf = (request: FastifyRequest) => (isAdmin(request) ? null : request.auth!.customer.id);
  async function readers(request: FastifyRequest, reply: FastifyReply) {
    if (reply.sent) return;
    const auth = request.auth;
    if (!auth || !(canSeeEntry(auth, 'create-billing', flags) || canSeeEntry(auth, 'billing', flags)))
      throw forbidden(BILLING_TEXTS.billingForbidden);
  }

  app.get(
    routePattern(API_PATHS.billing.paymentPlans),
    {
      schema: {
        tags: ['billing'],
        summary: 'The payment plans the account dialog offers (answer read as data.data)',
        security: [{ bearer: [] }],
        response: { 200: paymentPlansResponseSchema },
      },
    },
    async () => ({ data: PAYMENT_PLAN_OPTIONS.map((option) => ({ ...option })) }),
  );

  app.get(
    routePattern(API_PATHS.billing.usage),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: a customer’s billable usage of a month (impressions, stitched viewer hours, live channels, VOD hours stored) and its plan changes',
        security: [{ bearer: [] }],
        querystring: usageQuerySchema,
        response: { 200: usageSchema, ...errors },
      },
    },
    async (request) => {
      const now = ctx.now();
      const { customerId, month } = request.query;
      if (monthBounds(month).start > now) throw fieldProblem('month', BILLING_TEXTS.monthFuture);
      const customer = await billingCustomer(app.db, customerId);
      if (!customer) throw fieldProblem('customerId', BILLING_TEXTS.customerNotFound);
      return (await monthUsage(app.db, customer, month, now)).usage;
    },
  );

  app.get(
    routePattern(API_PATHS.billing.myUsage),
    {
      onRequest: requireNavigationEntry('billing', flags, BILLING_TEXTS.billingForbidden),
      schema: {
        tags: ['billing'],
        summary:
          'The signed-in customer’s usage of the current month so far (customers with a payment customer id)',
        security: [{ bearer: [] }],
        response: { 200: usageSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const now = ctx.now();
      const customer = await billingCustomer(app.db, request.auth!.customer.id);
      if (!customer) throw notFound(BILLING_TEXTS.customerNotFound);
      return (await monthUsage(app.db, customer, monthOf(now), now)).usage;
    },
  );

  app.post(
    routePattern(API_PATHS.billing.preview),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: the invoice a customer’s month would get (usage lines, minimum-commitment top-up, pro rata after a plan change, manual lines, tax), not stored',
        security: [{ bearer: [] }],
        body: invoicePreviewBodySchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) => previewInvoice(app.db, ctx, request.body),
  );

  app.get(
    routePattern(API_PATHS.billing.invoices),
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary:
          'Invoices and credit notes, newest period first, with the totals of every match: the main administrator’s all (filters: customer, status, kind, period months, search), a customer’s own issued ones',
        security: [{ bearer: [] }],
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { page, pageSize, customerId, ...filter } = request.query;
      return invoiceList(
        app.db,
        {
          ...filter,
          customerId: scope ?? customerId,
          excludeDrafts: scope !== null,
          now: new Date(ctx.now()),
        },
        { page, pageSize },
      );
    },
  );

  app.post(
    routePattern(API_PATHS.billing.invoices),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: store a draft invoice of a customer’s ended month (one live invoice per customer and month)',
        security: [{ bearer: [] }],
        body: invoiceCreateBodySchema,
        response: { 201: invoiceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const invoice = await app.db.transaction(async (tx) => {
        const created = await createDraft(
          tx,
          ctx,
          request.body,
          request.auth!.actor?.id ?? request.auth!.user.id,
        );
        await audit(tx, request, 'invoice.create', created.id, {
          customerId: created.customerId,
          period: created.periodStart,
        });
        return created;
      });
      return reply.code(201).send(invoice);
    },
  );

  app.get(
    routePattern(API_PATHS.billing.invoice),
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary: 'One invoice or credit note with its lines (a customer: its own issued ones)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: {
          200: invoiceSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await visibleInvoice(app.db, request.params.id, scopeOf(request));
      return loadInvoice(app.db, row, ctx.now());
    },
  );

  app.put(
    routePattern(API_PATHS.billing.invoice),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: replace a draft’s manual lines and note (an issued invoice never changes)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: invoiceUpdateBodySchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const updated = await updateDraft(tx, ctx, request.params.id, request.body);
        await audit(tx, request, 'invoice.update', updated.id, { customerId: updated.customerId });
        return updated;
      }),
  );

  app.delete(
    routePattern(API_PATHS.billing.invoice),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary: 'Main administrator: delete a draft (an issued invoice is corrected by a credit note)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction(async (tx) => {
        const row = await deleteDraft(tx, request.params.id);
        await audit(tx, request, 'invoice.delete', row.id, { customerId: row.customerId });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    routePattern(API_PATHS.billing.issue),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: issue a draft: numbered without gaps, the tax rate in force, due in 30 days; mailed to the customer with its PDF and notified to its owners',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) => {
      const { invoice, notified } = await app.db.transaction(async (tx) => {
        const issued = await issueInTransaction(tx, ctx, request.params.id);
        await audit(tx, request, 'invoice.issue', issued.id, {
          customerId: issued.customerId,
          number: issued.displayNumber,
          totalMinor: issued.totalMinor,
        });
        const texts = issuedTexts(issued);
        const notified = await notifyCustomer(tx, {
          customerId: issued.customerId,
          kind: 'invoice',
          title: texts.title,
          body: texts.body,
          link: BILLING_PAGE,
          onlyOwners: true,
        });
        return { invoice: issued, notified };
      });
      mailInvoice(app, invoice);
      mailAfterReply(app, notified);
      return invoice;
    },
  );

  app.post(
    routePattern(API_PATHS.billing.creditNotes),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: issue a credit note against an issued invoice (amounts before tax; the invoice’s tax rate applies; at most what is left to credit; a full credit voids the invoice)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: creditNoteBodySchema,
        response: { 201: invoiceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const creditNote = await app.db.transaction(async (tx) => {
        const result = await creditInTransaction(
          tx,
          ctx,
          request.params.id,
          request.body,
          request.auth!.actor?.id ?? request.auth!.user.id,
        );
        await audit(tx, request, 'invoice.credit', result.creditNote.id, {
          customerId: result.creditNote.customerId,
          creditFor: request.params.id,
          totalMinor: result.creditNote.totalMinor,
        });
        return result.creditNote;
      });
      mailInvoice(app, creditNote);
      return reply.code(201).send(creditNote);
    },
  );

  app.post(
    routePattern(API_PATHS.billing.payments),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: record a bank transfer against an issued invoice (paid once payments and credits reach its total)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: paymentBodySchema,
        response: { 200: invoiceSchema, ...errors },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const invoice = await payInTransaction(tx, ctx, request.params.id, {
          provider: BANK_TRANSFER.id,
          reference: request.body.reference || null,
          amountMinor: request.body.amountMinor,
          paidAt: new Date(request.body.paidAt),
          recordedBy: request.auth!.actor?.id ?? request.auth!.user.id,
          strict: true,
        });
        await audit(tx, request, 'invoice.payment', invoice.id, {
          customerId: invoice.customerId,
          amountMinor: request.body.amountMinor,
        });
        return invoice;
      }),
  );

  app.get(
    routePattern(API_PATHS.billing.pdf),
    {
      onRequest: readers,
      schema: {
        tags: ['billing'],
        summary:
          'An invoice or credit note as an A4 PDF download (a draft: the main administrator only, watermarked DRAFT)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await visibleInvoice(app.db, request.params.id, scopeOf(request));
      const invoice = await loadInvoice(app.db, row, ctx.now());
      const pdf = await invoicePdf(invoice);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdfFileName(invoice)}"`)
          // Bytes skip the JSON serializer (no 200 schema: the answer is a file).
          .send(pdf as never)
      );
    },
  );

  app.get(
    routePattern(API_PATHS.billing.chart),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['billing'],
        summary:
          'Main administrator: revenue by month of issue and by plan (issued invoices minus credit notes); default the last 12 months',
        security: [{ bearer: [] }],
        querystring: billingChartQuerySchema,
        response: { 200: billingChartResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => revenueChart(app.db, request.query, ctx.now()),
  );
};

/** After the answer: the document's mail with its PDF to the billing contact, then mailedAt. */
function mailInvoice(app: FastifyInstance, invoice: z.infer<typeof invoiceSchema>) {
  if (!invoice.billTo.email) return;
  app.afterReply('invoice mail', async () => {
    try {
      const texts = issuedTexts(invoice);
      const link = app.consoleLink(BILLING_PAGE, {});
      await app.mailer.send({
        to: invoice.billTo.email,
        subject: texts.subject,
        text: texts.mailBody(link),
        links: [link],
        attachments: [
          {
            filename: pdfFileName(invoice),
            content: await invoicePdf(invoice),
            contentType: 'application/pdf',
          },
        ],
      });
      await markMailed(app.db, invoice.id, new Date(app.billing.now()));
    } catch (err) {
      app.log.error({ err, invoiceId: invoice.id }, 'invoice mail failed');
    }
  });
}

/**
 * Stripe's webhook (public: Stripe signs it). The body is read raw (this scope's own JSON parser)
 * because the signature covers the exact bytes. Each event is handled once (payment_events).
 */
export const billingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    routePattern(API_PATHS.billing.stripeWebhook),
    {
      schema: {
        tags: ['billing'],
        summary:
          'Stripe’s webhook: invoice.paid and payment_intent.succeeded with metadata.invoiceId record a payment; the Stripe-Signature header is verified; a replayed event changes nothing',
        response: { 200: stripeWebhookResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const stripe = app.billing.stripe;
      if (!stripe) throw notFound(BILLING_TEXTS.webhookNotConfigured);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let payment: ReturnType<typeof stripe.parseWebhook>;
      try {
        payment = stripe.parseWebhook(
          raw,
          typeof header === 'string' ? header : undefined,
          app.billing.now(),
        );
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw badRequest(BILLING_TEXTS.webhookSignature);
        throw err;
      }
      return app.db.transaction(async (tx) => {
        const invoice =
          payment.invoiceId && UUID_PATTERN.test(payment.invoiceId)
            ? await invoiceRow(tx, payment.invoiceId)
            : undefined;
        const first = await recordProviderEvent(tx, {
          id: payment.eventId,
          provider: stripe.id,
          type: payment.type,
          invoiceId: invoice?.id ?? null,
        });
        if (!first) return { received: true, outcome: 'duplicate' as const };
        // A payment in another currency (JPY has no cents) is not this invoice's money; one for an
        // invoice paid, void or unknown is left for a person: each is logged, neither is booked.
        const sameCurrency = payment.currency?.toUpperCase() === invoice?.currency.toUpperCase();
        if (
          invoice?.kind !== 'invoice' ||
          invoice.status !== 'issued' ||
          payment.amountMinor <= 0 ||
          !sameCurrency
        ) {
          if (payment.amountMinor > 0)
            request.log.warn(
              {
                event: payment.eventId,
                invoice: payment.invoiceId,
                status: invoice?.status ?? null,
                currency: payment.currency,
                amountMinor: payment.amountMinor,
              },
              'payment provider event not booked: reconcile it by hand',
            );
          return { received: true, outcome: 'ignored' as const };
        }
        const paid = await payInTransaction(tx, app.billing, invoice.id, {
          provider: stripe.id,
          reference: payment.reference,
          amountMinor: payment.amountMinor,
          paidAt: payment.paidAt,
          recordedBy: null,
          strict: false,
        });
        return {
          received: true,
          outcome: paid.status === 'paid' ? ('paid' as const) : ('recorded' as const),
        };
      });
    },
  );
};
