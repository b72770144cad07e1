import { AUTH_TEXTS, VALIDATION_MESSAGES } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Long forms with a 249-country select: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

type UI = ReturnType<typeof userEvent.setup>;
/** Focus and paste: one input event per field keeps these long forms fast. */
const enter = async (ui: UI, field: HTMLElement, text: string) => {
  await ui.click(field);
  await ui.paste(text);
};

async function fillValid(ui: UI, password = 'Secret#123') {
  await enter(ui, input(/^first name/i), 'Ada');
  await enter(ui, input(/^last name/i), 'Lovelace');
  await enter(ui, input(/^email/i), 'ada@example.com');
  await enter(ui, input(/^mobile phone/i), '+44 20 7946 0000');
  await ui.click(input(/^organization type/i));
  await ui.click(await screen.findByRole('option', { name: 'Publisher' }));
  await enter(ui, input(/^country/i), 'Germ');
  await ui.click(await screen.findByRole('option', { name: 'Germany' }));
  await enter(ui, input(/^password/i), password);
  await enter(ui, input(/^repeat password/i), password);
}

describe('/signup', () => {
  it('shows the shared schema messages under each field on an empty submit, without calling the API', async () => {
    const fetchMock = stubApi({});
    renderApp('/signup');
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(input(/^first name/i)).toHaveAccessibleDescription('First name is required');
    expect(input(/^last name/i)).toHaveAccessibleDescription('Last name is required');
    expect(input(/^email/i)).toHaveAccessibleDescription('Invalid email');
    expect(input(/^mobile phone/i)).toHaveAccessibleDescription('Mobile phone is required');
    expect(input(/^organization type/i)).toHaveAccessibleDescription('This field is required');
    expect(input(/^country/i)).toHaveAccessibleDescription('Country is required');
    expect(screen.getByText('Password cannot be empty!')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the password rules and the repeat password', async () => {
    renderApp('/signup');
    const ui = userEvent.setup({ delay: null });
    await ui.type(await screen.findByLabelText(/^password/i, { selector: 'input' }), 'abc');
    await ui.type(input(/^repeat password/i), 'abd');
    await ui.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password should be more than 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Repeat Password should be same as Password')).toBeInTheDocument();
    await ui.clear(input(/^password/i));
    await ui.type(input(/^password/i), 'abcdefgh');
    await ui.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'Password must container lowercase letter, uppercase letter, number and special characters',
      ),
    ).toBeInTheDocument();
  });

  it('offers every organization type and a searchable country list', async () => {
    renderApp('/signup');
    const ui = userEvent.setup({ delay: null });
    await ui.click(await screen.findByLabelText(/^organization type/i, { selector: 'input' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Agency',
      'Distributer',
      'DSP or Trading Desk',
      'SSP',
      'Publisher',
      'System architect',
      'Other',
    ]);
    await ui.keyboard('{Escape}');
    await enter(ui, input(/^country/i), 'zimb');
    expect(await screen.findByRole('option', { name: 'Zimbabwe' })).toBeInTheDocument();
  });

  it('posts the form and shows the confirmation', async () => {
    let sent: unknown;
    stubApi({
      'POST auth/signup': (init) => {
        sent = JSON.parse(String(init.body));
        return jsonResponse(201, { message: AUTH_TEXTS.signupDone });
      },
    });
    renderApp('/signup');
    const ui = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Create account' });
    await fillValid(ui);
    await ui.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_TEXTS.signupDone);
    expect(sent).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      mobilePhone: '+44 20 7946 0000',
      organizationType: 'Publisher',
      country: 'DE',
      password: 'Secret#123',
      repeatPassword: 'Secret#123',
    });
  });

  // A taken address is answered as a new one (issue 46): the server names no taken email, only
  // what its own checks refuse.
  it('shows the server field messages under their fields (400: validation)', async () => {
    stubApi({
      'POST auth/signup': () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: VALIDATION_MESSAGES.invalidEmail,
          fields: [{ field: 'email', message: VALIDATION_MESSAGES.invalidEmail }],
        }),
    });
    const app = renderApp('/signup');
    const ui = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Create account' });
    await fillValid(ui);
    await ui.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(input(/^email/i)).toHaveAccessibleDescription(VALIDATION_MESSAGES.invalidEmail),
    );
    expect(app.location()).toBe('/signup');
  });

  it('shows a server message without fields in an alert', async () => {
    stubApi({
      'POST auth/signup': () => jsonResponse(500, { statusCode: 500, error: 'x', message: 'Boom' }),
    });
    renderApp('/signup');
    const ui = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Create account' });
    await fillValid(ui);
    await ui.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
  });
});

describe('/mpsignup', () => {
  it('explains an incomplete link without the token', async () => {
    renderApp('/mpsignup');
    expect(await screen.findByRole('alert')).toHaveTextContent(/does not carry the marketplace token/);
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('posts the sign-up with the marketplace token of the link', async () => {
    let sent: Record<string, unknown> = {};
    stubApi({
      'POST auth/mpsignup': (init) => {
        sent = JSON.parse(String(init.body));
        return jsonResponse(201, { message: AUTH_TEXTS.signupDone });
      },
    });
    renderApp('/mpsignup?token=mp-123');
    const ui = userEvent.setup({ delay: null });
    await screen.findByRole('button', { name: 'Create account' });
    await fillValid(ui);
    await ui.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_TEXTS.signupDone);
    expect(sent.marketplaceToken).toBe('mp-123');
    expect(sent.email).toBe('ada@example.com');
  });
});
