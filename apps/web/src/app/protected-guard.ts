import { isPathEnabled, type NavigationFlags, type User } from '@cuepoint/core';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { PATHS } from '../lib/paths.ts';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { toastServerError } from '../lib/server-error.ts';
import { loadCurrentUser, type SessionLoaderData } from '../lib/session.ts';
import { readSession } from '../lib/storage.ts';
import { forgetLoginAs, isUserView, presentedUser } from '../lib/view-mode.ts';
import { allow, applyDecision, decideSession, type GuardDecision, locate } from './guard.ts';

/** Why login-as ended on its own, unless the server's answer has words for the user. */
export const LOGIN_AS_ENDED_TEXT =
  'The user you acted as can no longer be used. You are signed in as yourself.';

/** With the profile: a non-admin outside the enabled navigation goes to /overview. */
export function decideNavigation(
  path: string,
  user: User,
  flags: NavigationFlags,
  loginAs: boolean,
): GuardDecision {
  if (user.profile.isMainAdmin || path === PATHS.overview) return allow;
  return isPathEnabled(path, user, flags, { loginAs }) ? allow : { action: 'redirect', to: PATHS.overview };
}

/** Loader of every page that needs a login: session, profile, then navigation rights. */
export async function protectedLoader({
  request,
}: LoaderFunctionArgs): Promise<SessionLoaderData | Response> {
  const { path, search } = locate(request);
  const session = readSession();
  const first = decideSession(session, path + search);
  if (first.action === 'redirect') return applyDecision(first);
  // During login-as the impersonated user is fetched (the Login-As header makes it the caller).
  const loginAs = Boolean(session.loginAsId);
  let fetched: User;
  try {
    fetched = await loadCurrentUser(session.loginAsId ?? session.userId!);
  } catch (error) {
    if (error instanceof ApiError && error.redirectTo) return redirect(error.redirectTo);
    // The user acted as can no longer be (its account was de-activated): leave login-as, stay
    // signed in as the administrator, and say why.
    if (loginAs && error instanceof ApiError && error.status === 409) {
      forgetLoginAs();
      toastServerError(error, { type: 'warning', duration: 'long', fallback: LOGIN_AS_ENDED_TEXT });
      return redirect(path + search);
    }
    throw error;
  }
  const user = presentedUser(fetched);
  const second = decideNavigation(path, user, runtimeConfig(), loginAs);
  if (second.action === 'redirect') return applyDecision(second);
  return { user, isMainAdmin: fetched.profile.isMainAdmin, loginAs, userView: isUserView() };
}
