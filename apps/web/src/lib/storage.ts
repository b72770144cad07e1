import { AUTH_TYPES, STORAGE_KEYS as K, STORAGE_KEPT_ON_LOGOUT } from '@cuepoint/core';
import { PUBLIC_PATHS } from './paths.ts';

/**
 * The browser-stored values of spec section 3, under their exact names: currentUser (the bearer
 * token), authType, loginasid, loginas, user (JSON with _id) and firstName.
 */
export interface StoredSession {
  token: string | null;
  authType: string | null;
  userId: string | null;
  loginAsId: string | null;
}

const local = () => window.localStorage;

function storedUserId(): string | null {
  const raw = local().getItem(K.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const id = (parsed as { _id?: unknown } | null)?._id;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}

export const readSession = (): StoredSession => ({
  token: local().getItem(K.currentUser),
  authType: local().getItem(K.authType),
  userId: storedUserId(),
  loginAsId: local().getItem(K.loginAsId),
});

export const isKnownAuthType = (value: string | null): boolean =>
  (AUTH_TYPES as readonly (string | null)[]).includes(value);

/** A usable session: a token, a known auth type ('reg' or 'ad') and a user id. */
export const hasSession = (s: StoredSession = readSession()) =>
  Boolean(s.token && s.userId && isKnownAuthType(s.authType));

/** After a successful login: the token, the auth type and the user JSON. */
export function storeLogin(token: string, user: { _id: string }, authType: 'reg' | 'ad' = 'reg') {
  local().setItem(K.currentUser, token);
  local().setItem(K.authType, authType);
  local().setItem(K.user, JSON.stringify(user));
}

/** A `usertoken` response header replaces the stored bearer token. */
export const storeToken = (token: string) => local().setItem(K.currentUser, token);

export const storeFirstName = (firstName: string) => local().setItem(K.firstName, firstName);
export const storedFirstName = () => local().getItem(K.firstName);

/** Forgets the signed-in user (spec section 8: "clear stored user"), login-as included. */
export function clearStoredUser() {
  for (const key of [K.currentUser, K.authType, K.user, K.loginAsId, K.loginAs]) local().removeItem(key);
}

/** Logout: clears local storage except `history` and `defaultEventDuration` (spec section 4). */
export function clearStorageOnLogout() {
  const kept = STORAGE_KEPT_ON_LOGOUT.flatMap((key) => {
    const value = local().getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  local().clear();
  for (const [key, value] of kept) local().setItem(key, value);
}

// ---- The target remembered across a login (spec section 2) --------------------------------

const RETURN_TO = 'cuepoint.returnTo';

export const isPublicPath = (path: string) =>
  PUBLIC_PATHS.includes(path.replace(/[?#].*$/, '').replace(/\/+$/, ''));

/** Remembers a console path (with its query) to open after the next login. */
export function rememberTarget(target: string) {
  if (isSafeTarget(target)) window.sessionStorage.setItem(RETURN_TO, target);
}

/** The remembered target, once: a console path that is not a public page, or null. */
export function takeRememberedTarget(): string | null {
  const target = window.sessionStorage.getItem(RETURN_TO);
  window.sessionStorage.removeItem(RETURN_TO);
  return target && isSafeTarget(target) ? target : null;
}

/** A path inside the console ('/x', never '//host' or a URL), and not a public page. */
const isSafeTarget = (target: string) =>
  target.startsWith('/') &&
  !target.startsWith('//') &&
  !target.includes('\\') &&
  target !== '/' &&
  !isPublicPath(target);
