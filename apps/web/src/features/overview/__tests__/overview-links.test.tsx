import { entryPath, LIVE_STREAMS_PATH, type User } from '@cuepoint/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenAt } from '../../../app/screens.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Issue 22, no dead ends: every link of the overview leads to a screen of the console's table
// (app/screens.ts).

const customer = makeUser();
const admin = makeUser({ _id: 'u-admin', email: 'root@example.com', profile: { isMainAdmin: true } });
const ALL_COUNTS = {
  customers: 3,
  pendingReview: 1,
  users: 7,
  activeUsers: 5,
  activeSessions: 2,
  alarms24h: 4,
  liveStreams: 2,
  vodAssets: 9,
  streamerChannels: 1,
  slates: 2,
  encoders: 1,
};

async function openOverview(user: User) {
  signIn(user);
  stubApi({
    [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
    'GET overview/summary': () =>
      jsonResponse(200, {
        scope: user.profile.isMainAdmin ? 'platform' : 'customer',
        counts: ALL_COUNTS,
        recentAlarms: [],
      }),
    'GET alarm/alarms': () => jsonResponse(200, []),
  });
  renderApp('/overview');
  await screen.findByTestId('overview-counts');
  return screen.getByRole('main');
}

/** The console path (below /app) of every link in an element. */
const linkPaths = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('link')
    .map((link) => link.getAttribute('href')!.replace(/^\/app/, ''));

describe('the overview links only to screens of the console', () => {
  it('for a main administrator: each tile links to its screen', async () => {
    const main = await openOverview(admin);
    const paths = linkPaths(main);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !screenAt(path))).toEqual([]);
    // Users and Active users lead to /user, built since issue 18: counted and linked.
    expect(within(main).getByText('7')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'View users' })).toHaveAttribute('href', entryPath('user'));
    expect(within(main).getByRole('link', { name: 'View active users' })).toHaveAttribute(
      'href',
      entryPath('user'),
    );
    // The Alarms screen is built: linked.
    expect(within(main).getByRole('link', { name: 'All alarms' })).toHaveAttribute(
      'href',
      entryPath('alarms'),
    );
    // A built screen keeps its link.
    expect(within(main).getByRole('link', { name: 'View live streams' })).toHaveAttribute(
      'href',
      LIVE_STREAMS_PATH,
    );
  });

  it('for a customer user: Get started links to its screens once they are built (Bundles, issue 17)', async () => {
    const main = await openOverview(customer);
    expect(linkPaths(main).filter((path) => !screenAt(path))).toEqual([]);
    expect(within(main).getByRole('link', { name: 'Bundles' })).toHaveAttribute('href', entryPath('bundles'));
    expect(within(main).getByRole('link', { name: 'Live streams' })).toBeInTheDocument();
  });

  it("the alarm bell's list links to the Alarms screen (built)", async () => {
    await openOverview(admin);
    await userEvent.setup({ delay: null }).click(screen.getByTestId('alarm-bell'));
    // The bell's list beside the overview's own.
    expect(await screen.findAllByText('No alarms have been raised.')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'View all alarms' })).toHaveAttribute(
      'href',
      entryPath('alarms'),
    );
  });
});
