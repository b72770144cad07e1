import { BILLING_TEXTS, errorResponseSchema } from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { canSeeEntry, requireNavigationEntry } from '../../lib/navigation-access.ts';
import { forbidden } from '../../lib/request-problem.ts';
import { auditRequest } from '../../services/audit.ts';

/** The customer's console page of its invoices (the notification's link). */
export const BILLING_PAGE = '/billing-history';

export const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const audit = (tx: DbOrTx, request: FastifyRequest, action: string, target: string, details: object) =>
  auditRequest(tx, request, { action, target, details: { ...details } });

/**
 * Who reads and writes what (issue 19): the main administrator outside login-as (the sidebar's
 * Billing › Create entry, `create-billing`) everything; a customer whose record has a payment
 * customer id (the `billing` entry) its own issued documents.
 */
export function billingAccess(app: FastifyInstance) {
  const flags = app.runtimeConfig;
  const adminOnly = requireNavigationEntry('create-billing', flags, BILLING_TEXTS.adminOnly);
  const isAdmin = (request: FastifyRequest) => canSeeEntry(request.auth!, 'create-billing', flags);
  /** Whose documents the caller reads: null for the administrator, else its own customer's. */
  const scopeOf = (request: FastifyRequest) => (isAdmin(request) ? null : request.auth!.customer.id);
  async function readers(request: FastifyRequest, reply: FastifyReply) {
    if (reply.sent) return;
    const auth = request.auth;
    if (!auth || !(canSeeEntry(auth, 'create-billing', flags) || canSeeEntry(auth, 'billing', flags)))
      throw forbidden(BILLING_TEXTS.billingForbidden);
  }
  return { adminOnly, isAdmin, scopeOf, readers };
}
