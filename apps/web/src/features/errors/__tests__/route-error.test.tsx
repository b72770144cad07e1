/**
 * The route tree's error boundary: which status the error page names. A refused API call thrown
 * while a page loads keeps its status (a 429 is not a 500); anything else is a 500.
 */
import { somethingWentWrong } from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { RouteError } from '../routes/route-error.tsx';

const renderThrowing = (error: unknown) => {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        loader: () => {
          throw error;
        },
        element: <p>loaded</p>,
        errorElement: <RouteError />,
        HydrateFallback: () => null,
      },
    ],
    { basename: '/app', initialEntries: ['/app/somewhere'] },
  );
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
};

describe('RouteError', () => {
  it('names the status of a refused API call and shows its message', async () => {
    renderThrowing(new ApiError(429, { message: 'Too many requests, please retry in 12 seconds' }));
    expect(await screen.findByRole('heading', { name: somethingWentWrong(429) })).toBeInTheDocument();
    expect(screen.getByText('Too many requests, please retry in 12 seconds')).toBeInTheDocument();
  });

  it('calls a call that got no answer at all, or any other error, a 500', async () => {
    renderThrowing(new ApiError(0, undefined, 'The server could not be reached'));
    expect(await screen.findByRole('heading', { name: somethingWentWrong(500) })).toBeInTheDocument();
    expect(screen.getByText('The server could not be reached')).toBeInTheDocument();
  });

  it('calls an unexpected error a 500', async () => {
    renderThrowing(new Error('boom'));
    expect(await screen.findByRole('heading', { name: somethingWentWrong(500) })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });
});
