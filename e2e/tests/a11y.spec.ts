import { ACCOUNT_TEXTS, TEXTS } from '../../packages/core/src/index.ts';
import { expect, test } from './fixtures.ts';
import { axeOn, DEMO, expectPath, setPreferences, signIn } from './helpers.ts';

// Every screen of the accounts flow, light and dark: no serious or critical axe violation, and a
// screenshot in e2e/screenshots/ to look at.
const PUBLIC_SCREENS = [
  { name: 'signup', path: '/app/signup', ready: 'Create account' },
  { name: 'reset-password', path: '/app/reset-password', ready: 'Send reset link' },
  {
    name: 'new-password',
    path: '/app/new-password?email=a%40b.example&token=abc',
    ready: 'Set new password',
  },
  { name: 'user-activate', path: '/app/user-activate?email=a%40b.example', ready: 'Resend activation email' },
  { name: 'account-review', path: '/app/account-review', ready: 'Back to sign in' },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.beforeEach(async ({ page }) => {
      await setPreferences(page.context(), { colorScheme: scheme });
    });

    for (const screen of PUBLIC_SCREENS) {
      test(`${screen.name} has no serious accessibility violation`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page.getByText(screen.ready).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await page.screenshot({ path: `e2e/screenshots/${screen.name}-${scheme}.png`, fullPage: true });
        const { violations } = await (await axeOn(page)).analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }

    test('overview (signed in) has no serious accessibility violation', async ({ page }) => {
      await page.goto('/app/login');
      await signIn(page, DEMO.admin.email, DEMO.admin.password);
      await expectPath(page, '/app/overview');
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/overview-${scheme}.png`, fullPage: true });
      const { violations } = await (await axeOn(page)).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}

test('the axe runner finds a planted violation, runs only the rules asked, and leaves out those disabled', async ({
  page,
}) => {
  await page.goto('/app/signup');
  await expect(page.getByText('Create account').first()).toBeVisible();
  const ids = async (configure: (axe: Awaited<ReturnType<typeof axeOn>>) => unknown = () => {}) => {
    const axe = await axeOn(page);
    configure(axe);
    return (await axe.analyze()).violations.map((v) => v.id);
  };
  expect(await ids()).toEqual([]);
  // An image without a text alternative, and grey text on white (1.6:1).
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    const text = document.createElement('p');
    text.textContent = 'Too pale to read';
    text.style.cssText = 'color: #ccc; background: #fff';
    (document.querySelector('main') ?? document.body).append(image, text);
  });
  // The page was not loaded again: axe, already in it, runs on what it shows now.
  expect((await ids()).sort()).toEqual(['color-contrast', 'image-alt']);
  expect(await ids((axe) => axe.withRules(['color-contrast']))).toEqual(['color-contrast']);
  expect(await ids((axe) => axe.disableRules(['color-contrast']))).toEqual(['image-alt']);
});

/** WCAG's contrast ratio of two `rgb(r, g, b)` colours (getComputedStyle's form). */
function contrast(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

// A toast's text under its title was Mantine's gray 6 in light and dark 2 in dark: 3.3:1 on the
// toast (axe 4.14 reports it; global.css gives it the theme's dimmed colour).
for (const colorScheme of ['light', 'dark'] as const) {
  test(`a toast's text reads at 4.5:1 or more (${colorScheme})`, async ({ page }) => {
    await setPreferences(page.context(), { colorScheme });
    await page.goto('/app/login');
    await signIn(page, DEMO.customer.email, DEMO.customer.password);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: TEXTS.myProfile }).click();
    await page.getByRole('dialog', { name: TEXTS.myProfile }).getByRole('button', { name: 'Save' }).click();
    const toast = page.locator('.mantine-Notification-root', { hasText: ACCOUNT_TEXTS.profileUpdated });
    const text = toast.locator('.mantine-Notification-description');
    await expect(text).toHaveText(ACCOUNT_TEXTS.profileUpdated);
    const [foreground, background] = await text.evaluate((element) => [
      getComputedStyle(element).color,
      getComputedStyle(element.closest('.mantine-Notification-root')!).backgroundColor,
    ]);
    expect(contrast(foreground!, background!), `${foreground} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });
}
