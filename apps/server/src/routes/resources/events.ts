import {
  API_PATHS,
  errorResponseSchema,
  eventListQuerySchema,
  eventListResponseSchema,
  RESOURCES,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeEntry } from '../../lib/navigation-access.ts';
import { forbidden } from '../../lib/request-problem.ts';
import { listEvents, tailEvents, toEventDto } from '../../repositories/resource-events.ts';
import { visibleChanges } from '../../services/resources.ts';

/**
 * GET /events: the log viewer (spec section 2's Kibana routes). The events of one kind of
 * resource, or of one resource, for whoever may see that resource's screen: a customer's own,
 * a main administrator's every customer's (or one, with customerId). The values of admin-only
 * fields (an advertiser's admin note) are hidden from everyone else, as in the records' answers.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.events),
    {
      schema: {
        tags: ['events'],
        summary:
          'Log viewer: events of a kind of resource (or one resource), newest first; with `after`, the newer events oldest first (live tail)',
        security: [{ bearer: [] }],
        querystring: eventListQuerySchema,
        response: { 200: eventListResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const query = request.query;
      const spec = RESOURCES[query.kind];
      if (!canSeeEntry(auth, spec.navigationEntry, app.runtimeConfig)) {
        throw forbidden(`${spec.plural} are not available to this account`);
      }
      const scope = auth.user.isMainAdmin ? (query.customerId ?? null) : auth.customer.id;
      const dto = (row: Parameters<typeof toEventDto>[0]) => {
        const event = toEventDto(row);
        return { ...event, changes: visibleChanges(event.kind, event.changes, auth.user.isMainAdmin) };
      };
      if (query.after !== undefined) {
        const rows = await tailEvents(app.db, query, scope, Number(query.after));
        return { data: rows.map(dto), total: rows.length, capped: false };
      }
      const { rows, ...counts } = await listEvents(app.db, query, scope);
      return { data: rows.map(dto), ...counts };
    },
  );
};
