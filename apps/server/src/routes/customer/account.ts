import {
  API_PATHS,
  editCustomerFieldsSchema,
  editCustomerResponseSchema,
  errorResponseSchema,
  getCustomerResponseSchema,
  idParamsSchema,
  routePattern,
} from '@cuepoint/core';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldProblems, forbidden, notFound } from '../../lib/request-problem.ts';
import { toAccountCustomerDto, tokenReader } from '../../lib/user-dto.ts';
import { findCustomer } from '../../repositories/customers.ts';
import { EDIT_CUSTOMER_MESSAGES } from './account-rules.ts';
import { editCustomerAccount } from './edit-customer.ts';
import { collectFile, FILE_FIELDS, MULTIPART_LIMITS, uploadsOf } from './uploads.ts';

const READ_FORBIDDEN = 'You may only read your own customer account';

/**
 * Refuses, before the body is read, a caller who may not edit the account: a user edits the
 * customer it belongs to (during login-as: the target's), a main administrator any. A malformed
 * id is a 400 naming 'id' for everyone.
 */
async function mayEditCustomer(request: FastifyRequest, reply: FastifyReply) {
  if (reply.sent) return;
  const parsed = idParamsSchema.safeParse(request.params);
  if (!parsed.success) {
    throw fieldProblems(
      parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'id'), message: issue.message })),
    );
  }
  const auth = request.auth;
  if (!auth || (parsed.data.id !== auth.customer.id && !auth.user.isMainAdmin)) {
    throw forbidden(EDIT_CUSTOMER_MESSAGES.forbidden);
  }
}

/** The account dialog (spec section 2): read and edit the caller's customer account. */
export const customerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only for this scope; files are read into memory within their limits (uploads.ts).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: collectFile,
    limits: MULTIPART_LIMITS,
    throwFileSizeLimit: false,
  });

  app.get(
    routePattern(API_PATHS.customer.get),
    {
      schema: {
        tags: ['customer'],
        summary:
          "The account dialog's customer: plan, time zone, logos, custom domain, CDN, API token, plan features",
        description: 'The caller’s own customer; a main administrator may read any.',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: {
          200: getCustomerResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { user, customer } = request.auth!;
      const { id } = request.params;
      if (id !== customer.id && !user.isMainAdmin) throw forbidden(READ_FORBIDDEN);
      const row = await findCustomer(app.db, id);
      if (!row) throw notFound(EDIT_CUSTOMER_MESSAGES.notFound);
      return toAccountCustomerDto(row, tokenReader(request.auth!, row.id, app.secretBox));
    },
  );

  app.put(
    routePattern(API_PATHS.customer.edit),
    {
      onRequest: mayEditCustomer,
      schema: {
        tags: ['customer'],
        summary: 'Save the account dialog: plan, time zone, logos, custom domain and certificate, CDN',
        description: [
          'multipart/form-data (or JSON without files). Text fields as below; booleans as true/false.',
          `Files: ${Object.entries(FILE_FIELDS)
            .map(([name, spec]) => `${name} (${spec.extensions.join(', ')}, at most ${spec.maxBytes} bytes)`)
            .join('; ')}.`,
          'Logos must be at least 260 X 220 pixels. A saved custom domain cannot be turned off or renamed;',
          'turning it on, or isCertificateModified, needs a certificate and its matching private key.',
          'Leaving the Enterprise plan is for a main administrator. Answers the id and the account.',
        ].join(' '),
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        body: editCustomerFieldsSchema,
        response: {
          200: editCustomerResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const updated = await editCustomerAccount(app, {
        id: request.params.id,
        values: request.body,
        uploads: uploadsOf(request),
        auth: request.auth!,
        requestId: request.id,
        ip: request.ip,
      });
      return {
        id: updated.id,
        customerId: toAccountCustomerDto(updated, tokenReader(request.auth!, updated.id, app.secretBox)),
      };
    },
  );
};
