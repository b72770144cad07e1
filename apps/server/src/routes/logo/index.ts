import { loginLogoQuerySchema, loginLogoResponseSchema, updateLogoResponseSchema } from '@cuepoint/core';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customers } from '../../db/schema/index.ts';
import { publicFileUrl } from '../../lib/blob-store.ts';

/** GET /logo/updateLogo: the caller's customer logo as `[{ url }]`, `[]` without one. */
export const logoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/logo/updateLogo',
    {
      schema: {
        tags: ['logo'],
        summary: "The caller's customer logo ([0].url), empty without one",
        security: [{ bearer: [] }],
        response: { 200: updateLogoResponseSchema },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ logo: customers.logo })
        .from(customers)
        .where(eq(customers.id, request.auth!.customer.id))
        .limit(1);
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
    '/logo/login',
    {
      schema: {
        tags: ['logo'],
        summary: 'Public: the login logo of the customer served on a host (custom domain or sub-domain)',
        querystring: loginLogoQuerySchema,
        response: { 200: loginLogoResponseSchema },
      },
    },
    async (request) => {
      const host = normalizeHost(request.query.host);
      const label = host.split('.')[0] ?? '';
      const rows = await app.db
        .select({
          customDomainName: customers.customDomainName,
          loginLogo: customers.loginLogo,
        })
        .from(customers)
        .where(
          and(
            isNull(customers.deactivatedAt),
            or(eq(customers.customDomainName, host), eq(customers.subDomainName, label)),
          ),
        )
        .limit(2);
      const match = rows.find((row) => row.customDomainName === host) ?? rows[0];
      return { url: match?.loginLogo ? publicFileUrl(match.loginLogo) : null };
    },
  );
};
