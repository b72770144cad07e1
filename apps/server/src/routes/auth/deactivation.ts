import {
  ACCOUNT_TEXTS,
  API_PATHS,
  canBeDeactivatedResponseSchema,
  deactivateAccountResponseSchema,
  errorResponseSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { customerHasMainAdmin } from '../../repositories/account-members.ts';
import { recordAudit } from '../../repositories/audit-log.ts';
import { deactivateCustomer } from '../../repositories/customers.ts';
import { revokeCustomerSessions } from '../../repositories/sessions.ts';

/** Our texts around de-activation (the spec's own are in ACCOUNT_TEXTS). */
export const DEACTIVATION_TEXTS = {
  /** The answer to a login of a de-activated account's user (403: the console shows the login page). */
  loginRefused: 'This account has been de-activated',
  mainAdmin: 'A main administrator cannot de-activate the account',
  loginAs:
    'An account cannot be de-activated during login-as: only its own users may do it. Sign out of the user first.',
  apiToken: 'An account cannot be de-activated with an API token; sign in to the console',
  adminAccount: 'The account of a main administrator cannot be de-activated',
} as const;

/**
 * Why the caller may not de-activate its account, whatever channels or VODs it holds; undefined
 * when it may. A main administrator never may (spec section 6), nor may another user of the
 * account a main administrator belongs to (that would lock the administrators out). During
 * login-as the request acts as the impersonated user, but de-activation is irreversible for that
 * customer, so it is left to the customer's own users. Programmatic callers (API tokens) may not
 * either.
 */
async function refusal(db: Db, auth: AuthContext): Promise<string | undefined> {
  if (auth.kind === 'apiToken') return DEACTIVATION_TEXTS.apiToken;
  if (auth.signedInAdmin) return DEACTIVATION_TEXTS.loginAs;
  if (auth.user.isMainAdmin) return DEACTIVATION_TEXTS.mainAdmin;
  if (await customerHasMainAdmin(db, auth.customer.id)) return DEACTIVATION_TEXTS.adminAccount;
  return undefined;
}

/** GET /auth/canBeDeactivated and POST /auth/deactivateAccount (spec sections 4, 7 and 8). */
export const deactivationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.auth.canBeDeactivated),
    {
      schema: {
        tags: ['auth'],
        summary:
          'Whether the caller may de-activate its account now: false for a main administrator (and the account they belong to), during login-as, with an API token, or while the account has configured channels or VODs',
        security: [{ bearer: [] }],
        response: { 200: canBeDeactivatedResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (await refusal(app.db, auth)) return false;
      return (await app.resourceCounts.channelsAndVods(app.db, auth.customer.id)) === 0;
    },
  );

  app.post(
    routePattern(API_PATHS.auth.deactivateAccount),
    {
      schema: {
        tags: ['auth'],
        summary:
          'De-activate the caller’s customer account: its users can no longer sign in, every session and the API token end; its data is kept',
        security: [{ bearer: [] }],
        response: {
          200: deactivateAccountResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const refused = await refusal(app.db, auth);
      if (refused) throw forbidden(refused);
      const customerId = auth.customer.id;

      const outcome = await app.db.transaction(async (tx) => {
        // Counted inside the transaction, so a channel created meanwhile is seen once the
        // streams issue adds its tables (and locks, if it needs to).
        if ((await app.resourceCounts.channelsAndVods(tx, customerId)) > 0) return 'has-resources' as const;
        const now = new Date();
        // Already de-activated by a concurrent request: its sessions are revoked too.
        if (!(await deactivateCustomer(tx, customerId, now))) return [];
        const userIds = await revokeCustomerSessions(tx, customerId, now);
        await recordAudit(tx, {
          action: 'account.deactivate',
          actorUserId: auth.user.id,
          effectiveUserId: auth.user.id,
          customerId,
          target: customerId,
          details: { revokedSessionsOfUsers: userIds.length },
          requestId: request.id,
          ip: request.ip,
        });
        return userIds;
      });
      if (outcome === 'has-resources') throw conflict(ACCOUNT_TEXTS.cannotDeactivate);

      app.sessionCache?.deleteCustomer(customerId);
      // The caller's own token is revoked with the rest: no successor for it.
      auth.rotate = false;
      return { message: ACCOUNT_TEXTS.deactivated };
    },
  );
};
