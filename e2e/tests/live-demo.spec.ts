import { LIVE_DEMO_TEXTS as T } from '../../apps/web/src/features/live-demo/texts.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Issue 16: the LIVE Demo, as the main administrator: choose a customer's live stream, and it
// plays stitched in the showcase player, with its breaks' timeline beside it; the choice is in the
// URL with the stream's customer (whose logo the header shows).

test('the administrator chooses a customer’s stream and it plays', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/app/login');
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.locator('header').first()).toBeVisible();
  await page.goto('/app/live-demo');
  await expect(page.getByText(T.pick)).toBeVisible();
  await page.getByRole('combobox', { name: T.stream }).click();
  await page.getByRole('option', { name: T.option('Demo Broadcasting', 'News 24') }).click();
  await expect(page).toHaveURL(/\/app\/live-demo\?stream=[0-9a-f-]{36}&customer=[0-9a-f-]{36}$/);

  const panel = page.getByRole('region', { name: 'Preview and ad breaks' });
  await panel.getByRole('button', { name: 'Play preview' }).click();
  const video = panel.getByLabel('Preview of News 24');
  await expect(video).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  await panel.getByRole('button', { name: 'Stop preview' }).click();
  await expect(video).toHaveAttribute('data-state', 'idle');
});
