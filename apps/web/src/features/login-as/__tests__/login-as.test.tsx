import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLoginAs } from '../../../lib/login-as.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import LoginAsDialog from '../components/login-as-dialog.tsx';

const USERS = [
  {
    _id: '11111111-1111-4111-8111-111111111111',
    email: 'demo@cuepoint.example',
    firstName: 'Dana',
    lastName: 'Demo',
    customerName: 'Demo Broadcasting',
    isMainAdmin: false,
  },
];

afterEach(() => queryClient.clear());

describe('startLoginAs', () => {
  it('stores the user acted as, keeps the original, forgets cached data and reloads on /overview', () => {
    localStorage.setItem('user', JSON.stringify({ _id: 'admin-1' }));
    queryClient.setQueryData(['user', 'admin-1'], { _id: 'admin-1' });
    const go = vi.fn();
    startLoginAs(USERS[0]!, go);
    expect(localStorage.getItem('loginasid')).toBe(USERS[0]!._id);
    expect(JSON.parse(localStorage.getItem('loginas')!)).toEqual({
      _id: USERS[0]!._id,
      email: USERS[0]!.email,
    });
    expect(JSON.parse(localStorage.getItem('user')!)._id).toBe('admin-1');
    expect(queryClient.getQueryData(['user', 'admin-1'])).toBeUndefined();
    expect(go).toHaveBeenCalledWith('/app/overview');
  });
});

describe('LoginAsDialog', () => {
  const renderDialog = () =>
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <LoginAsDialog opened onClose={() => {}} />
        </QueryClientProvider>
      </MantineProvider>,
    );

  it('searches as the administrator types and lists the matching users', async () => {
    const fetchMock = stubApi({ 'GET user/search': () => jsonResponse(200, USERS) });
    renderDialog();
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('textbox', { name: /Search users/ }), 'demo broad');
    expect(await screen.findByRole('button', { name: 'Login as demo@cuepoint.example' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/user/search?q=demo%20broad&limit=20',
      ),
    );
  });

  it('asks nothing more once a user is picked (a search now would go out as that user)', async () => {
    const fetchMock = stubApi({ 'GET user/search': () => jsonResponse(200, USERS) });
    // jsdom cannot navigate: the reload onto /overview is what the browser would do next.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderDialog();
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('textbox', { name: /Search users/ }), 'demo broad');
    const pick = await screen.findByRole('button', { name: 'Login as demo@cuepoint.example' });
    const searches = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('user/search')).length;
    const before = searches();
    await userEvent.setup({ delay: null }).click(pick);
    expect(assign).toHaveBeenCalledWith('/app/overview');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches()).toBe(before);
    vi.unstubAllGlobals();
  });

  it('says so when nobody matches', async () => {
    stubApi({ 'GET user/search': () => jsonResponse(200, []) });
    renderDialog();
    expect(await screen.findByText(/No user matches/)).toBeInTheDocument();
  });

  it('shows a failed search', async () => {
    stubApi({
      'GET user/search': () =>
        jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'Not yours' }),
    });
    renderDialog();
    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
  });
});
