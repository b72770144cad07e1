import { OVERVIEW_PATH } from '@cuepoint/core';

/** The router's basename: every console path below is relative to it. */
export const BASENAME = '/app';

/**
 * The public pages' paths and the console's home, declared once (relative to the router's
 * basename /app). The signed-in screens are app/screens.ts's table; their paths come from core's
 * navigation (`entryPath`, the *_PATH constants) and the features' path builders
 * (`resourcePaths`, resource-paths.ts).
 */
export const PATHS = {
  index: '/',
  app: '/app',
  login: '/login',
  signup: '/signup',
  mpsignup: '/mpsignup',
  resetPassword: '/reset-password',
  newPassword: '/new-password',
  userActivate: '/user-activate',
  accountReview: '/account-review',
  overview: OVERVIEW_PATH,
} as const;

/** Public routes of spec section 2: reachable without a login, and left for /overview once logged in. */
export const PUBLIC_PATHS: readonly string[] = [
  PATHS.login,
  PATHS.signup,
  PATHS.resetPassword,
  PATHS.newPassword,
  PATHS.app,
  PATHS.userActivate,
  PATHS.mpsignup,
  PATHS.accountReview,
];

/** Where an expired or refused session sends the user (spec sections 2 and 8). */
export const LOGIN_REFRESH = `${PATHS.login}?refresh=true`;

/** A console path from a browser pathname: '/app/login' -> '/login'. */
export const stripBasename = (pathname: string) =>
  pathname === BASENAME || pathname.startsWith(`${BASENAME}/`)
    ? pathname.slice(BASENAME.length) || '/'
    : pathname;
