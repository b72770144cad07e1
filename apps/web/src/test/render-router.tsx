import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * `routes` in a memory data router at `path`, inside the console's providers (Mantine, the shared
 * query client, cleared first); the app's navigator (lib/navigation.ts) drives that router.
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction,
) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  setNavigator(
    (to) => void router.navigate(to, { replace: true }),
    () => router.state.location.pathname,
  );
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}
