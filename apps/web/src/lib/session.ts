import { API_PATHS, apiPath, type LoginRequest, type LoginResponse, type User } from '@cuepoint/core';
import { useRouteLoaderData } from 'react-router';
import {
  ApiError,
  type ApiErrorBody,
  apiRequest,
  closeSession,
  type FailedRequest,
  onApiError,
  whenSignedInPagesGone,
} from './api-client.ts';
import { whenIdle } from './in-flight.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { LOGIN_REFRESH, PATHS } from './paths.ts';
import { queryClient } from './query-client.ts';
import { runtimeConfig } from './runtime-config.ts';
import {
  clearStorageOnLogout,
  clearStoredUser,
  hasSession,
  isPublicPath,
  readSession,
  rememberTarget,
  storeFirstName,
  storeLogin,
  takeRememberedTarget,
} from './storage.ts';

/**
 * The session of spec section 4: sign-in, no user -> profile fetched (GET user/getUser/{id}) ->
 * active, sign-out, and the end of a session the server refuses (spec section 8). The profile is
 * cached in the query client under ['user', id] for the screens that need it.
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
      queryFn: () => apiRequest<User>(apiPath(API_PATHS.user.get, { id }), { navigateOnAuthFailure: false }),
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

/**
 * Sign-in (spec section 4): POST auth/login; the token, the auth type and the user are stored,
 * the profile cached, and the console goes to the page remembered before the login, or to
 * /overview. An account not activated yet, or still under review, is refused with 403 and its
 * state: the console goes where spec section 8 says. A refusal is raised for the page to show.
 */
export async function signIn(credentials: LoginRequest): Promise<void> {
  closeSession(false);
  let answer: LoginResponse;
  try {
    answer = await apiRequest<LoginResponse>(apiPath(API_PATHS.auth.login), {
      method: 'POST',
      body: credentials,
    });
  } catch (error) {
    const accountState =
      error instanceof ApiError && error.status === 403 && typeof error.body?.isActive === 'boolean';
    if (accountState && !error.redirectTo) {
      error.redirectTo = applyAuthFailure(error.body);
      navigateTo(error.redirectTo);
    }
    throw error;
  }
  storeLogin(answer.token, answer.user, 'reg');
  queryClient.setQueryData(currentUserKey(answer.user._id), answer.user);
  navigateTo(takeRememberedTarget() ?? PATHS.overview);
}

/** Statuses that end the session (spec section 8). */
const SESSION_STATUSES = new Set([400, 401, 402, 403]);

/**
 * Whether a signed-in request's error ends the session (spec section 8): 400, 401, 402 and 403,
 * but a 400 that names fields (a validation answer, for the form) and a 403 that names a plan
 * feature (a write the customer's plan does not include: the caller shows its upgrade text) or a
 * team role (a write the user's role does not allow: the caller toasts the message), and a web
 * page where data was expected.
 */
export function endsSession(error: ApiError): boolean {
  if (error.htmlAnswer) return true;
  const validation = error.status === 400 && Boolean(error.body?.fields?.length);
  const plan = error.status === 403 && Boolean(error.body?.planFeature);
  const role = error.status === 403 && Boolean(error.body?.roleRequired);
  return SESSION_STATUSES.has(error.status) && !validation && !plan && !role;
}

/**
 * Applies spec section 8 to a refused session and answers where to go: an inactive user to
 * /user-activate?email=…, an active user still under review to /account-review (first name
 * stored), anyone else to /login?refresh=true (the page remembered). The stored user is cleared
 * in every case.
 */
export function applyAuthFailure(body: ApiErrorBody | undefined): string {
  clearStoredUser();
  if (body?.isActive === false) return `${PATHS.userActivate}?email=${encodeURIComponent(body.email ?? '')}`;
  if (body?.isActive === true && body.isGmanaActive === false) {
    storeFirstName(body.firstName ?? '');
    return PATHS.accountReview;
  }
  const here = currentPath();
  if (!isPublicPath(here)) rememberTarget(here + window.location.search);
  return LOGIN_REFRESH;
}

/**
 * The session's policy on every failed call: a signed-in request refused as spec section 8 says
 * ends the session and leaves the page (or, for a route loader, only says where to go). The
 * public pages handle their own errors, and the second client's on a login page are the page's.
 */
export function endSessionOnAuthFailure(error: ApiError, request: FailedRequest) {
  if (!request.authenticated || !endsSession(error)) return;
  if (request.passOnOnLoginPage && currentPath() === PATHS.login) return;
  error.redirectTo = applyAuthFailure(error.body);
  if (request.navigate) navigateTo(error.redirectTo);
}

/** Puts the session's policy on the API clients (main.tsx, before the first request). */
export const installSessionPolicy = () => onApiError(endSessionOnAuthFailure);

/** Forgets the in-memory session (profile, cached queries). */
export function resetSession() {
  state = 'none';
  queryClient.clear();
}

/**
 * Logout (spec section 4): tells the server (its failure does not matter; not when the server has
 * `revoked` the session already), clears local storage except `history` and
 * `defaultEventDuration`, then goes to /login.
 */
export async function logout({ revoked = false }: { revoked?: boolean } = {}) {
  // The page's requests still in flight get their answers first, and none goes out from the
  // signed-in pages until the login page shows (api-client's closeSession): once the server has
  // revoked the session it would refuse them (401), an error after the user chose to leave.
  closeSession(true);
  await whenIdle(runtimeConfig().UI_TIMEOUT);
  // A session the server has already ended (the account was de-activated) is not ended twice:
  // the call could only be refused.
  if (!revoked) {
    await apiRequest(apiPath(API_PATHS.auth.logout), {
      method: 'POST',
      navigateOnAuthFailure: false,
      closesSession: true,
    }).catch(() => undefined);
  }
  clearStorageOnLogout();
  takeRememberedTarget(); // an explicit logout forgets where the user was going
  state = 'none';
  navigateTo(PATHS.login);
  // The cached data goes once the signed-in pages have: cleared under them, their queries would
  // fetch again, without a session.
  await whenSignedInPagesGone(LEAVE_LIMIT_MS);
  resetSession();
}

/** How long a logout waits for the signed-in pages to go before it clears the cache all the same. */
const LEAVE_LIMIT_MS = 5_000;

/** The signed-in session of the current page (inside the session routes). */
export const useSession = () => useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData;
