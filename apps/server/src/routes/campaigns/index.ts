/**
 * The campaign manager's delivery figures (GET /ssai/campaign-delivery): per campaign, the ads
 * served and impressions counted so far and today (UTC), and the revenue, from the built-in ad
 * server's counters. The caller's own account; a main administrator the platform's, or one
 * customer's with ?customerId=.
 */
import {
  API_PATHS,
  campaignDeliveryListSchema,
  campaignDeliveryQuerySchema,
  errorResponseSchema,
  RESOURCES,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { campaignDelivery } from '../../repositories/campaign-delivery.ts';

export const campaignDeliveryRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (app, opts) => {
  const spec = RESOURCES.campaign;
  const now = opts.now ?? (() => new Date());
  app.get(
    routePattern(API_PATHS.campaignDelivery),
    {
      onRequest: requireNavigationEntry(
        spec.navigationEntry,
        app.runtimeConfig,
        `${spec.plural} are not available to this account`,
      ),
      schema: {
        tags: [API_PATHS.resources.campaign],
        summary:
          'Each campaign’s delivery so far and today (UTC): ads served (placed in answers), impressions counted (what booked impressions and daily budgets spend), revenue in thousandths of a cent, and the impressions held by ads decided and not yet seen (a main administrator: the platform’s, or ?customerId=)',
        security: [{ bearer: [] }],
        querystring: campaignDeliveryQuerySchema,
        response: { 200: campaignDeliveryListSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      // A customer's user sees its own account, whatever it names (as the lists and inventory).
      const { customerId } = request.query;
      const scope = auth.user.isMainAdmin ? (customerId ?? null) : auth.customer.id;
      const at = now();
      return { data: await campaignDelivery(app.db, scope, at.toISOString().slice(0, 10), at) };
    },
  );
};
