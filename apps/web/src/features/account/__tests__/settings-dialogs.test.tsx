import { ACCOUNT_TEXTS, TEXTS } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  accountUser,
  CUSTOMER_ID,
  calls,
  makeCustomer,
  PAYMENT_PLANS_ANSWER,
  shownToasts,
  spyToasts,
  TIME_ZONES,
  type ToastSpy,
} from './harness.tsx';

vi.setConfig({ testTimeout: 20_000 });

const user = accountUser();
type Routes = Parameters<typeof stubApi>[0];

// The shell loads each dialog's module when first opened (React.lazy); transformed once here so
// that a cold test run does not outlast the queries' time-outs.
beforeAll(async () => {
  await Promise.all([
    import('../components/profile-dialog.tsx'),
    import('../components/account-dialog.tsx'),
    import('../components/deactivate-dialog.tsx'),
  ]);
});

let toasts: ToastSpy;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => toasts.mockRestore());

/** Signs in, opens /overview and picks a settings menu entry. */
async function openFromMenu(entry: string, routes: Routes = {}) {
  signIn(user);
  const fetchMock = stubApi({
    [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
    'GET overview/summary': () =>
      jsonResponse(200, {
        scope: 'customer',
        counts: { users: 1, activeUsers: 1, activeSessions: 1 },
        recentAlarms: [],
      }),
    'POST auth/logout': () => jsonResponse(200, { message: 'Signed out' }),
    ...routes,
  });
  const app = renderApp('/overview');
  const ui = userEvent.setup({ delay: null });
  expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  await ui.click(screen.getByRole('button', { name: 'Settings' }));
  await ui.click(await screen.findByRole('menuitem', { name: entry }));
  return { ...app, fetchMock, ui };
}

describe('the settings menu opens the account dialogs (loaded on demand)', () => {
  it('My Profile: the user details; Cancel closes it', async () => {
    const { ui } = await openFromMenu(TEXTS.myProfile);
    const dialog = await screen.findByRole('dialog', { name: TEXTS.myProfile });
    expect(within(dialog).getByLabelText(/^first name/i, { selector: 'input' })).toHaveValue('Ada');
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again: a fresh form.
    await ui.click(screen.getByRole('button', { name: 'Settings' }));
    await ui.click(await screen.findByRole('menuitem', { name: TEXTS.myProfile }));
    expect(await screen.findByRole('dialog', { name: TEXTS.myProfile })).toBeInTheDocument();
  });

  it("My Account: the customer's account", async () => {
    await openFromMenu(TEXTS.myAccount, {
      [`GET customer/getCustomer/${CUSTOMER_ID}`]: () => jsonResponse(200, makeCustomer()),
      'GET billing/getPaymentPlans': () => jsonResponse(200, PAYMENT_PLANS_ANSWER),
      'GET country/getTimeZones': () => jsonResponse(200, TIME_ZONES),
    });
    const dialog = await screen.findByRole('dialog', { name: TEXTS.myAccount });
    expect(await within(dialog).findByLabelText(/^sub-domain name/i, { selector: 'input' })).toHaveValue(
      'engines',
    );
  });
});

describe('De-Activate Account', () => {
  it('refuses while channels or VODs are configured: a 60 s error toast, no dialog, nothing deactivated', async () => {
    const { fetchMock } = await openFromMenu(TEXTS.deactivateAccount, {
      'GET auth/canBeDeactivated': () => jsonResponse(200, false),
    });
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: ACCOUNT_TEXTS.cannotDeactivate, type: 'error', autoClose: 60_000 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock)).not.toContain('POST auth/deactivateAccount');
  });

  it('asks twice, deactivates, toasts and logs out to /login', async () => {
    const { fetchMock, location, ui } = await openFromMenu(TEXTS.deactivateAccount, {
      'GET auth/canBeDeactivated': () => jsonResponse(200, true),
      'POST auth/deactivateAccount': () => jsonResponse(200, { message: 'Deactivated' }),
    });
    const dialog = await screen.findByRole('dialog', { name: TEXTS.deactivateAccount });
    expect(await within(dialog).findByText(ACCOUNT_TEXTS.deactivateConfirm)).toBeInTheDocument();
    // The safe choice has the focus.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await ui.click(within(dialog).getByRole('button', { name: 'De-Activate' }));

    expect(await within(dialog).findByText(ACCOUNT_TEXTS.deactivateConfirmAgain)).toBeInTheDocument();
    expect(within(dialog).queryByText(ACCOUNT_TEXTS.deactivateConfirm)).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST auth/deactivateAccount');
    const final = within(dialog).getByRole('button', { name: 'Yes, de-activate' });
    // Destructive: red.
    expect(final.getAttribute('style')).toContain('--mantine-color-red-9'); // red.9: AA contrast with white
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).getAttribute('style') ?? '').not.toContain(
      'red',
    );
    await ui.click(final);

    await waitFor(() => expect(location()).toBe('/login'));
    // In this order, each once (the logout's cache reset does not check again). No auth/logout:
    // de-activation revoked the account's sessions, so the server could only refuse it (401).
    expect(calls(fetchMock).filter((c) => c.includes(' auth/'))).toEqual([
      'GET auth/canBeDeactivated',
      'POST auth/deactivateAccount',
    ]);
    expect(shownToasts(toasts)).toEqual([
      { message: ACCOUNT_TEXTS.deactivated, type: 'success', autoClose: 4000 },
    ]);
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('Cancel at either question keeps the account', async () => {
    const { fetchMock, ui, location } = await openFromMenu(TEXTS.deactivateAccount, {
      'GET auth/canBeDeactivated': () => jsonResponse(200, true),
    });
    let dialog = await screen.findByRole('dialog', { name: TEXTS.deactivateAccount });
    await ui.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await ui.click(screen.getByRole('button', { name: 'Settings' }));
    await ui.click(await screen.findByRole('menuitem', { name: TEXTS.deactivateAccount }));
    dialog = await screen.findByRole('dialog', { name: TEXTS.deactivateAccount });
    // Opened again: asked afresh, from the first question.
    expect(await within(dialog).findByText(ACCOUNT_TEXTS.deactivateConfirm)).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'De-Activate' }));
    await ui.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(calls(fetchMock).filter((c) => c === 'GET auth/canBeDeactivated')).toHaveLength(2);
    expect(calls(fetchMock)).not.toContain('POST auth/deactivateAccount');
    expect(location()).toBe('/overview');
    expect(localStorage.getItem('currentUser')).toBe('token-1');
  });

  it('a channel configured meanwhile (409): the 60 s message, the dialog closes, still signed in', async () => {
    const { location, ui } = await openFromMenu(TEXTS.deactivateAccount, {
      'GET auth/canBeDeactivated': () => jsonResponse(200, true),
      'POST auth/deactivateAccount': () =>
        jsonResponse(409, { statusCode: 409, error: 'Conflict', message: ACCOUNT_TEXTS.cannotDeactivate }),
    });
    const dialog = await screen.findByRole('dialog', { name: TEXTS.deactivateAccount });
    await ui.click(await within(dialog).findByRole('button', { name: 'De-Activate' }));
    await ui.click(await within(dialog).findByRole('button', { name: 'Yes, de-activate' }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: ACCOUNT_TEXTS.cannotDeactivate, type: 'error', autoClose: 60_000 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/overview');
  });

  it("toasts the server's message (showMessage) when the deactivation fails, and stays signed in", async () => {
    const { location, ui } = await openFromMenu(TEXTS.deactivateAccount, {
      'GET auth/canBeDeactivated': () => jsonResponse(200, true),
      'POST auth/deactivateAccount': () =>
        jsonResponse(500, {
          statusCode: 500,
          error: 'x',
          message: 'The account could not be de-activated',
          showMessage: true,
        }),
    });
    const dialog = await screen.findByRole('dialog', { name: TEXTS.deactivateAccount });
    await ui.click(await within(dialog).findByRole('button', { name: 'De-Activate' }));
    await ui.click(await within(dialog).findByRole('button', { name: 'Yes, de-activate' }));
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([
        { message: 'The account could not be de-activated', type: 'error', autoClose: 4000 },
      ]),
    );
    expect(location()).toBe('/overview');
    expect(localStorage.getItem('currentUser')).toBe('token-1');
  });
});
