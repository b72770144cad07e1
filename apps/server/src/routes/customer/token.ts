import {
  API_PATHS,
  entitled,
  errorResponseSchema,
  generateTokenBodySchema,
  generateTokenResponseSchema,
  idParamsSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, fieldProblem, forbidden, notFound, planProblem } from '../../lib/request-problem.ts';
import { toAccountCustomerDto, tokenReader } from '../../lib/user-dto.ts';
import { findApiTokenUser, newApiToken, setApiToken } from '../../repositories/api-tokens.ts';
import { lockCustomer } from '../../repositories/customers.ts';
import { auditRequest } from '../../services/audit.ts';

/** Our answers of this call (the spec's toasts are in ACCOUNT_TEXTS). */
export const TOKEN_TEXTS = {
  customerIdMismatch: 'customerId must be the customer id of the path',
  notYourCustomer: 'You may only manage the API token of your own customer account',
  withApiToken: 'API tokens cannot be managed with an API token; sign in to the console',
  notFound: 'Customer not found',
  deactivated: 'This account has been de-activated',
  noActingUser:
    'API calls act as a customer user of this account, and it has none that may sign in: API access cannot be switched on',
} as const;

/**
 * POST /customer/generateToken/{id} (spec sections 4 and 7): `enableAPI` true makes a new API
 * token (replacing any earlier one) and answers it once in plain text; false deletes it. Only
 * the token's SHA-256 (for look-up) and an AES-GCM sealed copy (to show it to its owner in the
 * account dialog) are stored.
 */
export const customerTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    routePattern(API_PATHS.customer.generateToken),
    {
      schema: {
        tags: ['customer'],
        summary:
          'Switch a customer’s API access on (a new token, enterprise plan) or off (the token is deleted and stops working at once)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: generateTokenBodySchema,
        response: {
          200: generateTokenResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      const { enableAPI, customerId } = request.body;
      if (customerId !== id) throw fieldProblem('customerId', TOKEN_TEXTS.customerIdMismatch);
      if (auth.kind === 'apiToken') throw forbidden(TOKEN_TEXTS.withApiToken);
      // The customer's own users only (a main administrator acts as one of them through login-as,
      // which is audited): the plain token is answered to whoever switches it on.
      if (auth.user.customerId !== id) throw forbidden(TOKEN_TEXTS.notYourCustomer);

      // Refusals are thrown inside the transaction (the error handler answers them); nothing is written.
      const { apiToken, customer } = await app.db.transaction(async (tx) => {
        // Row lock: two concurrent switches of one customer apply one after the other.
        const customer = await lockCustomer(tx, id);
        if (!customer) throw notFound(TOKEN_TEXTS.notFound);
        if (customer.deactivatedAt) throw conflict(TOKEN_TEXTS.deactivated);

        let plain: string | null = null;
        if (enableAPI) {
          // The plan decides (core's `entitled`, as the console's switch): 403 with the upgrade
          // prompt and `planFeature`, which the console answers with its prompt, not a lost session.
          if (!entitled(customer.paymentPlan, 'enhanced_api')) throw planProblem('enhanced_api');
          // A token acts as a customer user, never as a main administrator (repositories/api-tokens.ts).
          // 409, not 403: a 403 would end the console's session (spec section 8).
          const actingUser = await findApiTokenUser(tx, id);
          if (!actingUser) throw conflict(TOKEN_TEXTS.noActingUser);
          plain = newApiToken();
        }
        const updated = await setApiToken(
          tx,
          id,
          plain === null ? null : { plain, sealed: app.secretBox.seal(plain) },
        );
        await auditRequest(tx, request, {
          action: enableAPI ? 'customer.api-token.generate' : 'customer.api-token.delete',
          customerId: id,
          target: id,
          details: { replacedToken: enableAPI && customer.apiTokenHash !== null },
        });
        return { apiToken: plain, customer: updated! };
      });
      return {
        apiToken,
        enableAPI: customer.enableApi,
        customer: toAccountCustomerDto(customer, tokenReader(auth, customer.id, app.secretBox)),
      };
    },
  );
};
