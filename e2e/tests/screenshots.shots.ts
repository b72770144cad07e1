import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENTITLEMENT_TEXTS, TEXTS } from '../../packages/core/src/index.ts';
import {
  firstRecords,
  forEachUserAndMode,
  lookAtEveryVisit,
  screenReady,
  signInAs,
  signInWith,
  USERS,
  withoutTransitions,
} from './built-screens.ts';
import { expect, type Page, test } from './fixtures.ts';
import { createActiveUser, setPreferences } from './helpers.ts';
import { showEmptyList, showValidationMessages, whenListFails, whileListLoads } from './list-states.ts';

// `npm run screenshots` (scripts/screenshots.mjs, e2e/screenshots.config.ts): a viewport picture
// of every built screen and of the dialogs its users open (built-screens.ts), as the demo
// customer and as the main administrator, in light, dark, phone width and right to left, to
// <out>/<user>-<screen>-<light|dark|phone|rtl>.png; then the states docs/ui.md shows that no
// screen shows by itself (empty, loading, error, validation, unsaved changes, plan lock, login-as
// and User View) to <out>/pattern-<name>.png. Not part of `npm test`: the default config's
// pattern (*.spec.ts) does not pick this file.

const OUT = resolve(process.env.CUEPOINT_SCREENSHOTS_DIR ?? 'docs/ui/screens');
mkdirSync(OUT, { recursive: true });

const shoot = (page: Page, name: string) => page.screenshot({ path: join(OUT, `${name}.png`) });

forEachUserAndMode((user, mode) => {
  test(`${user}, ${mode}: every built screen and its dialogs`, async ({ page }) => {
    test.setTimeout(300_000);
    await lookAtEveryVisit(page, user, mode, {}, async (visit) => {
      await shoot(page, `${user}-${visit.name}-${mode}`);
      return []; // pictures, no problems to report
    });
  });
});

test.describe('patterns', () => {
  test.beforeEach(async ({ page }) => {
    await withoutTransitions(page);
  });

  test('empty list', async ({ page, request }) => {
    const email = `screenshots-${Date.now()}@cuepoint.test`;
    const password = 'Cuepoint#Shots1';
    await createActiveUser(request, email, password);
    await signInWith(page, { email, password });
    await showEmptyList(page);
    await shoot(page, 'pattern-empty');
  });

  test('status badges', async ({ page }) => {
    await signInAs(page, 'customer');
    await page.goto('/app/streams-live');
    await screenReady(page);
    await expect(page.locator('main [data-status="inactive"]').first()).toBeVisible();
    await page.locator('main table').screenshot({ path: join(OUT, 'pattern-badges.png') });
  });

  test('loading and error states', async ({ page, tolerate }) => {
    tolerate('listErrorState');
    await signInAs(page, 'customer');
    // The list's answer waits until the picture is taken.
    await whileListLoads(page, () => shoot(page, 'pattern-loading'));
    await whenListFails(
      page,
      {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database cannot be reached right now. Try again in a moment.',
        requestId: 'screenshot',
      },
      () => shoot(page, 'pattern-error'),
    );
  });

  test('validation messages and the unsaved-changes question', async ({ page }) => {
    await signInAs(page, 'customer');
    await showValidationMessages(page);
    await shoot(page, 'pattern-validation');

    // A record's page with an unsaved change, then a link elsewhere.
    const records = await firstRecords(page);
    await page.goto(`/app/encoder/${records.encoder}`);
    await screenReady(page);
    await page.getByRole('textbox', { name: 'Name', exact: false }).first().fill('Studio A (edited)');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Overview' }).click();
    const question = page.getByRole('dialog', { name: /unsaved/i });
    const asked = await question.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (asked) {
      await shoot(page, 'pattern-unsaved');
      await question.getByRole('button').first().click();
    }
  });

  test('plan lock', async ({ page }) => {
    await signInAs(page, 'customer');
    const records = await firstRecords(page);
    await page.goto(`/app/streams-live/${records.liveStream}`);
    await screenReady(page);
    await page.getByRole('tab', { name: /^Ads/ }).click();
    const badge = page.getByRole('main').getByRole('button', { name: ENTITLEMENT_TEXTS.badge }).first();
    const centre = () => badge.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await centre();
    await shoot(page, 'pattern-plan-lock');
    await badge.click();
    await expect(page.getByRole('dialog', { name: ENTITLEMENT_TEXTS.promptTitle })).toBeVisible();
    await shoot(page, 'pattern-plan-prompt');
    await page.keyboard.press('Escape');
    // Right to left: the badge sits at the fields' other corner.
    await setPreferences(page.context(), { direction: 'rtl' });
    await page.reload();
    await screenReady(page);
    await page.getByRole('tab', { name: /^Ads/ }).click();
    await centre();
    await shoot(page, 'pattern-plan-lock-rtl');
  });

  test('login-as and User View banners', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Login as…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login as a user' });
    await dialog.getByRole('textbox', { name: /Search users/ }).fill('demo broad');
    await dialog.getByRole('button', { name: `Login as ${USERS.customer.email}` }).click();
    await expect(page.getByRole('button', { name: TEXTS.signOut })).toBeVisible();
    await screenReady(page);
    await shoot(page, 'pattern-login-as');
    await page.getByRole('button', { name: TEXTS.signOut }).click();
    await expect(page.getByTestId('header-email')).toHaveText(USERS.admin.email);

    await page.goto('/app/overview');
    await page.locator('label', { hasText: TEXTS.userView }).click();
    await expect(page).toHaveURL(/\/app\/streams-live$/);
    await screenReady(page);
    await shoot(page, 'pattern-user-view');
  });
});
