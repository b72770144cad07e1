import {
  API_PATHS,
  creditNoteBodySchema,
  idParamsSchema,
  invoiceSchema,
  paymentBodySchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { markMailed } from '../../repositories/billing.ts';
import {
  creditInTransaction,
  issuedTexts,
  issueInTransaction,
  payInTransaction,
} from '../../services/billing/invoices.ts';
import { BANK_TRANSFER } from '../../services/billing/payments.ts';
import { invoicePdf, pdfFileName } from '../../services/billing/pdf.ts';
import { mailAfterReply, notifyCustomer } from '../../services/notifications.ts';
import { audit, BILLING_PAGE, billingAccess, errors } from './access.ts';

/** What the administrator books: issuing a draft (mailed and notified), credit notes, payments. */
export const issuingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.billing;
  const { adminOnly } = billingAccess(app);

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
          request.auth!.signedInAdmin?.id ?? request.auth!.user.id,
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
          recordedBy: request.auth!.signedInAdmin?.id ?? request.auth!.user.id,
          strict: true,
        });
        await audit(tx, request, 'invoice.payment', invoice.id, {
          customerId: invoice.customerId,
          amountMinor: request.body.amountMinor,
        });
        return invoice;
      }),
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
