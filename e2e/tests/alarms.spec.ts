import { ALARMS_TEXTS as T } from '../../apps/web/src/features/alarms/texts.ts';
import { ALARM_METRIC_INFO, VALIDATION_MESSAGES } from '../../packages/core/src/index.ts';
import { expect, type Page, test } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

// Issue 16, Alarms: the main administrator's /alarms, in Chromium against the suite's server. The
// seed raises no alarm (they come from rules), so the test raises its own through the API.

async function login(page: Page) {
  await page.goto('/app/login');
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.locator('header')).toBeVisible();
}

test('the main administrator sees an alarm, acknowledges it, and creates a rule: threshold 0 is refused, 30 saved', async ({
  page,
}) => {
  await login(page);
  const signedIn = await page.request.post('/api/auth/login', { data: DEMO.admin });
  const token = (await signedIn.json()).token as string;
  const name = `Origin unreachable: e2e ${Date.now()}`;
  const raised = await page.request.post('/api/alarm/alarms', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      severity: 'CRITICAL',
      type: 'origin-unreachable',
      name,
      message: 'Every origin request of the e2e stream failed for the last 2 min (120 s; threshold 60 s).',
    },
  });
  expect(raised.status()).toBe(201);

  await page.goto('/app/alarms');
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();
  const row = page.getByTestId('alarm-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-state', 'open');
  await expect(row.locator('[data-colour]')).toHaveAttribute('data-colour', 'red');

  await row.getByRole('button', { name: T.acknowledgeNamed(name) }).click();
  await expect(row).toHaveAttribute('data-state', 'acknowledged');
  await expect(row.getByText(`by ${DEMO.admin.email}`, { exact: false })).toBeVisible();
  await expect(row.getByRole('button', { name: T.acknowledgeNamed(name) })).toHaveCount(0);

  // Only open alarms: the acknowledged one is gone.
  await page.getByRole('button', { name: T.filters }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  // The filters live in the URL: the radio shows the new state once the URL has it.
  await drawer.getByRole('radio', { name: 'Open' }).click();
  await expect(drawer.getByRole('radio', { name: 'Open' })).toBeChecked();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/state=open/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // Rules.
  await page.getByRole('tab', { name: T.tabs.rules }).click();
  await expect(page.getByTestId('rule-table')).toBeVisible();
  await page.getByRole('button', { name: T.newRule }).click();
  const dialog = page.getByRole('dialog', { name: T.newRuleTitle });
  await dialog.getByRole('combobox', { name: T.fields.customer }).click();
  await dialog.getByRole('option', { name: 'Demo Broadcasting' }).click();
  await dialog.getByRole('combobox', { name: T.fields.metric }).click();
  await dialog.getByRole('option', { name: ALARM_METRIC_INFO['ad-error-rate'].label }).click();
  const threshold = dialog.getByRole('textbox', { name: T.fields.threshold });
  await threshold.fill('0');
  await dialog.getByRole('button', { name: T.save }).click();
  await expect(dialog.getByText(VALIDATION_MESSAGES.thresholdAboveZero)).toBeVisible();

  await threshold.fill('30');
  await dialog.getByRole('button', { name: T.save }).click();
  await expect(dialog).toBeHidden();
  const created = page
    .getByTestId('rule-table')
    .getByRole('row')
    .filter({ hasText: 'Ad-server error rate above 30 %' });
  await expect(created.first()).toBeVisible();

  // Delete it again, behind the confirmation (leaves the suite's server as it was).
  const before = await created.count();
  await created
    .first()
    .getByRole('button', { name: /^Delete rule/ })
    .click();
  const confirm = page.getByRole('dialog', { name: T.deleteTitle });
  await expect(confirm.getByRole('button', { name: T.cancel })).toBeFocused();
  await confirm.getByRole('button', { name: T.delete }).click();
  await expect(created).toHaveCount(before - 1);
});
