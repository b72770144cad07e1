import { describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_DEFAULTS } from '../../config/runtime-config.ts';
import {
  enabledPaths,
  entryLabel,
  entryPath,
  isPathEnabled,
  type NavigationEntry,
  type NavigationFlags,
  type NavigationUser,
  visibleNavigation,
} from '../navigation.ts';

const FLAGS: NavigationFlags = {
  MONITOR: 1,
  PLAYOUT: 1,
  SHOWPODS: 1,
  ENCODER: 1,
  APIDOC: 1,
  NEWAPIDOCS: 1,
  MANUAL: 0,
  MANUAL_URL: '',
};
const userOf = (isMainAdmin: boolean, paymentCustomerId: string | null = null): NavigationUser => ({
  profile: { isMainAdmin },
  customerObj: [{ paymentCustomerId }],
});
const ADMIN = userOf(true);
const MEMBER = userOf(false);

const ids = (entries: readonly NavigationEntry[]): string[] =>
  entries.flatMap((e) => [e.id, ...(e.children ? ids(e.children) : [])]);
const flatten = (entries: readonly NavigationEntry[]): NavigationEntry[] =>
  entries.flatMap((e) => [e, ...(e.children ? flatten(e.children) : [])]);

// ---------------------------------------------------------------------------------------------
// The whole input space: 4 kinds of user x login-as x every combination of the 7 flags at 0/1 x
// three Manual addresses (absent, empty, set) = 3072 cases, each rendered once.
// ---------------------------------------------------------------------------------------------

const FLAG_KEYS = ['MONITOR', 'PLAYOUT', 'SHOWPODS', 'ENCODER', 'APIDOC', 'NEWAPIDOCS', 'MANUAL'] as const;
const MANUAL_URL = 'https://manual.example/guide';

const USER_KINDS = [
  { kind: 'main admin without payment id', admin: true, payment: false, user: userOf(true) },
  { kind: 'main admin with payment id', admin: true, payment: true, user: userOf(true, 'cus_admin') },
  { kind: 'customer without payment id', admin: false, payment: false, user: userOf(false) },
  { kind: 'customer with payment id', admin: false, payment: true, user: userOf(false, 'cus_member') },
] as const;

/** What an oracle may read: the facts of the case, never the implementation's rules. */
interface Case {
  kind: string;
  admin: boolean;
  payment: boolean;
  loginAs: boolean;
  flags: NavigationFlags;
  user: NavigationUser;
  /** The rendered sidebar for this case. */
  actual: NavigationEntry[];
  /** Every rendered entry (groups and children) by id. */
  byId: ReadonlyMap<string, NavigationEntry>;
}

const describeCase = (c: Case) =>
  `${c.kind}, loginAs=${c.loginAs}, ${FLAG_KEYS.map((k) => `${k}=${c.flags[k]}`).join(' ')}, ` +
  `MANUAL_URL=${JSON.stringify(c.flags.MANUAL_URL)}`;

const CASES: Case[] = USER_KINDS.flatMap(({ kind, admin, payment, user }) =>
  [false, true].flatMap((loginAs) =>
    Array.from({ length: 2 ** FLAG_KEYS.length }, (_, mask) => mask).flatMap((mask) =>
      [undefined, '', MANUAL_URL].map((manualUrl): Case => {
        const flags = {
          ...Object.fromEntries(FLAG_KEYS.map((key, bit) => [key, (mask >> bit) & 1])),
          ...(manualUrl === undefined ? {} : { MANUAL_URL: manualUrl }),
        } as NavigationFlags;
        const actual = visibleNavigation(user, flags, { loginAs });
        const byId = new Map(flatten(actual).map((e) => [e.id, e]));
        return { kind, admin, payment, loginAs, flags, user, actual, byId };
      }),
    ),
  ),
);

// ---------------------------------------------------------------------------------------------
// One row per spec sentence (section 2, "Sidebar entries (route, visibility)"), in sidebar order.
// Each row lists the entries the sentence governs, in the order the sentence names them, with the
// label and route the spec gives (where it gives one) and an oracle written from the sentence.
// ---------------------------------------------------------------------------------------------

type Oracle = (c: Case) => boolean;
interface Governed {
  id: string;
  /** The group this entry sits in. */
  parent?: string;
  /** The label the spec names, when it names one. */
  label?: string;
  /** The console route the spec gives, when it gives one. */
  path?: string;
  shown: Oracle;
}
interface Sentence {
  sentence: string;
  entries: Governed[];
}

const always: Oracle = () => true;
const mainAdmin: Oracle = (c) => c.admin;
const apiDoc: Oracle = (c) => c.flags.APIDOC === 1;
const createBilling: Oracle = (c) => c.admin && !c.loginAs;
const billingHistory: Oracle = (c) => c.admin && !c.loginAs && !c.payment;

const SENTENCES: Sentence[] = [
  {
    sentence: 'Overview /overview.',
    entries: [{ id: 'overview', label: 'Overview', path: '/overview', shown: always }],
  },
  {
    sentence: 'Streams: Live /streams-live, VOD /streams-vod, Streamer /streamer-addon.',
    entries: [
      { id: 'streams', label: 'Streams', shown: always },
      { id: 'streams-live', parent: 'streams', label: 'Live', path: '/streams-live', shown: always },
      { id: 'streams-vod', parent: 'streams', label: 'VOD', path: '/streams-vod', shown: always },
      { id: 'streamer-addon', parent: 'streams', label: 'Streamer', path: '/streamer-addon', shown: always },
    ],
  },
  {
    sentence: 'Monitor /streams-monitor: main admin and monitor flag=1.',
    entries: [
      {
        id: 'streams-monitor',
        label: 'Monitor',
        path: '/streams-monitor',
        shown: (c) => c.admin && c.flags.MONITOR === 1,
      },
    ],
  },
  {
    sentence: 'Playout /playout: main admin and playout flag=1.',
    entries: [
      { id: 'playout', label: 'Playout', path: '/playout', shown: (c) => c.admin && c.flags.PLAYOUT === 1 },
    ],
  },
  {
    sentence: 'Slates /slates.',
    entries: [{ id: 'slates', label: 'Slates', path: '/slates', shown: always }],
  },
  {
    sentence:
      'Demand: Bundles /demand; Pods /pods (hidden when show-pods flag is 0); Placements /placements; ' +
      'Campaigns /campaigns; Advertisers /advertisers; Creatives /creatives; Inventory /inventory; ' +
      'Insights /insights (main admin only).',
    entries: [
      { id: 'demand', label: 'Demand', shown: always },
      { id: 'bundles', parent: 'demand', label: 'Bundles', path: '/demand', shown: always },
      { id: 'pods', parent: 'demand', label: 'Pods', path: '/pods', shown: (c) => c.flags.SHOWPODS !== 0 },
      { id: 'placements', parent: 'demand', label: 'Placements', path: '/placements', shown: always },
      { id: 'campaigns', parent: 'demand', label: 'Campaigns', path: '/campaigns', shown: always },
      { id: 'advertisers', parent: 'demand', label: 'Advertisers', path: '/advertisers', shown: always },
      { id: 'creatives', parent: 'demand', label: 'Creatives', path: '/creatives', shown: always },
      { id: 'inventory', parent: 'demand', label: 'Inventory', path: '/inventory', shown: always },
      { id: 'insights', parent: 'demand', label: 'Insights', path: '/insights', shown: mainAdmin },
    ],
  },
  {
    sentence: 'Event Scheduler /event-scheduler: main admin only.',
    entries: [
      { id: 'event-scheduler', label: 'Event Scheduler', path: '/event-scheduler', shown: mainAdmin },
    ],
  },
  {
    sentence: 'User /user; Notification /notification.',
    entries: [
      { id: 'user', label: 'User', path: '/user', shown: always },
      { id: 'notification', label: 'Notification', path: '/notification', shown: always },
    ],
  },
  {
    sentence: 'Encoder /encoder: encoder flag=1.',
    entries: [{ id: 'encoder', label: 'Encoder', path: '/encoder', shown: (c) => c.flags.ENCODER === 1 }],
  },
  {
    sentence:
      'API Documentation (when API-doc flag=1): old docs /documentation/cuemana-ui-old when the new-docs ' +
      'flag is not 1; new docs /documentation/cuemana-ui when it is 1; admin docs ' +
      '/documentation/cuemana-ui-admin (main admin); Swagger /documentation/swagger-ui.',
    entries: [
      { id: 'api-documentation', label: 'API Documentation', shown: apiDoc },
      {
        id: 'docs-old',
        parent: 'api-documentation',
        path: '/documentation/cuemana-ui-old',
        shown: (c) => apiDoc(c) && c.flags.NEWAPIDOCS !== 1,
      },
      {
        id: 'docs-new',
        parent: 'api-documentation',
        path: '/documentation/cuemana-ui',
        shown: (c) => apiDoc(c) && c.flags.NEWAPIDOCS === 1,
      },
      {
        id: 'docs-admin',
        parent: 'api-documentation',
        path: '/documentation/cuemana-ui-admin',
        shown: (c) => apiDoc(c) && c.admin,
      },
      {
        id: 'docs-swagger',
        parent: 'api-documentation',
        label: 'Swagger',
        path: '/documentation/swagger-ui',
        shown: apiDoc,
      },
    ],
  },
  {
    sentence: 'Alarms /alarms, Reports /reports, Customers /customer: main admin only.',
    entries: [
      { id: 'alarms', label: 'Alarms', path: '/alarms', shown: mainAdmin },
      { id: 'reports', label: 'Reports', path: '/reports', shown: mainAdmin },
      { id: 'customers', label: 'Customers', path: '/customer', shown: mainAdmin },
    ],
  },
  {
    // Targets from "Monitoring sidebar target /monitoring/channel; configuration target /configuration?tab=config."
    sentence: 'System (main admin): Configuration, Monitoring.',
    entries: [
      { id: 'system', label: 'System', shown: mainAdmin },
      {
        id: 'configuration',
        parent: 'system',
        label: 'Configuration',
        path: '/configuration?tab=config',
        shown: mainAdmin,
      },
      {
        id: 'monitoring',
        parent: 'system',
        label: 'Monitoring',
        path: '/monitoring/channel',
        shown: mainAdmin,
      },
    ],
  },
  {
    // The group itself follows the rule that a group without a visible child is not shown.
    sentence: 'Billing: Create /create-billing (main admin, not in login-as); History /billing-history.',
    entries: [
      { id: 'billing-admin', label: 'Billing', shown: (c) => createBilling(c) || billingHistory(c) },
      {
        id: 'create-billing',
        parent: 'billing-admin',
        label: 'Create',
        path: '/create-billing',
        shown: createBilling,
      },
    ],
  },
  {
    sentence:
      'Billing history is shown to the main admin who is not in login-as and has no payment customer id.',
    entries: [
      {
        id: 'billing-history',
        parent: 'billing-admin',
        label: 'History',
        path: '/billing-history',
        shown: billingHistory,
      },
    ],
  },
  {
    // The spec gives this entry no route of its own, so only its visibility and label are checked.
    sentence:
      'A Billing entry is shown only to a non-admin user whose customer record has a payment customer id.',
    entries: [{ id: 'billing', label: 'Billing', shown: (c) => !c.admin && c.payment }],
  },
  {
    sentence: 'LIVE Demo (live-demo), main admin.',
    entries: [{ id: 'live-demo', label: 'LIVE Demo', path: '/live-demo', shown: mainAdmin }],
  },
  {
    sentence: 'Knowledge Base /knowledge-base.',
    entries: [{ id: 'knowledge-base', label: 'Knowledge Base', path: '/knowledge-base', shown: always }],
  },
  {
    // "External manual path": an entry with nowhere to go (no MANUAL_URL) is not shown.
    sentence: 'Manual: external manual path, when manual flag=1.',
    entries: [{ id: 'manual', label: 'Manual', shown: (c) => c.flags.MANUAL === 1 && !!c.flags.MANUAL_URL }],
  },
];

const GOVERNED = SENTENCES.flatMap((s) => s.entries);
const GROUP_IDS = [...new Set(GOVERNED.flatMap((e) => (e.parent ? [e.parent] : [])))];

/** Report at most a few mismatches, each with the case that produced it. */
const mismatches = (check: (c: Case) => string[]): string[] => CASES.flatMap(check).slice(0, 10);

describe('visibleNavigation: one row per spec sentence over every case', () => {
  it('enumerates the whole input space', () => {
    expect(CASES).toHaveLength(4 * 2 * 2 ** 7 * 3);
  });

  it.each(SENTENCES)('$sentence', ({ entries }) => {
    expect(
      mismatches((c) =>
        entries
          .filter((e) => c.byId.has(e.id) !== e.shown(c))
          .map((e) => `${e.id}: expected shown=${e.shown(c)} (${describeCase(c)})`),
      ),
    ).toEqual([]);
  });

  it.each(SENTENCES)('route and label as the spec gives them: $sentence', ({ entries }) => {
    expect(
      mismatches((c) =>
        entries.flatMap((e) => {
          const entry = c.byId.get(e.id);
          if (!entry) return [];
          const expected = { label: e.label ?? entry.label, path: e.path ?? entry.path };
          const actual = { label: entry.label, path: entry.path };
          return JSON.stringify(actual) === JSON.stringify(expected)
            ? []
            : [`${e.id}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`];
        }),
      ),
    ).toEqual([]);
  });

  it('governs every entry the sidebar can show by exactly one sentence', () => {
    const governed = GOVERNED.map((e) => e.id);
    expect(new Set(governed).size).toBe(governed.length);
    const produced = new Set(CASES.flatMap((c) => [...c.byId.keys()]));
    expect([...produced].filter((id) => !governed.includes(id))).toEqual([]);
    // ... and every governed entry is reachable in some case, so no row is vacuous.
    expect(governed.filter((id) => !produced.has(id))).toEqual([]);
  });

  it('orders and nests the sidebar as the spec lists it, in every case', () => {
    const shape = (entries: readonly NavigationEntry[]): string[] =>
      entries.map((e) => (e.children ? `${e.id}(${e.children.map((child) => child.id).join(',')})` : e.id));
    const expectedShape = (c: Case): string[] =>
      GOVERNED.filter((e) => !e.parent && e.shown(c)).map((e) => {
        if (!GROUP_IDS.includes(e.id)) return e.id;
        const children = GOVERNED.filter((child) => child.parent === e.id && child.shown(c));
        return `${e.id}(${children.map((child) => child.id).join(',')})`;
      });
    expect(
      mismatches((c) => {
        const actual = shape(c.actual).join(' ');
        const expected = expectedShape(c).join(' ');
        return actual === expected
          ? []
          : [`${describeCase(c)}:\n  got      ${actual}\n  expected ${expected}`];
      }),
    ).toEqual([]);
  });
});

describe('visibleNavigation: groups', () => {
  it.each(GROUP_IDS)('%s is shown exactly when at least one of its children is', (group) => {
    const children = GOVERNED.filter((e) => e.parent === group);
    expect(
      mismatches((c) => {
        const entry = c.actual.find((e) => e.id === group);
        const anyChild = children.some((child) => child.shown(c));
        if (Boolean(entry) !== anyChild) return [`${group}: shown=${Boolean(entry)} (${describeCase(c)})`];
        if (entry && !entry.children?.length) return [`${group} shown empty (${describeCase(c)})`];
        return [];
      }),
    ).toEqual([]);
  });

  it('drops the API Documentation group with all its children when the API-doc flag is 0', () => {
    const entries = visibleNavigation(ADMIN, { ...FLAGS, APIDOC: 0 });
    expect(ids(entries).filter((id) => id.startsWith('docs-') || id === 'api-documentation')).toEqual([]);
  });

  it('drops the admin Billing group for a main admin in login-as, whatever the payment id', () => {
    for (const user of [ADMIN, userOf(true, 'cus_1')]) {
      expect(ids(visibleNavigation(user, FLAGS, { loginAs: true }))).not.toContain('billing-admin');
    }
  });

  it('keeps the admin Billing group with Create only for a main admin with a payment id', () => {
    const group = visibleNavigation(userOf(true, 'cus_1'), FLAGS).find((e) => e.id === 'billing-admin');
    expect(group?.children?.map((e) => e.id)).toEqual(['create-billing']);
  });

  it('drops the System group for any other user', () => {
    expect(ids(visibleNavigation(MEMBER, FLAGS))).not.toContain('system');
  });
});

describe('visibleNavigation: Manual', () => {
  it('needs the manual flag at 1 and a MANUAL_URL, and carries that address as href (no console path)', () => {
    expect(
      mismatches((c) => {
        const manual = c.actual.find((e) => e.id === 'manual');
        const expected = c.flags.MANUAL === 1 && Boolean(c.flags.MANUAL_URL);
        if (Boolean(manual) !== expected) return [`manual shown=${Boolean(manual)} (${describeCase(c)})`];
        if (manual && (manual.href !== c.flags.MANUAL_URL || manual.path !== undefined)) {
          return [`manual href=${manual.href} path=${manual.path} (${describeCase(c)})`];
        }
        return [];
      }),
    ).toEqual([]);
  });

  it('points the Manual entry to the configured address', () => {
    const manual = visibleNavigation(MEMBER, { ...FLAGS, MANUAL: 1, MANUAL_URL: 'https://m.example/' }).find(
      (e) => e.id === 'manual',
    );
    expect(manual?.href).toBe('https://m.example/');
  });

  it('does not let the Manual address enable a console path', () => {
    const flags = { ...FLAGS, MANUAL: 1, MANUAL_URL: '/overview-manual' };
    expect(isPathEnabled('/overview-manual', MEMBER, flags)).toBe(false);
  });
});

describe('visibleNavigation: section 6, roles and permissions', () => {
  const ADMIN_ONLY = [
    'streams-monitor',
    'playout',
    'insights',
    'event-scheduler',
    'alarms',
    'reports',
    'customers',
    'system',
    'create-billing',
    'live-demo',
    'docs-admin',
  ];

  it('Main administrator: sees Monitor, Playout, Insights, Event Scheduler, Alarms, Reports, Customers, System, Create billing, LIVE Demo, admin API docs', () => {
    for (const user of [ADMIN, userOf(true, 'cus_1')]) {
      expect(ids(visibleNavigation(user, FLAGS))).toEqual(expect.arrayContaining(ADMIN_ONLY));
    }
  });

  it('Other users: only non-admin routes; customers with a payment customer id see Billing', () => {
    expect(
      mismatches((c) => {
        if (c.admin) return [];
        const leaked = ADMIN_ONLY.filter((id) => c.byId.has(id));
        const billing = c.byId.has('billing');
        return [
          ...(leaked.length ? [`admin entries ${leaked.join(',')} (${describeCase(c)})`] : []),
          ...(billing !== c.payment ? [`billing shown=${billing} (${describeCase(c)})`] : []),
        ];
      }),
    ).toEqual([]);
  });

  it('Feature flags: monitor, playout, encoder, pods, manual, API docs (and new docs) each change the sidebar', () => {
    const allOn = { ...FLAGS, MANUAL: 1, MANUAL_URL };
    const baseline = ids(visibleNavigation(ADMIN, allOn)).join(' ');
    for (const flag of FLAG_KEYS) {
      expect(ids(visibleNavigation(ADMIN, { ...allOn, [flag]: 0 })).join(' '), flag).not.toBe(baseline);
    }
  });
});

describe('visibleNavigation: inputs', () => {
  it('accepts the documented runtime defaults as flags', () => {
    expect(ids(visibleNavigation(MEMBER, RUNTIME_CONFIG_DEFAULTS))).toContain('overview');
  });

  it('treats missing options as not in login-as', () => {
    expect(visibleNavigation(ADMIN, FLAGS)).toEqual(visibleNavigation(ADMIN, FLAGS, { loginAs: false }));
    expect(visibleNavigation(ADMIN, FLAGS, {})).toEqual(visibleNavigation(ADMIN, FLAGS, { loginAs: false }));
  });

  it.each<[string, NavigationUser]>([
    ['no customer record', { profile: { isMainAdmin: false } }],
    ['a null customer record', { profile: { isMainAdmin: false }, customerObj: null }],
    ['an empty customer list', { profile: { isMainAdmin: false }, customerObj: [] }],
    ['a first customer without the field', { profile: { isMainAdmin: false }, customerObj: [{}] }],
    ['a null payment id', userOf(false, null)],
    ['an empty payment id', userOf(false, '')],
    [
      'a payment id on a later customer only (the spec reads the first item)',
      { profile: { isMainAdmin: false }, customerObj: [{}, { paymentCustomerId: 'cus_2' }] },
    ],
  ])('a user with %s has no payment customer id', (_, user) => {
    expect(ids(visibleNavigation(user, FLAGS))).not.toContain('billing');
    expect(ids(visibleNavigation({ ...user, profile: { isMainAdmin: true } }, FLAGS))).toContain(
      'billing-history',
    );
  });

  it('keeps the configuration target with its query', () => {
    const system = visibleNavigation(ADMIN, FLAGS).find((e) => e.id === 'system');
    expect(system?.children?.map((c) => c.path)).toEqual([
      '/configuration?tab=config',
      '/monitoring/channel',
    ]);
  });
});

describe('isPathEnabled', () => {
  it.each([
    ['/overview', MEMBER, FLAGS, true],
    ['/streams-live', MEMBER, FLAGS, true],
    ['/streams-live/abc', MEMBER, FLAGS, true],
    ['/streams-live/abc/kibana', MEMBER, FLAGS, true],
    ['/streams-vod/metadata', MEMBER, FLAGS, true],
    ['/streams-live/', MEMBER, FLAGS, true],
    ['/streams-live?x=1', MEMBER, FLAGS, true],
    ['/streams-liveX', MEMBER, FLAGS, false],
    ['/customer', MEMBER, FLAGS, false],
    ['/customer', ADMIN, FLAGS, true],
    ['/configuration', ADMIN, FLAGS, true],
    ['/monitoring/ch-1', ADMIN, FLAGS, true],
    ['/monitoring/ch-1', MEMBER, FLAGS, false],
    ['/pods', MEMBER, { ...FLAGS, SHOWPODS: 0 }, false],
    ['/encoder', MEMBER, { ...FLAGS, ENCODER: 0 }, false],
    ['/billing-history/billingChart', userOf(false, 'cus_1'), FLAGS, true],
    ['/billing-history', MEMBER, FLAGS, false],
    ['/documentation/cuemana-ui', MEMBER, FLAGS, true],
    ['/documentation/cuemana-ui-old', MEMBER, FLAGS, false],
    ['/documentation/cuemana-ui-admin', MEMBER, FLAGS, false],
    ['/documentation/cuemana', MEMBER, FLAGS, true],
    ['/documentation/cuemana', MEMBER, { ...FLAGS, APIDOC: 0 }, false],
    // Spec: "/cm requires login": any signed-in user who sees Campaigns; the trash too.
    ['/cm', MEMBER, FLAGS, true],
    ['/cm', ADMIN, FLAGS, true],
    ['/campaign-manager/index.deleted', MEMBER, FLAGS, true],
    ['/cmx', MEMBER, FLAGS, false],
  ] as const)('%s -> %s', (path, user, flags, enabled) => {
    expect(isPathEnabled(path, user, flags)).toBe(enabled);
  });

  it('honours login-as for the billing entries', () => {
    expect(isPathEnabled('/create-billing', ADMIN, FLAGS)).toBe(true);
    expect(isPathEnabled('/create-billing', ADMIN, FLAGS, { loginAs: true })).toBe(false);
  });

  it('lists enabled paths without queries', () => {
    expect(enabledPaths(visibleNavigation(ADMIN, FLAGS))).toContain('/configuration');
  });
});

describe('entryPath and entryLabel', () => {
  it('name an entry’s path (without its query) and its label, whoever may see it', () => {
    expect(entryPath('billing')).toBe('/billing-history');
    expect(entryLabel('billing')).toBe('Billing');
    expect(entryPath('billing-history')).toBe('/billing-history');
    expect(entryLabel('billing-history')).toBe('History');
    expect(entryPath('configuration')).toBe('/configuration');
    expect(entryLabel('billing-admin')).toBe('Billing');
  });

  it('throw for an id that is no entry (a mistake in the caller’s table)', () => {
    expect(() => entryLabel('no-such-entry')).toThrow('No sidebar entry: no-such-entry');
    expect(() => entryPath('billing-admin')).toThrow('No sidebar entry with a path: billing-admin');
  });
});
