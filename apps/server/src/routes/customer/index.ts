import {
  approveCustomerResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  type PendingCustomers,
  pendingCustomersResponseSchema,
} from '@cuepoint/core';
import { asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customers, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../repositories/audit-log.ts';

type PendingCustomer = PendingCustomers[number];

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer/pending',
    {
      schema: {
        tags: ['customer'],
        summary: 'Main administrator: customers that signed up and await review, oldest first',
        security: [{ bearer: [] }],
        response: { 200: pendingCustomersResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.auth!.user.isMainAdmin)
        return reply.forbidden('Only a main administrator may review customers');
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

  app.post(
    '/customer/approve/:id',
    {
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
      if (!user.isMainAdmin) return reply.forbidden('Only a main administrator may approve customers');
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
