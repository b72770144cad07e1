import { PLAYOUT_UI_TEXTS as T } from '../../apps/web/src/features/playout/texts.ts';
import { type E2eServer, startServer } from '../server.ts';
import { expect, test } from './fixtures.ts';
import { axeOn, DEMO, signIn } from './helpers.ts';

// Issue 16: Playout (/playout), in Chromium, as the main administrator. Starting a channel creates
// a live stream in the demo customer's account, which other specs' lists would show: this file
// runs its own server (PLAYOUT=1, a fresh demo seed). The seeded streamer channel "Highlights
// loop" starts with Match highlights, which the built-in demo origin serves.

let server: E2eServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startServer('playout', { PLAYOUT: '1' }, { ownPublicUrl: true });
  base = server.url;
});

test.afterAll(async () => {
  await server.stop();
});

test('the administrator starts the demo channel, watches it stitched, and stops it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/app/login`);
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.locator('header')).toBeVisible();
  await page.goto(`${base}/app/playout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Playout' })).toBeVisible();

  const card = page.getByRole('article', { name: 'Highlights loop' });
  await expect(card).toContainText(T.stopped);
  await expect(card).toContainText(T.playbackAfterStart);
  await card.getByRole('button', { name: T.startNamed('Highlights loop') }).click();
  await expect(card).toContainText(T.running);
  await expect(card.locator('[data-slot="Now playing"]')).toContainText('Match highlights');
  await expect(card.getByRole('progressbar', { name: T.progress('Match highlights') })).toBeVisible();
  await expect(card.locator('[data-slot="Next"]')).toContainText('Evening news');

  // The playback URL, as shown: the stitched live stream; a player gets a media playlist.
  const url = (await card.getByText(/\/play\/live\/[0-9a-f-]{36}\/master\.m3u8$/).textContent())!;
  expect(url.startsWith(base)).toBe(true);
  let rendition = '';
  await expect
    .poll(
      async () => {
        const master = await page.request.get(url);
        if (master.status() !== 200) return 0;
        const uri = (await master.text()).split('\n').find((line) => line && !line.startsWith('#'))!;
        rendition = new URL(uri, url).href;
        const media = await page.request.get(rendition);
        if (media.status() !== 200) return 0;
        return (await media.text()).split('\n').filter((line) => line.startsWith('#EXTINF')).length;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  const media = await (await page.request.get(rendition)).text();
  expect(media).toContain('#EXT-X-PROGRAM-DATE-TIME');
  expect(media).toContain(`${base}/demo/media/`);

  // Axe, every impact, while it runs: light, dark, right to left (screens-a11y.spec also visits it).
  for (const [colorScheme, direction] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    const value = new URLSearchParams({ colorScheme, direction, sidebar: 'normal' }).toString();
    await page
      .context()
      .addCookies([{ name: 'cuepoint-ui', value: encodeURIComponent(value), url: `${base}/app/` }]);
    await page.reload();
    await expect(card).toContainText(T.running);
    const { violations } = await (await axeOn(page)).analyze();
    expect(violations.map((v) => `${colorScheme} ${direction} ${v.id}`)).toEqual([]);
  }

  // The ad configuration of its live stream is one link away.
  await expect(card.getByRole('link', { name: T.adConfigurationNamed('Highlights loop') })).toHaveAttribute(
    'href',
    /\/app\/streams-ads\/[0-9a-f-]{36}$/,
  );

  // Stop asks first; Cancel keeps it running.
  await card.getByRole('button', { name: T.stopNamed('Highlights loop') }).click();
  const dialog = page.getByRole('dialog', { name: T.stopTitle('Highlights loop') });
  await expect(dialog.getByRole('button', { name: T.cancel })).toBeFocused();
  await dialog.getByRole('button', { name: T.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(T.running);
  await card.getByRole('button', { name: T.stopNamed('Highlights loop') }).click();
  await dialog.getByRole('button', { name: T.stop }).click();
  await expect(card).toContainText(T.stopped);
  await expect(card.getByRole('button', { name: T.startNamed('Highlights loop') })).toBeVisible();
});
