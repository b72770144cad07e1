import { errorResponseSchema, idParamsSchema, userSchema } from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUserDto } from '../../lib/user-dto.ts';
import { findUserWithCustomer } from '../../repositories/users.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/getUser/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'A user with its profile and populated customer (spec section 3)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: userSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { user: caller, customer } = request.auth!;
      const { id } = request.params;
      // A user reads itself (already loaded with the session); a main administrator reads anyone.
      if (id === caller.id) return toUserDto(caller, customer);
      if (!caller.isMainAdmin) return reply.forbidden('You may only read your own user');
      const found = await findUserWithCustomer(app.db, id);
      if (!found) return reply.notFound('User not found');
      return toUserDto(found.user, found.customer);
    },
  );
};
