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

  it('a fresh load of an unknown URL with a stored user resolves the session and links /streams-live', async () => {
    signIn(user);
    const fetchMock = stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    renderApp('/streams-live/a/b/c');
    expect(await screen.findByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeInTheDocument();
    // Resolved before the page showed: the link is right from the first render.
    expect(sessionState()).toBe('active');
    expect(homeLink()).toHaveAttribute('href', '/streams-live');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a fresh load with a stored session the server refuses links the login page', async () => {
    signIn(user);
    stubApi({
      'GET user/getUser/u-1': () =>
        jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'x' }),
    });
    const app = renderApp('/streams-live/a/b/c');
    expect(await screen.findByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeInTheDocument();
    expect(homeLink()).toHaveAttribute('href', '/app/login?refresh=true');
    // Spec section 8 clears the refused user; the error page stays, and is not remembered.
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(app.location()).toBe('/streams-live/a/b/c');
    expect(sessionStorage.length).toBe(0);
  });

  it('any other error page resolves the stored session too', async () => {
    signIn(user);
    stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    renderUnderBasename(500, 'Boom');
    expect(homeLink()).toHaveAttribute('href', '/app/login?refresh=true');
    await waitFor(() => expect(homeLink()).toHaveAttribute('href', '/app/streams-live'));
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

    await userEvent.setup({ delay: null }).click(homeLink());
    await waitFor(() => expect(app.location()).toBe('/streams-live'));
    expect(
      await screen.findByRole('heading', { name: SCREENS.find((s) => s.path === '/streams-live')!.title }),
    ).toBeInTheDocument();
  });
});
