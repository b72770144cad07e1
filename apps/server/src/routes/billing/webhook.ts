import {
  API_PATHS,
  BILLING_TEXTS,
  errorResponseSchema,
  routePattern,
  stripeWebhookResponseSchema,
  UUID_PATTERN,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/request-problem.ts';
import { invoiceRow, recordProviderEvent } from '../../repositories/billing.ts';
import { payInTransaction } from '../../services/billing/invoices.ts';
import { WebhookSignatureError } from '../../services/billing/payments.ts';

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
