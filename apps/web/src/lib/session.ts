import { AUTH_PATHS, type User } from '@cuepoint/core';
import { useRouteLoaderData } from 'react-router';
import { apiRequest } from './api-client.ts';
import { navigateTo } from './navigation.ts';
import { PATHS } from './paths.ts';
import { queryClient } from './query-client.ts';
import {
  clearStorageOnLogout,
  hasSession,
  readSession,
  rememberTarget,
  takeRememberedTarget,
} from './storage.ts';

/**
 * The session of spec section 4: no user -> profile fetched (GET user/getUser/{id}) -> active.
 * The profile is cached in the query client under ['user', id] for the screens that need it.
 */
/** The toast after a logout from the settings menu. */
export const SIGNED_OUT_TEXT = 'You have signed out.';

export type SessionState = 'none' | 'fetching' | 'active';

/** Route id of the layout route whose loader checks the session; its data is the user. */
export const SESSION_ROUTE_ID = 'session';
export interface SessionLoaderData {
  /** The user the console presents (the impersonated one during login-as; admin flag off in User View). */
  user: User;
  /** Whether the fetched user really is a main administrator (true in User View too). */
  isMainAdmin: boolean;
  /** A main administrator acting as another user (a stored `loginasid`). */
  loginAs: boolean;
  /** The Admin View / User View selector is on User View. */
  userView: boolean;
}

export const currentUserKey = (id: string) => ['user', id] as const;

let state: SessionState = 'none';
export const sessionState = () => state;

/**
 * The signed-in user's profile, fetched once per page life (route loaders call this) and again
 * after a change invalidates it (profile or account saved), so the shell shows the new values.
 */
export async function loadCurrentUser(id: string): Promise<User> {
  if (!queryClient.getQueryData(currentUserKey(id))) state = 'fetching';
  try {
    const user = await queryClient.fetchQuery({
      queryKey: currentUserKey(id),
      queryFn: () =>
        apiRequest<User>(`${AUTH_PATHS.getUser}/${encodeURIComponent(id)}`, { navigateOnAuthFailure: false }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    });
    state = 'active';
    return user;
  } catch (error) {
    state = 'none';
    throw error;
  }
}

/**
 * Whether a user is in both the session state and local storage (spec section 2, the error
 * page's 'Home page' link), resolving the stored session first when this page life has not: an
 * unknown URL opened directly renders no protected page, so nothing else fetched the profile.
 * The same call as the protected pages (during login-as, the user acted as). A session the server
 * refuses is cleared as spec section 8 says, without leaving the page and without remembering the
 * page as the place to return to after the next login.
 */
export async function resolveStoredSession(): Promise<boolean> {
  const stored = readSession();
  if (!hasSession(stored)) return false;
  if (state !== 'active') {
    const target = takeRememberedTarget();
    try {
      await loadCurrentUser(stored.loginAsId ?? stored.userId!);
    } catch {
      // The answer decides nothing more here: the link leads to the login page.
    } finally {
      takeRememberedTarget();
      if (target) rememberTarget(target);
    }
  }
  return state === 'active' && hasSession();
}

/** Forgets the in-memory session (profile, cached queries). */
export function resetSession() {
  state = 'none';
  queryClient.clear();
}

/**
 * Logout (spec section 4): tells the server (its failure does not matter), clears local storage
 * except `history` and `defaultEventDuration`, then goes to /login.
 */
export async function logout() {
  await apiRequest(AUTH_PATHS.logout, { method: 'POST', navigateOnAuthFailure: false }).catch(
    () => undefined,
  );
  clearStorageOnLogout();
  takeRememberedTarget(); // an explicit logout forgets where the user was going
  resetSession();
  navigateTo(PATHS.login);
}

/** The signed-in session of the current page (inside the session routes). */
export const useSession = () => useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData;
