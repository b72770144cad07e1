import {
  API_PATHS,
  DEMAND_REPORT_TEXTS,
  errorResponseSchema,
  insightsQuerySchema,
  insightsResponseSchema,
  inventoryQuerySchema,
  inventoryResponseSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { insights, inventory } from '../../repositories/demand-reports.ts';

/**
 * Demand reports: a customer's Inventory (its streams' and assets' avails, forecast versus booked
 * per week; a main administrator sees the platform's or one customer's) and the main
 * administrator's Insights (impressions, fill and revenue by day, customer, stream or campaign).
 */
export const demandReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.demand.inventory),
    {
      onRequest: requireNavigationEntry(
        'inventory',
        app.runtimeConfig,
        DEMAND_REPORT_TEXTS.inventoryForbidden,
      ),
      schema: {
        tags: ['demand'],
        summary:
          'The account’s inventory: each live stream and VOD asset with its break schedule and last 7 days’ avails, and per week the impressions forecast, delivered and booked (a main administrator: the platform’s, or ?customerId=)',
        security: [{ bearer: [] }],
        querystring: inventoryQuerySchema,
        response: { 200: inventoryResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      // As on the resource lists: a main administrator's customerId narrows the platform view; anyone
      // else's is ignored (issue 46: one rule for every read), so each sees only its own account.
      const { customerId } = request.query;
      const scope = auth.user.isMainAdmin ? (customerId ?? null) : auth.customer.id;
      return inventory(app.db, scope, new Date());
    },
  );

  app.get(
    routePattern(API_PATHS.demand.insights),
    {
      onRequest: requireNavigationEntry('insights', app.runtimeConfig, DEMAND_REPORT_TEXTS.insightsForbidden),
      schema: {
        tags: ['demand'],
        summary:
          'Main administrator: impressions, fill rate and revenue over a period (at most 366 days) by day, customer, stream or asset, or campaign, with every day’s figures for charts',
        security: [{ bearer: [] }],
        querystring: insightsQuerySchema,
        response: { 200: insightsResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => insights(app.db, request.query),
  );
};
