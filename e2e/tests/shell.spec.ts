import { SCREENS } from '../../apps/web/src/app/screens.ts';
import {
  isPathEnabled,
  LAYOUT,
  type NavigationEntry,
  type NavigationFlags,
  RUNTIME_CONFIG_DEFAULTS,
  TEXTS,
  type User,
  visibleNavigation,
} from '../../packages/core/src/index.ts';
import { E2E_FLAGS } from '../server.ts';
import { expect, type Page, test } from './fixtures.ts';
import {
  DEMO,
  expectPath,
  forgetSession,
  popStateTo,
  seriousViolations,
  setPreferences,
  signIn,
} from './helpers.ts';

// The console shell of spec section 2: layout sizes, the sidebar each user sees, header, loading
// bar, toasts, theme and direction, the error page, and every signed-in route.

/** The flags the e2e server runs with (E2E_FLAGS in e2e/server.ts), as the console reads them. */
const FLAGS: NavigationFlags = {
  ...RUNTIME_CONFIG_DEFAULTS,
  ...Object.fromEntries(Object.entries(E2E_FLAGS).map(([k, v]) => [k, Number(v)])),
};

type Account = (typeof DEMO)[keyof typeof DEMO];

/** Sidebar entries of a main administrator only (spec sections 2 and 6). */
const ADMIN_ONLY = ['customers', 'alarms', 'reports', 'event-scheduler', 'system', 'live-demo', 'insights'];

async function login(page: Page, account: Account, path = '/app/login') {
  await page.goto(path);
  await signIn(page, account.email, account.password);
  // The default layout's header: the session is in place.
  await expect(page.locator('header')).toBeVisible();
}

/** The Admin View / User View selector (a segmented control: its radios are visually hidden). */
const chooseView = (page: Page, label: string) => page.locator('label', { hasText: label }).click();

/** Waits for an element to settle (transitions) and answers its box. */
async function settledBox(locator: ReturnType<Page['locator']>) {
  let previous = '';
  await expect
    .poll(async () => {
      const b = await locator.boundingBox();
      const now = JSON.stringify(b);
      const stable = b !== null && now === previous;
      previous = now;
      return stable;
    })
    .toBe(true);
  return (await locator.boundingBox())!;
}

/** The profile of the signed-in user, read from the API with the console's stored token. */
async function storedUser(page: Page): Promise<User> {
  const { token, id } = await page.evaluate(() => ({
    token: localStorage.getItem('currentUser'),
    id: JSON.parse(localStorage.getItem('user')!)._id as string,
  }));
  const response = await page.request.get(`/api/user/getUser/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as User;
}

const ids = (entries: readonly NavigationEntry[]): string[] =>
  entries.flatMap((e) => [e.id, ...(e.children ? ids(e.children) : [])]);

/** Every entry id the sidebar renders (group children included, also while a group is closed). */
const sidebarIds = (page: Page) =>
  page
    .getByTestId('sidebar')
    .locator('[data-nav-id]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-nav-id')!));

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, `${selector} is on the page`).not.toBeNull();
  return b!;
}

test.describe('layout', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('header 60, sidebar 200/150/50, aside 250, filter drawer at most 500', async ({ page }) => {
    await login(page, DEMO.admin);
    expect((await box(page, 'header')).height).toBe(LAYOUT.headerHeight);
    expect((await box(page, 'nav[aria-label="Main navigation"]')).width).toBe(LAYOUT.sidebarWidth);
    await expect(page.locator('[data-logo="full"]')).toBeVisible();

    // Aside panel with tabs, where the sidebar size is chosen.
    await page.getByRole('button', { name: 'Side panel' }).click();
    expect((await box(page, 'aside[aria-label="Side panel"]')).width).toBe(LAYOUT.asideWidth);
    await expect(page.getByRole('tab', { name: 'Display' })).toBeVisible();
    await page.getByRole('radio', { name: /Compact/ }).check();
    expect((await box(page, 'nav[aria-label="Main navigation"]')).width).toBe(LAYOUT.sidebarCompactWidth);

    // The header's minimise toggle: 50 px and the minimised logo.
    await page.getByTestId('sidebar-minimise').click();
    expect((await box(page, 'nav[aria-label="Main navigation"]')).width).toBe(LAYOUT.sidebarMinimisedWidth);
    await expect(page.locator('[data-logo="minimised"]')).toBeVisible();
    await page.getByTestId('sidebar-minimise').click();
    expect((await box(page, 'nav[aria-label="Main navigation"]')).width).toBe(LAYOUT.sidebarWidth);

    // The right-hand filter drawer of a list (the overview's recent alarms).
    await page.getByRole('button', { name: 'Close the side panel' }).click();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    const drawerBox = await settledBox(drawer);
    expect(drawerBox.width).toBeLessThanOrEqual(LAYOUT.filterDrawerMaxWidth);
    expect(drawerBox.width).toBeGreaterThan(LAYOUT.filterDrawerMaxWidth - 1);
    expect(Math.round(drawerBox.x + drawerBox.width)).toBe(1400);
  });

  test('at phone width the header fits: the page never scrolls sideways, for either user', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const account of [DEMO.admin, DEMO.customer]) {
      await login(page, account);
      await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${account.email} at 390 px`).toBeLessThanOrEqual(0);
      await forgetSession(page);
    }
    // Dark mode is still at hand there: in the side panel's Display tab.
    await login(page, DEMO.admin);
    await page.getByRole('button', { name: 'Side panel' }).click();
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeVisible();
  });

  test('the sidebar toggle hides it on a wide screen and opens an overlay on a small one', async ({
    page,
  }) => {
    await login(page, DEMO.customer);
    const sidebar = page.getByTestId('sidebar');
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toBeHidden();
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toBeVisible();

    await page.setViewportSize({ width: 500, height: 800 });
    await expect(sidebar).toBeHidden();
    expect((await box(page, 'main')).x).toBe(0);
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toBeVisible();
    const overlay = await settledBox(sidebar);
    expect(overlay.x).toBe(0);
    expect(overlay.width).toBe(LAYOUT.sidebarWidth);
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    // Following a link closes the overlay.
    await page.getByTestId('sidebar-toggle').click();
    await sidebar.getByRole('link', { name: 'Slates' }).click();
    await expectPath(page, '/app/slates');
    await expect(sidebar).toBeHidden();
  });
});

test.describe('sidebar and header per user', () => {
  test('a main administrator sees every admin entry, the view selector, the bell and no De-Activate', async ({
    page,
  }) => {
    await login(page, DEMO.admin);
    const user = await storedUser(page);
    expect(user.profile.isMainAdmin).toBe(true);
    expect(await sidebarIds(page)).toEqual(ids(visibleNavigation(user, FLAGS)));
    const shown = await sidebarIds(page);
    for (const id of [...ADMIN_ONLY, 'playout']) expect(shown).toContain(id);
    // MONITOR=0 and SHOWPODS=0 on this server.
    expect(await sidebarIds(page)).not.toContain('streams-monitor');
    expect(await sidebarIds(page)).not.toContain('pods');

    await expect(page.getByTestId('header-email')).toHaveText(DEMO.admin.email);
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeAttached();
    await expect(page.getByRole('radio', { name: TEXTS.adminView })).toBeChecked();
    await expect(page.getByTestId('alarm-bell')).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('menuitem', { name: TEXTS.myProfile })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: TEXTS.myAccount })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: TEXTS.logout })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: TEXTS.deactivateAccount })).toHaveCount(0);
  });

  test('a customer user sees its own navigation and settings, without the admin controls', async ({
    page,
  }) => {
    await login(page, DEMO.customer);
    const user = await storedUser(page);
    expect(user.profile.isMainAdmin).toBe(false);
    const expected = ids(visibleNavigation(user, FLAGS));
    expect(await sidebarIds(page)).toEqual(expected);
    for (const id of ADMIN_ONLY) expect(expected).not.toContain(id);
    await expect(page.getByTestId('header-email')).toHaveText(DEMO.customer.email);
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: TEXTS.userView })).toHaveCount(0);
    await expect(page.getByTestId('alarm-bell')).toHaveCount(0);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: TEXTS.deactivateAccount }).click();
    await expect(page.getByRole('dialog', { name: TEXTS.deactivateAccount })).toBeVisible();
  });

  test('no sidebar entry loses part of its name, left to right or right to left', async ({ page }) => {
    for (const direction of ['ltr', 'rtl'] as const) {
      await setPreferences(page.context(), { direction });
      await login(page, DEMO.admin);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      const labels = page.getByTestId('sidebar').locator('[data-nav-id] > span');
      await expect(labels.first()).toBeVisible();
      // A name too long for its line wraps (API Documentation): cut would mean scrolled content.
      const cut = await labels.evaluateAll((spans) =>
        spans
          .filter((s) => s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1)
          .map((s) => s.textContent),
      );
      expect(await labels.allTextContents()).toContain('API Documentation');
      expect(cut).toEqual([]);
      await forgetSession(page);
    }
  });

  test('groups open and close, and the current entry is marked', async ({ page }) => {
    await login(page, DEMO.customer);
    const sidebar = page.getByTestId('sidebar');
    const demand = sidebar.getByRole('button', { name: 'Demand' });
    await expect(demand).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Campaigns' })).toBeHidden();
    await demand.click();
    await expect(demand).toHaveAttribute('aria-expanded', 'true');
    await sidebar.getByRole('link', { name: 'Campaigns' }).click();
    await expectPath(page, '/app/campaigns');
    await expect(sidebar.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('breadcrumb')).toContainText('Campaigns');
    // Opening a nested screen directly opens its group.
    await page.goto('/app/streams-live/ch-7/kibana');
    await expect(sidebar.getByRole('button', { name: 'Streams' })).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'page');
    const crumbs = page.getByTestId('breadcrumb');
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app/overview');
    await expect(crumbs.getByRole('link', { name: 'Live Streams' })).toHaveAttribute(
      'href',
      '/app/streams-live',
    );
    await expect(crumbs.getByRole('link', { name: 'ch-7' })).toHaveAttribute(
      'href',
      '/app/streams-live/ch-7',
    );
    await expect(crumbs.getByText('Live Stream Logs')).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Live Stream Logs · Cuepoint');
  });

  test('User View shows the customer navigation; Admin View restores the original', async ({ page }) => {
    await login(page, DEMO.admin);
    await chooseView(page, TEXTS.userView);
    await expectPath(page, '/app/streams-live');
    await expect(page.getByTestId('sidebar').locator('[data-nav-id="customers"]')).toHaveCount(0);
    await expect(page.getByTestId('alarm-bell')).toHaveCount(0);
    // The selector stays (demo), so the way back is there.
    await chooseView(page, TEXTS.adminView);
    await expect(page.getByTestId('sidebar').locator('[data-nav-id="customers"]')).toHaveCount(1);
    await expect(page.getByRole('radio', { name: TEXTS.adminView })).toBeChecked();
  });

  test('during login-as the header offers Sign out, which restores the administrator', async ({ page }) => {
    // The customer's id, from its own login.
    const customer = await (await page.request.post('/api/auth/login', { data: DEMO.customer })).json();
    await login(page, DEMO.admin);
    await page.evaluate((id) => {
      localStorage.setItem('loginasid', id);
      localStorage.setItem('loginas', 'true');
    }, customer.user._id as string);
    await page.reload();
    await expect(page.getByTestId('header-email')).toHaveText(DEMO.customer.email);
    await expect(page.getByTestId('sidebar').locator('[data-nav-id="customers"]')).toHaveCount(0);
    await page.getByRole('button', { name: TEXTS.signOut }).click();
    await expect(page.getByTestId('header-email')).toHaveText(DEMO.admin.email);
    await expect(page.getByRole('button', { name: TEXTS.signOut })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('loginasid'))).toBeNull();
  });
});

test.describe('feedback', () => {
  test('the loading bar shows while a request is in flight', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/overview/summary', async (route) => {
      await held;
      await route.continue();
    });
    await login(page, DEMO.customer);
    const bar = page.getByRole('progressbar', { name: 'Loading' });
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())!.y).toBe(0);
    release();
    await expect(page.getByTestId('overview-counts')).toBeVisible();
    await expect(bar).toBeHidden();
  });

  test('a toast shows bottom right and disappears after 4 s', async ({ page }) => {
    await page.clock.install();
    await login(page, DEMO.customer);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: TEXTS.logout }).click();
    await expectPath(page, '/app/login');
    const toast = page.getByText('You have signed out.');
    await expect(toast).toBeVisible();
    // Stop the page's clock a moment after the toast appeared, then move it by hand.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
    const b = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(b.x + b.width).toBeGreaterThan(viewport.width * 0.75);
    expect(b.y + b.height).toBeGreaterThan(viewport.height * 0.75);
    await page.clock.runFor(3_400);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_200);
    await expect(toast).toBeHidden();
  });

  test('theme and right-to-left are kept across reloads and logout', async ({ page }) => {
    await login(page, DEMO.admin);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('switch', { name: 'Dark mode' }).check({ force: true });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Side panel' }).click();
    await page.getByRole('switch', { name: 'Right-to-left layout' }).check();
    await expect(html).toHaveAttribute('dir', 'rtl');
    // The sidebar moved to the right-hand side.
    const sidebar = await settledBox(page.getByTestId('sidebar'));
    expect(Math.round(sidebar.x + sidebar.width)).toBe(page.viewportSize()!.width);

    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(html).toHaveAttribute('dir', 'rtl');

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: TEXTS.logout }).click();
    await expectPath(page, '/app/login');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(html).toHaveAttribute('dir', 'rtl');
  });
});

test.describe('error page', () => {
  test('unknown path without a user: the 404 texts and a Home page link that reloads the login', async ({
    page,
  }) => {
    await page.goto('/app/no-such-screen');
    await expect(page.getByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeVisible();
    await expect(page.getByText(TEXTS.pageNotFoundMessage)).toBeVisible();
    await expect(page.locator('header')).toHaveCount(0); // clean layout
    const home = page.getByRole('link', { name: TEXTS.homePage });
    await expect(home).toHaveAttribute('href', '/app/login?refresh=true');
    const reload = page.waitForEvent('load');
    await home.click();
    await reload;
    await expectPath(page, '/app/login?refresh=true');
  });

  test('unknown path with a signed-in user: Home page goes to /streams-live', async ({ page }) => {
    await login(page, DEMO.customer);
    // A navigation inside the running console (as Back/Forward would), so the session state stays.
    await popStateTo(page, '/app/streams-live/a/b/c');
    await expect(page.getByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeVisible();
    await page.getByRole('link', { name: TEXTS.homePage }).click();
    await expectPath(page, '/app/streams-live');
    await expect(page.getByRole('heading', { name: 'Live Streams' })).toBeVisible();
  });

  test('a screen whose code fails to load reloads once, then shows the error page', async ({
    page,
    tolerate,
  }) => {
    tolerate('abortedChunk');
    // Reports: a screen of its own chunk (routes/reports.tsx), in the administrator's sidebar.
    await login(page, DEMO.admin);
    await page.route('**/app/assets/reports-*.js', (route) => route.abort());
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Sorry!! Something Went Wrong - 500' })).toBeVisible();
    expect(loads).toBe(1);
    await expectPath(page, '/app/reports');
  });
});

test.describe('every signed-in route of spec section 2', () => {
  const concrete = SCREENS.map((screen) => ({
    ...screen,
    url: screen.path.replace(':detail', 'abc').replace(':ch_id', 'channel'),
  }));

  test('a main administrator reaches every route, each with its title', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.admin);
    for (const screen of concrete) {
      await page.goto(`/app${screen.url}`);
      await expectPath(page, `/app${screen.url}`);
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
    }
    await page.goto('/app/configuration?tab=config');
    await expectPath(page, '/app/configuration?tab=config');
  });

  test('a customer user reaches its routes and is sent to /overview from the others', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.customer);
    const user = await storedUser(page);
    let refused = 0;
    for (const screen of concrete) {
      await page.goto(`/app${screen.url}`);
      if (isPathEnabled(screen.url, user, FLAGS)) {
        await expectPath(page, `/app${screen.url}`);
        await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
      } else {
        refused += 1;
        await expectPath(page, '/app/overview');
      }
    }
    expect(refused).toBeGreaterThan(5);
  });
});

test.describe('print', () => {
  test('prints on A3 without the shell chrome', async ({ page }) => {
    await login(page, DEMO.customer);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header')).toBeHidden();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    expect((await page.locator('main').boundingBox())!.x).toBe(0);
    // The page size the stylesheet asks for (@page size A3): 297 x 420 mm = 841.89 x 1190.55 pt
    // (Chromium rounds to whole CSS pixels, so within 1.5 pt; A4 would be 595 x 842).
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(box, 'the PDF names its page size').not.toBeNull();
    expect(Math.abs(Number(box![1]) - 841.89)).toBeLessThan(1.5);
    expect(Math.abs(Number(box![2]) - 1190.55)).toBeLessThan(1.5);
  });
});

test.describe('look', () => {
  for (const variant of [
    { name: 'light', colorScheme: 'light', direction: 'ltr' },
    { name: 'dark', colorScheme: 'dark', direction: 'ltr' },
    { name: 'rtl', colorScheme: 'light', direction: 'rtl' },
  ] as const) {
    test(`the shell (${variant.name}) has no serious accessibility violation`, async ({ page }) => {
      await setPreferences(page.context(), variant);
      await login(page, DEMO.admin);
      await expect(page.getByTestId('overview-counts')).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/shell-admin-${variant.name}.png` });
      expect(await seriousViolations(page, `${variant.name} `)).toEqual([]);

      await page.getByRole('button', { name: 'Side panel' }).click();
      await page.getByRole('tab', { name: 'Alarms' }).click();
      await page.getByTestId('sidebar').getByRole('button', { name: 'Demand' }).click();
      await page.screenshot({ path: `e2e/screenshots/shell-admin-aside-${variant.name}.png` });
      expect(await seriousViolations(page, `${variant.name} aside `)).toEqual([]);
    });
  }

  test('the customer shell, compact and minimised, has no serious accessibility violation', async ({
    page,
  }) => {
    for (const sidebar of ['compact', 'minimised'] as const) {
      await setPreferences(page.context(), {
        sidebar,
        colorScheme: sidebar === 'compact' ? 'dark' : 'light',
      });
      await login(page, DEMO.customer, '/app/login');
      await page.screenshot({ path: `e2e/screenshots/shell-customer-${sidebar}.png` });
      expect(await seriousViolations(page, `${sidebar} `)).toEqual([]);
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: TEXTS.logout }).click();
      await expectPath(page, '/app/login');
    }
  });
});
