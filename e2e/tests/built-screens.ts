import { SCREENS, type Screen } from '../../apps/web/src/app/screens.ts';
import { TEAM_SCREEN_TEXTS } from '../../apps/web/src/features/team/texts.ts';
import {
  ACCOUNT_TEXTS,
  API_PATHS,
  enabledPaths,
  entryPath,
  type NavigationFlags,
  RESOURCES,
  type ResourceKind,
  RUNTIME_CONFIG_DEFAULTS,
  TEXTS,
  visibleNavigation,
} from '../../packages/core/src/index.ts';
import { E2E_FLAGS } from '../server.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { DEMO, setPreferences, signIn } from './helpers.ts';

/**
 * The visits of every built screen (app/screens.ts, SCREENS), for the specs that look at
 * all of them (screens-a11y.spec.ts) and for `npm run screenshots` (screenshots.shots.ts): each
 * screen of the table (a `:detail` filled in with a seeded record, found through the API), each
 * resource's create page, the account area's dialogs (the settings menu's My Profile, My Account,
 * De-Activate; an administrator's Login as) and the dialogs and drawers a user opens from the
 * screens (a list's filter drawer and row menu, the delete confirmation: opened and cancelled,
 * never confirmed). A new screen in the table is visited without touching this file.
 *
 * Also how those two files go through the visits, per user and display mode (MODES):
 * forEachUserAndMode, lookAtEveryVisit.
 */

export const USERS = { customer: DEMO.customer, admin: DEMO.admin } as const;
export type UserKind = keyof typeof USERS;

export interface Visit {
  /** How reports and file names call it: the screen's id, or `<screen>-<what is opened>`. */
  name: string;
  /** The screen of the table it belongs to. */
  screen: Screen;
  /**
   * What it shows, for a spec that looks at each once: the route module (a record's page and the
   * create page share theirs, as the log viewer's screens do), or the dialog.
   */
  shows: string;
  /** The console path (below /app) to load. */
  path: string;
  /** Opens a dialog, drawer or menu on the loaded screen (and waits for it). */
  open?: (page: Page) => Promise<void>;
  /** Closes what `open` opened (Cancel or Escape: nothing is ever confirmed). */
  close?: (page: Page) => Promise<void>;
}

/** The record behind a `:detail` path: the kind its list's screen (`<list>/:detail`) names. */
function recordKindOf(screen: Screen): ResourceKind | undefined {
  const prefix = screen.path.slice(0, screen.path.indexOf('/:detail'));
  return screen.record ?? SCREENS.find((s) => s.record && s.path === `${prefix}/:detail`)?.record;
}

/** What a `:detail` screen may show: a resource's record, or a customer account (main administrator). */
export type RecordKind = ResourceKind | 'customer';
export type Records = Partial<Record<RecordKind, string>>;
/** The lists of what is not a resource, read like a resource's (the first `_id`). */
export const OTHER_RECORD_LISTS: Record<Exclude<RecordKind, ResourceKind>, string> = {
  customer: `/api/${API_PATHS.customer.list}`,
};

/** The first record (the list's default order) of each resource the signed-in page may list. */
export async function firstRecords(page: Page): Promise<Records> {
  const token = await page.evaluate(() => localStorage.getItem('currentUser'));
  expect(token, 'a signed-in page').toBeTruthy();
  const records: Records = {};
  for (const [kind, path] of Object.entries(OTHER_RECORD_LISTS) as [
    keyof typeof OTHER_RECORD_LISTS,
    string,
  ][]) {
    const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok()) continue;
    const list = (await response.json()) as { data: { _id: string }[] };
    if (list.data[0]) records[kind] = list.data[0]._id;
  }
  for (const spec of Object.values(RESOURCES)) {
    const response = await page.request.get(`/api${spec.apiPath}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok()) continue;
    const list = (await response.json()) as { data: { _id: string }[] };
    if (list.data[0]) records[spec.kind] = list.data[0]._id;
  }
  return records;
}

/** Signs in on the login page; the display preferences are the context's cookie (setPreferences). */
export async function signInWith(page: Page, account: { email: string; password: string }) {
  await page.goto('/app/login');
  await signIn(page, account.email, account.password);
  await expect(page.locator('header')).toBeVisible();
}

/** Signs one of the demo's users in (signInWith). */
export const signInAs = (page: Page, user: UserKind) => signInWith(page, USERS[user]);

/** Waits until no CSS transition or finite animation runs (a dialog's fade, a drawer's slide). */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Waits until the screen shows its content: its heading, no loader, no "Loading…" status, no
 * busy table, and a list's rows (or its empty state), a record's header, a log's events.
 */
export async function screenReady(page: Page) {
  const main = page.locator('main');
  await expect(main.locator('h1').first()).toBeVisible();
  await expect(main.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(main.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await animationsDone(page);
}

/**
 * CSS transitions and animations end at once on this page (a dialog's fade, a drawer's slide, a
 * menu's), so what axe measures and the camera takes is the state a user looks at, not a frame
 * of a fade. Once per page, before its first load.
 */
export async function withoutTransitions(page: Page) {
  await page.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent =
      '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-delay: 0s !important; }';
    document.addEventListener('DOMContentLoaded', () => document.head.append(style));
  });
}

/** The console path (below /app, with its query) the page shows. */
const shownPath = (page: Page) => {
  if (!page.url().startsWith('http')) return '';
  const url = new URL(page.url());
  return `${url.pathname.replace(/^\/app/, '')}${url.search}`;
};

/**
 * Shows a visit's path and opens what it opens; a page already there (a dialog after its
 * screen's visit) is not loaded again.
 */
export async function openVisit(page: Page, visit: Visit) {
  if (shownPath(page) !== visit.path) await page.goto(`/app${visit.path}`);
  await expect(page, `${visit.name} stays on its screen`).toHaveURL(
    (url) => url.pathname === `/app${visit.path.split('?')[0]}`,
  );
  await screenReady(page);
  if (visit.open) {
    await visit.open(page);
    await animationsDone(page);
  }
}

/** Closes what the visit opened, so the next one starts from a plain screen. */
export async function closeVisit(page: Page, visit: Visit) {
  if (!visit.close) return;
  await visit.close(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('menu')).toHaveCount(0);
}

const dialog = (page: Page, name?: string | RegExp) => page.getByRole('dialog', name ? { name } : undefined);

/** Opens an entry of the header's settings menu. */
async function settingsEntry(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

const pressEscape = async (page: Page) => {
  await page.keyboard.press('Escape');
};

/** The first row (or card) of the list on the page. */
const firstRow = (page: Page) => page.locator('main [data-row-link]').first();
/** The actions menu button of a list's first row. */
const rowActions = (page: Page) => firstRow(page).getByRole('button', { name: /^Actions for / });
/** The More menu button of a record's page. */
const moreActions = (page: Page) => page.getByRole('button', { name: /^More actions for / });

/** Opens the menu `trigger` opens. */
const menuOf = (trigger: (page: Page) => Locator) => async (page: Page) => {
  await trigger(page).click();
  await expect(page.getByRole('menu')).toBeVisible();
};

/** The delete confirmation (DeleteDialog), from the Delete of the menu `trigger` opens. */
const deleteFrom = (trigger: (page: Page) => Locator) => async (page: Page) => {
  await trigger(page).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(dialog(page)).toBeVisible();
};

const cancelDialog = async (page: Page) => {
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
};

/** A settings menu's dialog, open once `ready` (in it) shows. */
const settingsDialog = (entry: string, ready: (dialog: Locator) => Locator) => async (page: Page) => {
  await settingsEntry(page, entry);
  await expect(ready(dialog(page, entry))).toBeVisible();
};

/** What a visit opens on its screen: the visit is `<the screen's visit>-<suffix>`. */
interface Opening extends Required<Pick<Visit, 'shows' | 'open' | 'close'>> {
  suffix: string;
}

/** A list's dialogs and menus, opened from its screen (a screen with a delete per row). */
const LIST_OPENINGS: readonly Opening[] = [
  {
    suffix: 'filters',
    shows: 'list filter drawer',
    open: async (page) => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(dialog(page, 'Filters')).toBeVisible();
    },
    close: pressEscape,
  },
  { suffix: 'row-menu', shows: 'list row menu', open: menuOf(rowActions), close: pressEscape },
  { suffix: 'delete', shows: 'delete confirmation', open: deleteFrom(rowActions), close: cancelDialog },
];

/** A record page's More menu and the Delete it offers (the list's dialog, from the record's header). */
const RECORD_OPENINGS: readonly Opening[] = [
  { suffix: 'more', shows: 'record more menu', open: menuOf(moreActions), close: pressEscape },
  { suffix: 'delete', shows: 'delete confirmation', open: deleteFrom(moreActions), close: cancelDialog },
];

/** The settings menu's dialogs every user has. */
const SETTINGS_OPENINGS: readonly Opening[] = [
  {
    suffix: 'profile',
    shows: 'my profile',
    open: settingsDialog(TEXTS.myProfile, (d) => d.getByRole('textbox').first()),
    close: pressEscape,
  },
  {
    suffix: 'my-account',
    shows: 'my account',
    open: settingsDialog(TEXTS.myAccount, (d) => d.getByRole('button', { name: 'Save' })),
    close: pressEscape,
  },
];

const deactivateCancel = (page: Page) =>
  dialog(page, TEXTS.deactivateAccount).getByRole('button', { name: 'Cancel' });
const deactivateRefusal = (page: Page) =>
  page.getByRole('alert').filter({ hasText: ACCOUNT_TEXTS.cannotDeactivate });

/** The account area: the settings menu's dialogs (and an administrator's Login as). */
const ACCOUNT_OPENINGS: Record<UserKind, readonly Opening[]> = {
  customer: [
    ...SETTINGS_OPENINGS,
    {
      suffix: 'deactivate',
      shows: 'de-activate account',
      // An account with channels or VODs (the demo's) cannot be de-activated: the check closes
      // the dialog and says so in a toast that stays until it is closed.
      open: async (page) => {
        await settingsEntry(page, TEXTS.deactivateAccount);
        await expect(deactivateCancel(page).or(deactivateRefusal(page))).toBeVisible();
      },
      close: async (page) => {
        const cancel = deactivateCancel(page);
        if (await cancel.isVisible()) await cancel.click();
        else await deactivateRefusal(page).getByRole('button').click();
        await expect(deactivateRefusal(page)).toHaveCount(0);
      },
    },
  ],
  admin: [
    ...SETTINGS_OPENINGS,
    {
      suffix: 'login-as',
      shows: 'login as',
      open: async (page) => {
        await settingsEntry(page, 'Login as…');
        await expect(dialog(page, 'Login as a user').getByRole('button').nth(1)).toBeVisible();
        await expect(dialog(page).locator('.mantine-Loader-root')).toHaveCount(0);
      },
      close: pressEscape,
    },
  ],
};

/**
 * What some screens show beyond their first look: a second tab (in the URL) or their own dialog.
 * Keyed by the screen's sidebar entry; each is a visit of its own for the users who reach it.
 */
const SCREEN_EXTRAS: readonly {
  entry: string;
  suffix: string;
  shows: string;
  query?: string;
  open?: Opening['open'];
  close?: Opening['close'];
}[] = [
  { entry: 'configuration', suffix: 'history', shows: 'configuration history', query: '?tab=history' },
  {
    entry: 'notification',
    suffix: 'preferences',
    shows: 'notification preferences',
    query: '?tab=preferences',
  },
  {
    entry: 'user',
    suffix: 'invite',
    shows: 'team invite',
    open: async (page) => {
      await page.getByRole('button', { name: TEAM_SCREEN_TEXTS.invite }).click();
      await expect(dialog(page, TEAM_SCREEN_TEXTS.inviteTitle)).toBeVisible();
    },
    close: pressEscape,
  },
];

/** The visits that open each of `openings` on `on`'s screen. */
const openingsOn = (on: Pick<Visit, 'name' | 'screen' | 'path'>, openings: readonly Opening[]): Visit[] =>
  openings.map(({ suffix, ...opening }) => ({ ...on, name: `${on.name}-${suffix}`, ...opening }));

const FLAGS: NavigationFlags = {
  ...RUNTIME_CONFIG_DEFAULTS,
  ...Object.fromEntries(Object.entries(E2E_FLAGS).map(([k, v]) => [k, Number(v)])),
};
/** The demo customer's user as the navigation rules read it (no payment customer id: no Billing). */
const CUSTOMER_PATHS = enabledPaths(visibleNavigation({ profile: { isMainAdmin: false } }, FLAGS));

/** The guard's rule (protected-guard.ts): an administrator anywhere, a customer where its navigation leads. */
const reachable = (user: UserKind, path: string) =>
  user === 'admin' || CUSTOMER_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Screens whose parameter is not a record's `:detail`: the sidebar target that fills it, and a record it takes. */
export const FILLED_BY_SIDEBAR: Record<string, { target: string; record?: RecordKind }> = {
  '/monitoring/:ch_id': { target: entryPath('monitoring'), record: 'liveStream' },
  '/customer/:detail': { target: entryPath('customers'), record: 'customer' },
};

/**
 * Every visit for a user: each built screen (records filled in from `records`), each record
 * kind's create page, then the dialogs. A screen whose record the user has none of is left out.
 */
export function builtScreenVisits(user: UserKind, records: Records): Visit[] {
  const visits: Visit[] = [];
  for (const screen of SCREENS) {
    const module = screen.module!;
    if (!reachable(user, screen.path)) continue;
    if (!screen.path.includes(':')) {
      visits.push({ name: screen.id, screen, shows: module, path: screen.path });
      continue;
    }
    const filled = FILLED_BY_SIDEBAR[screen.path];
    if (filled) {
      // Its sidebar target, and the page of a record when it takes one (a channel's id).
      visits.push({ name: screen.id, screen, shows: module, path: filled.target });
      const id = filled.record && records[filled.record];
      if (id)
        visits.push({
          name: `${screen.id}-record`,
          screen,
          shows: module,
          path: screen.path.replace(/:[^/]+/, id),
        });
      continue;
    }
    const kind = recordKindOf(screen);
    expect(kind, `the record behind ${screen.path}`).toBeDefined();
    const id = records[kind!];
    if (!id) continue;
    visits.push({
      name: screen.id,
      screen,
      shows: module,
      path: screen.path.replace(':detail', encodeURIComponent(id)),
    });
    // A resource's record page also creates one (`<list>/new`).
    if (screen.path === `${RESOURCES[kind!].screenPath}/:detail`)
      visits.push({
        name: `${screen.id}-new`,
        screen,
        shows: module,
        path: screen.path.replace(':detail', 'new'),
      });
  }
  // The dialogs, drawers and menus every list and record page shares, opened on the live streams'.
  const liveStreams = SCREENS.find((s) => s.path === RESOURCES.liveStream.screenPath);
  if (liveStreams && records.liveStream)
    visits.push(
      ...openingsOn({ name: liveStreams.id, screen: liveStreams, path: liveStreams.path }, LIST_OPENINGS),
    );
  const liveStream = visits.find(
    (v) => v.path === `${RESOURCES.liveStream.screenPath}/${records.liveStream}`,
  );
  if (liveStream) visits.push(...openingsOn(liveStream, RECORD_OPENINGS));
  for (const extra of SCREEN_EXTRAS) {
    const path = entryPath(extra.entry);
    const screen = SCREENS.find((s) => s.path === path);
    // A team's owner invites (the demo customer's user is one); a main administrator has no team.
    if (!screen || !reachable(user, path) || (extra.open && user === 'admin')) continue;
    const { entry: _, suffix, query = '', ...rest } = extra;
    visits.push({ ...rest, name: `${screen.id}-${suffix}`, screen, path: `${path}${query}` });
  }
  const overview = SCREENS.find((s) => s.id === 'overview')!;
  visits.push(
    ...openingsOn({ name: 'account', screen: overview, path: overview.path }, ACCOUNT_OPENINGS[user]),
  );
  return visits;
}

/** The visits that show something no earlier one showed (one per route module, one per dialog). */
export const distinctVisits = (visits: readonly Visit[]): Visit[] =>
  visits.filter((visit, i) => visits.findIndex((v) => v.shows === visit.shows) === i);

/** The display modes the screens are looked at in: the preferences cookie, and a phone's viewport. */
export const MODES = {
  light: { preferences: { colorScheme: 'light', direction: 'ltr' }, viewport: null },
  dark: { preferences: { colorScheme: 'dark', direction: 'ltr' }, viewport: null },
  phone: { preferences: { colorScheme: 'light', direction: 'ltr' }, viewport: { width: 390, height: 844 } },
  rtl: { preferences: { colorScheme: 'light', direction: 'rtl' }, viewport: null },
} as const;
export type Mode = keyof typeof MODES;

/** The display modes by name, in MODES's order. */
const MODE_NAMES = Object.keys(MODES) as Mode[];

/**
 * Calls `define` for each demo user and each of `modes` (every display mode by default): the
 * screens-a11y.spec.ts and screenshots.shots.ts tests of every visit, one per user and mode.
 */
export function forEachUserAndMode(
  define: (user: UserKind, mode: Mode) => void,
  modes: readonly Mode[] = MODE_NAMES,
) {
  for (const user of Object.keys(USERS) as UserKind[]) {
    for (const mode of modes) define(user, mode);
  }
}

/**
 * Signs `user` in in `mode` (`signedIn` checks the page then), opens each of the user's visits
 * (`distinct`: each thing shown once) as a test step and `look`s at it. The problems the looks
 * answer are expected to be none.
 */
export async function lookAtEveryVisit(
  page: Page,
  user: UserKind,
  mode: Mode,
  options: { distinct?: boolean; signedIn?: () => Promise<void> },
  look: (visit: Visit) => Promise<readonly string[]>,
) {
  const { preferences, viewport } = MODES[mode];
  if (viewport) await page.setViewportSize(viewport);
  await setPreferences(page.context(), preferences);
  await withoutTransitions(page);
  await signInAs(page, user);
  await options.signedIn?.();
  const visits = builtScreenVisits(user, await firstRecords(page));
  const found: string[] = [];
  const tour = options.distinct ? distinctVisits(visits) : visits;
  // The time bounds a hang, not a slow machine: it grows with the screens there are to visit
  // (up to several seconds each on 2 busy cores), never below what the test set.
  test.setTimeout(Math.max(test.info().timeout, 30_000 + tour.length * 10_000));
  for (const visit of tour) {
    await test.step(visit.name, async () => {
      await openVisit(page, visit);
      found.push(...(await look(visit)));
      await closeVisit(page, visit);
    });
  }
  expect(found).toEqual([]);
}
