import { CAMPAIGN_SCREEN_TEXTS as CT } from '../../apps/web/src/features/campaigns/texts.ts';
import { CREATIVE_SCREEN_TEXTS as CR } from '../../apps/web/src/features/creatives/texts.ts';
import { DATASOURCE_TEXTS as LT } from '../../apps/web/src/features/live-streams/texts.ts';
import {
  ENTITLEMENT_TEXTS as E,
  LIVE_STREAM_LABELS as L,
  ROLE_ACCESS_TEXTS as R,
  TEXTS,
} from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { applyLook, createTeamMember, DEMO, LOOKS, shootLook, signIn } from './helpers.ts';

// Issue 38: outside the resource kit too, the console hides what a member's team role may not
// do (core's one permission model, the one the server enforces): a Viewer of the demo customer's
// team sees no New campaign, no Restore, no upload, no row editing, no Upgrade and no My Account,
// where the team's owner sees each of them. Every call the viewer's pages make succeeds (the
// fixture fails on a console error, and a refused call is one).

const VIEWER = { email: `viewer-${Date.now()}@cuepoint.example`, password: 'Cuepoint#Viewer1' };
let viewerMade = false;

async function login(page: Page, account: { email: string; password: string }) {
  await page.goto('/app/login');
  await signIn(page, account.email, account.password);
  await expect(page.locator('header').first()).toBeVisible();
}

/** Signs in as the demo customer's Viewer, inviting them first (once per worker). */
async function loginAsViewer(page: Page) {
  if (!viewerMade) {
    await createTeamMember(page.request, DEMO.customer, VIEWER, 'viewer');
    viewerMade = true;
  }
  await login(page, VIEWER);
}

const settingsEntries = async (page: Page) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: TEXTS.myProfile })).toBeVisible();
  const entries = {
    account: await menu.getByRole('menuitem', { name: TEXTS.myAccount }).count(),
    deactivate: await menu.getByRole('menuitem', { name: TEXTS.deactivateAccount }).count(),
  };
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return entries;
};

async function openCampaignManager(page: Page) {
  await page.goto('/app/cm');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign Manager' })).toBeVisible();
  await expect(page.getByTestId('manager-row').first()).toBeVisible();
}

async function openByName(page: Page, list: string, name: string) {
  await page.goto(`/app${list}`);
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

const badge = (page: Page) => page.getByRole('button', { name: `${E.badge}: ${E.lockedHint}` });
const CREATIVE = 'Acme Sports red (10 s)';

test('a Viewer sees no action its role may not take: no New campaign, Restore, upload, row edits, Upgrade or My Account', async ({
  page,
}) => {
  await loginAsViewer(page);
  expect(await settingsEntries(page)).toEqual({ account: 0, deactivate: 0 });

  // The campaign manager and the trash: read, never written.
  await openCampaignManager(page);
  await expect(page.getByRole('link', { name: CT.deletedCampaigns })).toBeVisible();
  await expect(page.getByRole('link', { name: CT.newCampaign })).toHaveCount(0);
  await page.getByRole('link', { name: CT.deletedCampaigns }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted Campaigns' })).toBeVisible();
  await expect(page.getByRole('button', { name: CT.restore })).toHaveCount(0);

  // A creative: its source cannot be switched to an upload, no file is offered, no tracking rows.
  await openByName(page, '/creatives', CREATIVE);
  await expect(page.getByRole('radio', { name: CR.sources.upload })).toBeDisabled();
  await expect(page.getByTestId('creative-file')).toHaveCount(0);
  await expect(page.getByRole('button', { name: CR.addTracking })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

  // A slate: the same for its upload.
  await openByName(page, '/slates', 'Be right back');
  await expect(page.getByRole('radio', { name: 'Upload' })).toBeDisabled();
  await expect(page.getByTestId('slate-file')).toHaveCount(0);

  // A stream's mid-roll layouts: no Add or Remove; the plan lock asks it to see an owner, no Upgrade.
  await openByName(page, '/streams-live', 'Sports 1');
  await page.getByRole('tab', { name: /^Layouts/ }).click();
  await expect(page.getByRole('textbox', { name: L.layoutName })).toBeDisabled();
  await expect(page.getByRole('button', { name: LT.addLayout })).toHaveCount(0);
  await expect(page.getByRole('button', { name: LT.removeRow(L.layoutName, 1) })).toHaveCount(0);
  await badge(page).first().click();
  const prompt = page.getByRole('dialog', { name: E.promptTitle });
  await expect(prompt.getByText(R.upgradeAskOwner)).toBeVisible();
  await expect(prompt.getByRole('button', { name: E.upgrade })).toHaveCount(0);
  await prompt.getByRole('button', { name: E.cancel }).click();
  await expect(prompt).toBeHidden();
});

test('the team owner keeps every one of those actions', async ({ page }) => {
  await login(page, DEMO.customer);
  expect(await settingsEntries(page)).toEqual({ account: 1, deactivate: 1 });

  await openCampaignManager(page);
  await expect(page.getByRole('link', { name: CT.newCampaign })).toBeVisible();

  await openByName(page, '/streams-live', 'Sports 1');
  await page.getByRole('tab', { name: /^Layouts/ }).click();
  await expect(page.getByRole('button', { name: LT.addLayout })).toBeVisible();
  await expect(page.getByRole('button', { name: LT.removeRow(L.layoutName, 1) }).first()).toBeVisible();
  await badge(page).first().click();
  const prompt = page.getByRole('dialog', { name: E.promptTitle });
  await expect(prompt.getByText(R.upgradeAskOwner)).toHaveCount(0);
  await prompt.getByRole('button', { name: E.upgrade }).click();
  const account = page.getByRole('dialog', { name: TEXTS.myAccount });
  await expect(account.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(account.getByTestId('account-owner-only')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(account).toBeHidden();

  await openByName(page, '/creatives', CREATIVE);
  await expect(page.getByRole('radio', { name: CR.sources.upload })).toBeEnabled();
  await expect(page.getByRole('button', { name: CR.addTracking })).toBeVisible();
});

test.describe('look', () => {
  for (const look of LOOKS) {
    test(`a Viewer's campaign manager and upgrade prompt (${look.name}) have no serious accessibility violation`, async ({
      page,
    }) => {
      await applyLook(page, look);
      await loginAsViewer(page);
      await openCampaignManager(page);
      expect(await shootLook(page, 'viewer-campaign-manager', look)).toEqual([]);
      await openByName(page, '/streams-live', 'Sports 1');
      await page.getByRole('tab', { name: /^Layouts/ }).click();
      await badge(page).first().click();
      const prompt = page.getByRole('dialog', { name: E.promptTitle });
      await expect(prompt.getByText(R.upgradeAskOwner)).toBeVisible();
      // The picture and axe wait for the modal's fade-in to end (a half-faded text is no contrast).
      await expect(prompt).toHaveCSS('opacity', '1');
      expect(await shootLook(page, 'viewer-upgrade-prompt', look)).toEqual([]);
    });
  }
});
