import { approveCustomerResponseSchema, errorResponseSchema, idParamsSchema } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customers, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../repositories/audit-log.ts';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
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
