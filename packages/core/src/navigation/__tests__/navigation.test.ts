import { describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_DEFAULTS } from '../../config/runtime-config.ts';
import {
  enabledPaths,
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
const idsFor = (user: NavigationUser, flags: Partial<NavigationFlags> = {}, loginAs = false) =>
  ids(visibleNavigation(user, { ...FLAGS, ...flags }, { loginAs }));

describe('visibleNavigation: entries shown to everyone', () => {
  const everyone = [
    'overview',
    'streams-live',
    'streams-vod',
    'streamer-addon',
    'slates',
    'bundles',
    'placements',
    'campaigns',
    'advertisers',
    'creatives',
    'inventory',
    'user',
    'notification',
    'docs-swagger',
    'knowledge-base',
  ];
  it.each(everyone)('%s is visible to a main administrator and to any other user', (id) => {
    expect(idsFor(ADMIN)).toContain(id);
    expect(idsFor(MEMBER)).toContain(id);
  });

  it('accepts the documented runtime defaults as flags', () => {
    expect(ids(visibleNavigation(MEMBER, RUNTIME_CONFIG_DEFAULTS))).toContain('overview');
  });
});

type Case = {
  rule: string;
  id: string;
  user: NavigationUser;
  flags?: Partial<NavigationFlags>;
  loginAs?: boolean;
  shown: boolean;
};

const CASES: Case[] = [
  // Main administrator only
  ...[
    'insights',
    'event-scheduler',
    'alarms',
    'reports',
    'customers',
    'configuration',
    'monitoring',
    'live-demo',
    'docs-admin',
  ].flatMap((id): Case[] => [
    { rule: 'main admin only', id, user: ADMIN, shown: true },
    { rule: 'main admin only', id, user: MEMBER, shown: false },
  ]),
  // Monitor: main admin and MONITOR=1
  { rule: 'admin + MONITOR=1', id: 'streams-monitor', user: ADMIN, shown: true },
  { rule: 'admin + MONITOR=1', id: 'streams-monitor', user: ADMIN, flags: { MONITOR: 0 }, shown: false },
  { rule: 'admin + MONITOR=1', id: 'streams-monitor', user: MEMBER, shown: false },
  // Playout: main admin and PLAYOUT=1
  { rule: 'admin + PLAYOUT=1', id: 'playout', user: ADMIN, shown: true },
  { rule: 'admin + PLAYOUT=1', id: 'playout', user: ADMIN, flags: { PLAYOUT: 0 }, shown: false },
  { rule: 'admin + PLAYOUT=1', id: 'playout', user: MEMBER, shown: false },
  // Pods hidden when SHOWPODS is 0
  { rule: 'SHOWPODS!=0', id: 'pods', user: MEMBER, shown: true },
  { rule: 'SHOWPODS!=0', id: 'pods', user: MEMBER, flags: { SHOWPODS: 0 }, shown: false },
  { rule: 'SHOWPODS!=0', id: 'pods', user: ADMIN, flags: { SHOWPODS: 0 }, shown: false },
  // Encoder: ENCODER=1
  { rule: 'ENCODER=1', id: 'encoder', user: MEMBER, shown: true },
  { rule: 'ENCODER=1', id: 'encoder', user: MEMBER, flags: { ENCODER: 0 }, shown: false },
  // API documentation: APIDOC=1; old docs without NEWAPIDOCS, new docs with it
  { rule: 'APIDOC=1', id: 'api-documentation', user: MEMBER, shown: true },
  { rule: 'APIDOC=1', id: 'api-documentation', user: MEMBER, flags: { APIDOC: 0 }, shown: false },
  { rule: 'APIDOC=1', id: 'docs-swagger', user: ADMIN, flags: { APIDOC: 0 }, shown: false },
  { rule: 'APIDOC=1', id: 'docs-admin', user: ADMIN, flags: { APIDOC: 0 }, shown: false },
  { rule: 'NEWAPIDOCS=1', id: 'docs-new', user: MEMBER, shown: true },
  { rule: 'NEWAPIDOCS=1', id: 'docs-old', user: MEMBER, shown: false },
  { rule: 'NEWAPIDOCS!=1', id: 'docs-new', user: MEMBER, flags: { NEWAPIDOCS: 0 }, shown: false },
  { rule: 'NEWAPIDOCS!=1', id: 'docs-old', user: MEMBER, flags: { NEWAPIDOCS: 0 }, shown: true },
  // Manual: MANUAL=1 (with somewhere to go)
  { rule: 'MANUAL=1', id: 'manual', user: MEMBER, shown: false },
  {
    rule: 'MANUAL=1',
    id: 'manual',
    user: MEMBER,
    flags: { MANUAL: 1, MANUAL_URL: 'https://m.example/' },
    shown: true,
  },
  {
    rule: 'MANUAL=1',
    id: 'manual',
    user: MEMBER,
    flags: { MANUAL: 0, MANUAL_URL: 'https://m.example/' },
    shown: false,
  },
  // Billing: Create for the main admin outside login-as
  { rule: 'create billing', id: 'create-billing', user: ADMIN, shown: true },
  { rule: 'create billing', id: 'create-billing', user: ADMIN, loginAs: true, shown: false },
  { rule: 'create billing', id: 'create-billing', user: MEMBER, shown: false },
  // Billing history: main admin, not in login-as, without payment customer id
  { rule: 'billing history', id: 'billing-history', user: ADMIN, shown: true },
  { rule: 'billing history', id: 'billing-history', user: ADMIN, loginAs: true, shown: false },
  { rule: 'billing history', id: 'billing-history', user: userOf(true, 'cus_1'), shown: false },
  { rule: 'billing history', id: 'billing-history', user: MEMBER, shown: false },
  // Billing entry: a non-admin whose customer has a payment customer id
  { rule: 'billing (user)', id: 'billing', user: userOf(false, 'cus_1'), shown: true },
  { rule: 'billing (user)', id: 'billing', user: userOf(false, 'cus_1'), loginAs: true, shown: true },
  { rule: 'billing (user)', id: 'billing', user: MEMBER, shown: false },
  { rule: 'billing (user)', id: 'billing', user: { profile: { isMainAdmin: false } }, shown: false },
  { rule: 'billing (user)', id: 'billing', user: userOf(true, 'cus_1'), shown: false },
];

describe('visibleNavigation: visibility rules', () => {
  it.each(CASES)(
    '$rule: $id shown=$shown (flags $flags, login-as $loginAs)',
    ({ id, user, flags, loginAs, shown }) => {
      expect(idsFor(user, flags, loginAs).includes(id)).toBe(shown);
    },
  );

  it('drops a group whose children are all hidden', () => {
    const entries = visibleNavigation(userOf(true, 'cus_1'), FLAGS, { loginAs: true });
    expect(ids(entries)).not.toContain('billing-admin');
  });

  it('points the Manual entry to the configured address', () => {
    const manual = visibleNavigation(MEMBER, { ...FLAGS, MANUAL: 1, MANUAL_URL: 'https://m.example/' }).find(
      (e) => e.id === 'manual',
    );
    expect(manual?.href).toBe('https://m.example/');
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
    ['/cm', MEMBER, FLAGS, false],
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
