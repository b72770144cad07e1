import {
  approveCustomerResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  type NavigationFlags,
  type PaymentPlan,
  type PendingCustomers,
  pendingCustomersResponseSchema,
  planChangesQuerySchema,
  planChangesResponseSchema,
} from '@cuepoint/core';
import { asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customers, users } from '../../db/schema/index.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { recordAudit } from '../../repositories/audit-log.ts';
import { listPlanChanges } from '../../repositories/plan-changes.ts';
import { customerAccountRoutes } from './account.ts';

type PendingCustomer = PendingCustomers[number];

/**
 * The account dialog's calls (any signed-in user, for its own customer: account.ts), and the
 * review calls behind the sidebar entry Customers (main administrator only, spec section 2).
 */
export const customerRoutes: FastifyPluginAsyncZod<{ flags: NavigationFlags }> = async (app, opts) => {
  await app.register(customerAccountRoutes);

  app.get(
    '/customer/pending',
    {
      onRequest: requireNavigationEntry(
        'customers',
        opts.flags,
        'Only a main administrator may review customers',
      ),
      schema: {
        tags: ['customer'],
        summary: 'Main administrator: customers that signed up and await review, oldest first',
        security: [{ bearer: [] }],
        response: { 200: pendingCustomersResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => {
      const rows = await app.db
        .select({ customer: customers, user: { id: users.id, email: users.email, isActive: users.isActive } })
        .from(customers)
        .innerJoin(users, eq(users.customerId, customers.id))
        .where(isNull(customers.reviewedAt))
        .orderBy(asc(customers.createdAt), asc(users.email));
      const byCustomer = new Map<string, PendingCustomer>();
      for (const { customer, user } of rows) {
        const entry = byCustomer.get(customer.id) ?? {
          _id: customer.id,
          name: customer.name,
          createdAt: customer.createdAt.toISOString(),
          users: [],
        };
        entry.users.push({ _id: user.id, email: user.email, isActive: user.isActive });
        byCustomer.set(customer.id, entry);
      }
      return [...byCustomer.values()];
    },
  );

  app.get(
    '/customer/plan-changes',
    {
      onRequest: requireNavigationEntry(
        'customers',
        opts.flags,
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
    '/customer/approve/:id',
    {
      onRequest: requireNavigationEntry(
        'customers',
        opts.flags,
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
    async (request, reply) => {
      const { user } = request.auth!;
      const { id } = request.params;
      const approved = await app.db.transaction(async (tx) => {
        const [customer] = await tx
          .update(customers)
          .set({ reviewedAt: new Date() })
          .where(eq(customers.id, id))
          .returning({ id: customers.id });
        if (!customer) return undefined;
        return tx
          .update(users)
          .set({ isGmanaActive: true })
          .where(eq(users.customerId, id))
          .returning({ id: users.id });
      });
      if (!approved) return reply.notFound('Customer not found');
      for (const row of approved) app.sessionCache?.deleteUser(row.id);
      await recordAudit(app.db, {
        action: 'customer.approve',
        actorUserId: request.auth!.actor?.id ?? user.id,
        effectiveUserId: user.id,
        customerId: id,
        target: id,
        requestId: request.id,
        ip: request.ip,
      });
      return { _id: id, approvedUsers: approved.length };
    },
  );
};
