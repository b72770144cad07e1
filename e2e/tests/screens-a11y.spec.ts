import { LIVE_STREAM_LABELS } from '../../packages/core/src/index.ts';
import {
  forEachUserAndMode,
  lookAtEveryVisit,
  MODES,
  type Mode,
  screenReady,
  signInAs,
  signInWith,
  withoutTransitions,
} from './built-screens.ts';
import { expect, type Page, test } from './fixtures.ts';
import { axeOn, createActiveUser, setPreferences } from './helpers.ts';
import { showEmptyList, showValidationMessages, whenListFails, whileListLoads } from './list-states.ts';

// Issue "The console as users meet it", point 10: axe finds nothing, of any impact, on any built
// screen (app/screens.ts), the account area's dialogs and the dialogs, drawers and menus a list and
// a record's page open, in light, dark and right to left, as the demo customer and as the main
// administrator; nor on a list's empty, loading and error states and a form's messages. Screens
// that share a route module (a record's page and its create page, the log viewer's eight) are
// looked at once per user and mode. The visits are built-screens.ts's, which `npm run
// screenshots` photographs.

// Each test signs in on its own and changes nothing the others check: the tours (minutes
// each) are shared out over the workers.
test.describe.configure({ mode: 'parallel' });

/** The modes looked at (built-screens.ts's MODES, but the phone width). */
const A11Y_MODES = ['light', 'dark', 'rtl'] as const satisfies readonly Mode[];

/**
 * The axe rules that read colours. A mode changes one thing on the same page: dark changes its
 * colours only (the same elements, roles and names), right to left its direction only (the same
 * colours). So light runs every rule, dark the colour rules, and right to left every rule but
 * those: together every rule in every mode, each checked where the mode can change its answer,
 * in about two thirds of the time (CI runs these on 2 cores).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Every axe violation on the page in `mode`, one line each (expected to be empty). */
async function violations(page: Page, mode: Mode, label: string): Promise<string[]> {
  const axe = await axeOn(page);
  if (mode === 'dark') axe.withRules(COLOUR_RULES);
  if (mode === 'rtl') axe.disableRules(COLOUR_RULES);
  const { violations: found } = await axe.analyze();
  return found.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` [${n.any[0].message}]` : ''}`)
        .join(' | ')}`,
  );
}

forEachUserAndMode((user, mode) => {
  test(`${user}, ${mode}: every built screen and its dialogs have no axe violation`, async ({ page }) => {
    test.setTimeout(150_000);
    const { preferences } = MODES[mode];
    const signedIn = async () => {
      await expect(page.locator('html')).toHaveAttribute('dir', preferences.direction);
      await expect(page.locator('html')).toHaveAttribute(
        'data-mantine-color-scheme',
        preferences.colorScheme,
      );
    };
    await lookAtEveryVisit(page, user, mode, { distinct: true, signedIn }, (visit) =>
      violations(page, mode, `${visit.name} (${visit.path})`),
    );
  });
}, A11Y_MODES);

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
  // An English phrase that starts with a number keeps its order: the log viewer's "N events"
  // reads number first, left to right (without isolation the number went to the right end).
  await page.goto(`${new URL(page.url()).pathname}/kibana`);
  const total = page.getByTestId('events-total');
  await expect(total).toHaveText(/^\d[\d,]* events?$/);
  const [firstX, lastX] = await total.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let text = walker.nextNode()!;
    while (!text.textContent?.trim()) text = walker.nextNode()!;
    const at = (offset: number) => {
      const range = document.createRange();
      range.setStart(text, offset);
      range.setEnd(text, offset + 1);
      return range.getBoundingClientRect().x;
    };
    return [at(0), at(text.textContent!.length - 1)];
  });
  expect(firstX, 'the number is left of the word').toBeLessThan(lastX);
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
  await signInWith(page, account);
  const found: string[] = [];
  for (const mode of A11Y_MODES) {
    await setPreferences(page.context(), MODES[mode].preferences);
    await showEmptyList(page);
    found.push(...(await violations(page, mode, `${mode} empty`)));
    await whileListLoads(page, async () => {
      found.push(...(await violations(page, mode, `${mode} loading`)));
    });
    await whenListFails(
      page,
      { statusCode: 503, error: 'Service Unavailable', message: 'Try again later.' },
      async () => {
        found.push(...(await violations(page, mode, `${mode} error`)));
      },
    );
    await showValidationMessages(page);
    found.push(...(await violations(page, mode, `${mode} validation`)));
  }
  expect(found).toEqual([]);
});
