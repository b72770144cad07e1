import { RESOURCE_TEXTS } from '../../packages/core/src/index.ts';
import { screenReady } from './built-screens.ts';
import { expect, type Page } from './fixtures.ts';

/**
 * The states of a list and a form that no screen shows by itself (empty, loading, error,
 * validation messages), shown on the live streams' screens for screens-a11y.spec.ts to look at
 * and `npm run screenshots` (screenshots.shots.ts) to photograph.
 */

/** The live streams' list request, held or failed below to show its loading and error states. */
const LIVE_STREAM_LIST = /\/api\/ssai\/ds(\?|$)/;

/** The live streams' list of an account that has none: its empty state. */
export async function showEmptyList(page: Page) {
  await page.goto('/app/streams-live');
  await expect(page.getByTestId('list-empty')).toBeVisible();
  await screenReady(page);
}

/** The live streams' list loading: its answer waits until `look` is done. */
export async function whileListLoads(page: Page, look: () => Promise<unknown>) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(LIVE_STREAM_LIST, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto('/app/streams-live');
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toBeVisible();
  await look();
  release();
  await page.unroute(LIVE_STREAM_LIST);
}

/**
 * The live streams' list when the server cannot answer (503 with `body`, twice: the query is tried
 * once more), looked at by `look`.
 */
export async function whenListFails(page: Page, body: object, look: () => Promise<unknown>) {
  await page.route(LIVE_STREAM_LIST, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(body) }),
  );
  await page.goto('/app/streams-live');
  await expect(page.getByRole('alert').filter({ hasText: RESOURCE_TEXTS.loadFailed })).toBeVisible({
    timeout: 15_000,
  });
  await look();
  await page.unroute(LIVE_STREAM_LIST);
}

/** A new live stream's form saved empty: its validation messages. */
export async function showValidationMessages(page: Page) {
  await page.goto('/app/streams-live/new');
  await screenReady(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
}
