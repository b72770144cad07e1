import { screenAt } from '../../apps/web/src/app/screens.ts';
import { TEXTS, workingAs } from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO, expectPath, setPreferences, signIn } from './helpers.ts';

// Issue 22, the console as users meet it: the first paint is a branded splash in the stored theme,
// the display preferences change without an error, no link leads to a screen that is not built,
// and acting as someone else is unmistakable. (Every test here also fails on any console error or
// warning and any uncaught page error: fixtures.ts.)

const VARIANTS = [
  { name: 'light', colorScheme: 'light', direction: 'ltr', width: 1280 },
  { name: 'dark', colorScheme: 'dark', direction: 'ltr', width: 1280 },
  { name: 'phone', colorScheme: 'light', direction: 'ltr', width: 390 },
  { name: 'rtl', colorScheme: 'light', direction: 'rtl', width: 1280 },
] as const;

const splash = (page: Page) => page.getByRole('status', { name: 'Loading Cuepoint' });

async function login(page: Page, account: { email: string; password: string }) {
  await page.goto('/app/login');
  await signIn(page, account.email, account.password);
  await expectPath(page, '/app/overview');
  await expect(page.getByTestId('overview-counts')).toBeVisible();
}

/** Holds every request matching `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('first paint: the splash', () => {
  test('is in the served index.html, allowed by the CSP, and replaced once the console renders', async ({
    page,
    request,
  }) => {
    const answer = await request.get('/app/login');
    const html = await answer.text();
    expect(html).toContain('data-splash');
    expect(html).toContain('aria-label="Loading Cuepoint"');
    expect(html).toMatch(/<div id="root"><div class="cp-splash"[^>]*>.*<svg/s);
    expect(answer.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);

    const release = await hold(page, /\/app\/assets\/index-[\w-]+\.js$/);
    await page.goto('/app/login', { waitUntil: 'commit' });
    await expect(splash(page)).toBeVisible();
    await expect(splash(page)).toContainText(TEXTS.productName);
    release();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(splash(page)).toHaveCount(0);
  });

  test('stays while the session and the profile load, so a signed-in reload shows no blank page', async ({
    page,
  }) => {
    await login(page, DEMO.customer);
    const release = await hold(page, /\/api\/user\/getUser\//);
    await page.reload({ waitUntil: 'commit' });
    // The console's script has run (the router shows the splash as its fallback): still the splash.
    await expect(splash(page)).toBeVisible();
    await expect(page.locator('[data-splash]')).toHaveCount(1);
    release();
    await expect(page.getByTestId('overview-counts')).toBeVisible();
    await expect(splash(page)).toHaveCount(0);
  });

  for (const variant of VARIANTS) {
    test(`follows the stored theme and direction (${variant.name})`, async ({ page }) => {
      await page.setViewportSize({ width: variant.width, height: 800 });
      await setPreferences(page.context(), variant);
      const release = await hold(page, /\/app\/assets\/index-[\w-]+\.js$/);
      await page.goto('/app/login', { waitUntil: 'commit' });
      await expect(splash(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', variant.colorScheme);
      await expect(page.locator('html')).toHaveAttribute('dir', variant.direction);
      const background = await page
        .locator('[data-splash]')
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).toBe(variant.colorScheme === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)');
      await page.screenshot({ path: `e2e/screenshots/splash-${variant.name}.png` });
      release();
      await expect(page.getByLabel('Email')).toBeVisible();
    });
  }
});

test.describe('the sign-in pages', () => {
  for (const variant of VARIANTS) {
    test(`show the Cuepoint logo (${variant.name})`, async ({ page }) => {
      await page.setViewportSize({ width: variant.width, height: 800 });
      await setPreferences(page.context(), variant);
      await page.goto('/app/login');
      const heading = page.getByRole('heading', { level: 1, name: TEXTS.productName });
      await expect(heading.locator('svg')).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/sign-in-${variant.name}.png`, fullPage: true });
      await page.goto('/app/signup');
      await expect(page.getByTestId('brand-logo')).toBeVisible();
      await page.goto('/app/reset-password');
      await expect(page.getByTestId('brand-logo')).toBeVisible();
    });
  }
});

test.describe('display preferences', () => {
  test('the dark-mode switch, the sidebar and the direction change without an error, one cookie write each', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      const writes: string[] = [];
      (window as unknown as { cookieWrites: string[] }).cookieWrites = writes;
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get() {
          return cookie.get!.call(this);
        },
        set(value: string) {
          if (value.startsWith('cuepoint-ui=')) writes.push(value);
          cookie.set!.call(this, value);
        },
      });
    });
    const writes = () =>
      page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites.length);
    const stored = async () =>
      new URLSearchParams(
        decodeURIComponent(
          (await page.context().cookies()).find((c) => c.name === 'cuepoint-ui')?.value ?? '',
        ),
      );
    await login(page, DEMO.admin);
    expect(await writes()).toBe(0);

    const darkMode = page.getByRole('switch', { name: 'Dark mode' });
    await darkMode.check({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await writes()).toBe(1);
    expect((await stored()).get('colorScheme')).toBe('dark');
    await darkMode.uncheck({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await writes()).toBe(2);

    await page.getByTestId('sidebar-minimise').click();
    await expect(page.getByTestId('sidebar-minimise')).toHaveAttribute('aria-pressed', 'true');
    expect(await writes()).toBe(3);
    expect((await stored()).get('sidebar')).toBe('minimised');
    await page.getByTestId('sidebar-minimise').click();
    expect(await writes()).toBe(4);

    await page.getByRole('button', { name: 'Side panel' }).click();
    await page.getByRole('switch', { name: 'Right-to-left layout' }).check();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await writes()).toBe(5);
    expect((await stored()).get('direction')).toBe('rtl');
    // The scheme is unchanged by the other preferences.
    expect((await stored()).get('colorScheme')).toBe('light');
  });
});

test.describe('no dead ends', () => {
  for (const account of [DEMO.admin, DEMO.customer]) {
    test(`the overview links only to screens of the console (${account.email})`, async ({ page }) => {
      await login(page, account);
      const hrefs = await page
        .getByRole('main')
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(0);
      const paths = hrefs.map((href) => href.replace(/^\/app(?=\/)/, ''));
      expect(paths.filter((path) => !screenAt(path))).toEqual([]);
      if (account === DEMO.admin) {
        // Users and Active users are counted, and lead to /user (built in issue 18).
        const users = page.getByTestId('overview-counts').locator('[data-count="users"]');
        await expect(users).toBeVisible();
        await expect(page.getByRole('link', { name: 'View users' })).toHaveAttribute('href', '/app/user');
        await expect(page.getByRole('link', { name: 'View live streams' })).toBeVisible();
      }
    });
  }
});

test.describe('acting as someone else', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Login as' });

  test('login-as shows whose account this is on every page, and the button goes back', async ({ page }) => {
    const demo = await (await page.request.post('/api/auth/login', { data: DEMO.customer })).json();
    const text = workingAs(DEMO.customer.email, demo.user.customerId.name);
    expect(text).toBe('You are working as demo@cuepoint.example (Demo Broadcasting)');
    await login(page, DEMO.admin);
    await expect(banner(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Login as…' }).click();
    await page.getByRole('textbox', { name: 'Search users' }).fill('demo@');
    await page.getByRole('button', { name: `Login as ${DEMO.customer.email}` }).click();
    await expectPath(page, '/app/overview');
    await expect(banner(page)).toHaveText(new RegExp(`^${text.replace(/[.()]/g, '\\$&')}`));
    await expect(page.getByTestId('header-email')).toHaveText(DEMO.customer.email);

    for (const path of ['/streams-live', '/slates', '/knowledge-base', '/no-such-screen-inside'] as const) {
      await page.goto(`/app${path}`);
      if (path === '/no-such-screen-inside') continue; // the 404 page has no shell
      await expect(banner(page)).toContainText(text);
    }
    await page.goto('/app/streams-live');
    for (const variant of VARIANTS) {
      await setPreferences(page.context(), variant);
      await page.setViewportSize({ width: variant.width, height: 700 });
      await page.reload();
      await expect(banner(page)).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/login-as-banner-${variant.name}.png` });
    }
    await setPreferences(page.context(), {});
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();

    await banner(page).getByRole('button', { name: TEXTS.backToMyAccount }).click();
    await expect(page.getByTestId('header-email')).toHaveText(DEMO.admin.email);
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('loginasid'))).toBeNull();
  });

  test('User View shows its own banner, and its button goes back to Admin View', async ({ page }) => {
    await login(page, DEMO.admin);
    await page.locator('label', { hasText: TEXTS.userView }).click();
    await expectPath(page, '/app/streams-live');
    const userView = page.getByRole('region', { name: TEXTS.userView });
    await expect(userView).toContainText(TEXTS.userViewBanner);
    await page.screenshot({ path: 'e2e/screenshots/user-view-banner-light.png' });
    await userView.getByRole('button', { name: TEXTS.backToAdminView }).click();
    await expect(page.getByRole('radio', { name: TEXTS.adminView })).toBeChecked();
    await expect(userView).toHaveCount(0);
  });
});
