import { KIT_TEXTS } from '../../apps/web/src/components/resource/texts.ts';
import { LIVE_STREAM_LABELS, RESOURCE_TEXTS, RESOURCES, TEXTS } from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Issue 22, point 8: unsaved changes are never lost silently. Leaving a form with unsaved changes
// (a link, the back button, closing the tab) asks first; an untouched form and a saved one let go
// at once. In Chromium, on the built console, as the demo customer.

async function login(page: Page) {
  await page.goto('/app/login');
  await signIn(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.locator('header')).toBeVisible();
}

const question = (page: Page) => page.getByRole('dialog', { name: KIT_TEXTS.unsavedTitle });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });

/** Opens the first record of a list and waits for its form. */
async function openFirst(page: Page, list: string) {
  await page.goto(`/app/${list}`);
  const first = page.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await first.getByRole('cell').first().click();
  await expect(page).toHaveURL(new RegExp(`/app/${list}/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('form-footer')).toBeVisible();
}

test('every record page lets an untouched form go without a question', async ({ page }) => {
  await login(page);
  for (const list of ['streams-live', 'streams-vod', 'streamer-addon', 'slates', 'encoder']) {
    await openFirst(page, list);
    await sidebarLink(page, 'Overview').click();
    await expect(page).toHaveURL(/\/app\/overview$/);
    await expect(question(page)).toHaveCount(0);
  }
});

test('a live stream with changes asks before a link and the back button; after a save it lets go', async ({
  page,
}) => {
  await login(page);
  await openFirst(page, 'streams-live');
  const here = page.url();
  const name = page.getByRole('textbox', { name: LIVE_STREAM_LABELS.name });
  const original = await name.inputValue();
  await name.fill(`${original} (edited)`);

  // A link: asked, and Keep editing keeps the page and the change.
  await sidebarLink(page, 'Slates').click();
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText(KIT_TEXTS.unsavedBody);
  await question(page).getByRole('button', { name: KIT_TEXTS.keepEditing }).click();
  await expect(question(page)).toHaveCount(0);
  expect(page.url()).toBe(here);
  await expect(name).toHaveValue(`${original} (edited)`);

  // The back button: asked too; Escape is Keep editing.
  await page.goBack();
  await expect(question(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question(page)).toHaveCount(0);
  expect(page.url()).toBe(here);

  // Another tab of the same page is not leaving it.
  await page.getByRole('tab', { name: 'Ads' }).click();
  await expect(question(page)).toHaveCount(0);
  await page.getByRole('tab', { name: 'General' }).click();

  // Saved: leaving is free. (The name is put back afterwards: other specs find the seeded stream.)
  await page.getByRole('button', { name: KIT_TEXTS.save }).click();
  await expect(page.getByText(RESOURCE_TEXTS.updated(RESOURCES.liveStream.label))).toBeVisible();
  await sidebarLink(page, 'Slates').click();
  await expect(page).toHaveURL(/\/app\/slates$/);
  await expect(question(page)).toHaveCount(0);

  await page.goto(here);
  await name.fill(original);
  await page.getByRole('button', { name: KIT_TEXTS.save }).click();
  await expect(page.getByText(RESOURCE_TEXTS.updated(RESOURCES.liveStream.label)).first()).toBeVisible();
  await sidebarLink(page, 'Overview').click();
  await expect(page).toHaveURL(/\/app\/overview$/);
});

test('Discard changes leaves, and the change is not saved', async ({ page }) => {
  await login(page);
  await openFirst(page, 'slates');
  const here = page.url();
  const name = page.getByRole('textbox', { name: 'Name' });
  const original = await name.inputValue();
  await name.fill(`${original} (not kept)`);
  await sidebarLink(page, 'Overview').click();
  await question(page).getByRole('button', { name: KIT_TEXTS.discardChanges }).click();
  await expect(page).toHaveURL(/\/app\/overview$/);
  await page.goto(here);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(original);
});

test('closing the tab with changes asks the browser’s question', async ({ page }) => {
  await login(page);
  await openFirst(page, 'encoder');
  await page.getByRole('textbox', { name: 'Name' }).fill('Changed, not saved');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('My Profile with a change asks before Escape closes it', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: TEXTS.myProfile }).click();
  const profile = page.getByRole('dialog', { name: TEXTS.myProfile });
  const jobTitle = profile.getByRole('textbox', { name: 'Job title' });
  await jobTitle.fill('Head of streaming (not kept)');
  await page.keyboard.press('Escape');
  await question(page).getByRole('button', { name: KIT_TEXTS.keepEditing }).click();
  await expect(jobTitle).toHaveValue('Head of streaming (not kept)');
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await question(page).getByRole('button', { name: KIT_TEXTS.discardChanges }).click();
  await expect(profile).toBeHidden();
});
