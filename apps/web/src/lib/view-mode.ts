import type { User } from '@cuepoint/core';
import { LIVE_STREAMS_PATH, STORAGE_KEYS } from '@cuepoint/core';
import { navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { currentUserKey } from './session.ts';

/**
 * The Admin View / User View selector and login-as exit of spec section 4.
 *
 * User View ("demo"): a main administrator switches to its own user, fetched again, with the
 * admin flag off, and goes to /streams-live; the console then shows what a customer sees (the
 * server keeps enforcing the administrator's real rights). Switching back restores the original
 * and reloads. The view lives in memory only: a reload is the way back.
 */
let demo = false;

export const isUserView = () => demo;

/** The user as the console should present it: with the admin flag off in User View. */
export const presentedUser = (user: User): User =>
  demo ? { ...user, profile: { ...user.profile, isMainAdmin: false } } : user;

export function enterUserView(userId: string) {
  queryClient.removeQueries({ queryKey: currentUserKey(userId) });
  demo = true;
  navigateTo(LIVE_STREAMS_PATH);
}

export function leaveUserView(reload: () => void = () => window.location.reload()) {
  demo = false;
  reload();
}

/** Login-as Sign out: forgets the impersonated user, keeping the administrator's session, and reloads. */
export function signOutOfLoginAs(reload: () => void = () => window.location.reload()) {
  forgetLoginAs();
  reload();
}

/** Forgets the impersonated user and everything fetched as that user; the administrator stays signed in. */
export function forgetLoginAs() {
  window.localStorage.removeItem(STORAGE_KEYS.loginAsId);
  window.localStorage.removeItem(STORAGE_KEYS.loginAs);
  queryClient.clear();
}
