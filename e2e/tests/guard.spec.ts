import { TEXTS } from '../../packages/core/src/index.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, expectPath, signIn } from './helpers.ts';

// Spec section 2, route guard: a non-admin on a path outside its enabled navigation goes to
// /overview; nested paths of an enabled entry stay open; a main administrator goes anywhere.
// The e2e server runs with SHOWPODS=0 and MONITOR=0 (E2E_FLAGS in e2e/server.ts).
test.describe('route guard and navigation rights', () => {
  test('a customer user is kept to its enabled navigation', async ({ page }) => {
    await page.goto('/app/login');
    await signIn(page, DEMO.customer.email, DEMO.customer.password);
    await expectPath(page, '/app/overview');

    for (const adminOnly of ['/app/alarms', '/app/customer', '/app/streams-monitor', '/app/monitoring/42']) {
      await page.goto(adminOnly);
      await expectPath(page, '/app/overview');
    }
    // Pods is hidden by the SHOWPODS=0 flag.
    await page.goto('/app/pods');
    await expectPath(page, '/app/overview');

    await page.goto('/app/streams-live/abc/kibana');
    await expectPath(page, '/app/streams-live/abc/kibana');
    await expect(page.getByRole('heading', { name: 'Live Stream Logs' })).toBeVisible();
    await page.goto('/app/slates');
    await expect(page.getByRole('heading', { name: 'Slates' })).toBeVisible();
  });

  test('a main administrator reaches the admin screens', async ({ page }) => {
    await page.goto('/app/login');
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await expectPath(page, '/app/overview');
    await page.goto('/app/alarms');
    await expectPath(page, '/app/alarms');
    await expect(page.getByRole('heading', { name: 'Alarms' })).toBeVisible();
    await page.goto('/app/monitoring/42');
    await expect(page.getByRole('heading', { name: 'Monitoring' })).toBeVisible();
  });
});

// Spec section 2, error page: 'Home page' goes to /streams-live when a user is stored in both the
// session state and local storage, otherwise to /login?refresh=true with a page reload. An unknown
// URL opened directly (a fresh page load) resolves the stored session first.
test.describe('the error page of an unknown URL opened directly', () => {
  test('signed in: Home page goes to /streams-live', async ({ page }) => {
    await page.goto('/app/login');
    await signIn(page, DEMO.customer.email, DEMO.customer.password);
    await expectPath(page, '/app/overview');

    await page.goto('/app/no-such-page');
    await expect(page.getByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeVisible();
    const home = page.getByRole('link', { name: TEXTS.homePage });
    await expect(home).toHaveAttribute('href', '/app/streams-live');
    await home.click();
    await expectPath(page, '/app/streams-live');
    await expect(page.getByRole('heading', { level: 1, name: 'Live Streams' })).toBeVisible();
  });

  test('signed out: Home page reloads the login page', async ({ page }) => {
    await page.goto('/app/no-such-page');
    await expect(page.getByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeVisible();
    const home = page.getByRole('link', { name: TEXTS.homePage });
    await expect(home).toHaveAttribute('href', '/app/login?refresh=true');
    const reload = page.waitForEvent('load');
    await home.click();
    await reload;
    await expectPath(page, '/app/login?refresh=true');
  });

  test('a stored session the server no longer accepts: Home page reloads the login page', async ({
    page,
    tolerate,
  }) => {
    tolerate('refusedStoredSession');
    await page.goto('/app/login');
    await page.evaluate(() => {
      localStorage.setItem('currentUser', 'x'.repeat(43));
      localStorage.setItem('authType', 'reg');
      localStorage.setItem('user', JSON.stringify({ _id: '00000000-0000-4000-8000-000000000000' }));
    });
    await page.goto('/app/no-such-page');
    await expect(page.getByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: TEXTS.homePage })).toHaveAttribute(
      'href',
      '/app/login?refresh=true',
    );
    // The refused session was cleared (spec section 8) and the unknown URL is not remembered as
    // the place to return to after the next login.
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    await page.getByRole('link', { name: TEXTS.homePage }).click();
    await expectPath(page, '/app/login?refresh=true');
    await signIn(page, DEMO.customer.email, DEMO.customer.password);
    await expectPath(page, '/app/overview');
  });
});
