import { KIT_TEXTS } from '../../apps/web/src/components/resource/texts.ts';
import { STREAMS_LIVE_TEXTS } from '../../apps/web/src/features/live-streams/texts.ts';
import {
  LIVE_STREAM_LABELS,
  LIVE_STREAM_TABS,
  RESOURCE_TEXTS,
  RESOURCES,
  VOD_LABELS,
} from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { applyLook, DEMO, LOOKS, seriousViolations, shootLook, signIn } from './helpers.ts';

// Issue 22, points 2 and 3: every detail page opens with one shared header (name, status, type,
// playback and source, last change, Logs, and Delete in a More menu whose dialog names the item);
// the breadcrumb shows the item's name; a live stream has one row of tabs, and /streams-ads/{id}
// is that same page on its Ads tab.

const STREAM = 'Sports 1';
const VOD = 'Match highlights';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function login(page: Page) {
  await page.goto('/app/login');
  await signIn(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.locator('header').first()).toBeVisible();
}

/** Opens a record's detail page from its list and answers its id. */
async function openFromList(page: Page, list: string, name: string): Promise<string> {
  await page.goto(`/app${list}`);
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

const header = (page: Page) => page.locator('[data-detail-header]');

test("a live stream's page: the header, one row of tabs, its name in the breadcrumb", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  const id = await openFromList(page, '/streams-live', STREAM);

  const top = header(page);
  await expect(top.getByText(RESOURCES.liveStream.label, { exact: true })).toBeVisible();
  await expect(top.getByText('Active', { exact: true })).toBeVisible();
  await expect(top.getByText(KIT_TEXTS.playbackUrls, { exact: true })).toBeVisible();
  // Where it plays: the data plane's playlist of this stream, which answers HLS (the seeded
  // streams play from the built-in demo origin).
  const playback = top.getByText(/\/play\/live\/[0-9a-f-]{36}\/master\.m3u8$/);
  await expect(playback).toHaveText(new URL(`/play/live/${id}/master.m3u8`, page.url()).href);
  await expect(playback).toHaveAttribute('dir', 'ltr');
  const played = await page.request.get((await playback.textContent())!);
  expect(played.status()).toBe(200);
  expect(played.headers()['content-type']).toContain('application/vnd.apple.mpegurl');
  expect(await played.text()).toMatch(/^#EXTM3U\n[\s\S]*#EXT-X-STREAM-INF:/);
  await expect(top.getByText(KIT_TEXTS.lastChanged, { exact: true })).toBeVisible();
  await expect(top.getByRole('link', { name: STREAMS_LIVE_TEXTS.logs })).toHaveAttribute(
    'href',
    `/app/streams-live/${id}/kibana`,
  );

  // The source's copy button copies it.
  const source = await page.getByRole('textbox', { name: LIVE_STREAM_LABELS.sourceStreamUrl }).inputValue();
  await top.getByRole('button', { name: KIT_TEXTS.copy(LIVE_STREAM_LABELS.sourceStreamUrl) }).click();
  await expect(top.getByRole('status').filter({ hasText: KIT_TEXTS.copied })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(source);

  // One row of tabs (the datasource's), no second row of sections.
  await expect(page.getByRole('tablist')).toHaveCount(1);
  await expect(page.getByRole('tab')).toHaveText(LIVE_STREAM_TABS.map((tab) => tab.label));
  await expect(page.getByRole('main').getByRole('navigation')).toHaveCount(0);

  // The breadcrumb names the stream, never its id.
  const crumbs = page.getByTestId('breadcrumb');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(STREAM);
  await expect(crumbs).not.toContainText(UUID);

  // The spec's /streams-ads/{id} is the same page, on its Ads tab: the ad fields are edited in one place.
  await page.goto(`/app/streams-ads/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: STREAM })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Ads' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: LIVE_STREAM_LABELS.breakinterval })).toBeVisible();
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(STREAM);
});

test('Delete sits in the More menu, and its dialog names the item', async ({ page }) => {
  await login(page);
  await openFromList(page, '/streams-live', STREAM);
  // No red Delete beside the title.
  await expect(page.getByRole('button', { name: KIT_TEXTS.delete })).toHaveCount(0);
  await page.getByRole('button', { name: KIT_TEXTS.moreNamed(STREAM) }).click();
  await expect(page.getByRole('menuitem', { name: KIT_TEXTS.delete })).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: 'e2e/screenshots/live-stream-detail-more.png' });
  await page.getByRole('menuitem', { name: KIT_TEXTS.delete }).click();
  const dialog = page.getByRole('dialog', {
    name: RESOURCE_TEXTS.deleteTitle(RESOURCES.liveStream.label, STREAM),
  });
  await expect(dialog).toContainText(RESOURCE_TEXTS.deleteConfirm(RESOURCES.liveStream.label, STREAM));
  await expect(dialog).toHaveCSS('opacity', '1');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/live-stream-detail-delete.png' });
  expect(await seriousViolations(page, 'delete dialog ')).toEqual([]);
  // Cancel: the seed's stream stays for the other tests.
  await dialog.getByRole('button', { name: KIT_TEXTS.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: STREAM })).toBeVisible();
});

test('a VOD asset opens with the same header', async ({ page }) => {
  await login(page);
  const id = await openFromList(page, '/streams-vod', VOD);
  const top = header(page);
  await expect(top.getByText(RESOURCES.vod.label, { exact: true })).toBeVisible();
  await expect(top.getByRole('button', { name: KIT_TEXTS.copy(VOD_LABELS.sourceUrl) })).toBeVisible();
  await expect(top.getByRole('button', { name: KIT_TEXTS.moreNamed(VOD) })).toBeVisible();
  await expect(top.getByRole('link', { name: KIT_TEXTS.logs })).toHaveAttribute(
    'href',
    `/app/streams-vod/${id}/kibana`,
  );
  await expect(page.getByTestId('breadcrumb').locator('[aria-current="page"]')).toHaveText(VOD);
});

test.describe('look', () => {
  for (const look of LOOKS) {
    test(`live stream and VOD detail pages (${look.name}) have no serious accessibility violation`, async ({
      page,
    }) => {
      await applyLook(page, look);
      await login(page);
      for (const [label, list, name] of [
        ['live-stream-detail', '/streams-live', STREAM],
        ['vod-detail', '/streams-vod', VOD],
      ] as const) {
        await openFromList(page, list, name);
        // URLs, ids and times read left-to-right in either direction.
        for (const fact of ['source', 'id'])
          await expect(header(page).locator(`[data-fact="${fact}"] dd [dir="ltr"]`).first()).toBeVisible();
        await expect(header(page).locator('time')).toHaveAttribute('dir', 'ltr');
        if (label === 'live-stream-detail') {
          // One row of tabs at any width: a narrow screen scrolls the row rather than wrapping it.
          const tops = await page
            .getByRole('tab')
            .evaluateAll((tabs) => tabs.map((tab) => (tab as HTMLElement).offsetTop));
          expect(new Set(tops).size).toBe(1);
        }
        expect(await shootLook(page, label, look)).toEqual([]);
      }
    });
  }
});
