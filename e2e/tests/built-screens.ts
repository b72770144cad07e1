import { BUILT_SCREENS, type Screen } from '../../apps/web/src/app/screens.ts';
import { ACCOUNT_TEXTS, RESOURCES, type ResourceKind, TEXTS } from '../../packages/core/src/index.ts';
import { expect, type Page } from './fixtures.ts';
import { DEMO, signIn } from './helpers.ts';

/**
 * The visits of every built screen (app/screens.ts, BUILT_SCREENS), for the specs that look at
 * all of them (screens-a11y.spec.ts) and for `npm run screenshots` (e2e/screenshots/): each
 * screen of the table (a `:detail` filled in with a seeded record, found through the API), each
 * resource's create page, the account area's dialogs (the settings menu's My Profile, My Account,
 * De-Activate; an administrator's Login as) and the dialogs and drawers a user opens from the
 * screens (a list's filter drawer and row menu, the delete confirmation: opened and cancelled,
 * never confirmed). A new screen in the table is visited without touching this file.
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
  return screen.record ?? BUILT_SCREENS.find((s) => s.record && s.path === `${prefix}/:detail`)?.record;
}

/** The first record (the list's default order) of each resource the signed-in page may list. */
export async function firstRecords(page: Page): Promise<Partial<Record<ResourceKind, string>>> {
  const token = await page.evaluate(() => localStorage.getItem('currentUser'));
  expect(token, 'a signed-in page').toBeTruthy();
  const records: Partial<Record<ResourceKind, string>> = {};
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
export async function signInAs(page: Page, user: UserKind) {
  await page.goto('/app/login');
  await signIn(page, USERS[user].email, USERS[user].password);
  await expect(page.locator('header')).toBeVisible();
}

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

/** A list's dialogs and menus, opened from its screen (`list`: a screen with a delete per row). */
function listVisits(list: Screen): Visit[] {
  return [
    {
      name: `${list.id}-filters`,
      screen: list,
      shows: 'list filter drawer',
      path: list.path,
      open: async (page) => {
        await page.getByRole('button', { name: /^Filters/ }).click();
        await expect(dialog(page, 'Filters')).toBeVisible();
      },
      close: pressEscape,
    },
    {
      name: `${list.id}-row-menu`,
      screen: list,
      shows: 'list row menu',
      path: list.path,
      open: async (page) => {
        await firstRow(page)
          .getByRole('button', { name: /^Actions for / })
          .click();
        await expect(page.getByRole('menu')).toBeVisible();
      },
      close: pressEscape,
    },
    {
      name: `${list.id}-delete`,
      screen: list,
      shows: 'delete confirmation',
      path: list.path,
      open: async (page) => {
        await firstRow(page)
          .getByRole('button', { name: /^Actions for / })
          .click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        await expect(dialog(page)).toBeVisible();
      },
      close: async (page) => {
        await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      },
    },
  ];
}

/** A record page's More menu and the Delete it offers (`record`: a record's visit). */
function recordVisits(record: Visit): Visit[] {
  const more = (page: Page) => page.getByRole('button', { name: /^More actions for / });
  return [
    {
      ...record,
      name: `${record.name}-more`,
      shows: 'record more menu',
      open: async (page) => {
        await more(page).click();
        await expect(page.getByRole('menu')).toBeVisible();
      },
      close: pressEscape,
    },
    {
      ...record,
      name: `${record.name}-delete`,
      // The list's dialog (DeleteDialog), opened from the record's header.
      shows: 'delete confirmation',
      open: async (page) => {
        await more(page).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        await expect(dialog(page)).toBeVisible();
      },
      close: async (page) => {
        await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      },
    },
  ];
}

/** The account area: the settings menu's dialogs (and an administrator's Login as). */
function accountVisits(user: UserKind, home: Screen): Visit[] {
  const visits: Visit[] = [
    {
      name: 'account-profile',
      screen: home,
      shows: 'my profile',
      path: home.path,
      open: async (page) => {
        await settingsEntry(page, TEXTS.myProfile);
        await expect(dialog(page, TEXTS.myProfile).getByRole('textbox').first()).toBeVisible();
      },
      close: pressEscape,
    },
    {
      name: 'account-my-account',
      screen: home,
      shows: 'my account',
      path: home.path,
      open: async (page) => {
        await settingsEntry(page, TEXTS.myAccount);
        await expect(dialog(page, TEXTS.myAccount).getByRole('button', { name: 'Save' })).toBeVisible();
      },
      close: pressEscape,
    },
  ];
  if (user === 'customer')
    visits.push({
      name: 'account-deactivate',
      screen: home,
      shows: 'de-activate account',
      path: home.path,
      // An account with channels or VODs (the demo's) cannot be de-activated: the check closes
      // the dialog and says so in a toast that stays until it is closed.
      open: async (page) => {
        await settingsEntry(page, TEXTS.deactivateAccount);
        const cancel = dialog(page, TEXTS.deactivateAccount).getByRole('button', { name: 'Cancel' });
        const refusal = page.getByRole('alert').filter({ hasText: ACCOUNT_TEXTS.cannotDeactivate });
        await expect(cancel.or(refusal)).toBeVisible();
      },
      close: async (page) => {
        const cancel = dialog(page, TEXTS.deactivateAccount).getByRole('button', { name: 'Cancel' });
        if (await cancel.isVisible()) await cancel.click();
        else
          await page
            .getByRole('alert')
            .filter({ hasText: ACCOUNT_TEXTS.cannotDeactivate })
            .getByRole('button')
            .click();
        await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_TEXTS.cannotDeactivate })).toHaveCount(
          0,
        );
      },
    });
  else
    visits.push({
      name: 'account-login-as',
      screen: home,
      shows: 'login as',
      path: home.path,
      open: async (page) => {
        await settingsEntry(page, 'Login as…');
        await expect(dialog(page, 'Login as a user').getByRole('button').nth(1)).toBeVisible();
        await expect(dialog(page).locator('.mantine-Loader-root')).toHaveCount(0);
      },
      close: pressEscape,
    });
  return visits;
}

/**
 * Every visit for a user: each built screen (records filled in from `records`), each record
 * kind's create page, then the dialogs. A screen whose record the user has none of is left out.
 */
export function builtScreenVisits(user: UserKind, records: Partial<Record<ResourceKind, string>>): Visit[] {
  const visits: Visit[] = [];
  for (const screen of BUILT_SCREENS) {
    const module = screen.module!;
    if (!screen.path.includes(':')) {
      visits.push({ name: screen.id, screen, shows: module, path: screen.path });
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
  const liveStreams = BUILT_SCREENS.find((s) => s.path === RESOURCES.liveStream.screenPath);
  if (liveStreams && records.liveStream) visits.push(...listVisits(liveStreams));
  const liveStream = visits.find(
    (v) => v.path === `${RESOURCES.liveStream.screenPath}/${records.liveStream}`,
  );
  if (liveStream) visits.push(...recordVisits(liveStream));
  const overview = BUILT_SCREENS.find((s) => s.id === 'overview')!;
  visits.push(...accountVisits(user, overview));
  return visits;
}

/** The visits that show something no earlier one showed (one per route module, one per dialog). */
export const distinctVisits = (visits: readonly Visit[]): Visit[] =>
  visits.filter((visit, i) => visits.findIndex((v) => v.shows === visit.shows) === i);
