import { redirect } from 'react-router';
import { LOGIN_REFRESH, PATHS, stripBasename } from '../lib/paths.ts';
import {
  clearStorageOnLogout,
  clearStoredUser,
  hasSession,
  isKnownAuthType,
  readSession,
  rememberTarget,
  type StoredSession,
} from '../lib/storage.ts';

/**
 * The route guard of spec section 2, as pure decisions (tested one rule at a time) and the route
 * loaders that apply them. The protected pages' loader, which needs the profile and the navigation
 * model, lives in protected-guard.ts and loads with the first protected page.
 */
export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string; clear?: 'user' | 'storage'; remember?: string };

export const allow: GuardDecision = { action: 'allow' };

/** A token with an auth type other than 'reg' or 'ad': storage cleared, back to login. */
const badAuthType = (s: StoredSession) => Boolean(s.token) && !isKnownAuthType(s.authType);

/** On a public page: a logged-in user goes to /overview. */
export function decidePublic(session: StoredSession): GuardDecision {
  if (badAuthType(session)) return { action: 'redirect', to: PATHS.login, clear: 'storage' };
  return hasSession(session) ? { action: 'redirect', to: PATHS.overview } : allow;
}

/** Before the profile is known: no session -> /login?refresh=true, the target remembered. */
export function decideSession(session: StoredSession, target: string): GuardDecision {
  if (badAuthType(session)) return { action: 'redirect', to: PATHS.login, clear: 'storage' };
  if (!hasSession(session)) {
    return {
      action: 'redirect',
      to: LOGIN_REFRESH,
      clear: session.token ? 'user' : undefined,
      remember: target,
    };
  }
  return allow;
}

export function applyDecision(decision: Extract<GuardDecision, { action: 'redirect' }>): Response {
  if (decision.clear === 'storage') clearStorageOnLogout();
  if (decision.clear === 'user') clearStoredUser();
  if (decision.remember) rememberTarget(decision.remember);
  return redirect(decision.to);
}

export const locate = (request: Request) => {
  const url = new URL(request.url);
  return { path: stripBasename(url.pathname), search: url.search };
};

/** Loader of the public pages. */
export function publicLoader() {
  const decision = decidePublic(readSession());
  return decision.action === 'redirect' ? applyDecision(decision) : null;
}

/** The index route (and /app): the overview when logged in, else the login page. */
export function entryLoader() {
  const decision = decidePublic(readSession());
  return decision.action === 'redirect' ? applyDecision(decision) : redirect(PATHS.login);
}
