import { AUTH_TYPES, HEADERS } from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/index.ts';
import { findActiveSession, touchSession } from '../repositories/sessions.ts';

export interface AuthContext {
  sessionId: string;
  /** The user the token belongs to. */
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook: answers 401 unless the request carries a live bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return reply.unauthorized('Authentication required');
    const session = await findActiveSession(app.db, match[1]!);
    if (!session) return reply.unauthorized('Your session has expired, please log in again');
    const userId = request.headers[HEADERS.userId];
    if (userId !== undefined && userId !== session.user.id) {
      return reply.unauthorized('The User-ID header does not match the session');
    }
    const authType = request.headers[HEADERS.authType];
    if (authType !== undefined && !(AUTH_TYPES as readonly string[]).includes(String(authType))) {
      return reply.unauthorized(`The Auth-Type header accepts ${AUTH_TYPES.join(' or ')}`);
    }
    request.auth = { sessionId: session.sessionId, user: session.user };
    await touchSession(app.db, session);
  });
});
