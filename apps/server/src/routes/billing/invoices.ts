import {
  API_PATHS,
  errorResponseSchema,
  idParamsSchema,
  invoiceCreateBodySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoicePreviewBodySchema,
  invoiceSchema,
  invoiceUpdateBodySchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDraft,
  deleteDraft,
  invoiceList,
  loadInvoice,
  previewInvoice,
  updateDraft,
  visibleInvoice,
} from '../../services/billing/invoices.ts';
import { invoicePdf, pdfFileName } from '../../services/billing/pdf.ts';
import { audit, billingAccess, errors } from './access.ts';

/** Invoices and their drafts: preview, list, create, read, change and delete a draft, the PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.billing;
  const { adminOnly, scopeOf, readers } = billingAccess(app);

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
          request.auth!.signedInAdmin?.id ?? request.auth!.user.id,
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
};
