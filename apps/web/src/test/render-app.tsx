import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';

/** The whole console (routes, guard, lazy pages) in a memory router at `path`. */
export function renderApp(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, location };
}
