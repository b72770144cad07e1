import { type NavigationFlags, RUNTIME_CONFIG_DEFAULTS } from '@cuepoint/core';
import sensible from '@fastify/sensible';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CustomerRow, UserRow } from '../../db/schema/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { canSeeEntry, requireNavigationEntry } from '../navigation-access.ts';

/** The server's defaults, as runtimeConfigOf(env) hands them to the routes. */
const FLAGS: NavigationFlags = RUNTIME_CONFIG_DEFAULTS;

const userRow = (isMainAdmin: boolean) => ({ id: isMainAdmin ? 'admin' : 'member', isMainAdmin }) as UserRow;
const auth = (
  isMainAdmin: boolean,
  {
    paymentCustomerId = null,
    loginAs = false,
  }: { paymentCustomerId?: string | null; loginAs?: boolean } = {},
): AuthContext => ({
  kind: 'session',
  sessionId: 's',
  familyId: 's',
  user: userRow(isMainAdmin),
  customer: { paymentCustomerId } as CustomerRow,
  signedInAdmin: loginAs ? userRow(true) : null,
  rotate: false,
});

describe('canSeeEntry', () => {
  it('reads the effective user’s admin flag', () => {
    expect(canSeeEntry(auth(true), 'alarms', FLAGS)).toBe(true);
    expect(canSeeEntry(auth(false), 'alarms', FLAGS)).toBe(false);
    expect(canSeeEntry(auth(false, { loginAs: true }), 'alarms', FLAGS)).toBe(false);
  });

  it('reads the server’s runtime flags', () => {
    expect(canSeeEntry(auth(false), 'pods', FLAGS)).toBe(true);
    expect(canSeeEntry(auth(false), 'pods', { ...FLAGS, SHOWPODS: 0 })).toBe(false);
    expect(canSeeEntry(auth(true), 'streams-monitor', { ...FLAGS, MONITOR: 0 })).toBe(false);
  });

  it('reads login-as and the customer’s payment customer id', () => {
    expect(canSeeEntry(auth(true), 'create-billing', FLAGS)).toBe(true);
    expect(canSeeEntry(auth(true, { loginAs: true }), 'create-billing', FLAGS)).toBe(false);
    expect(canSeeEntry(auth(false, { paymentCustomerId: 'cus_1' }), 'billing', FLAGS)).toBe(true);
    expect(canSeeEntry(auth(false), 'billing', FLAGS)).toBe(false);
  });
});

describe('requireNavigationEntry', () => {
  const appWith = async (who: AuthContext | null, flags = FLAGS) => {
    const app = Fastify();
    await app.register(sensible);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = who;
    });
    app.get('/pods', { onRequest: requireNavigationEntry('pods', flags, 'No pods for you') }, async () => ({
      ok: true,
    }));
    return app;
  };

  it('lets through whoever sees the entry and answers 403 with the message otherwise', async () => {
    expect((await (await appWith(auth(false))).inject('/pods')).statusCode).toBe(200);
    const hidden = await (await appWith(auth(false), { ...FLAGS, SHOWPODS: 0 })).inject('/pods');
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe('No pods for you');
  });

  it('fails closed on a route without an authenticated caller', async () => {
    expect((await (await appWith(null)).inject('/pods')).statusCode).toBe(403);
  });
});
