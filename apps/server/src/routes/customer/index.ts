import {
  API_PATHS,
  approveCustomerResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  type PaymentPlan,
  type PendingCustomers,
  pendingCustomersResponseSchema,
  planChangesQuerySchema,
  planChangesResponseSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { notFound } from '../../lib/request-problem.ts';
import { approveCustomer, listPendingCustomers } from '../../repositories/customers.ts';
import { listPlanChanges } from '../../repositories/plan-changes.ts';
import { auditRequest } from '../../services/audit.ts';
import { customerAccountRoutes } from './account.ts';
import { adminCustomerRoutes } from './admin-customers.ts';

/**
 * The account dialog's calls (any signed-in user, for its own customer: account.ts), and the
 * review calls behind the sidebar entry Customers (main administrator only, spec section 2).
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerAccountRoutes);
  await app.register(adminCustomerRoutes);

  app.get(
    routePattern(API_PATHS.customer.pending),
    {
      onRequest: requireNavigationEntry(
        'customers',
        app.runtimeConfig,
        'Only a main administrator may review customers',
      ),
      schema: {
        tags: ['customer'],
        summary: 'Main administrator: customers that signed up and await review, oldest first',
        security: [{ bearer: [] }],
        response: { 200: pendingCustomersResponseSchema, 403: errorResponseSchema },
      },
    },
    async (): Promise<PendingCustomers> => {
      const pending = await listPendingCustomers(app.db);
      return pending.map((customer) => ({
        _id: customer.id,
        name: customer.name,
        createdAt: customer.createdAt.toISOString(),
        users: customer.users.map((user) => ({ _id: user.id, email: user.email, isActive: user.isActive })),
      }));
    },
  );

  app.get(
    routePattern(API_PATHS.customer.planChanges),
    {
      onRequest: requireNavigationEntry(
        'customers',
        app.runtimeConfig,
        'Only a main administrator may see plan changes',
      ),
      schema: {
        tags: ['customer'],
        summary: 'Main administrator: every payment-plan change (who, when, from and to), newest first',
        security: [{ bearer: [] }],
        querystring: planChangesQuerySchema,
        response: { 200: planChangesResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const rows = await listPlanChanges(app.db, request.query.customerId);
      return rows.map((row) => ({
        _id: row.id,
        customerId: row.customerId,
        customerName: row.customerName,
        fromPlan: row.fromPlan as PaymentPlan,
        toPlan: row.toPlan as PaymentPlan,
        changedBy: { _id: row.changedBy, email: row.changedByEmail },
        actingAs: { _id: row.actingAs, email: row.actingAsEmail },
        at: row.at.toISOString(),
      }));
    },
  );

  app.post(
    routePattern(API_PATHS.customer.approve),
    {
      onRequest: requireNavigationEntry(
        'customers',
        app.runtimeConfig,
        'Only a main administrator may approve customers',
      ),
      schema: {
        tags: ['customer'],
        summary: 'Main administrator: end the review of a new customer (its users may then sign in)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: approveCustomerResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const approved = await approveCustomer(app.db, id);
      if (!approved) throw notFound('Customer not found');
      for (const userId of approved) app.sessionCache?.deleteUser(userId);
      await auditRequest(app.db, request, {
        action: 'customer.approve',
        customerId: id,
        target: id,
      });
      return { _id: id, approvedUsers: approved.length };
    },
  );
};
