import {
  API_PATHS,
  errorResponseSchema,
  LOGO_TEXTS,
  loginLogoQuerySchema,
  loginLogoResponseSchema,
  routePattern,
  updateLogoQuerySchema,
  updateLogoResponseSchema,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicFileUrl } from '../../lib/blob-store.ts';
import { forbidden } from '../../lib/request-problem.ts';
import { findCustomer, findCustomerByHost } from '../../repositories/customers.ts';

/** GET /logo/updateLogo: the caller's customer logo as `[{ url }]`, `[]` without one. */
export const logoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.logo.current),
    {
      schema: {
        tags: ['logo'],
        summary:
          "The caller's customer logo ([0].url), empty without one; a main administrator may name another customer (customerId: the LIVE Demo's)",
        security: [{ bearer: [] }],
        querystring: updateLogoQuerySchema,
        response: { 200: updateLogoResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { customerId } = request.query;
      if (customerId !== undefined && customerId !== auth.customer.id && !auth.user.isMainAdmin) {
        throw forbidden(LOGO_TEXTS.otherCustomer);
      }
      const row = await findCustomer(app.db, customerId ?? auth.customer.id);
      return row?.logo ? [{ url: publicFileUrl(row.logo) }] : [];
    },
  );
};

/**
 * The host a login page is served on, as a customer's domain: lower case, without a port or a
 * trailing dot ('Video.Example.com:443.' -> 'video.example.com').
 */
export const normalizeHost = (host: string): string =>
  host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

/**
 * GET /logo/login?host=…: public (the login page shows it before anyone signs in). The login logo
 * of the active customer whose custom domain is `host`, else of the one whose sub-domain is the
 * first label of `host`; `{ url: null }` otherwise.
 */
export const logoPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.logo.login),
    {
      schema: {
        tags: ['logo'],
        summary: 'Public: the login logo of the customer served on a host (custom domain or sub-domain)',
        querystring: loginLogoQuerySchema,
        response: { 200: loginLogoResponseSchema },
      },
    },
    async (request) => {
      const match = await findCustomerByHost(app.db, normalizeHost(request.query.host));
      return { url: match?.loginLogo ? publicFileUrl(match.loginLogo) : null };
    },
  );
};
