import { discoverSessionRoutes, routes } from '../app/router.tsx';
import { renderRoutes } from './render-router.tsx';

/** The whole console (routes, guard, lazy pages) in a memory router at `path`. */
export function renderApp(path: string) {
  const view = renderRoutes(routes, path, discoverSessionRoutes());
  const location = () => view.router.state.location.pathname + view.router.state.location.search;
  return { ...view, location };
}
