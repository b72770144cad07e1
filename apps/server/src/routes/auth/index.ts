import {
  errorResponseSchema,
  INVALID_CREDENTIALS_MESSAGE,
  loginRequestSchema,
  loginResponseSchema,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decoyHash, verifyPassword } from '../../lib/passwords.ts';
import { toUserDto } from '../../lib/user-dto.ts';
import { recordAudit } from '../../repositories/audit-log.ts';
import { createSession, revokeSession } from '../../repositories/sessions.ts';
import { findUserByEmail, findUserWithCustomer } from '../../repositories/users.ts';

/** Public authentication routes (no token needed). */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password; answers a bearer token and the user',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !ok) return reply.unauthorized(INVALID_CREDENTIALS_MESSAGE);
      const found = await findUserWithCustomer(app.db, user.id);
      if (!found) return reply.unauthorized(INVALID_CREDENTIALS_MESSAGE);
      const session = await createSession(app.db, user.id, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      await recordAudit(app.db, {
        action: 'auth.login',
        actorUserId: user.id,
        effectiveUserId: user.id,
        customerId: user.customerId,
        requestId: request.id,
        ip: request.ip,
      });
      return {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        user: toUserDto(found.user, found.customer),
      };
    },
  );
};

/** Authentication routes for a signed-in caller. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current bearer token',
        security: [{ bearer: [] }],
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      await revokeSession(app.db, auth.sessionId);
      app.sessionCache?.deleteSession(auth.sessionId);
      await recordAudit(app.db, {
        action: 'auth.logout',
        actorUserId: auth.user.id,
        effectiveUserId: auth.user.id,
        customerId: auth.user.customerId,
        requestId: request.id,
        ip: request.ip,
      });
      return { success: true as const };
    },
  );
};
