import { TEXTS } from '../../packages/core/src/index.ts';
import { E2E_FLAGS } from '../server.ts';
import { expect, test } from './fixtures.ts';
import { axeOn, setPreferences } from './helpers.ts';

const DEMO = { email: 'demo@cuepoint.example', password: 'Cuepoint#Demo1' };

test.describe('console served from the production build', () => {
  test('boots at /app/ with the runtime configuration the server was started with', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/app/');
    await expect(page).toHaveURL(/\/app\/login$/);
    await expect(page.getByRole('heading', { name: TEXTS.productName })).toBeVisible();

    const config = await page.evaluate(
      () => (window as unknown as Record<string, unknown>).__CUEPOINT_CONFIG__,
    );
    expect(config).toMatchObject({
      MONITOR: Number(E2E_FLAGS.MONITOR),
      PLAYOUT: Number(E2E_FLAGS.PLAYOUT),
      SHOWPODS: Number(E2E_FLAGS.SHOWPODS),
      UI_TIMEOUT: Number(E2E_FLAGS.UI_TIMEOUT),
      BASE_URL: '/api/',
    });
    // No CSP violation, no failed chunk, no runtime error.
    expect(errors).toEqual([]);
  });

  test('loads the login route lazily: its chunk is fetched only when the route is shown', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/app/no-such-screen');
    await expect(page.getByText(TEXTS.pageNotFoundTitle)).toBeVisible();
    expect(scripts.some((s) => /\/assets\/login-[\w-]+\.js$/.test(s))).toBe(false);
    await page.goto('/app/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(scripts.some((s) => /\/assets\/login-[\w-]+\.js$/.test(s))).toBe(true);
  });

  test('shows the spec’s 404 page for an unknown console path, with a Home page link', async ({ page }) => {
    await page.goto('/app/streams-nowhere/deeper');
    await expect(page.getByRole('heading', { name: TEXTS.pageNotFoundTitle })).toBeVisible();
    await expect(page.getByText(TEXTS.pageNotFoundMessage)).toBeVisible();
    await expect(page.getByRole('link', { name: TEXTS.homePage })).toHaveAttribute(
      'href',
      '/app/login?refresh=true',
    );
  });

  test('signs in against the real API with a demo account, and refuses a wrong password', async ({
    page,
    tolerate,
  }) => {
    tolerate('wrongPassword');
    await page.goto('/app/login');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');

    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/app\/overview$/);
    await expect(page.getByText(`Signed in as ${DEMO.email}`)).toBeVisible();
  });

  test('shows the field messages of the shared schema when the form is submitted empty', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);
  });

  test('serves hashed assets compressed and immutable, and a missing asset as a real 404', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.url().includes('/assets/')) {
        scripts.push(response.url());
      }
    });
    await page.goto('/app/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    const asset = await request.get(scripts[0]!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await request.get('/app/assets/missing-0000.js');
    expect(missing.status()).toBe(404);
  });

  test('has no serious accessibility violations on the login page, light and dark', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await setPreferences(page.context(), { colorScheme: scheme });
      await page.goto('/app/login');
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.screenshot({ path: `e2e/screenshots/login-${scheme}.png`, fullPage: true });
      const results = await (await axeOn(page)).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) =>
            `${scheme} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`,
        ),
      ).toEqual([]);
    }
  });

  test('renders the API docs (Swagger UI) under its CSP', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByText('Cuepoint API', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('/api/health').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
