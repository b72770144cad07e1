import { somethingWentWrong, TEXTS } from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SCREENS } from '../../../app/screens.ts';
import { loadCurrentUser, resetSession, sessionState } from '../../../lib/session.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { ErrorPage } from '../components/error-page.tsx';

const user = makeUser();
const OVERVIEW = {
  scope: 'customer',
  counts: {
    users: 1,
    activeUsers: 1,
    activeSessions: 1,
    liveStreams: 0,
    vodAssets: 0,
    streamerChannels: 0,
    slates: 0,
  },
  recentAlarms: [],
};

/** The error page alone, in a router under the /app basename (as in the browser). */
const renderUnderBasename = (status: number, message: string) => {
  const router = createMemoryRouter(
    [{ path: '*', element: <ErrorPage status={status} message={message} /> }],
    { basename: '/app', initialEntries: ['/app/somewhere'] },
  );
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
};
const homeLink = () => screen.getByRole('link', { name: TEXTS.homePage });

afterEach(() => resetSession());

describe('ErrorPage titles', () => {
  it("shows the 404 title of the spec's texts", () => {
    renderUnderBasename(404, TEXTS.pageNotFoundMessage);
    expect(screen.getByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(TEXTS.pageNotFoundMessage)).toBeInTheDocument();
  });

  it('shows the status of any other error', () => {
    renderUnderBasename(503, 'Service Unavailable');
    expect(screen.getByRole('heading', { name: somethingWentWrong(503) })).toBeInTheDocument();
    expect(somethingWentWrong(503)).toBe('Sorry!! Something Went Wrong - 503');
    expect(screen.getByText('Service Unavailable')).toBeInTheDocument();
  });
});

describe("ErrorPage 'Home page' link", () => {
  it('goes to /app/login?refresh=true when no user is stored', () => {
    renderUnderBasename(404, TEXTS.pageNotFoundMessage);
    expect(homeLink()).toHaveAttribute('href', '/app/login?refresh=true');
  });

  it('goes to login when a user is stored but the session was never made active (a reload on a bad URL)', async () => {
    signIn(user);
    const fetchMock = stubApi({});
    renderApp('/streams-live/a/b/c');
    expect(await screen.findByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeInTheDocument();
    expect(sessionState()).not.toBe('active');
    expect(homeLink()).toHaveAttribute('href', '/app/login?refresh=true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to login when the session is active in memory but no session is stored any more', async () => {
    signIn(user);
    stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    await loadCurrentUser(user._id);
    expect(sessionState()).toBe('active');
    localStorage.clear();
    renderUnderBasename(404, TEXTS.pageNotFoundMessage);
    expect(homeLink()).toHaveAttribute('href', '/app/login?refresh=true');
  });

  it('links /app/streams-live under the /app basename when the session is active and stored', async () => {
    signIn(user);
    stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    await loadCurrentUser(user._id);
    renderUnderBasename(404, TEXTS.pageNotFoundMessage);
    expect(homeLink()).toHaveAttribute('href', '/app/streams-live');
  });

  it('in the router: after a protected page made the session active, the 404 page links /streams-live', async () => {
    signIn(user);
    stubApi({
      'GET user/getUser/u-1': () => jsonResponse(200, user),
      'GET overview/summary': () => jsonResponse(200, OVERVIEW),
      'GET ssai/ds': () => jsonResponse(200, { data: [], total: 0 }),
    });
    const app = renderApp('/overview');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(sessionState()).toBe('active');

    await act(() => app.router.navigate('/streams-live/a/b/c'));
    expect(await screen.findByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeInTheDocument();
    expect(homeLink()).toHaveAttribute('href', '/streams-live');

    await userEvent.setup().click(homeLink());
    await waitFor(() => expect(app.location()).toBe('/streams-live'));
    expect(
      await screen.findByRole('heading', { name: SCREENS.find((s) => s.path === '/streams-live')!.title }),
    ).toBeInTheDocument();
  });
});
