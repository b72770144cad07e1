import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.ts';
import type { BillingContext } from '../services/billing/invoices.ts';
import { percentToBp } from '../services/billing/money.ts';
import { type StripeProvider, stripeProviderOf } from '../services/billing/payments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Billing's settings (issue 19): the clock, the tax rate invoices are issued with
     * (BILLING_TAX_RATE_PERCENT) and the Stripe adapter (null unless configured).
     */
    billing: BillingContext & { stripe: StripeProvider | null };
  }
}

export const billingPlugin = fp(
  async (app: FastifyInstance, opts: { env: Env; clock?: (() => number) | undefined }) => {
    app.decorate('billing', {
      // Read Date.now at each call (a test's fake clock replaces Date).
      now: opts.clock ?? (() => Date.now()),
      taxRateBp: percentToBp(opts.env.BILLING_TAX_RATE_PERCENT) ?? 0,
      stripe: stripeProviderOf(opts.env),
    });
  },
);
