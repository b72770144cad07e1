import {
  API_PATHS,
  BILLING_TEXTS,
  billingChartQuerySchema,
  billingChartResponseSchema,
  errorResponseSchema,
  PAYMENT_PLAN_OPTIONS,
  paymentPlansResponseSchema,
  routePattern,
  usageQuerySchema,
  usageSchema,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { fieldProblem, notFound } from '../../lib/request-problem.ts';
import { billingCustomer } from '../../repositories/billing.ts';
import { revenueChart } from '../../services/billing/invoices.ts';
import { monthBounds, monthOf, monthUsage } from '../../services/billing/usage.ts';
import { billingAccess, errors } from './access.ts';

/** The payment plans (everyone signed in), a customer's usage (the administrator; its own month so far) and the revenue chart. */
export const billingUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.billing;
  const flags = app.runtimeConfig;
  const { adminOnly } = billingAccess(app);

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
