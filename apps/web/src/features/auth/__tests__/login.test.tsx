import { RUNTIME_CONFIG_DEFAULTS, RUNTIME_CONFIG_GLOBAL } from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Component as LoginPage } from '../routes/login.tsx';

const renderLogin = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <LoginPage />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('login form validation (shared zod schema)', () => {
  beforeAll(() => {
    (globalThis as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL] = RUNTIME_CONFIG_DEFAULTS;
  });

  it('shows the message under the field when the user leaves it empty', async () => {
    const user = userEvent.setup();
    renderLogin();
    const email = screen.getByRole('textbox', { name: /email/i });
    await user.click(email);
    await user.tab();
    await waitFor(() => expect(email).toHaveAccessibleDescription('This field is required'));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it('shows every field message on an invalid submit, without calling the API', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
  });
});
