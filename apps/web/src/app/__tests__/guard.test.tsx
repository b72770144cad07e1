import { RUNTIME_CONFIG_DEFAULTS } from '@cuepoint/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, signIn, stubApi } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { decidePublic, decideSession } from '../guard.ts';
import { decideNavigation } from '../protected-guard.ts';

const session = (
  overrides: Partial<Record<'token' | 'authType' | 'userId' | 'loginAsId', string | null>> = {},
) => ({
  token: 'tok',
  authType: 'reg',
  userId: 'u-1',
  loginAsId: null,
  ...overrides,
});
const anonymous = session({ token: null, authType: null, userId: null });

describe('route guard decisions (spec section 2)', () => {
  it('unauthenticated on a protected path: /login?refresh=true, target remembered', () => {
    expect(decideSession(anonymous, '/streams-live?x=1')).toEqual({
      action: 'redirect',
      to: '/login?refresh=true',
      remember: '/streams-live?x=1',
    });
  });

  it('a token without a stored user is no session: the user is cleared', () => {
    expect(decideSession(session({ userId: null }), '/overview')).toMatchObject({
      to: '/login?refresh=true',
      clear: 'user',
    });
  });

  it.each(['reg', 'ad'])("accepts auth type '%s'", (authType) => {
    expect(decideSession(session({ authType }), '/overview')).toEqual({ action: 'allow' });
    expect(decidePublic(session({ authType }))).toEqual({ action: 'redirect', to: '/overview' });
  });

  it.each([null, '', 'sso', 'REG'])(
    'any other auth type (%s) clears storage and goes to login',
    (authType) => {
      const expected = { action: 'redirect', to: '/login', clear: 'storage' };
      expect(decideSession(session({ authType }), '/overview')).toEqual(expected);
      expect(decidePublic(session({ authType }))).toEqual(expected);
    },
  );

  it('logged in on a public page: /overview; anonymous: stays', () => {
    expect(decidePublic(session())).toEqual({ action: 'redirect', to: '/overview' });
    expect(decidePublic(anonymous)).toEqual({ action: 'allow' });
  });

  it('a non-admin outside the enabled navigation goes to /overview; nested enabled paths pass', () => {
    const member = makeUser();
    expect(decideNavigation('/customer', member, RUNTIME_CONFIG_DEFAULTS, false)).toEqual({
      action: 'redirect',
      to: '/overview',
    });
    expect(decideNavigation('/streams-live/abc', member, RUNTIME_CONFIG_DEFAULTS, false)).toEqual({
      action: 'allow',
    });
    expect(
      decideNavigation('/encoder', member, { ...RUNTIME_CONFIG_DEFAULTS, ENCODER: 0 }, false),
    ).toMatchObject({
      to: '/overview',
    });
    expect(decideNavigation('/overview', member, RUNTIME_CONFIG_DEFAULTS, false)).toEqual({
      action: 'allow',
    });
  });

  it('a main administrator may open any path', () => {
    const admin = makeUser({ profile: { isMainAdmin: true } });
    expect(decideNavigation('/customer', admin, RUNTIME_CONFIG_DEFAULTS, false)).toEqual({ action: 'allow' });
  });
});

describe('route guard in the router', () => {
  const user = makeUser();

  it('sends an anonymous visitor of /overview to /login?refresh=true and back after login', async () => {
    const fetchMock = stubApi({
      'POST auth/login': () =>
        jsonResponse(200, { token: 'tok-new', expiresAt: '2099-01-01T00:00:00Z', user }),
    });
    const app = renderApp('/overview');
    await waitFor(() => expect(app.location()).toBe('/login?refresh=true'));
    expect(sessionStorage.getItem('cuepoint.returnTo')).toBe('/overview');

    const ui = userEvent.setup({ delay: null });
    await ui.type(await screen.findByRole('textbox', { name: /email/i }), user.email);
    await ui.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'Secret#123');
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText(`Signed in as ${user.email}`)).toBeInTheDocument();
    expect(app.location()).toBe('/overview');
    expect(localStorage.getItem('currentUser')).toBe('tok-new');
    expect(localStorage.getItem('authType')).toBe('reg');
    expect(JSON.parse(localStorage.getItem('user')!)._id).toBe(user._id);
    // The login answer's user is the profile: it is not fetched again.
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url.includes('auth/login'))).toHaveLength(1);
    expect(urls.filter((url) => url.includes('user/getUser'))).toHaveLength(0);
  });

  it('fetches the stored user profile before showing a protected page', async () => {
    signIn(user);
    const fetchMock = stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    renderApp('/overview');
    expect(await screen.findByText(`Signed in as ${user.email}`)).toBeInTheDocument();
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers as Record<string, string>);
    expect(headers.get('user-id')).toBe('u-1');
    expect(headers.get('auth-type')).toBe('reg');
  });

  it('sends a logged-in user away from public pages to /overview', async () => {
    signIn(user);
    stubApi({ 'GET user/getUser/u-1': () => jsonResponse(200, user) });
    for (const path of ['/login', '/signup', '/reset-password', '/account-review', '/app', '/']) {
      const app = renderApp(path);
      await waitFor(() => expect(app.location()).toBe('/overview'));
      app.unmount();
    }
  });

  it('sends an anonymous visitor of / and /app to /login', async () => {
    for (const path of ['/', '/app']) {
      const app = renderApp(path);
      await waitFor(() => expect(app.location()).toBe('/login'));
      app.unmount();
    }
  });

  it('clears storage and goes to login for an unknown auth type', async () => {
    signIn(user);
    localStorage.setItem('authType', 'sso');
    localStorage.setItem('history', '[]');
    const app = renderApp('/overview');
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect({ ...localStorage }).toEqual({ history: '[]' });
  });

  it('a refused profile fetch ends the session as section 8 says', async () => {
    signIn(user);
    stubApi({
      'GET user/getUser/u-1': () =>
        jsonResponse(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: 'review',
          isActive: true,
          isGmanaActive: false,
          email: user.email,
          firstName: 'Ada',
        }),
    });
    const app = renderApp('/overview');
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(app.location()).toBe('/account-review');
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('logs out from the overview', async () => {
    signIn(user);
    localStorage.setItem('defaultEventDuration', '30');
    stubApi({
      'GET user/getUser/u-1': () => jsonResponse(200, user),
      'POST auth/logout': () => jsonResponse(200, { message: 'ok' }),
    });
    const app = renderApp('/overview');
    const events = userEvent.setup({ delay: null });
    await events.click(await screen.findByRole('button', { name: 'Settings' }));
    await events.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect({ ...localStorage }).toEqual({ defaultEventDuration: '30' });
  });

  it('leaves login-as, keeping the administrator signed in, when the user acted as can no longer be', async () => {
    const admin = makeUser({ _id: 'admin-1', email: 'admin@example.com', profile: { isMainAdmin: true } });
    signIn(admin);
    localStorage.setItem('loginasid', 'u-gone');
    localStorage.setItem('loginas', JSON.stringify({ _id: 'u-gone', email: 'gone@example.com' }));
    stubApi({
      'GET user/getUser/u-gone': () =>
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'The user named by the Login-As header belongs to a de-activated account',
        }),
      'GET user/getUser/admin-1': () => jsonResponse(200, admin),
    });
    const app = renderApp('/overview');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(app.location()).toBe('/overview');
    expect(localStorage.getItem('loginasid')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBe('token-1');
    expect(await screen.findByTestId('header-email')).toHaveTextContent('admin@example.com');
  });

  it('keeps the 404 page for unknown paths', async () => {
    renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found - 404' })).toBeInTheDocument();
  });
});
