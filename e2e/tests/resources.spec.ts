import { SCREENS } from '../../apps/web/src/app/screens.ts';
import { KIT_TEXTS } from '../../apps/web/src/components/resource/texts.ts';
import { ENCODER_TEXTS } from '../../apps/web/src/features/encoders/texts.ts';
import { DATASOURCE_TEXTS, STREAMS_LIVE_TEXTS } from '../../apps/web/src/features/live-streams/texts.ts';
import { LOG_TEXTS } from '../../apps/web/src/features/logs/texts.ts';
import {
  ENCODER_LABELS,
  LIVE_STREAM_LABELS,
  RESOURCE_TEXTS,
  RESOURCES,
  VALIDATION_MESSAGES,
} from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO, seriousViolations, setPreferences, signIn } from './helpers.ts';

// Issue 7: the resource pattern end to end in Chromium, on live streams and encoders: create,
// find through search and the drawer's filters, edit (a visible validation message first), the
// change in the log viewer, delete; a deep link restores a filtered view; list and form look.

const L = LIVE_STREAM_LABELS;
/** A screen's title (its heading, breadcrumb and document title). */
const titleOf = (path: string) => SCREENS.find((screen) => screen.path === path)!.title;
const stream = RESOURCES.liveStream;
const encoder = RESOURCES.encoder;

async function login(page: Page) {
  await page.goto('/app/login');
  await signIn(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.locator('header')).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('live streams: create, find, edit with a validation message first, see it in the log viewer, delete', async ({
  page,
}) => {
  const name = `E2E stream ${Date.now()}`;
  await login(page);
  await page.goto('/app/streams-live');
  await expect(page.getByRole('heading', { name: titleOf('/streams-live'), level: 1 })).toBeVisible();
  // The seed's streams are listed.
  await expect(page.getByRole('link', { name: 'Sports 1' })).toBeVisible();

  // Create: a source URL without the final '/' is refused under its field, then fixed.
  await page.getByRole('link', { name: STREAMS_LIVE_TEXTS.newStream }).click();
  await expect(page).toHaveURL(/\/app\/streams-live\/new$/);
  await page.getByRole('textbox', { name: L.name }).fill(name);
  const source = page.getByRole('textbox', { name: L.sourceStreamUrl });
  await source.fill('https://origin.example.com/live/e2e');
  await source.blur();
  await expect(page.getByText(VALIDATION_MESSAGES.invalidStreamUrl)).toBeVisible();
  await source.fill('https://origin.example.com/live/e2e/');
  await source.blur();
  await expect(page.getByText(VALIDATION_MESSAGES.invalidStreamUrl)).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, RESOURCE_TEXTS.created(stream.label))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/streams-live\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  // Find it: free-text search and the drawer's filters, both in the URL.
  await page.goto('/app/streams-live');
  await page.getByRole('searchbox', { name: RESOURCE_TEXTS.searchPlaceholder }).fill(name.slice(0, 16));
  await expect(page).toHaveURL(/[?&]q=E2E/);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByTestId('filter-drawer');
  await drawer.getByRole('combobox', { name: L.status }).click();
  await page.getByRole('option', { name: DATASOURCE_TEXTS.statusOptions.active, exact: true }).click();
  await drawer.getByRole('combobox', { name: L.adDecision }).click();
  await page.getByRole('option', { name: DATASOURCE_TEXTS.adDecisionOptions.internal }).click();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/adDecision=internal/);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sports 1' })).toBeHidden();

  // A filter nothing matches: the no-match state.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await drawer.getByRole('combobox', { name: L.status }).click();
  await page.getByRole('option', { name: DATASOURCE_TEXTS.statusOptions.inactive, exact: true }).click();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(RESOURCE_TEXTS.noMatch)).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('link', { name })).toBeVisible();

  // Edit: a break interval of 3 shows the spec's message, 10 is saved.
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(detailUrl);
  await page.getByRole('tab', { name: 'Ads' }).click();
  const interval = page.getByRole('textbox', { name: L.breakinterval });
  await interval.fill('3');
  await interval.blur();
  await expect(page.getByText(VALIDATION_MESSAGES.breakInterval)).toBeVisible();
  await interval.fill('10');
  await interval.blur();
  await expect(page.getByText(VALIDATION_MESSAGES.breakInterval)).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, RESOURCE_TEXTS.updated(stream.label))).toBeVisible();

  // The log viewer shows who changed what.
  await page.getByRole('link', { name: STREAMS_LIVE_TEXTS.logs, exact: true }).click();
  await expect(page).toHaveURL(`${detailUrl}/kibana`);
  const updated = page.getByRole('row').filter({ hasText: `${stream.label} updated: breakinterval` });
  await expect(updated).toBeVisible();
  await expect(updated).toContainText(DEMO.customer.email);
  await updated.getByRole('button', { name: LOG_TEXTS.showChanges }).click();
  const changes = page.getByRole('list', { name: LOG_TEXTS.changedFields });
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await expect(changes.getByRole('listitem')).toContainText('breakinterval:');
  await expect(changes.locator('code')).toHaveText(['0', '10']);
  await expect(page.getByRole('row').filter({ hasText: `${stream.label} created` })).toBeVisible();

  // Delete: in the header's More menu, behind a confirmation that names the stream.
  await page.goto(detailUrl);
  await page.getByRole('button', { name: KIT_TEXTS.moreNamed(name) }).click();
  await page.getByRole('menuitem', { name: KIT_TEXTS.delete }).click();
  const confirm = page.getByRole('dialog', { name: RESOURCE_TEXTS.deleteTitle(stream.label, name) });
  await expect(confirm).toContainText(RESOURCE_TEXTS.deleteConfirm(stream.label, name));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, RESOURCE_TEXTS.deleted(stream.label))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/streams-live(\?.*)?$/);
  const gone = await page.request.get(`/api/ssai/ds?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('currentUser'))}` },
  });
  expect((await gone.json()).total).toBe(0);
});

test('a deep link with search, filters, sort and page size restores the view', async ({ page }) => {
  await login(page);
  await page.goto('/app/streams-live?q=news&status=active&sort=name&order=asc&pageSize=20');
  await expect(page.getByRole('searchbox', { name: RESOURCE_TEXTS.searchPlaceholder })).toHaveValue('news');
  await expect(page.getByRole('button', { name: /^Filters \(1\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'News 24' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sports 1' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText(L.name);
});

test('encoders: create, find, edit with a validation message first, delete', async ({ page }) => {
  const name = `E2E encoder ${Date.now()}`;
  await login(page);
  await page.goto('/app/encoder');
  await expect(page.getByRole('heading', { name: titleOf('/encoder'), level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Studio A encoder' })).toBeVisible();

  // Every list creates on a page of its own (issue 22), then opens the record.
  await page.getByRole('link', { name: ENCODER_TEXTS.newEncoder }).click();
  await expect(page).toHaveURL(/\/app\/encoder\/new$/);
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: ENCODER_LABELS.name }).fill(name);
  const probe = form.getByRole('textbox', { name: ENCODER_LABELS.probe_duration });
  await probe.fill('0');
  await probe.blur();
  await expect(form.getByText(VALIDATION_MESSAGES.invalidDuration)).toBeVisible();
  await probe.fill('7');
  await probe.blur();
  await expect(form.getByText(VALIDATION_MESSAGES.invalidDuration)).toBeHidden();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, RESOURCE_TEXTS.created(encoder.label))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/encoder\/[0-9a-f-]{36}$/);

  // Find it through search and the drawer.
  await page.goto('/app/encoder');
  await page.getByRole('searchbox', { name: RESOURCE_TEXTS.searchPlaceholder }).fill('E2E encoder');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByTestId('filter-drawer');
  await drawer.getByRole('combobox', { name: ENCODER_LABELS.input_type }).click();
  await page.getByRole('option', { name: 'SRT', exact: true }).click();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/input_type=SRT/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();

  // Edit: a click on the row opens the encoder's page; bad JSON first, then a valid change.
  await row.getByRole('cell', { name: 'SRT', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/encoder\/[0-9a-f-]{36}$/);
  const edit = page.getByRole('main');
  const config = edit.getByRole('textbox', { name: ENCODER_LABELS.output_config });
  await config.fill('{ not json');
  await config.blur();
  await expect(edit.getByText(VALIDATION_MESSAGES.invalidJson)).toBeVisible();
  await config.fill('{"hls.variant": "main"}');
  await config.blur();
  await edit.getByRole('textbox', { name: ENCODER_LABELS.bandwidth }).fill('6500');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, RESOURCE_TEXTS.updated(encoder.label))).toBeVisible();
  await page.goBack();
  await expect(row).toContainText('6,500');

  // Delete: in the row's menu, behind a confirmation.
  await row.getByRole('button', { name: KIT_TEXTS.actionsFor(name) }).click();
  await page.getByRole('menuitem', { name: KIT_TEXTS.delete }).click();
  const confirm = page.getByRole('dialog', { name: RESOURCE_TEXTS.deleteTitle(encoder.label, name) });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, RESOURCE_TEXTS.deleted(encoder.label))).toBeVisible();
  await expect(row).toBeHidden();
});

test('a slate used by a stream cannot be deleted: the answer names the stream', async ({
  page,
  tolerate,
}) => {
  tolerate('resourceInUse');
  // Spec section 8: the console toasts a server's message only when its answer says
  // showMessage: true, as the in-use 409 does.
  await login(page);
  await page.goto('/app/slates?q=Be%20right%20back');
  const row = page.getByRole('row').filter({ hasText: 'Be right back' });
  await row.getByRole('button', { name: KIT_TEXTS.actionsFor('Be right back') }).click();
  await page.getByRole('menuitem', { name: KIT_TEXTS.delete }).click();
  await page
    .getByRole('dialog', { name: RESOURCE_TEXTS.deleteTitle(RESOURCES.slate.label, 'Be right back') })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(/This slate is in use by .*live stream 'Sports 1'/)).toBeVisible();
  await expect(row).toBeVisible();
});

test.describe('look', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`resource lists and forms (${colorScheme}) have no serious accessibility violation`, async ({
      page,
    }) => {
      await setPreferences(page.context(), { colorScheme });
      await login(page);
      const screens: [string, string, () => Promise<void>][] = [
        [
          'streams-live',
          '/app/streams-live',
          () => expect(page.getByRole('link', { name: 'Sports 1' })).toBeVisible(),
        ],
        [
          'live-stream-form',
          '/app/streams-live/new',
          () => expect(page.getByRole('textbox', { name: L.name })).toBeVisible(),
        ],
        ['encoders', '/app/encoder', () => expect(page.getByText('Studio A encoder').first()).toBeVisible()],
        [
          'encoder-form',
          '/app/encoder/new',
          () => expect(page.getByRole('textbox', { name: ENCODER_LABELS.name })).toBeVisible(),
        ],
        [
          'streams-vod',
          '/app/streams-vod',
          () => expect(page.getByText('Match highlights').first()).toBeVisible(),
        ],
        ['slates', '/app/slates', () => expect(page.getByText('Be right back').first()).toBeVisible()],
        [
          'streamer',
          '/app/streamer-addon',
          () => expect(page.getByText('Highlights loop').first()).toBeVisible(),
        ],
        ['streams-ads', '/app/streams-ads', () => expect(page.getByText('Sports 1').first()).toBeVisible()],
        ['logs', '/app/streams-live/kibana', () => expect(page.getByRole('row').nth(1)).toBeVisible()],
      ];
      for (const [label, url, ready] of screens) {
        await page.goto(url);
        await ready();
        await page.screenshot({ path: `e2e/screenshots/${label}-${colorScheme}.png`, fullPage: true });
        expect(await seriousViolations(page, `${label} ${colorScheme} `)).toEqual([]);
      }
    });
  }
});
