/**
 * The signed-in screens, children of the session route (app/router.tsx): one route per screen of
 * the table (screens.ts), its title as the route's handle. They are discovered on the first
 * navigation to a signed-in path (the router's patchRoutesOnNavigation), so the sign-in page does
 * not carry their route table and its preload map.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { type RouteModule, SCREENS } from './screens.ts';

type LazyRoute = LazyRouteFunction<RouteObject>;

/**
 * The signed-in screens' route modules, each loaded on first use (its own chunk, as with
 * `() => import(…)`). The public pages' modules are router.tsx's own.
 */
const ROUTE_MODULES = import.meta.glob<Awaited<ReturnType<LazyRoute>>>([
  '../features/*/routes/*.tsx',
  '!../features/auth/**',
  '!../features/errors/**',
]);

const lazyModule = (module: RouteModule): LazyRoute => {
  const load = ROUTE_MODULES[`../features/${module}.tsx`];
  if (!load) throw new Error(`No route module src/features/${module}.tsx`);
  return load;
};

export const sessionRoutes: RouteObject[] = SCREENS.map(({ path, title, module }) => ({
  path,
  handle: { title },
  lazy: lazyModule(module),
}));
