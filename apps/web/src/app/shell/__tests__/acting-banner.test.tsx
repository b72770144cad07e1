import { TEXTS, workingAs } from '@cuepoint/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

// The way back reloads the page: the reload is replaced, the rest is the console's own.
const reloads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/view-mode.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/view-mode.ts')>();
  const reload = () => {
    reloads.count += 1;
  };
  return {
    ...actual,
    signOutOfLoginAs: () => actual.signOutOfLoginAs(reload),
    leaveUserView: () => actual.leaveUserView(reload),
  };
});

const admin = makeUser({ _id: 'u-admin', email: 'root@example.com', profile: { isMainAdmin: true } });
const demo = makeUser({
  _id: 'u-demo',
  email: 'demo@cuepoint.example',
  customerId: { ...makeUser().customerId, name: 'Demo Broadcasting' },
});

function stubProfiles() {
  stubApi({
    [`GET user/getUser/${admin._id}`]: () => jsonResponse(200, admin),
    [`GET user/getUser/${demo._id}`]: () => jsonResponse(200, demo),
    'GET overview/summary': () =>
      jsonResponse(200, { scope: 'customer', counts: { liveStreams: 1 }, recentAlarms: [] }),
    'GET alarm/alarms': () => jsonResponse(200, []),
    'GET ssai/ds': () => jsonResponse(200, { data: [], total: 0 }),
  });
}

afterEach(() => {
  reloads.count = 0;
});

describe('the banner while acting as someone else', () => {
  it('is absent for a user as itself', async () => {
    signIn(admin);
    stubProfiles();
    renderApp('/overview');
    await screen.findByRole('heading', { name: 'Overview' });
    expect(screen.queryByRole('region', { name: 'Login as' })).not.toBeInTheDocument();
    expect(screen.queryByText(TEXTS.userViewBanner)).not.toBeInTheDocument();
  });

  it('during login-as names the user and its customer on every page, and goes back to the own account', async () => {
    signIn(admin);
    localStorage.setItem('loginasid', demo._id);
    localStorage.setItem('loginas', JSON.stringify({ _id: demo._id, email: demo.email }));
    stubProfiles();
    const app = renderApp('/overview');
    await screen.findByRole('heading', { name: 'Overview' });
    const banner = screen.getByRole('region', { name: 'Login as' });
    expect(banner).toHaveTextContent(workingAs('demo@cuepoint.example', 'Demo Broadcasting'));
    expect(workingAs('demo@cuepoint.example', 'Demo Broadcasting')).toBe(
      'You are working as demo@cuepoint.example (Demo Broadcasting)',
    );

    // Another page shows it as well.
    await app.router.navigate('/streams-live');
    expect(await screen.findByRole('heading', { name: 'Live Streams' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Login as' })).toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: TEXTS.backToMyAccount }));
    expect(localStorage.getItem('loginasid')).toBeNull();
    expect(localStorage.getItem('loginas')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBe('token-1');
    expect(reloads.count).toBe(1);
  });

  it('in User View says so, with the way back to Admin View', async () => {
    signIn(admin);
    stubProfiles();
    renderApp('/overview');
    await screen.findByRole('heading', { name: 'Overview' });
    const events = userEvent.setup({ delay: null });
    await events.click(screen.getByRole('radio', { name: TEXTS.userView }));
    const banner = await screen.findByRole('region', { name: TEXTS.userView });
    expect(banner).toHaveTextContent(TEXTS.userViewBanner);
    await events.click(screen.getByRole('button', { name: TEXTS.backToAdminView }));
    expect(reloads.count).toBe(1);
  });
});
