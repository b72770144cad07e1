import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { Toasts } from '../toasts.tsx';

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => setOnline(true));

describe('online/offline status', () => {
  it('shows a banner while offline and hides it when the connection is back', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(/you are offline/i)).not.toBeInTheDocument();
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(/you are offline/i);
    act(() => setOnline(true));
    expect(screen.queryByText(/you are offline/i)).not.toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('load their container with the first toast and show it', async () => {
    render(
      <MantineProvider env="test">
        <Toasts />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ message: 'Successfully Updated Profile' });
    });
    expect(await screen.findByText('Successfully Updated Profile')).toBeInTheDocument();
  });
});
