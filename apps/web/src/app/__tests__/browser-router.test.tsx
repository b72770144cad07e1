import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentPath, navigateTo, setNavigator } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../test/fixtures.ts';
import { createRouter } from '../router.tsx';

/** The production router (browser history, basename /app), as main.tsx creates it. */
describe('browser router under /app', () => {
  it('guards with the basename, and installs navigation for the API clients', async () => {
    window.history.replaceState(null, '', '/app/overview');
    const router = createRouter();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/app/login?refresh=true'),
    );
    expect(sessionStorage.getItem('cuepoint.returnTo')).toBe('/overview');
    expect(currentPath()).toBe('/login');

    const user = makeUser();
    signIn(user);
    stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    navigateTo('/overview');
    expect(await screen.findByText(`Signed in as ${user.email}`)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/app/overview');
    router.dispose();
    setNavigator();
  });
});
