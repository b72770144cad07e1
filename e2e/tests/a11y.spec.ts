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
