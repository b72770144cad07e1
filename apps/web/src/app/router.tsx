import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { BASENAME, PATHS } from './paths.ts';

/** Every route module is lazy: the first screen loads only what it needs. */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: () =>
      import('../features/errors/routes/route-error.tsx').then((m) => ({ ErrorBoundary: m.RouteError })),
    children: [
      { index: true, loader: () => redirect(PATHS.login) },
      { path: PATHS.login, lazy: () => import('../features/auth/routes/login.tsx') },
      { path: '*', lazy: () => import('../features/errors/routes/not-found.tsx') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: BASENAME });
