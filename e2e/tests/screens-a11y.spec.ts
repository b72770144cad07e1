import AxeBuilder from '@axe-core/playwright';
import { LIVE_STREAM_LABELS, RESOURCE_TEXTS } from '../../packages/core/src/index.ts';
import {
  builtScreenVisits,
  closeVisit,
  distinctVisits,
  firstRecords,
  openVisit,
  screenReady,
  signInAs,
  USERS,
  type UserKind,
  withoutTransitions,
} from './built-screens.ts';
import { expect, type Page, test } from './fixtures.ts';
import { createActiveUser, setPreferences, signIn } from './helpers.ts';

// Issue "The console as users meet it", point 10: axe finds nothing, of any impact, on any built
// screen (app/screens.ts), the account area's dialogs and the dialogs, drawers and menus a list and
// a record's page open, in light, dark and right to left, as the demo customer and as the main
// administrator; nor on a list's empty, loading and error states and a form's messages. Screens
// that share a route module (a record's page and its create page, the log viewer's eight) are
// looked at once per user and mode. The visits are built-screens.ts's, which `npm run
// screenshots` photographs.

const MODES = {
  light: { colorScheme: 'light', direction: 'ltr' },
  dark: { colorScheme: 'dark', direction: 'ltr' },
  rtl: { colorScheme: 'light', direction: 'rtl' },
} as const;

/** Every axe violation on the page, one line each (expected to be empty). */
async function violations(page: Page, label: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` [${n.any[0].message}]` : ''}`)
        .join(' | ')}`,
  );
}

for (const user of Object.keys(USERS) as UserKind[]) {
  for (const [mode, preferences] of Object.entries(MODES)) {
    test(`${user}, ${mode}: every built screen and its dialogs have no axe violation`, async ({ page }) => {
      test.setTimeout(150_000);
      await setPreferences(page.context(), preferences);
      await withoutTransitions(page);
      await signInAs(page, user);
      await expect(page.locator('html')).toHaveAttribute('dir', preferences.direction);
      await expect(page.locator('html')).toHaveAttribute(
        'data-mantine-color-scheme',
        preferences.colorScheme,
      );
      const visits = distinctVisits(builtScreenVisits(user, await firstRecords(page)));
      const found: string[] = [];
      for (const visit of visits) {
        await test.step(visit.name, async () => {
          await openVisit(page, visit);
          found.push(...(await violations(page, `${visit.name} (${visit.path})`)));
          await closeVisit(page, visit);
        });
      }
      expect(found).toEqual([]);
    });
  }
}

test('right to left: URL inputs and cells, ids and times stay left to right', async ({ page }) => {
  await setPreferences(page.context(), { direction: 'rtl' });
  await signInAs(page, 'customer');
  await page.goto('/app/streams-live');
  const row = page.getByRole('row', { name: 'Sports 1' });
  await expect(row.locator('td[dir="ltr"]').first()).toContainText('://');
  await row.click();
  await screenReady(page);
  // The header's facts (the source URL, the id) and the form's URL inputs (Mantine puts `dir`
  // on the field around the input).
  await expect(page.locator('[data-fact="source"] [dir="ltr"]').first()).toContainText('://');
  await expect(page.locator('[data-fact="id"] [dir="ltr"]').first()).toBeVisible();
  const source = page.getByRole('textbox', { name: LIVE_STREAM_LABELS.sourceStreamUrl, exact: true });
  await expect(source).toHaveValue(/:\/\//);
  await expect(source.locator('xpath=..')).toHaveAttribute('dir', 'ltr');
  await expect(source).toHaveCSS('direction', 'ltr');
  await expect(page.getByRole('textbox', { name: LIVE_STREAM_LABELS.name, exact: true })).toHaveCSS(
    'direction',
    'rtl',
  );
});

test('a list’s empty, loading and error states and a form’s messages have no axe violation', async ({
  page,
  request,
  tolerate,
}) => {
  test.setTimeout(120_000);
  tolerate('listErrorState');
  // A new account: its lists are empty.
  const account = { email: `a11y-states-${Date.now()}@cuepoint.test`, password: 'Cuepoint#States1' };
  await createActiveUser(request, account.email, account.password);
  await withoutTransitions(page);
  await page.goto('/app/login');
  await signIn(page, account.email, account.password);
  await expect(page.locator('header')).toBeVisible();
  const list = /\/api\/ssai\/ds(\?|$)/;
  const found: string[] = [];
  for (const [mode, preferences] of Object.entries(MODES)) {
    await setPreferences(page.context(), preferences);
    await page.goto('/app/streams-live');
    await expect(page.getByTestId('list-empty')).toBeVisible();
    await screenReady(page);
    found.push(...(await violations(page, `${mode} empty`)));

    // Loading: the list's answer waits until axe has looked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(list, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/app/streams-live');
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toBeVisible();
    found.push(...(await violations(page, `${mode} loading`)));
    release();
    await page.unroute(list);

    // Error: the server cannot answer (twice: the query is tried once more).
    await page.route(list, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'Try again later.' }),
      }),
    );
    await page.goto('/app/streams-live');
    await expect(page.getByRole('alert').filter({ hasText: RESOURCE_TEXTS.loadFailed })).toBeVisible({
      timeout: 15_000,
    });
    found.push(...(await violations(page, `${mode} error`)));
    await page.unroute(list);

    // A form's validation messages.
    await page.goto('/app/streams-live/new');
    await screenReady(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
    found.push(...(await violations(page, `${mode} validation`)));
  }
  expect(found).toEqual([]);
});
