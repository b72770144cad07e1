import { readFile } from 'node:fs/promises';
import { REPORTS_TEXTS as T } from '../../apps/web/src/features/reports/texts.ts';
import { parseCsv } from '../../packages/core/src/index.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Issue 19, Reports: the main administrator's /reports against the suite's server, whose demo
// seed holds the demo customer's last month of counters (db/seed-billing.ts). The exported CSV is
// exactly the table's cells, and the print view (A3, spec section 2) leaves the chrome and the
// report's controls out.

test('the report’s CSV equals its table, and it prints on A3 without the chrome', async ({ page }) => {
  await page.goto('/app/login');
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.locator('header')).toBeVisible();
  await page.goto(
    '/app/reports?period=lastMonth&groupBy=customer&metrics=impressions,fillRate,viewerHours,revenue',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const table = page.locator('table[data-report-table]');
  await expect(table).toBeVisible();
  const shown = await table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? '')),
    );
  // The header, the demo customer, the totals.
  expect(shown.length).toBeGreaterThanOrEqual(3);
  expect(shown[0]).toEqual(['Customer', 'Impressions', 'Avails filled (%)', 'Viewer hours', 'Revenue']);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: T.exportCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(parseCsv(await readFile((await download.path())!, 'utf8'))).toEqual(shown);

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('button', { name: T.exportCsv })).toBeHidden();
  await expect(table).toBeVisible();
  // What the browser's "Save as PDF" writes: A3 pages (297 x 420 mm: 842 x 1191 points).
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
  expect(box).not.toBeNull();
  expect(Math.round(Number(box![1]))).toBe(842);
  expect(Math.round(Number(box![2]))).toBe(1191);
});
