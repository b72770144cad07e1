import { ENCODER_TEXTS } from '../../apps/web/src/features/encoders/texts.ts';
import { LIVE_STREAM_LABELS, RESOURCE_TEXTS, RESOURCES } from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import {
  createActiveUser,
  DEMO,
  forgetSession,
  seriousViolations,
  setPreferences,
  signIn,
} from './helpers.ts';

// Issue 22, point 5 (and the Customer column of point 6): the one pattern of every list, in
// Chromium. A click anywhere on a row opens the record, Enter on a focused row too; the row's
// actions are in a menu named after it; at phone width rows become cards; a main administrator
// (who sees every customer's records) gets a Customer column; an empty list offers its primary
// action. Each view is checked with axe and photographed in e2e/screenshots/.

const DETAIL = /\/app\/streams-live\/[0-9a-f-]{36}$/;
const CUSTOMER = 'Customer';

async function login(page: Page, account: { email: string; password: string } = DEMO.customer) {
  await page.goto('/app/login');
  await signIn(page, account.email, account.password);
  await expect(page.locator('header')).toBeVisible();
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/screenshots/list-${name}.png`, fullPage: true });

test('a click anywhere on a row opens the record; so does Enter on the focused row', async ({ page }) => {
  await login(page);
  await page.goto('/app/streams-live');
  const row = page.getByRole('row', { name: 'Sports 1' });
  await expect(row).toBeVisible();
  // Not the name: the format cell.
  await row.getByRole('cell', { name: 'HLS', exact: true }).click();
  await expect(page).toHaveURL(DETAIL);

  await page.goBack();
  const again = page.getByRole('row', { name: 'Sports 1' });
  await again.focus();
  await expect(again).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(DETAIL);

  // Rows are in the tab order (the name link is not a second stop).
  await page.goBack();
  const row3 = page.getByRole('row', { name: 'Sports 1' });
  await expect(row3).toHaveAttribute('tabindex', '0');
  await expect(row3.getByRole('link', { name: 'Sports 1' })).toHaveAttribute('tabindex', '-1');
});

test('a row’s actions are in a menu at its end, named after the row', async ({ page }) => {
  await login(page);
  await page.goto('/app/streams-live');
  const row = page.getByRole('row', { name: 'Sports 1' });
  await row.getByRole('button', { name: 'Actions for Sports 1' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Open', 'Delete']);
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(RESOURCE_TEXTS.deleteConfirm(RESOURCES.liveStream.label, 'Sports 1'));
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/app\/streams-live$/);
});

test('a main administrator sees a Customer column; a customer’s user does not', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/app/streams-live');
  const row = page.getByRole('row', { name: 'Sports 1' });
  await expect(row).toBeVisible();
  const headers = page.getByRole('columnheader');
  await expect(headers.nth(1)).toHaveText(CUSTOMER);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Demo Broadcasting');
  await shoot(page, 'admin-light');
  expect(await seriousViolations(page, 'admin list ')).toEqual([]);

  await forgetSession(page);
  await login(page);
  await page.goto('/app/streams-live');
  await expect(page.getByRole('row', { name: 'Sports 1' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: CUSTOMER })).toHaveCount(0);
});

test.describe('look', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`a list (${colorScheme}): sticky header, status badges, axe`, async ({ page }) => {
      await setPreferences(page.context(), { colorScheme });
      await login(page);
      await page.goto('/app/streams-live');
      await expect(page.getByRole('row', { name: 'Sports 1' })).toBeVisible();
      await expect(page.locator('thead')).toHaveCSS('position', 'sticky');
      await expect(page.getByRole('row', { name: 'Sports 1' }).locator('[data-status]')).toBeVisible();
      await shoot(page, colorScheme);
      expect(await seriousViolations(page, `list ${colorScheme} `)).toEqual([]);
    });
  }

  test('at phone width (390 px) rows become cards that open on a tap', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await page.goto('/app/streams-live');
    const cards = page.getByRole('list', { name: RESOURCES.liveStream.plural });
    await expect(cards).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = cards.getByRole('listitem', { name: 'Sports 1' });
    await expect(card).toContainText(LIVE_STREAM_LABELS.formatType);
    await expect(card.getByRole('button', { name: 'Actions for Sports 1' })).toBeVisible();
    await shoot(page, 'phone');
    expect(await seriousViolations(page, 'phone list ')).toEqual([]);
    await card.getByText(LIVE_STREAM_LABELS.formatType).click();
    await expect(page).toHaveURL(DETAIL);
  });

  test('right to left: URLs and times stay left to right', async ({ page }) => {
    await setPreferences(page.context(), { direction: 'rtl' });
    await login(page);
    await page.goto('/app/streams-live');
    const row = page.getByRole('row', { name: 'Sports 1' });
    await expect(row).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The source URL and the last update.
    await expect(row.locator('td[dir="ltr"]')).toHaveCount(2);
    await expect(row.locator('td[dir="ltr"]').first()).toContainText('://');
    await shoot(page, 'rtl');
    expect(await seriousViolations(page, 'rtl list ')).toEqual([]);
  });

  test('an empty list says so in one sentence and offers its primary action', async ({ page, request }) => {
    const email = `lists-${Date.now()}@cuepoint.test`;
    const password = 'Cuepoint#Lists1';
    await createActiveUser(request, email, password);
    await login(page, { email, password });
    await page.goto('/app/encoder');
    const empty = page.getByTestId('list-empty');
    await expect(empty).toContainText(RESOURCE_TEXTS.emptyList(RESOURCES.encoder.plural));
    const create = empty.getByRole('link', { name: ENCODER_TEXTS.newEncoder });
    await expect(create).toBeVisible();
    await shoot(page, 'empty');
    expect(await seriousViolations(page, 'empty list ')).toEqual([]);
    await create.click();
    await expect(page).toHaveURL(/\/app\/encoder\/new$/);
  });
});
