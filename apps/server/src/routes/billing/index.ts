import { API_PATHS, PAYMENT_PLAN_OPTIONS, paymentPlansResponseSchema, routePattern } from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
