import { isEntryVisible, type NavigationFlags, type NavigationUser } from '@cuepoint/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../plugins/auth.ts';
import { forbidden } from './request-problem.ts';

/**
 * Calls behind a sidebar entry answer whoever sees that entry (spec section 2), decided by the
 * same function the console's sidebar and route guard use: the effective user (the login-as
 * target, if any), its customer's payment customer id, the server's runtime flags and login-as.
 */
export function navigationUserOf(auth: Pick<AuthContext, 'user' | 'customer'>): NavigationUser {
  return {
    profile: { isMainAdmin: auth.user.isMainAdmin },
    customerObj: [{ paymentCustomerId: auth.customer.paymentCustomerId }],
  };
}

/** Whether the caller sees the sidebar entry `id`. */
export function canSeeEntry(auth: AuthContext, id: string, flags: NavigationFlags): boolean {
  return isEntryVisible(id, navigationUserOf(auth), flags, { loginAs: Boolean(auth.signedInAdmin) });
}

/**
 * A route hook (use it as `onRequest`, after the scope's authentication, so nothing about the
 * request is examined for a caller who may not make it) refusing with 403 with `message` unless the
 * caller sees the sidebar entry `id`.
 */
export function requireNavigationEntry(id: string, flags: NavigationFlags, message: string) {
  return async function navigationEntryGuard(request: FastifyRequest, reply: FastifyReply) {
    if (reply.sent) return;
    // Fail closed: a route mounted outside the authenticated scope has no caller to admit.
    if (!request.auth || !canSeeEntry(request.auth, id, flags)) throw forbidden(message);
  };
}
