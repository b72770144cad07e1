import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { BASENAME, PATHS, stripBasename } from '../lib/paths.ts';
import { SESSION_ROUTE_ID } from '../lib/session.ts';
import { entryLoader, publicLoader } from './guard.ts';
import { Splash } from './splash.tsx';

/** The guard runs on every navigation, not only when a route's params change. */
const always = () => true;

/** Every route module is lazy: the first screen loads only what it needs. */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: () => import('./root-layout.tsx'),
    // Until the first page is ready (its modules, the session and the profile): index.html's splash.
    HydrateFallback: Splash,
    children: [
      { index: true, loader: entryLoader },
      { path: PATHS.app, loader: entryLoader },
      {
        id: 'public',
        loader: publicLoader,
        shouldRevalidate: always,
        children: [
          { path: PATHS.login, lazy: () => import('../features/auth/routes/login.tsx') },
          { path: PATHS.signup, lazy: () => import('../features/auth/routes/signup.tsx') },
          { path: PATHS.mpsignup, lazy: () => import('../features/auth/routes/mpsignup.tsx') },
          { path: PATHS.resetPassword, lazy: () => import('../features/auth/routes/reset-password.tsx') },
          { path: PATHS.newPassword, lazy: () => import('../features/auth/routes/new-password.tsx') },
          { path: PATHS.userActivate, lazy: () => import('../features/auth/routes/user-activate.tsx') },
          { path: PATHS.accountReview, lazy: () => import('../features/auth/routes/account-review.tsx') },
        ],
      },
      {
        id: SESSION_ROUTE_ID,
        // The profile and the navigation model load with the first protected page.
        loader: (args: LoaderFunctionArgs) =>
          import('./protected-guard.ts').then((m) => m.protectedLoader(args)),
        shouldRevalidate: always,
        // The default layout (header, sidebar, breadcrumb, footer) loads with the first signed-in page.
        lazy: () => import('./shell/default-layout.tsx'),
        // Discovered with the first signed-in path: see `discoverSessionRoutes` below.
        children: [],
      },
      { path: '*', lazy: () => import('../features/errors/routes/not-found.tsx') },
    ],
  },
];

/**
 * The router's patchRoutesOnNavigation: on the first navigation that no known route matches but
 * the not-found splat (React Router asks then too), the signed-in screens are loaded (one lazy
 * module) and added under the session route. One per router: each router patches its own tree.
 */
export function discoverSessionRoutes(): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ patch }) => {
    if (patched) return;
    const { sessionRoutes } = await import('./session-routes.ts');
    if (patched) return;
    patched = true;
    patch(SESSION_ROUTE_ID, sessionRoutes);
  };
}

export function createRouter() {
  const router = createBrowserRouter(routes, {
    basename: BASENAME,
    patchRoutesOnNavigation: discoverSessionRoutes(),
  });
  setNavigator(
    (to) => void router.navigate(to, { replace: true }),
    () => stripBasename(router.state.location.pathname),
  );
  return router;
}
