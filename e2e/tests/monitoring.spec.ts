import type { Page } from '@playwright/test';
import { MONITORING_UI_TEXTS as T } from '../../apps/web/src/features/monitoring/texts.ts';
import {
  MONITOR_REFRESH_MS,
  type MonitorResponse,
  PLAYBACK_PATHS,
  playbackPath,
} from '../../packages/core/src/index.ts';
import { type E2eServer, startServer } from '../server.ts';
import { expect, test } from './fixtures.ts';
import { axeOn, DEMO, signIn } from './helpers.ts';

// Issue 16: the Monitor (/streams-monitor) and one channel's Monitoring (/monitoring/{ch_id}), in
// Chromium, as the main administrator. The suite's server runs with MONITOR=0 (E2E_FLAGS in e2e/server.ts,
// which other specs rely on), so this file starts its own server with MONITOR=1 and a fresh demo
// seed. Real traffic: the demo live stream's playback URL (its master, then a rendition), counted
// by the data plane into playback_minutes, which the monitor shows once they are written.

let server: E2eServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startServer('monitor', { MONITOR: '1' });
  base = server.url;
});

test.afterAll(async () => {
  await server.stop();
});

async function login(page: Page, path: string) {
  await page.goto(`${base}/app/login`);
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.locator('header')).toBeVisible();
  await page.goto(`${base}/app${path}`);
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('currentUser'));

/** Axe on the page, every impact (as screens-a11y.spec.ts), with the scheme and direction given. */
async function violations(page: Page, label: string) {
  const { violations: found } = await (await axeOn(page)).analyze();
  return found.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function setDisplay(page: Page, colorScheme: 'light' | 'dark', direction: 'ltr' | 'rtl') {
  const value = new URLSearchParams({ colorScheme, direction, sidebar: 'normal' }).toString();
  await page
    .context()
    .addCookies([{ name: 'cuepoint-ui', value: encodeURIComponent(value), url: `${base}/app/` }]);
}

test('the monitor lists the demo channels and counts real playback', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, '/streams-monitor');
  await expect(page.getByRole('heading', { level: 1, name: 'Monitor' })).toBeVisible();
  const table = page.getByTestId('monitor-table');
  for (const name of ['Sports 1', 'News 24', 'Music Live', 'Match highlights']) {
    await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('last-updated')).toContainText(T.lastUpdated);
  await expect(table.getByRole('row', { name: /News 24/ })).toContainText('Demo Broadcasting');

  // Sorting by a column says so (aria-sort) and is kept in the URL.
  await table.getByRole('button', { name: T.columns.name }).click();
  await expect(table.getByRole('columnheader', { name: T.columns.name })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page).toHaveURL(/sort=name&order=asc/);

  for (const [scheme, direction] of [
    ['light', 'ltr'],
    ['dark', 'rtl'],
  ] as const) {
    await setDisplay(page, scheme, direction);
    await page.reload();
    await expect(table.getByRole('link', { name: 'News 24', exact: true })).toBeVisible();
    expect(await violations(page, `monitor ${scheme} ${direction}`)).toEqual([]);
  }
  await setDisplay(page, 'light', 'ltr');

  // A viewer of the demo live stream: its master playlist, then a rendition.
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const streams = await page.request.get(`${base}/api/ssai/ds?q=News%2024`, { headers });
  const news = ((await streams.json()) as { data: { _id: string; name: string }[] }).data.find(
    (s) => s.name === 'News 24',
  )!;
  const master = `${base}${playbackPath(PLAYBACK_PATHS.liveMaster, { streamId: news._id })}`;
  const watch = async () => {
    const answer = await page.request.get(master);
    expect(answer.status()).toBe(200);
    const rendition = (await answer.text()).split('\n').find((line) => line && !line.startsWith('#'))!;
    expect((await page.request.get(new URL(rendition, master).toString())).status()).toBe(200);
  };
  await watch();

  // The data plane writes its counters every flush interval: wait for them, watching on.
  await expect
    .poll(
      async () => {
        await watch();
        const monitor = (await (
          await page.request.get(`${base}/api/monitoring/channels`, { headers })
        ).json()) as MonitorResponse;
        return monitor.data.find((c) => c.resourceId === news._id)?.requests ?? 0;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  // The screen shows them by its next refresh.
  const row = page.getByRole('row', { name: /News 24/ });
  await expect(row.locator('[data-column="viewers"]')).not.toHaveText('0', {
    timeout: MONITOR_REFRESH_MS + 10_000,
  });
  await expect(row.locator('[data-column="requestsPerSecond"]')).not.toHaveText('0');
});

test('a channel’s charts: from the picker, over a chosen period', async ({ page }) => {
  await login(page, '/monitoring/channel');
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeVisible();
  const live = page.getByRole('region', { name: 'Live streams' });
  await live.getByRole('link', { name: 'Sports 1', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/monitoring\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sports 1' })).toBeVisible();
  await expect(page.getByTestId('monitoring-totals')).toBeVisible();
  for (const chart of ['viewers', 'requests', 'fill-rate', 'ad-latency', 'errors']) {
    await expect(page.locator(`[data-chart="${chart}"] svg.recharts-surface`).first()).toBeVisible();
  }

  await page.getByText('6h', { exact: true }).click();
  await expect(page).toHaveURL(/\?period=6h$/);
  await expect(page.getByTestId('period-label')).toHaveText(T.periods['6h']);
  await expect(page.locator('[data-chart="requests"] svg.recharts-surface').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: '6h' })).toBeChecked();

  for (const [scheme, direction] of [
    ['light', 'ltr'],
    ['dark', 'rtl'],
  ] as const) {
    await setDisplay(page, scheme, direction);
    await page.reload();
    await expect(page.locator('[data-chart="viewers"] svg.recharts-surface').first()).toBeVisible();
    expect(await violations(page, `monitoring ${scheme} ${direction}`)).toEqual([]);
  }

  await page.getByRole('link', { name: T.openStream }).click();
  await expect(page).toHaveURL(/\/app\/streams-live\/[0-9a-f-]{36}$/);
});
