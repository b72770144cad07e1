import {
  ACCOUNT_TEXTS,
  ENTITLEMENT_TEXTS as E,
  LIVE_STREAM_LABELS as L,
  RESOURCE_TEXTS,
  RESOURCES,
  upgradePromptOf,
} from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO, seriousViolations, setPreferences, signIn } from './helpers.ts';

// Issue 22, point 4: the plan decides what can be edited. The demo customer is on Standard: the
// Advanced SSAI ad suite's fields of its streams are visible but locked (disabled, an Enterprise
// badge, the upgrade prompt on a click), its stored values stay saveable, the server refuses a
// write that sets one (403, the upgrade text, nothing written), and Swagger is locked in the sidebar.

const STREAM = 'Sports 1';
const badge = (page: Page) => page.getByRole('button', { name: `${E.badge}: ${E.lockedHint}` });

async function openStream(page: Page, name = STREAM) {
  await page.goto('/app/login');
  await signIn(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.locator('header').first()).toBeVisible();
  await page.goto('/app/streams-live');
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

test('a Standard customer sees the Enterprise features locked, saves its stream, and is refused by the API', async ({
  page,
}) => {
  const id = await openStream(page);

  // Prefetch: disabled, badged; a click on the fields opens the upgrade prompt.
  await page.getByRole('tab', { name: 'Prefetch' }).click();
  const prefetch = page.getByRole('textbox', { name: L.prefetchCount });
  await expect(prefetch).toBeDisabled();
  await expect(prefetch).toHaveValue('3');
  await expect(badge(page)).toBeVisible();
  await prefetch.click({ force: true });
  const prompt = page.getByRole('dialog', { name: E.promptTitle });
  await expect(prompt.getByText(upgradePromptOf('ssai_advanced_ad_suite'))).toBeVisible();
  await prompt.getByRole('button', { name: E.cancel }).click();
  await expect(prompt).toBeHidden();

  // The seed's mid-roll layout is kept, locked; the badge opens the prompt, whose Upgrade leads to My Account.
  await page.getByRole('tab', { name: /^Layouts/ }).click();
  await expect(page.getByRole('textbox', { name: L.layoutName })).toHaveValue('Squeeze back');
  await expect(page.getByRole('textbox', { name: L.layoutName })).toBeDisabled();
  await badge(page).click();
  await prompt.getByRole('button', { name: E.upgrade }).click();
  await expect(page.getByRole('dialog', { name: 'My Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'My Account' })).toBeHidden();

  // Every plan's fields are editable, and the stream saves with its stored Enterprise values.
  await page.getByRole('tab', { name: 'Ads' }).click();
  await expect(page.getByRole('textbox', { name: L.adpodLength })).toBeDisabled();
  const interval = page.getByRole('textbox', { name: L.breakinterval });
  await expect(interval).toBeEnabled();
  await interval.fill('20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(RESOURCE_TEXTS.updated(RESOURCES.liveStream.label), { exact: true }).first(),
  ).toBeVisible();

  // The API refuses a write that turns a feature on: 403 with the upgrade text, nothing written.
  const token = await page.evaluate(() => localStorage.getItem('currentUser'));
  const headers = { authorization: `Bearer ${token}` };
  const url = `/api/ssai/ds/${id}`;
  const before = await (await page.request.get(url, { headers })).json();
  const refused = await page.request.post(url, {
    headers,
    data: { version: before.version, prefetchCount: 6 },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    message: upgradePromptOf('ssai_advanced_ad_suite'),
    planFeature: 'ssai_advanced_ad_suite',
  });
  const after = await (await page.request.get(url, { headers })).json();
  expect(after).toMatchObject({ version: before.version, prefetchCount: 3, breakinterval: 20 });

  // Swagger is Enhanced API access: locked in the sidebar, with the API access prompt's words.
  await page.getByRole('button', { name: 'API Documentation' }).click();
  await expect(page.getByRole('link', { name: 'Swagger' })).toHaveCount(0);
  await page.getByRole('button', { name: `Swagger ${E.badge}` }).click();
  await expect(prompt.getByText(ACCOUNT_TEXTS.upgradePrompt)).toBeVisible();
  await page.waitForTimeout(400); // the dialog's opening transition
  await page.screenshot({ path: 'e2e/screenshots/plan-swagger-prompt-light.png' });
  await prompt.getByRole('button', { name: E.cancel }).click();
  // Still signed in (a plan refusal is not a lost session).
  await expect(page.getByRole('heading', { level: 1, name: STREAM })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a locked field (${colorScheme}) has no serious accessibility violation`, async ({ page }) => {
    await setPreferences(page.context(), { colorScheme });
    // The seed's News 24 has redundancy on (stored before a downgrade would be): kept, locked.
    await openStream(page, 'News 24');
    await page.getByRole('tab', { name: 'Redundancy' }).click();
    await expect(page.getByRole('textbox', { name: L.backupStreamUrl })).toBeDisabled();
    await expect(badge(page)).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/plan-locked-${colorScheme}.png`, fullPage: true });
    await badge(page).hover();
    await expect(page.getByRole('tooltip', { name: E.lockedHint })).toBeVisible();
    await page.getByRole('tab', { name: 'Ads' }).click();
    await page.screenshot({ path: `e2e/screenshots/plan-locked-ads-${colorScheme}.png`, fullPage: true });
    expect(await seriousViolations(page, `plan lock ${colorScheme} `)).toEqual([]);
  });
}
