/**
 * The sidebar model of spec section 2 ("Sidebar entries") as data plus one pure function, so the
 * console's route guard and (later) its sidebar apply the same visibility rules.
 */
import type { FlagName } from '../config/runtime-config.ts';
import {
  CAMPAIGN_MANAGER_PATH,
  ENCODER_PATH,
  LIVE_STREAMS_PATH,
  OVERVIEW_PATH,
  SLATES_PATH,
  STREAM_ADS_PATH,
  STREAMER_PATH,
  VOD_PATH,
} from './paths.ts';

/** What the rules read from the user (spec section 3): the admin flag and the payment customer id. */
export interface NavigationUser {
  profile: { isMainAdmin: boolean };
  customerObj?: readonly { paymentCustomerId?: string | null }[] | null;
}

/** The runtime flags the rules read (0 or 1), and where the external manual lives. */
export type NavigationFlags = Readonly<
  Record<
    Extract<FlagName, 'MONITOR' | 'PLAYOUT' | 'SHOWPODS' | 'ENCODER' | 'APIDOC' | 'NEWAPIDOCS' | 'MANUAL'>,
    number
  >
> & { readonly MANUAL_URL?: string };

export interface NavigationOptions {
  /** True while a main administrator acts as another user (a stored `loginasid`). */
  loginAs?: boolean;
}

export interface NavigationEntry {
  /** Stable identifier (for keys and tests). */
  id: string;
  label: string;
  /** Console path below /app (may carry a query, e.g. /configuration?tab=config). */
  path?: string;
  /** An external address (the Manual). */
  href?: string;
  /** Path prefixes this entry enables besides its own path (e.g. /monitoring for /monitoring/{ch_id}). */
  matches?: readonly string[];
  children?: NavigationEntry[];
}

interface Context {
  admin: boolean;
  loginAs: boolean;
  paymentCustomerId: boolean;
  flags: NavigationFlags;
}

type Rule = (c: Context) => boolean;
interface EntryDefinition extends Omit<NavigationEntry, 'children'> {
  visible?: Rule;
  children?: EntryDefinition[];
}

const admin: Rule = (c) => c.admin;
const on =
  (flag: keyof Omit<NavigationFlags, 'MANUAL_URL'>): Rule =>
  (c) =>
    c.flags[flag] === 1;

/** Two entries lead there: the administrator's History and any other user's Billing. */
const BILLING_HISTORY_PATH = '/billing-history';

/** Spec section 2, in sidebar order. An entry without `visible` is shown to everyone. */
const ENTRIES: readonly EntryDefinition[] = [
  { id: 'overview', label: 'Overview', path: OVERVIEW_PATH },
  {
    id: 'streams',
    label: 'Streams',
    children: [
      { id: 'streams-live', label: 'Live', path: LIVE_STREAMS_PATH, matches: [STREAM_ADS_PATH] },
      { id: 'streams-vod', label: 'VOD', path: VOD_PATH },
      { id: 'streamer-addon', label: 'Streamer', path: STREAMER_PATH },
    ],
  },
  {
    id: 'streams-monitor',
    label: 'Monitor',
    path: '/streams-monitor',
    visible: (c) => c.admin && on('MONITOR')(c),
  },
  { id: 'playout', label: 'Playout', path: '/playout', visible: (c) => c.admin && on('PLAYOUT')(c) },
  { id: 'slates', label: 'Slates', path: SLATES_PATH },
  {
    id: 'demand',
    label: 'Demand',
    children: [
      { id: 'bundles', label: 'Bundles', path: '/demand' },
      { id: 'pods', label: 'Pods', path: '/pods', visible: (c) => c.flags.SHOWPODS !== 0 },
      { id: 'placements', label: 'Placements', path: '/placements' },
      {
        id: 'campaigns',
        label: 'Campaigns',
        path: '/campaigns',
        // The campaign manager (/cm, "requires login": anyone who sees Campaigns) and the trash.
        matches: [CAMPAIGN_MANAGER_PATH, '/campaign-manager'],
      },
      { id: 'advertisers', label: 'Advertisers', path: '/advertisers' },
      { id: 'creatives', label: 'Creatives', path: '/creatives' },
      { id: 'inventory', label: 'Inventory', path: '/inventory' },
      { id: 'insights', label: 'Insights', path: '/insights', visible: admin },
    ],
  },
  { id: 'event-scheduler', label: 'Event Scheduler', path: '/event-scheduler', visible: admin },
  { id: 'user', label: 'User', path: '/user' },
  { id: 'notification', label: 'Notification', path: '/notification' },
  { id: 'encoder', label: 'Encoder', path: ENCODER_PATH, visible: on('ENCODER') },
  {
    id: 'api-documentation',
    label: 'API Documentation',
    visible: on('APIDOC'),
    // The documentation index (the manual's and the API pages' landing page).
    matches: ['/documentation/cuemana'],
    children: [
      {
        id: 'docs-old',
        label: 'API Documentation',
        path: '/documentation/cuemana-ui-old',
        visible: (c) => c.flags.NEWAPIDOCS !== 1,
      },
      {
        id: 'docs-new',
        label: 'API Documentation',
        path: '/documentation/cuemana-ui',
        visible: on('NEWAPIDOCS'),
      },
      {
        id: 'docs-admin',
        label: 'Admin API Documentation',
        path: '/documentation/cuemana-ui-admin',
        visible: admin,
      },
      { id: 'docs-swagger', label: 'Swagger', path: '/documentation/swagger-ui' },
    ],
  },
  { id: 'alarms', label: 'Alarms', path: '/alarms', visible: admin },
  { id: 'reports', label: 'Reports', path: '/reports', visible: admin },
  { id: 'customers', label: 'Customers', path: '/customer', visible: admin },
  {
    id: 'system',
    label: 'System',
    visible: admin,
    children: [
      { id: 'configuration', label: 'Configuration', path: '/configuration?tab=config' },
      { id: 'monitoring', label: 'Monitoring', path: '/monitoring/channel', matches: ['/monitoring'] },
    ],
  },
  {
    // Main administrator outside login-as: Create, and History when it has no payment customer id.
    id: 'billing-admin',
    label: 'Billing',
    visible: (c) => c.admin && !c.loginAs,
    children: [
      { id: 'create-billing', label: 'Create', path: '/create-billing' },
      {
        id: 'billing-history',
        label: 'History',
        path: BILLING_HISTORY_PATH,
        visible: (c) => !c.paymentCustomerId,
      },
    ],
  },
  {
    // Any other user: one Billing entry, only when its customer has a payment customer id.
    id: 'billing',
    label: 'Billing',
    path: BILLING_HISTORY_PATH,
    visible: (c) => !c.admin && c.paymentCustomerId,
  },
  { id: 'live-demo', label: 'LIVE Demo', path: '/live-demo', visible: admin },
  { id: 'knowledge-base', label: 'Knowledge Base', path: '/knowledge-base' },
  {
    id: 'manual',
    label: 'Manual',
    visible: (c) => on('MANUAL')(c) && Boolean(c.flags.MANUAL_URL),
  },
];

/**
 * The console path (without its query) of the sidebar entry `id`, whoever may see it: how a
 * screen that an entry leads to names its path without writing it again. Throws for an id that is
 * not an entry with a path (a mistake in the caller's table, found by its first test).
 */
export function entryPath(id: string): string {
  const path = findEntry(id)?.path;
  if (!path) throw new Error(`No sidebar entry with a path: ${id}`);
  return stripQuery(path);
}

/**
 * The sidebar's label of entry `id`: how a screen the entry leads to titles itself as the sidebar
 * names it. Throws for an id that is not an entry.
 */
export function entryLabel(id: string): string {
  const entry = findEntry(id);
  if (!entry) throw new Error(`No sidebar entry: ${id}`);
  return entry.label;
}

function findEntry(id: string, entries: readonly EntryDefinition[] = ENTRIES): EntryDefinition | undefined {
  for (const entry of entries) {
    const found = entry.id === id ? entry : entry.children && findEntry(id, entry.children);
    if (found) return found;
  }
  return undefined;
}

const hasPaymentCustomerId = (user: NavigationUser) => Boolean(user.customerObj?.[0]?.paymentCustomerId);

const build = (entries: readonly EntryDefinition[], c: Context): NavigationEntry[] =>
  entries.flatMap(({ visible, children, ...entry }): NavigationEntry[] => {
    if (visible && !visible(c)) return [];
    if (entry.id === 'manual') return [{ ...entry, href: c.flags.MANUAL_URL }];
    if (!children) return [entry];
    const shown = build(children, c);
    return shown.length > 0 ? [{ ...entry, children: shown }] : [];
  });

/** The sidebar entries this user sees (spec section 2), groups without a visible child dropped. */
export function visibleNavigation(
  user: NavigationUser,
  flags: NavigationFlags,
  { loginAs = false }: NavigationOptions = {},
): NavigationEntry[] {
  return build(ENTRIES, {
    admin: user.profile.isMainAdmin,
    loginAs,
    paymentCustomerId: hasPaymentCustomerId(user),
    flags,
  });
}

/** Every console path prefix the entries enable (their paths without query, and their `matches`). */
export function enabledPaths(entries: readonly NavigationEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [stripQuery(entry.path)] : []),
    ...(entry.matches ?? []),
    ...(entry.children ? enabledPaths(entry.children) : []),
  ]);
}

// Plain string code, not /[?#].*$/ and /\/+$/: both backtrack quadratically on a long path
// ('?' repeated and a newline, or '/' repeated and another character), and the route guard
// runs this on whatever path the address bar holds.
const stripQuery = (path: string) => {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
};
const normalise = (path: string) => {
  const bare = stripQuery(path);
  let end = bare.length;
  while (end > 0 && bare.charCodeAt(end - 1) === 0x2f /* '/' */) end--;
  return bare.slice(0, end) || '/';
};

/**
 * Whether a console path is reachable through the visible navigation: an entry's own path or
 * anything below it (/streams-live/abc, /billing-history/billingChart). Query and hash are ignored.
 */
export function isPathEnabled(
  path: string,
  user: NavigationUser,
  flags: NavigationFlags,
  options: NavigationOptions = {},
): boolean {
  const target = normalise(path);
  return enabledPaths(visibleNavigation(user, flags, options)).some(
    (prefix) => target === prefix || target.startsWith(`${prefix}/`),
  );
}

/**
 * Whether the entry with this id is in the user's visible navigation at any depth. The server
 * asks it before answering a call behind a sidebar entry, so the console hides exactly what the
 * server would refuse. An unknown id is never visible.
 */
export function isEntryVisible(
  id: string,
  user: NavigationUser,
  flags: NavigationFlags,
  options: NavigationOptions = {},
): boolean {
  const contains = (entries: readonly NavigationEntry[]): boolean =>
    entries.some((entry) => entry.id === id || (entry.children ? contains(entry.children) : false));
  return contains(visibleNavigation(user, flags, options));
}
