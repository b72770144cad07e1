import { readFile } from 'node:fs/promises';
import { BILLING_SCREEN_TEXTS as T } from '../../apps/web/src/features/billing/texts.ts';
import { signInWith } from './built-screens.ts';
import { expect, type Page, test } from './fixtures.ts';
import { createActiveUser, DEMO, forgetSession } from './helpers.ts';

// Issue 19, billing end to end: the main administrator invoices a customer's last month from
// /create-billing (usage lines, a manual line), issues it after the confirmation, downloads its
// PDF, finds it in /billing-history; the customer, whose record has a payment customer id, sees
// the Billing entry, the invoice and its PDF.

/** Last month as YYYY-MM (UTC), the month /create-billing starts on. */
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

/** A PDF download's bytes start as a PDF does, and its name is the document's number. */
async function expectPdfDownload(page: Page, click: () => Promise<void>, number: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
}

test('an invoice is issued from usage, downloaded as a PDF, and seen in history and by the customer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = { email: `billing-${Date.now()}@cuepoint.test`, password: 'Cuepoint#Billing1' };
  await createActiveUser(request, customer.email, customer.password);

  // The administrator gives the account a payment customer id (Customers), so it sees Billing.
  const admin = await (await request.post('/api/auth/login', { data: DEMO.admin })).json();
  const headers = { authorization: `Bearer ${admin.token}` };
  const list = await (
    await request.get(`/api/customer/customers?q=${encodeURIComponent(customer.email)}`, { headers })
  ).json();
  const account = list.data.find(
    (c: { owner: { email: string } | null }) => c.owner?.email === customer.email,
  );
  expect(account).toBeDefined();
  const record = await (await request.get(`/api/customer/customers/${account._id}`, { headers })).json();
  const edit = await request.post(`/api/customer/customers/${account._id}`, {
    headers,
    data: { version: record.version, paymentCustomerId: 'cus_e2e_billing' },
  });
  expect(edit.status()).toBe(200);

  await signInWith(page, DEMO.admin);
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('button', { name: 'Billing' }).click();
  await sidebar.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Billing' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: T.create.month })).toHaveValue(lastMonth());
  const picker = page.getByRole('combobox', { name: T.create.customer });
  // Other accounts of the suite may share the name: the picker then adds the owner's address.
  await picker.fill(record.name);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('option', {
      name: new RegExp(`^${literal(record.name)}( \\(${literal(customer.email)}\\))?$`),
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`customer=${account._id}`));

  // The preview is built from the month's usage; a manual line is added to it.
  const preview = page.getByRole('region', { name: T.create.previewTitle });
  await expect(preview.getByRole('table', { name: T.lines.caption })).toBeVisible();
  await page.getByRole('button', { name: T.create.addLine }).click();
  const line = page.getByRole('group', { name: T.create.line(1) });
  await line.getByRole('textbox', { name: T.create.description }).fill('Onboarding workshop');
  await line.getByRole('textbox', { name: T.create.quantity }).fill('2');
  await line.getByRole('textbox', { name: T.create.rate }).fill('150.00');
  await expect(preview.getByRole('row', { name: /Onboarding workshop/ })).toContainText('$300.00');

  // Issuing asks first, then numbers the invoice.
  await page.getByRole('button', { name: T.create.issue }).click();
  const dialog = page.getByRole('dialog', { name: T.create.issueTitle });
  await expect(dialog).toContainText('An issued invoice cannot be changed.');
  await dialog.getByRole('button', { name: T.create.issue }).click();
  const issued = page.getByTestId('invoice-issued');
  await expect(issued).toBeVisible();
  const number = (await issued.textContent())!.match(/INV-\d{6}/)![0];
  await expectPdfDownload(
    page,
    () => issued.getByRole('button', { name: T.downloadPdfOf(number) }).click(),
    number,
  );

  // Billing History lists it, issued.
  await sidebar.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing History' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(record.name);
  await expect(row).toContainText('Issued');

  // The customer: the Billing entry, its invoice, the PDF.
  await forgetSession(page);
  await signInWith(page, customer);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.customer.title })).toBeVisible();
  // The breadcrumb and the tab say what the sidebar says: Billing (the administrator's History
  // shares its path).
  await expect(page.getByTestId('breadcrumb').locator('[aria-current="page"]')).toHaveText(T.customer.title);
  await expect(page).toHaveTitle(`${T.customer.title} · Cuepoint`);
  const own = page.getByRole('row', { name: new RegExp(number) });
  await expect(own).toContainText('Issued');
  await expectPdfDownload(
    page,
    () => own.getByRole('button', { name: T.downloadPdfOf(number) }).click(),
    number,
  );
});
