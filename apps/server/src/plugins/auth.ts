import { AUTH_TEXTS, AUTH_TYPES, HEADERS } from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CustomerRow, UserRow } from '../db/schema/index.ts';
import { SessionCache } from '../lib/session-cache.ts';
import { hashToken } from '../lib/tokens.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import {
  type ActiveSession,
  findActiveSession,
  rotateSession,
  SESSION_ROTATE_AFTER_MS,
  touchSession,
} from '../repositories/sessions.ts';
import { findUserWithCustomer } from '../repositories/users.ts';

export interface AuthContext {
  sessionId: string;
  /** The user the request acts as, and its customer account (the login-as target, if any). */
  user: UserRow;
  customer: CustomerRow;
  /** The signed-in main administrator during login-as; null otherwise. */
  actor: UserRow | null;
  /** Set when the token is due for rotation: a 2xx answer then carries a fresh one. */
  rotate: boolean;
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
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('sessionCache', app.database.driver === 'pglite' ? new SessionCache() : null);

  const lookup = async (tokenHash: string): Promise<ActiveSession | undefined> => {
    const cached = app.sessionCache?.get(tokenHash);
    if (cached) return cached;
    const session = await findActiveSession(app.db, tokenHash);
    if (session) app.sessionCache?.set(tokenHash, session);
    return session;
  };

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return reply.unauthorized('Authentication required');
    const session = await lookup(hashToken(match[1]!));
    if (!session) return reply.unauthorized('Your session has expired, please log in again');

    const authType = header(request, HEADERS.authType);
    if (authType !== undefined && !(AUTH_TYPES as readonly string[]).includes(authType)) {
      return reply.unauthorized(`The Auth-Type header accepts ${AUTH_TYPES.join(' or ')}`);
    }

    let auth: AuthContext = {
      sessionId: session.sessionId,
      user: session.user,
      customer: session.customer,
      actor: null,
      rotate:
        session.replacedAt === null && Date.now() - session.createdAt.getTime() >= SESSION_ROTATE_AFTER_MS,
    };

    const loginAs = header(request, HEADERS.loginAs);
    if (loginAs !== undefined && loginAs !== session.user.id) {
      if (!session.user.isMainAdmin) return reply.forbidden(AUTH_TEXTS.loginAsForbidden);
      const target = /^[0-9a-f-]{36}$/i.test(loginAs)
        ? await findUserWithCustomer(app.db, loginAs)
        : undefined;
      if (!target) return reply.forbidden('The user named by the Login-As header does not exist');
      auth = { ...auth, user: target.user, customer: target.customer, actor: session.user };
    }

    const userId = header(request, HEADERS.userId);
    if (userId !== undefined && userId !== session.user.id && userId !== auth.user.id) {
      return reply.unauthorized('The User-ID header does not match the session');
    }

    request.auth = auth;
    await touchSession(app.db, session);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    // Every request made during login-as is audit-logged with both identities, before it is answered.
    if (auth?.actor) {
      await recordAudit(app.db, {
        action: 'login-as.request',
        actorUserId: auth.actor.id,
        effectiveUserId: auth.user.id,
        customerId: auth.user.customerId,
        target: `${request.method} ${request.url.split('?')[0]}`,
        details: { statusCode: reply.statusCode },
        requestId: request.id,
        ip: request.ip,
      });
    }
    // A 2xx answer to a request whose token is due carries a fresh token (spec section 4).
    if (!auth?.rotate || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const fresh = await rotateSession(
      app.db,
      { sessionId: auth.sessionId, userId: (auth.actor ?? auth.user).id },
      { userAgent: request.headers['user-agent'], ip: request.ip },
    );
    if (fresh) {
      app.sessionCache?.deleteSession(auth.sessionId);
      reply.header(HEADERS.userToken, fresh.token);
    }
    return payload;
  });
});
