import { AUTH_TEXTS, AUTH_TYPES, entitled, HEADERS } from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CustomerRow, UserRow } from '../db/schema/index.ts';
import { conflict, forbidden, unauthorized } from '../lib/request-problem.ts';
import { SessionCache } from '../lib/session-cache.ts';
import { hashToken } from '../lib/tokens.ts';
import { findApiTokenPrincipal, isApiToken } from '../repositories/api-tokens.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import {
  type ActiveSession,
  findActiveSession,
  rotateSession,
  SESSION_ROTATE_AFTER_MS,
  sessionTouchDue,
  touchSession,
} from '../repositories/sessions.ts';
import { findUserWithCustomer } from '../repositories/users.ts';
import { roleRefusal } from './role-access.ts';

interface AuthBase {
  /** The user the request acts as, and its customer account (the login-as target, if any). */
  user: UserRow;
  customer: CustomerRow;
  /**
   * During login-as, the main administrator who signed in and acts as `user`; null otherwise. (The
   * person who acted is `signedInAdmin ?? user`: services/audit.ts.)
   */
  signedInAdmin: UserRow | null;
  /** Set when the token is due for rotation: a 2xx answer then carries a fresh one. */
  rotate: boolean;
}

/** A console session: a bearer token from POST /auth/login. */
export interface SessionAuth extends AuthBase {
  kind: 'session';
  sessionId: string;
  /** The sign-in this token descends from (logout revokes all of it). */
  familyId: string | null;
}

/**
 * A customer's API token (`Bearer cpk_…`, enterprise plan): the request acts as the customer's
 * earliest-created active user (repositories/api-tokens.ts), with that user's permissions. No
 * session, so no rotation and no logout; Login-As is refused. Routes that must not be reached
 * programmatically (token management, de-activation) check `kind`.
 */
export interface ApiTokenAuth extends AuthBase {
  kind: 'apiToken';
  sessionId: null;
  signedInAdmin: null;
  rotate: false;
}

export type AuthContext = SessionAuth | ApiTokenAuth;
export type AuthKind = AuthContext['kind'];

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Cached live sessions; present only where one process owns the data (PGlite). */
    sessionCache: SessionCache | null;
    /**
     * onRequest hook: refuses with 401 unless the request carries a live bearer token, then with
     * 403 unless the caller's role allows the route. Callback-style: a cached session finishes
     * without a promise (docs/scale-out.md, "Authenticated reads against bare Fastify").
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** Answers to API token callers (ours; the spec names no texts for them). */
export const API_TOKEN_TEXTS = {
  invalid:
    'This API token is not valid: it was switched off or replaced, or its account is de-activated or has no API access',
  noLoginAs: 'Login-As is not available with an API token',
  userIdMismatch: 'The User-ID header does not match the API token’s user',
} as const;

const LOGIN_AS_DEACTIVATED = 'The user named by the Login-As header belongs to a de-activated account';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('sessionCache', app.database.driver === 'pglite' ? new SessionCache() : null);

  const authTypeError = (request: FastifyRequest) => {
    const authType = header(request, HEADERS.authType);
    return authType !== undefined && !(AUTH_TYPES as readonly string[]).includes(authType)
      ? `The Auth-Type header accepts ${AUTH_TYPES.join(' or ')}`
      : undefined;
  };

  const authenticateApiToken = async (request: FastifyRequest, token: string) => {
    const principal = await findApiTokenPrincipal(app.db, token);
    // API access is an enterprise entitlement: a token stops working when its plan loses it.
    if (!principal || !entitled(principal.customer.paymentPlan, 'enhanced_api')) {
      throw unauthorized(API_TOKEN_TEXTS.invalid);
    }
    const typeError = authTypeError(request);
    if (typeError) throw unauthorized(typeError);
    const loginAs = header(request, HEADERS.loginAs);
    if (loginAs !== undefined && loginAs !== principal.user.id) throw forbidden(API_TOKEN_TEXTS.noLoginAs);
    const userId = header(request, HEADERS.userId);
    if (userId !== undefined && userId !== principal.user.id) {
      throw unauthorized(API_TOKEN_TEXTS.userIdMismatch);
    }
    request.auth = {
      kind: 'apiToken',
      sessionId: null,
      user: principal.user,
      customer: principal.customer,
      signedInAdmin: null,
      rotate: false,
    };
  };

  // Team roles (issue 18): the route's role action, checked once here for every signed-in call.
  const roleCheck = (request: FastifyRequest) =>
    roleRefusal(request.auth!.user, request.method, request.routeOptions.url);

  // No closure is made on the synchronous path: tsx names each named one as it is made (esbuild's
  // keepNames, an Object.defineProperty per request), which cost more than the rest of the hook.
  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      let pending: Promise<void> | undefined;
      try {
        pending = identify(request);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (pending) pending.then(() => done(roleCheck(request)), done);
      else done(roleCheck(request));
    },
  );

  /**
   * Sets `request.auth` from the bearer token (a session or an API token), or throws. Answers a
   * promise only when it has to wait: for the database (a session not cached, an API token, a
   * login-as target, a session's last-used time due), and undefined when it is done.
   */
  const identify = (request: FastifyRequest): Promise<void> | undefined => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized('Authentication required');
    const token = match[1]!;
    if (isApiToken(token)) return authenticateApiToken(request, token);
    const tokenHash = hashToken(token);
    const cached = app.sessionCache?.get(tokenHash);
    if (cached) return withSession(request, cached);
    return findActiveSession(app.db, tokenHash).then((session) => {
      if (session) app.sessionCache?.set(tokenHash, session);
      return withSession(request, session);
    });
  };

  const withSession = (
    request: FastifyRequest,
    session: ActiveSession | undefined,
  ): Promise<void> | undefined => {
    if (!session) throw unauthorized('Your session has expired, please log in again');

    const typeError = authTypeError(request);
    if (typeError) throw unauthorized(typeError);

    const now = Date.now();
    const auth: SessionAuth = {
      kind: 'session',
      sessionId: session.sessionId,
      familyId: session.familyId,
      user: session.user,
      customer: session.customer,
      signedInAdmin: null,
      rotate: session.replacedAt === null && now - session.createdAt.getTime() >= SESSION_ROTATE_AFTER_MS,
    };

    const loginAs = header(request, HEADERS.loginAs);
    if (loginAs !== undefined && loginAs !== session.user.id) {
      if (!session.user.isMainAdmin) throw forbidden(AUTH_TEXTS.loginAsForbidden);
      return loginAsTarget(loginAs).then((target) =>
        admit(
          request,
          session,
          { ...auth, user: target.user, customer: target.customer, signedInAdmin: session.user },
          now,
        ),
      );
    }
    return admit(request, session, auth, now);
  };

  /** The user a main administrator acts as (the Login-As header), or the refusal. */
  const loginAsTarget = async (loginAs: string) => {
    const target = /^[0-9a-f-]{36}$/i.test(loginAs) ? await findUserWithCustomer(app.db, loginAs) : undefined;
    if (!target) throw forbidden('The user named by the Login-As header does not exist');
    // 409, not 403: the console then leaves login-as rather than ending the administrator's session.
    if (target.customer.deactivatedAt) throw conflict(LOGIN_AS_DEACTIVATED);
    return target;
  };

  /** Lets the session's request in (the User-ID header must name it), touching the session when due. */
  const admit = (
    request: FastifyRequest,
    session: ActiveSession,
    auth: SessionAuth,
    now: number,
  ): Promise<void> | undefined => {
    const userId = header(request, HEADERS.userId);
    if (userId !== undefined && userId !== session.user.id && userId !== auth.user.id) {
      throw unauthorized('The User-ID header does not match the session');
    }
    request.auth = auth;
    return sessionTouchDue(session, now) ? touchSession(app.db, session, new Date(now)) : undefined;
  };

  /** A 2xx answer to a request whose token is due carries a fresh token (spec section 4). */
  const rotationDue = (auth: AuthContext | null, reply: FastifyReply): auth is SessionAuth =>
    auth?.kind === 'session' && auth.rotate && reply.statusCode >= 200 && reply.statusCode < 300;

  // Callback-style with an async slow path: most answers (no login-as, no token due) go through
  // without a promise of their own (docs/scale-out.md, "Authenticated reads against bare Fastify").
  app.addHook('onSend', (request, reply, payload, done) => {
    const auth = request.auth;
    if (!auth?.signedInAdmin && !rotationDue(auth, reply)) {
      done(null, payload);
      return;
    }
    auditAndRotate(request, reply).then(() => done(null, payload), done);
  });

  const auditAndRotate = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = request.auth;
    // Every request made during login-as is audit-logged with both identities, before it is answered.
    if (auth?.signedInAdmin) {
      await recordAudit(app.db, {
        action: 'login-as.request',
        actorUserId: auth.signedInAdmin.id,
        effectiveUserId: auth.user.id,
        customerId: auth.user.customerId,
        target: `${request.method} ${request.url.split('?')[0]}`,
        details: { statusCode: reply.statusCode },
        requestId: request.id,
        ip: request.ip,
      });
    }
    if (!rotationDue(auth, reply)) return;
    const fresh = await rotateSession(
      app.db,
      { sessionId: auth.sessionId, familyId: auth.familyId, userId: (auth.signedInAdmin ?? auth.user).id },
      { userAgent: request.headers['user-agent'], ip: request.ip },
    );
    if (fresh) {
      app.sessionCache?.deleteSession(auth.sessionId);
      reply.header(HEADERS.userToken, fresh.token);
    }
  };
});
