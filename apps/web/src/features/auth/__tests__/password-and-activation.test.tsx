import { AUTH_TEXTS } from '@cuepoint/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('/reset-password', () => {
  it('validates the email, posts it and shows the same answer whatever the account', async () => {
    const requests: unknown[] = [];
    stubApi({
      'POST auth/reset-password': (init) => {
        requests.push(body(init));
        return jsonResponse(200, { message: AUTH_TEXTS.resetSent });
      },
    });
    renderApp('/reset-password');
    const ui = userEvent.setup({ delay: null });
    await ui.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    await ui.type(input(/^email/i), 'ada@example.com');
    await ui.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_TEXTS.resetSent);
    expect(requests).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('/new-password', () => {
  const LINK = '/new-password?email=ada%40example.com&token=reset-1';

  it('explains an incomplete link', async () => {
    renderApp('/new-password?email=ada%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.resetInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('shows the password rule messages of the shared schema', async () => {
    const fetchMock = stubApi({});
    renderApp(LINK);
    const ui = userEvent.setup({ delay: null });
    await ui.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password cannot be empty!')).toBeInTheDocument();
    await ui.type(input(/^new password/i), 'abcdefgh');
    await ui.type(input(/^repeat password/i), 'abcdefgX');
    await ui.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText(
        'Password must container lowercase letter, uppercase letter, number and special characters',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Repeat Password should be same as Password')).toBeInTheDocument();
    await ui.clear(input(/^new password/i));
    await ui.type(input(/^new password/i), `Aa1!${'x'.repeat(70)}`);
    await ui.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('Too long. Password should not be more than 64 characters long'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts email, token and the password twice, then offers to sign in', async () => {
    let sent: unknown;
    stubApi({
      'POST auth/new-password': (init) => {
        sent = body(init);
        return jsonResponse(200, { message: AUTH_TEXTS.passwordChanged });
      },
    });
    renderApp(LINK);
    const ui = userEvent.setup({ delay: null });
    await ui.type(await screen.findByLabelText(/^new password/i, { selector: 'input' }), 'Secret#123');
    await ui.type(input(/^repeat password/i), 'Secret#123');
    await ui.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_TEXTS.passwordChanged);
    expect(sent).toEqual({
      email: 'ada@example.com',
      token: 'reset-1',
      password: 'Secret#123',
      repeatPassword: 'Secret#123',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows an expired link answer', async () => {
    stubApi({
      'POST auth/new-password': () =>
        jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: AUTH_TEXTS.resetInvalid }),
    });
    renderApp(LINK);
    const ui = userEvent.setup({ delay: null });
    await ui.type(await screen.findByLabelText(/^new password/i, { selector: 'input' }), 'Secret#123');
    await ui.type(input(/^repeat password/i), 'Secret#123');
    await ui.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.resetInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});

describe('/user-activate', () => {
  it('posts the link once on load and shows the result', async () => {
    const fetchMock = stubApi({
      'POST auth/activate': () => jsonResponse(200, { message: AUTH_TEXTS.activated }),
    });
    renderApp('/user-activate?email=ada%40example.com&token=act-1');
    expect(await screen.findByText(AUTH_TEXTS.activated)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(body(fetchMock.mock.calls[0]![1]!)).toEqual({ email: 'ada@example.com', token: 'act-1' });
  });

  it('shows an invalid link and offers a new one', async () => {
    stubApi({
      'POST auth/activate': () =>
        jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: AUTH_TEXTS.activationInvalid }),
    });
    renderApp('/user-activate?email=ada%40example.com&token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXTS.activationInvalid);
    expect(screen.getByRole('button', { name: 'Resend activation email' })).toBeInTheDocument();
  });

  it('without a token explains the mailbox and resends the activation email', async () => {
    const resend = vi.fn((init: RequestInit) => {
      expect(body(init)).toEqual({ email: 'ada@example.com' });
      return jsonResponse(200, { message: AUTH_TEXTS.activationSent });
    });
    stubApi({ 'POST auth/resend-activation': resend });
    renderApp('/user-activate?email=ada%40example.com');
    expect(await screen.findByText(AUTH_TEXTS.notActivated)).toBeInTheDocument();
    expect(input(/^email/i)).toHaveValue('ada@example.com');
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Resend activation email' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(AUTH_TEXTS.activationSent));
    expect(resend).toHaveBeenCalledTimes(1);
  });
});

describe('/account-review', () => {
  it('greets the stored first name', async () => {
    localStorage.setItem('firstName', 'Grace');
    renderApp('/account-review');
    expect(await screen.findByRole('heading', { name: 'Hello Grace' })).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXTS.inReview)).toBeInTheDocument();
  });
});
