/**
 * Team roles outside the resource kit (issue 38): the campaign manager's New campaign, the trash's
 * Restore, a list row's remove button, the plan lock's Upgrade and My Account are hidden from a
 * role that may not use them (core's `actorAllows`, the rule the server enforces), and shown to
 * one that may. My Account reached by a non-owner says why instead of opening its form.
 */
import {
  CAMPAIGN_DEFAULTS,
  ENTITLEMENT_TEXTS,
  ROLE_ACCESS_TEXTS,
  TEXTS,
  type TeamRole,
} from '@cuepoint/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpgradePrompt } from '../../components/plan/plan-lock.tsx';
import { RemoveRowButton } from '../../components/remove-row-button.tsx';
import { AccountDialog } from '../../features/account/components/account-dialog.tsx';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../../features/campaigns/texts.ts';
import { SESSION_ROUTE_ID } from '../../lib/session.ts';
import { jsonResponse, makeUser, stubApi } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render-router.tsx';

afterEach(() => vi.unstubAllGlobals());

const CAMPAIGN = {
  ...CAMPAIGN_DEFAULTS,
  _id: '5d6e7f80-9a1b-4c2d-8e3f-405162738495',
  customerId: 'c-1',
  version: 1,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Spring sale',
  advertiserId: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  startDate: '01-01-2025T00:00:00',
  endDate: '12-31-2030T23:59:59',
};
const list = (rows: unknown[]) => () => jsonResponse(200, { data: rows, total: rows.length });

/** `children` under a session route whose user has `role` (a main administrator with `admin`). */
function renderAs(role: TeamRole, children: RouteObject[], path: string, isMainAdmin = false) {
  const user = makeUser({ role, profile: { isMainAdmin } });
  return {
    user,
    ...renderRoutes(
      [
        {
          id: SESSION_ROUTE_ID,
          loader: () => ({ user, isMainAdmin, loginAs: false, userView: false }),
          HydrateFallback: () => null,
          children,
        },
      ],
      path,
    ),
  };
}
const element = (node: ReactNode): RouteObject[] => [{ path: '/', element: node }];

const campaignScreens: RouteObject[] = [
  {
    path: '/cm',
    handle: { title: 'Campaign Manager' },
    lazy: () => import('../../features/campaigns/routes/campaign-manager.tsx'),
  },
  {
    path: '/campaign-manager/index.deleted',
    handle: { title: 'Deleted Campaigns' },
    lazy: () => import('../../features/campaigns/routes/deleted-campaigns.tsx'),
  },
];
const campaignAnswers = () =>
  stubApi({
    'GET ssai/campaign': list([CAMPAIGN]),
    'GET ssai/campaign/deleted': list([CAMPAIGN]),
    'GET ssai/campaign-delivery': list([]),
    'GET ssai/advertiser': list([]),
  });

describe('the campaign manager and its trash', () => {
  it('offer a viewer no New campaign and no Restore', async () => {
    campaignAnswers();
    const view = renderAs('viewer', campaignScreens, '/cm');
    expect(await screen.findByRole('link', { name: CAMPAIGN.name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.deletedCampaigns })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: T.newCampaign })).toBeNull();

    await view.router.navigate('/campaign-manager/index.deleted');
    expect(await screen.findByTestId('deleted-row')).toHaveTextContent(CAMPAIGN.name);
    expect(screen.queryByRole('button', { name: T.restoreNamed(CAMPAIGN.name) })).toBeNull();
    // No empty actions column either.
    const table = screen.getByRole('table', { name: T.deletedTable });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
  });

  it('offer an editor both', async () => {
    campaignAnswers();
    const view = renderAs('editor', campaignScreens, '/cm');
    expect(await screen.findByRole('link', { name: T.newCampaign })).toBeInTheDocument();
    await view.router.navigate('/campaign-manager/index.deleted');
    expect(await screen.findByTestId('deleted-row')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.restoreNamed(CAMPAIGN.name) })).toBeInTheDocument();
  });
});

describe("a list row's remove button", () => {
  it('is hidden from a viewer and shown to an editor and a main administrator', async () => {
    const row = <RemoveRowButton label="Remove cue point 1" onClick={() => undefined} />;
    const viewer = renderAs('viewer', element(<p>{row}</p>), '/');
    expect(await screen.findByRole('paragraph')).toBeEmptyDOMElement();
    viewer.unmount();
    const editor = renderAs('editor', element(row), '/');
    expect(await screen.findByRole('button', { name: 'Remove cue point 1' })).toBeInTheDocument();
    editor.unmount();
    renderAs('viewer', element(row), '/', true);
    expect(await screen.findByRole('button', { name: 'Remove cue point 1' })).toBeInTheDocument();
  });
});

describe("the plan lock's upgrade prompt", () => {
  const prompt = <UpgradePrompt feature="ssai_advanced_ad_suite" onClose={() => undefined} />;

  it('tells an editor to ask an owner, with no Upgrade', async () => {
    renderAs('editor', element(prompt), '/');
    const dialog = await screen.findByRole('dialog', { name: ENTITLEMENT_TEXTS.promptTitle });
    expect(dialog).toHaveTextContent(ROLE_ACCESS_TEXTS.upgradeAskOwner);
    expect(screen.queryByRole('button', { name: ENTITLEMENT_TEXTS.upgrade })).toBeNull();
    expect(screen.getByRole('button', { name: ENTITLEMENT_TEXTS.cancel })).toBeInTheDocument();
  });

  it('offers an owner Upgrade', async () => {
    renderAs('owner', element(prompt), '/');
    expect(await screen.findByRole('button', { name: ENTITLEMENT_TEXTS.upgrade })).toBeInTheDocument();
    expect(screen.queryByText(ROLE_ACCESS_TEXTS.upgradeAskOwner)).toBeNull();
  });
});

describe('My Account reached by a member who is not an owner', () => {
  it('says it is for owners, loads nothing and closes', async () => {
    const fetchMock = stubApi({});
    const onClose = vi.fn();
    renderAs(
      'editor',
      [{ path: '/', Component: () => <AccountDialog opened onClose={onClose} user={makeUser()} /> }],
      '/',
    );
    const dialog = await screen.findByRole('dialog', { name: TEXTS.myAccount });
    expect(dialog).toHaveTextContent(ROLE_ACCESS_TEXTS.ownerOnlyTitle);
    expect(dialog).toHaveTextContent(ROLE_ACCESS_TEXTS.accountOwnerOnly);
    expect(screen.queryByRole('form', { name: TEXTS.myAccount })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: ROLE_ACCESS_TEXTS.close }));
    expect(onClose).toHaveBeenCalled();
  });
});
