import { type Alarm, TEXTS, type User } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const customer = makeUser();
const admin = makeUser({ _id: 'u-admin', email: 'root@example.com', profile: { isMainAdmin: true } });
const alarm: Alarm = {
  _id: '00000000-0000-4000-8000-000000000001',
  severity: 'CRITICAL',
  type: 'stream',
  name: 'Input lost',
  message: 'No input on ch-7',
  time_on: new Date().toISOString(),
  uuid: 'a-1',
  module_object_id: 'ch-7',
  customerId: null,
  rule_id: null,
  cleared_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
};

/** Signs the user in, answers the profile, overview and alarms, and opens /overview. */
async function openOverview(user: User, alarms: Alarm[] = []) {
  signIn(user);
  // stubApi keys on "METHOD path" without the query: GET alarm/alarms?limit=100 is 'GET alarm/alarms'.
  const fetchMock = stubApi({
    [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
    'GET overview/summary': () =>
      jsonResponse(200, {
        scope: user.profile.isMainAdmin ? 'platform' : 'customer',
        counts: { users: 2, activeUsers: 1, activeSessions: 1 },
        recentAlarms: [],
      }),
    'GET alarm/alarms': () => jsonResponse(200, alarms),
  });
  const app = renderApp('/overview');
  expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  return { app, fetchMock, events: userEvent.setup({ delay: null }) };
}

const settingsItems = async (events: ReturnType<typeof userEvent.setup>) => {
  await events.click(screen.getByRole('button', { name: 'Settings' }));
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent?.trim());
};
const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('the shell for a customer user', () => {
  it('shows the email in the header, the customer settings menu and the My Profile dialog', async () => {
    const { events } = await openOverview(customer);
    expect(within(screen.getByRole('banner')).getByText(customer.email)).toBeInTheDocument();

    expect(await settingsItems(events)).toEqual([
      TEXTS.myProfile,
      TEXTS.myAccount,
      TEXTS.deactivateAccount,
      TEXTS.logout,
    ]);
    await events.click(screen.getByRole('menuitem', { name: TEXTS.myProfile }));
    // The dialog's module loads when first opened.
    const dialog = await screen.findByRole('dialog', { name: TEXTS.myProfile }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText(/^first name/i, { selector: 'input' })).toHaveValue(
      customer.firstName,
    );
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has no view selector, no alarm bell and no Customers link; its own entries are there', async () => {
    const { fetchMock } = await openOverview(customer);
    expect(screen.queryByRole('radio', { name: TEXTS.adminView })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: TEXTS.userView })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Alarms/ })).not.toBeInTheDocument();
    expect(within(sidebar()).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Slates' })).not.toHaveAttribute('aria-current');
    // Nothing asks for the alarms of a customer user.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('alarm/'))).toEqual([]);
  });
});

describe('the shell for a main administrator', () => {
  it('has no De-Activate Account entry in the settings menu', async () => {
    const { events } = await openOverview(admin);
    expect(within(screen.getByRole('banner')).getByText(admin.email)).toBeInTheDocument();
    expect(await settingsItems(events)).toEqual([
      TEXTS.myProfile,
      TEXTS.myAccount,
      'Login as…',
      TEXTS.logout,
    ]);
  });

  it('has the Admin View / User View selector, the alarm bell and the Customers link', async () => {
    const { fetchMock } = await openOverview(admin, [alarm]);
    expect(screen.getByRole('radio', { name: TEXTS.adminView })).toBeChecked();
    expect(screen.getByRole('radio', { name: TEXTS.userView })).not.toBeChecked();
    // The bell counts the alarm raised since the list was last opened.
    expect(await screen.findByRole('button', { name: 'Alarms: 1 new' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('alarm/alarms?limit=100'))).toBe(true);
    expect(within(sidebar()).getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customer');
  });
});
