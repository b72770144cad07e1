import {
  API_PATHS,
  errorResponseSchema,
  routePattern,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { searchUsers } from '../../repositories/user-search.ts';

/**
 * GET /user/search?q=&limit=: the login-as picker's list, for whoever sees the Customers entry
 * (a main administrator, not during login-as: the effective user then is the one acted as).
 */
export const userSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.user.search),
    {
      onRequest: requireNavigationEntry(
        'customers',
        app.runtimeConfig,
        'Only a main administrator may search users',
      ),
      schema: {
        tags: ['user'],
        summary:
          'Main administrator: users who may sign in whose email, first or last name or customer name contains q (case-insensitive), by email; the caller excluded',
        security: [{ bearer: [] }],
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { user, signedInAdmin } = request.auth!;
      const { q, limit } = request.query;
      const hits = await searchUsers(app.db, {
        q,
        limit,
        excludeIds: [user.id, ...(signedInAdmin ? [signedInAdmin.id] : [])],
      });
      return hits.map(({ id, ...rest }) => ({ _id: id, ...rest }));
    },
  );
};
