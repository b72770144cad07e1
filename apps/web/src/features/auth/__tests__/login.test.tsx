import { AUTH_TEXTS } from '@cuepoint/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const fill = async (email: string, password: string) => {
  const ui = userEvent.setup({ delay: null });
  await ui.type(await screen.findByRole('textbox', { name: /email/i }), email);
  await ui.type(screen.getByLabelText(/^password/i, { selector: 'input' }), password);
  await ui.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('login form validation (shared zod schema)', () => {
  it('shows the message under the field when the user leaves it empty', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    const email = await screen.findByRole('textbox', { name: /email/i });
    await user.click(email);
    await user.tab();
    await waitFor(() => expect(email).toHaveAccessibleDescription('This field is required'));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it('shows every field message on an invalid submit, without calling the login API', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    // Only the public login-logo lookup of this host went out.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/logo/login?host=localhost']);
  });

  it('links to sign-up and password reset', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: /sign up/i })).toHaveAttribute('href', '/signup');
  });
});

describe('login answers', () => {
  it('shows the generic message of a wrong password and stays', async () => {
    stubApi({
      'POST auth/login': () =>
        jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: AUTH_TEXTS.invalidCredentials }),
    });
    const app = renderApp('/login');
    await fill('ada@example.com', 'Wrong#123');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.invalidCredentials);
    expect(app.location()).toBe('/login');
  });

  it('shows the rate limit message (429)', async () => {
    stubApi({
      'POST auth/login': () =>
        jsonResponse(429, {
          statusCode: 429,
          error: 'Too Many Requests',
          message: AUTH_TEXTS.tooManyAttempts(15),
        }),
    });
    renderApp('/login');
    await fill('ada@example.com', 'Wrong#123');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.tooManyAttempts(15));
  });

  it('sends an inactive user to /user-activate with the email', async () => {
    stubApi({
      'POST auth/login': () =>
        jsonResponse(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: AUTH_TEXTS.notActivated,
          isActive: false,
          isGmanaActive: false,
          email: 'ada@example.com',
          firstName: 'Ada',
        }),
    });
    const app = renderApp('/login');
    await fill('ada@example.com', 'Secret#123');
    await waitFor(() => expect(app.location()).toBe('/user-activate?email=ada%40example.com'));
    expect(await screen.findByRole('button', { name: 'Resend activation email' })).toBeInTheDocument();
  });

  it('sends an account under review to /account-review, greeting the first name', async () => {
    stubApi({
      'POST auth/login': () =>
        jsonResponse(403, {
          statusCode: 403,
          error: 'Forbidden',
          message: AUTH_TEXTS.inReview,
          isActive: true,
          isGmanaActive: false,
          email: 'ada@example.com',
          firstName: 'Ada',
        }),
    });
    const app = renderApp('/login');
    await fill('ada@example.com', 'Secret#123');
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(app.location()).toBe('/account-review');
    expect(localStorage.getItem('firstName')).toBe('Ada');
    expect(screen.getByText(AUTH_TEXTS.inReview)).toBeInTheDocument();
  });

  it('goes to the remembered target after login', async () => {
    sessionStorage.setItem('cuepoint.returnTo', '/streams-live/abc');
    const user = makeUser();
    stubApi({
      'POST auth/login': () => jsonResponse(200, { token: 't', expiresAt: '2099-01-01T00:00:00Z', user }),
    });
    const app = renderApp('/login');
    await fill(user.email, 'Secret#123');
    // No screen exists there yet: the 404 page shows, but the guard let the user through.
    await waitFor(() => expect(app.location()).toBe('/streams-live/abc'));
    expect(sessionStorage.getItem('cuepoint.returnTo')).toBeNull();
  });

  it('says so when the server cannot be reached', async () => {
    stubApi({ 'POST auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/login');
    await fill('ada@example.com', 'Secret#123');
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/i);
  });
});
