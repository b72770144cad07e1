import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@cuepoint.example', password: 'Cuepoint#Admin1' },
  customer: { email: 'demo@cuepoint.example', password: 'Cuepoint#Demo1' },
} as const;

/** The mail the server wrote to its outbox (DATA_DIR/outbox, the default without SMTP_URL). */
export async function lastMailTo(to: string): Promise<{ subject: string; text: string; links: string[] }> {
  const dir = join(process.env.CUEPOINT_E2E_DATA_DIR!, 'outbox');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  for (const name of names.reverse()) {
    const mail = JSON.parse(await readFile(join(dir, name), 'utf8'));
    if (mail.to === to) return mail;
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

/** The path and query of a mailed link, to open on the server under test. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

export async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** A signed-up, activated and approved customer user, made through the real API and outbox. */
export async function createActiveUser(request: APIRequestContext, email: string, password: string) {
  const signup = await request.post('/api/auth/signup', {
    data: {
      firstName: 'Rita',
      lastName: 'Reset',
      email,
      mobilePhone: '+1 555 0199',
      organizationType: 'Agency',
      country: 'CA',
      password,
      repeatPassword: password,
    },
  });
  expect(signup.status()).toBe(201);
  const link = new URL((await lastMailTo(email)).links[0]!);
  const activate = await request.post('/api/auth/activate', {
    data: { email, token: link.searchParams.get('token') },
  });
  expect(activate.status()).toBe(200);
  const admin = await (await request.post('/api/auth/login', { data: DEMO.admin })).json();
  const headers = { authorization: `Bearer ${admin.token}` };
  const pending = await (await request.get('/api/customer/pending', { headers })).json();
  const customer = pending.find((c: { users: { email: string }[] }) =>
    c.users.some((u) => u.email === email),
  );
  expect((await request.post(`/api/customer/approve/${customer._id}`, { headers })).status()).toBe(200);
}

/** The console's display preferences cookie (apps/web/src/lib/preferences.ts), set before a page loads. */
export async function setPreferences(
  context: BrowserContext,
  preferences: {
    colorScheme?: 'light' | 'dark';
    direction?: 'ltr' | 'rtl';
    sidebar?: 'normal' | 'compact' | 'minimised';
  },
) {
  const value = new URLSearchParams(
    Object.entries({ colorScheme: 'light', direction: 'ltr', sidebar: 'normal', ...preferences }),
  ).toString();
  await context.addCookies([
    { name: 'cuepoint-ui', value: encodeURIComponent(value), url: `${process.env.CUEPOINT_E2E_URL}/app/` },
  ]);
}

/** Axe on the page: the serious and critical violations, one line each (expected to be empty). */
export async function seriousViolations(page: Page, label = ''): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`,
    );
}
