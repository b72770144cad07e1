/**
 * Billing (issue 19), split by job: usage and plans (usage.ts), invoices and drafts (invoices.ts),
 * issuing, credit notes and payments (issuing.ts), Stripe's webhook (webhook.ts); who may do what
 * is in access.ts. The main administrator outside login-as (`create-billing`) reads usage,
 * previews, drafts, issues, credits and records payments; a customer whose record has a payment
 * customer id (the `billing` entry; a main administrator in login-as as such a customer's user)
 * reads its own issued documents, their PDFs and its month so far. Everyone signed in reads the
 * payment plans.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceRoutes } from './invoices.ts';
import { issuingRoutes } from './issuing.ts';
import { billingUsageRoutes } from './usage.ts';

export { billingPublicRoutes } from './webhook.ts';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(billingUsageRoutes);
  await app.register(invoiceRoutes);
  await app.register(issuingRoutes);
};
