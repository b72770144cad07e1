import { expect, test } from '@playwright/test';
import { DEMO, expectPath, signIn } from './helpers.ts';

// Spec section 2, route guard: a non-admin on a path outside its enabled navigation goes to
// /overview; nested paths of an enabled entry stay open; a main administrator goes anywhere.
// The e2e server runs with SHOWPODS=0 and MONITOR=0 (global-setup.ts).
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
