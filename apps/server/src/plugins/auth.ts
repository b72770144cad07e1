import { AUTH_TYPES, HEADERS } from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CustomerRow, UserRow } from '../db/schema/index.ts';
import { SessionCache } from '../lib/session-cache.ts';
import { hashToken } from '../lib/tokens.ts';
import { findActiveSession, touchSession } from '../repositories/sessions.ts';

export interface AuthContext {
  sessionId: string;
  /** The user the token belongs to, and its customer account. */
  user: UserRow;
  customer: CustomerRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Cached live sessions; present only where one process owns the data (PGlite). */
    sessionCache: SessionCache | null;
    /** onRequest hook: answers 401 unless the request carries a live bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('sessionCache', app.database.driver === 'pglite' ? new SessionCache() : null);

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return reply.unauthorized('Authentication required');
    const tokenHash = hashToken(match[1]!);
    let session = app.sessionCache?.get(tokenHash);
    if (!session) {
      session = await findActiveSession(app.db, tokenHash);
      if (!session) return reply.unauthorized('Your session has expired, please log in again');
      app.sessionCache?.set(tokenHash, session);
    }
    const userId = request.headers[HEADERS.userId];
    if (userId !== undefined && userId !== session.user.id) {
      return reply.unauthorized('The User-ID header does not match the session');
    }
    const authType = request.headers[HEADERS.authType];
    if (authType !== undefined && !(AUTH_TYPES as readonly string[]).includes(String(authType))) {
      return reply.unauthorized(`The Auth-Type header accepts ${AUTH_TYPES.join(' or ')}`);
    }
    request.auth = { sessionId: session.sessionId, user: session.user, customer: session.customer };
    await touchSession(app.db, session);
  });
});
