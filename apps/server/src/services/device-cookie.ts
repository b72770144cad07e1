/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): after a
 * successful sign-in the browser gets a cookie binding the user and a random device nonce, signed
 * with the server's secret key (app.secretBox, an HMAC). A sign-in that carries a valid one of the
 * account is counted against that device only (repositories/auth-failures.ts, `device:` keys),
 * so a password sprayer who locks the account out of untrusted clients does not lock its owner
 * out of their own browser; a cookie of another user, altered or unsigned, is no cookie at all.
 * The reset-password allowance counts such a browser as its own requester too.
 *
 * `cuepoint_device=<user id>.<nonce>.<signature>`: HttpOnly, SameSite=Lax, Secure when the
 * console is served over HTTPS (PUBLIC_URL) or the request came over it, on the path of the
 * sign-in routes (`/api/auth` or `/api_v1/auth`: no other call carries it), for 180 days. Each
 * sign-in issues a fresh nonce. One browser holds one: the last user that signed in from it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceRef } from '../repositories/auth-failures.ts';

export const DEVICE_COOKIE = 'cuepoint_device';
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const PURPOSE = 'device cookie';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** The values of every cookie named `name` in the request's Cookie header. */
function cookieValues(request: FastifyRequest, name: string): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/**
 * The device of the request's valid device cookie for this user (signature checked, and issued to
 * this user); undefined without one.
 */
export function deviceOf(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
): DeviceRef | undefined {
  for (const value of cookieValues(request, DEVICE_COOKIE)) {
    const [user, nonce, signature, ...rest] = value.split('.');
    if (rest.length > 0 || !user || !nonce || !signature) continue;
    if (!UUID.test(user) || !NONCE.test(nonce) || user.toLowerCase() !== userId.toLowerCase()) continue;
    if (app.secretBox.verify(PURPOSE, `${user}.${nonce}`, signature)) return { userId, nonce };
  }
  return undefined;
}

/** Sets a fresh device cookie for the user that just signed in (a new nonce). */
export function issueDeviceCookie(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): void {
  const nonce = randomBytes(16).toString('base64url');
  const message = `${userId}.${nonce}`;
  const value = `${message}.${app.secretBox.sign(PURPOSE, message)}`;
  // The sign-in routes' own folder: /api/auth/login → /api/auth (the reset request is there too).
  const route = request.routeOptions.url ?? request.url.split('?')[0]!;
  const path = route.slice(0, route.lastIndexOf('/')) || '/';
  const secure = request.protocol === 'https' || app.consoleLink('/', {}).startsWith('https:');
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=${path}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}
