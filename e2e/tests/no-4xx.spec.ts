import { SCREENS } from '../../apps/web/src/app/screens.ts';
import {
  enabledPaths,
  HEADERS,
  type NavigationEntry,
  type NavigationFlags,
  RESOURCES,
  type ResourceKind,
  RUNTIME_CONFIG_DEFAULTS,
  TEXTS,
  type User,
  visibleNavigation,
} from '../../packages/core/src/index.ts';
import { E2E_FLAGS } from '../server.ts';
import { FILLED_BY_SIDEBAR, OTHER_RECORD_LISTS, type Records } from './built-screens.ts';
import { type Browser, type BrowserContext, expect, type Page, test } from './fixtures.ts';
import { createActiveUser, DEMO, popStateTo, signIn } from './helpers.ts';

// Spec section 8: every 400-403 answer ends the console's session, and the server answers 403 to
// a signed-in user who calls an area it may not use. So no screen a user can reach may make a
// call that is answered 4xx. For each kind of user this visits every screen it can reach (from
// the same navigation model and screen table the sidebar and router use, so a new screen is
// covered without touching this file), the seeded records' detail pages and the create and edit
// forms, and the settings dialogs, and fails on any 4xx answer to a request the page made.

/** The flags the e2e server runs with (E2E_FLAGS in e2e/server.ts), as the console reads them. */
const FLAGS: NavigationFlags = {
  ...RUNTIME_CONFIG_DEFAULTS,
  ...Object.fromEntries(Object.entries(E2E_FLAGS).map(([k, v]) => [k, Number(v)])),
};

type State = Awaited<ReturnType<BrowserContext['storageState']>>;
type Account = { email: string; password: string };

/** A customer user of a customer other than the demo one, signed up in `beforeAll`. */
const NEWCOMER = { email: `newcomer.${Date.now()}@no4xx.example`, password: 'Newc0mer#Pass1' };

/** The kinds of user signed in through the login page, and how the tests name them. */
const KINDS = {
  customer: 'the demo customer user',
  newcomer: 'a customer user of a newly signed-up customer',
  admin: 'the main administrator',
} as const;
type Kind = keyof typeof KINDS;

const states: Partial<Record<Kind, State>> = {};

/** One login per kind of user; its storage state (the console keeps its session in localStorage). */
async function loginState(browser: Browser, account: Account): Promise<State> {
  const context = await browser.newContext({ baseURL: process.env.CUEPOINT_E2E_URL });
  const page = await context.newPage();
  await page.goto('/app/login');
  await signIn(page, account.email, account.password);
  await expect(page.locator('header')).toBeVisible();
  const state = await context.storageState();
  await context.close();
  return state;
}

const stored = (state: State, key: string) =>
  state.origins.flatMap((o) => o.localStorage).find((item) => item.name === key)?.value ?? null;

/** The API as the console calls it for this session (bearer token, and Login-As when acting). */
function apiHeaders(state: State, loginAsId?: string): Record<string, string> {
  return {
    authorization: `Bearer ${stored(state, 'currentUser')}`,
    ...(loginAsId ? { [HEADERS.loginAs]: loginAsId } : {}),
  };
}

async function getJson<T>(page: Page, path: string, headers: Record<string, string>): Promise<T> {
  const response = await page.request.get(path, { headers });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The first record of each resource the caller may list (nothing for a kind it may not see). */
async function firstRecords(
  page: Page,
  headers: Record<string, string>,
  entries: readonly NavigationEntry[],
): Promise<Records> {
  const ids = navIds(entries);
  const records: Records = {};
  // A customer account's page: the main administrator's (who sees Customers).
  if (ids.includes('customers')) {
    const list = await getJson<{ data: { _id: string }[] }>(page, OTHER_RECORD_LISTS.customer, headers);
    if (list.data[0]) records.customer = list.data[0]._id;
  }
  for (const spec of Object.values(RESOURCES)) {
    if (!ids.includes(spec.navigationEntry)) continue;
    const list = await getJson<{ data: { _id: string }[] }>(page, `/api${spec.apiPath}`, headers);
    if (list.data[0]) records[spec.kind] = list.data[0]._id;
  }
  return records;
}

const navIds = (entries: readonly NavigationEntry[]): string[] =>
  entries.flatMap((e) => [e.id, ...(e.children ? navIds(e.children) : [])]);
const flatten = (entries: readonly NavigationEntry[]): NavigationEntry[] =>
  entries.flatMap((e) => [e, ...(e.children ? flatten(e.children) : [])]);

const matchesPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Every console URL this user can reach: the screens of the screen table its navigation enables
 * (all of them for a main administrator, whom the guard lets through anywhere), the sidebar's own
 * targets (with their query), each parameterised screen filled in (a record of the resource
 * behind it, or the sidebar target that fills it), and each resource's create and edit forms.
 */
function reachableUrls(entries: readonly NavigationEntry[], admin: boolean, records: Records): string[] {
  const enabled = enabledPaths(entries);
  // The guard's rule (protected-guard.ts): an administrator anywhere, anyone else where its navigation leads.
  const reachable = (path: string) => admin || enabled.some((prefix) => matchesPrefix(path, prefix));
  const all = flatten(entries);
  // The resource behind a path: the one whose sidebar entry enables it (/streams-ads -> Live).
  const resourceOf = (path: string) => {
    const entry = all.find((e) =>
      [...(e.path ? [e.path.split('?')[0]!] : []), ...(e.matches ?? [])].some((p) => matchesPrefix(path, p)),
    );
    return Object.values(RESOURCES).find((spec) => spec.navigationEntry === entry?.id);
  };
  const withDetailRoute = (spec: (typeof RESOURCES)[ResourceKind]) =>
    SCREENS.some((s) => s.path === `${spec.screenPath}/:detail`);

  const urls = new Set<string>();
  for (const screen of SCREENS) {
    if (!screen.path.includes(':')) {
      if (reachable(screen.path)) urls.add(screen.path);
      continue;
    }
    const prefix = screen.path.slice(0, screen.path.indexOf('/:'));
    if (!reachable(prefix)) continue;
    const filled = FILLED_BY_SIDEBAR[screen.path];
    if (filled?.record === 'customer') {
      // Not a resource: its list is the sidebar target, a record from OTHER_RECORD_LISTS.
      if (records.customer) urls.add(screen.path.replace(':detail', records.customer));
      continue;
    }
    if (screen.path.includes(':detail')) {
      // A new detail screen needs a resource behind its sidebar entry to be filled in.
      const spec = resourceOf(prefix);
      // A screen a flag hides from the navigation (Pods with SHOWPODS=0) has no record to open.
      if (spec === undefined && !enabled.some((p) => matchesPrefix(prefix, p))) continue;
      expect(spec, `the resource behind ${screen.path}`).toBeDefined();
      const id = records[spec!.kind];
      if (id) urls.add(screen.path.replace(':detail', id));
      continue;
    }
    // Another parameter (/monitoring/:ch_id): the sidebar target that fills it.
    const pattern = new RegExp(`^${screen.path.replace(/:[^/]+/g, '[^/?]+')}(\\?|$)`);
    const targets = all.flatMap((e) => (e.path && pattern.test(e.path) ? [e.path] : []));
    expect(targets, `a sidebar target that fills ${screen.path}`).not.toHaveLength(0);
    for (const target of targets) urls.add(target);
  }
  for (const entry of all) if (entry.path) urls.add(entry.path);
  for (const spec of Object.values(RESOURCES)) {
    if (!reachable(spec.screenPath)) continue;
    const id = records[spec.kind];
    if (withDetailRoute(spec)) {
      urls.add(`${spec.screenPath}/new`);
    } else {
      urls.add(`${spec.screenPath}?new=1`);
      if (id) urls.add(`${spec.screenPath}?edit=${id}`);
    }
  }
  return [...urls];
}

/**
 * Records every 4xx answer to a request of the page, labelled with the screen being visited,
 * and tells when the page's network has been quiet for a while.
 */
function watch(page: Page) {
  const problems: string[] = [];
  let label = '(start)';
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastChange = Date.now();
  });
  const finished = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  page.on('response', (response) => {
    const status = response.status();
    if (status < 400 || status >= 500) return;
    const url = new URL(response.url());
    problems.push(`${label}: ${status} ${response.request().method()} ${url.pathname}${url.search}`);
  });
  return {
    problems,
    at(screen: string) {
      label = screen;
    },
    /**
     * Network idle: nothing in flight for 250 ms (the admin's alarm polling leaves such gaps). A
     * call made on another's answer (a record, then what it refers to) starts within a render of
     * it. Twice that wait was more than half of these walks' time (37 of 41 s for the demo
     * customer's 51 screens).
     */
    async idle() {
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= 250, {
          message: `${label}: the network settles`,
          intervals: [100],
          timeout: 15_000,
        })
        .toBe(true);
    },
  };
}

type Watcher = ReturnType<typeof watch>;

const pathOf = (url: string) => url.split('?')[0]!;

/** The console path (below /app) the page shows. */
const consolePath = (page: Page) => new URL(page.url()).pathname.replace(/^\/app/, '');

/** The settings menu's dialogs (not Logout): each opened, left to load, and closed. */
async function openSettingsDialogs(page: Page, watcher: Watcher) {
  // From a screen without a dialog of its own (the last one visited may be an open form).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  const items = (await page.getByRole('menuitem').allTextContents()).filter((t) => t !== TEXTS.logout);
  await page.keyboard.press('Escape');
  expect(items).toContain(TEXTS.myProfile);
  for (const item of items) {
    watcher.at(`settings: ${item}`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await watcher.idle();
    // A dialog that closes itself (nothing to confirm) is fine; else close it.
    if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

/** The user the console presents for this session (the one acted as during login-as). */
async function userOf(page: Page, state: State, loginAsId?: string): Promise<User> {
  const id = loginAsId ?? JSON.parse(stored(state, 'user')!)._id;
  return getJson<User>(page, `/api/user/getUser/${id}`, apiHeaders(state, loginAsId));
}

/**
 * Puts the stored session back after the console ended it (so one offending screen does not
 * hide the others behind the login page).
 */
async function restoreSession(page: Page, state: State) {
  const items = state.origins.flatMap((o) => o.localStorage);
  await page.evaluate((pairs) => {
    for (const { name, value } of pairs) localStorage.setItem(name, value);
  }, items);
}

/**
 * Visits every reachable URL with a fresh page load and checks the screen was not left (a
 * session ended by the console lands on the login page); the watcher records any 4xx.
 */
async function visitAll(page: Page, urls: readonly string[], watcher: Watcher, state: State) {
  for (const url of urls) {
    watcher.at(url);
    await page.goto(`/app${url}`);
    await watcher.idle();
    const landed = consolePath(page);
    expect.soft(landed, `${url} stays on its screen`).toBe(pathOf(url));
    if (landed !== pathOf(url)) await restoreSession(page, state);
  }
  watcher.at('/overview');
  await page.goto('/app/overview');
  await watcher.idle();
}

test.describe('no screen a user can reach makes a call answered 4xx', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ actionTimeout: 10_000, navigationTimeout: 15_000 });

  // suiteServer: the worker's server is up (and CUEPOINT_E2E_URL set) before the hook runs.
  test.beforeAll(async ({ browser, playwright, suiteServer }) => {
    test.setTimeout(90_000);
    // The seed has no second user in a customer and the API has no call that adds one, so the
    // customer user made here is the first user of a customer signed up through the real API:
    // an ordinary account with none of the demo customer's records.
    const request = await playwright.request.newContext({ baseURL: suiteServer.url });
    await createActiveUser(request, NEWCOMER.email, NEWCOMER.password);
    await request.dispose();
    states.customer = await loginState(browser, DEMO.customer);
    states.newcomer = await loginState(browser, NEWCOMER);
    states.admin = await loginState(browser, DEMO.admin);
  });

  for (const kind of Object.keys(KINDS) as Kind[]) {
    test(`${KINDS[kind]}: every reachable screen, record and dialog`, async ({ browser }) => {
      test.setTimeout(180_000);
      const state = states[kind]!;
      const context = await browser.newContext({
        baseURL: process.env.CUEPOINT_E2E_URL,
        storageState: state,
      });
      const page = await context.newPage();
      const user = await userOf(page, state);
      const entries = visibleNavigation(user, FLAGS);
      const records = await firstRecords(page, apiHeaders(state), entries);
      if (kind !== 'newcomer')
        expect(Object.keys(records).length, 'seeded records to open').toBeGreaterThan(0);
      const urls = reachableUrls(entries, user.profile.isMainAdmin, records);
      const watcher = watch(page);
      await visitAll(page, urls, watcher, state);
      await openSettingsDialogs(page, watcher);
      expect(watcher.problems).toEqual([]);
      await context.close();
    });
  }

  test('an administrator in login-as (the demo customer): every reachable screen, record and dialog', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const state = states.admin!;
    const context = await browser.newContext({ baseURL: process.env.CUEPOINT_E2E_URL, storageState: state });
    const page = await context.newPage();
    // The demo customer's id, from its own login (as the shell's login-as test does).
    const login = await page.request.post('/api/auth/login', { data: DEMO.customer });
    expect(login.status()).toBe(200);
    const demoId = ((await login.json()) as { user: { _id: string } }).user._id;
    await context.addInitScript((id) => {
      localStorage.setItem('loginasid', id);
      localStorage.setItem('loginas', 'true');
    }, demoId);
    const user = await userOf(page, state, demoId);
    expect(user.email).toBe(DEMO.customer.email);
    const entries = visibleNavigation(user, FLAGS, { loginAs: true });
    const records = await firstRecords(page, apiHeaders(state, demoId), entries);
    expect(Object.keys(records).length, 'seeded records to open').toBeGreaterThan(0);
    const urls = reachableUrls(entries, false, records);
    const watcher = watch(page);
    await visitAll(page, urls, watcher, state);
    await expect(page.getByRole('button', { name: TEXTS.signOut })).toBeVisible();
    await openSettingsDialogs(page, watcher);
    expect(watcher.problems).toEqual([]);
    await context.close();
  });

  test('an administrator in User View: every reachable screen, record and dialog', async ({ browser }) => {
    test.setTimeout(180_000);
    const state = states.admin!;
    const context = await browser.newContext({ baseURL: process.env.CUEPOINT_E2E_URL, storageState: state });
    const page = await context.newPage();
    const admin = await userOf(page, state);
    // User View presents the administrator with the admin flag off (apps/web/src/lib/view-mode.ts).
    const presented: User = { ...admin, profile: { ...admin.profile, isMainAdmin: false } };
    const entries = visibleNavigation(presented, FLAGS);
    // The server still answers the administrator: it lists every customer's records.
    const records = await firstRecords(page, apiHeaders(state), entries);
    const urls = reachableUrls(entries, false, records);

    const watcher = watch(page);
    const enterUserView = async () => {
      await page.goto('/app/overview');
      await page.locator('label', { hasText: TEXTS.userView }).click();
      await expect(page).toHaveURL(/\/app\/streams-live$/);
      await watcher.idle();
    };
    // User View lives in memory (a reload leaves it): move inside the running console.
    const go = async (url: string) => {
      await popStateTo(page, `/app${url}`);
      await watcher.idle();
    };
    watcher.at('User View');
    await enterUserView();
    for (const url of urls) {
      watcher.at(`User View ${url}`);
      await go(url);
      const landed = consolePath(page);
      expect.soft(landed, `${url} stays on its screen`).toBe(pathOf(url));
      if (landed !== pathOf(url)) {
        await restoreSession(page, state);
        await enterUserView();
      }
    }
    watcher.at('User View /overview');
    await go('/overview');
    await expect(page.getByRole('radio', { name: TEXTS.userView })).toBeChecked();
    await openSettingsDialogs(page, watcher);
    expect(watcher.problems).toEqual([]);
    await context.close();
  });
});
