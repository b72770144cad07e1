/**
 * The authorization sweep (issue 20), generated from the OpenAPI document: every route, under
 * /api and (a sample) under /api_v1, called as seven callers: anonymous, customer A's owner,
 * customer B's owner (on A's records), a viewer of A's team, a main administrator, the
 * administrator in login-as as A's owner, and A's API token.
 *
 * The expected outcome is not read from the route: each route maps to one access rule in
 * ROUTE_RULES ('METHOD /path' below the API base), evaluated per caller with core's permission
 * and navigation functions (`actorAllows`, `isEntryVisible`) under the server's runtime flags. A
 * route of the document without a rule fails the suite, naming it, and so does a rule whose route
 * is gone.
 *
 * Authentication, the role hook and a route's sidebar-entry hook are `onRequest` hooks, so they
 * run before Fastify validates anything: an empty body is enough to see them refuse. Ownership
 * checks run in the handler, after validation, so the generic resource updates are sent a valid
 * body (the record as A's owner reads it), and the other cross-customer probes name A's real ids
 * in the path. Refusals a handler makes after validation with an empty body are covered by "never
 * 2xx": a 400 is not a 2xx.
 *
 * Assertions, per call: anonymous gets 401 on every non-public route; a caller the rule refuses
 * gets 401, 403 or 404 (never 2xx); an allowed caller never gets 401 or 403; nobody gets a 5xx;
 * customer B never gets a 2xx naming A's record, and no 2xx body to B carries an id of A's rows
 * (nor one to A's callers an id of B's), beyond the ids the request itself carried.
 *
 * Calls that would destroy the fixture (deletes, de-activating a member or the customer) are made
 * by allowed callers on a random id (their answer must still not be 401/403), and logging out
 * comes last.
 */

import { randomUUID } from 'node:crypto';
import {
  actorAllows,
  formatSpecDateTime,
  isEntryVisible,
  RESOURCE_KINDS,
  RESOURCES,
  type RoleAction,
  scheduledEventDefaults,
  type TeamRole,
} from '@cuepoint/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index.ts';
import { addCustomer, addUser, bearer, customerIdOf, signIn } from '../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../test/helpers.ts';
import { type OpenApiRoute, openApiRoutes, pathParamNames } from '../test/openapi-routes.ts';

type CallerName = 'anonymous' | 'ownerA' | 'ownerB' | 'viewerA' | 'admin' | 'loginAs' | 'tokenA';

interface Caller {
  name: CallerName;
  headers: Record<string, string>;
  signedIn: boolean;
  /** The effective user (the login-as target during login-as). */
  isMainAdmin: boolean;
  role: TeamRole;
  customer: 'A' | 'B' | 'platform' | null;
  userId: string | null;
  paymentCustomerId: string | null;
  loginAs: boolean;
  apiToken: boolean;
}

interface Rule {
  label: string;
  allows: (caller: Caller) => boolean;
}

const FLAGS_ENV = { ENCODER: '1', PLAYOUT: '1', MONITOR: '1' };
const PAYMENT_ID = { A: 'cus_sweep_a', B: 'cus_sweep_b' };

// Filled in beforeAll: the ids of the fixture and the flags of the app.
const ids = {
  customerA: '',
  customerB: '',
  ownerA: '',
  viewerA: '',
  records: {} as Record<string, string>,
  notification: '',
  alarm: '',
  alarmRule: '',
  scheduledEvent: '',
  invoice: '',
};
let flags: Parameters<typeof isEntryVisible>[2];

const navigationUser = (caller: Caller) => ({
  profile: { isMainAdmin: caller.isMainAdmin },
  customerObj: [{ paymentCustomerId: caller.paymentCustomerId }],
});
const sees = (caller: Caller, entry: string) =>
  isEntryVisible(entry, navigationUser(caller), flags, { loginAs: caller.loginAs });
const may = (caller: Caller, action: RoleAction) => caller.signedIn && actorAllows(caller, action);

// --- The rules -----------------------------------------------------------------------------------

const PUBLIC: Rule = { label: 'public', allows: () => true };
/** Any signed-in caller whose role allows the action. */
const signedIn = (action: RoleAction): Rule => ({
  label: `signed-in (${action})`,
  allows: (c) => may(c, action),
});
/** A caller who sees the sidebar entry, and whose role allows the action. */
const entry = (id: string, action: RoleAction): Rule => ({
  label: `entry ${id} (${action})`,
  allows: (c) => may(c, action) && sees(c, id),
});
/** A record of customer A named in the path: the entry's rule, for A's users or an administrator. */
const recordOfA = (id: string, action: RoleAction): Rule => ({
  label: `A's record behind ${id} (${action})`,
  allows: (c) => may(c, action) && sees(c, id) && (c.isMainAdmin || c.customer === 'A'),
});
/** Customer A's own account (its id in the path or query): its users, or a main administrator. */
const customerA = (action: RoleAction): Rule => ({
  label: `customer A's account (${action})`,
  allows: (c) => may(c, action) && (c.isMainAdmin || c.customer === 'A'),
});
/** A's owner's own user record: that user (acting through login-as or its token too), or an administrator. */
const userOwnerA = (action: RoleAction): Rule => ({
  label: `A's owner's own user (${action})`,
  allows: (c) => may(c, action) && (c.isMainAdmin || c.userId === ids.ownerA),
});
/** A's owner's own rows (notifications): only that user, an administrator neither. */
const ownRowsOfOwnerA: Rule = {
  label: "A's owner's own rows (self)",
  allows: (c) => c.userId === ids.ownerA,
};
/** A member of A's team: the team is the caller's customer's, so only A's users reach it. */
const teamOfA = (action: RoleAction): Rule => ({
  label: `A's team (${action})`,
  allows: (c) => may(c, action) && sees(c, 'user') && c.customer === 'A',
});
/** The API token of A: switched by A's own users in a console session (login-as included). */
const apiTokenOfA: Rule = {
  label: "A's API token (manage, A's users in a session)",
  allows: (c) => may(c, 'manage') && c.customer === 'A' && !c.apiToken,
};
/** De-activating the caller's account: its owner, signed in itself (no administrator, login-as or token). */
const deactivateOwnAccount: Rule = {
  label: 'own account, own session (manage)',
  allows: (c) => may(c, 'manage') && !c.isMainAdmin && !c.loginAs && !c.apiToken,
};
/** The event scheduler's trigger: who sees the entry, or A's API token on A's event. */
const schedulerOrTokenOfA: Rule = {
  label: 'entry event-scheduler or A’s API token (write)',
  allows: (c) => may(c, 'write') && (sees(c, 'event-scheduler') || (c.apiToken && c.customer === 'A')),
};

/** Invoices: the administrator (Create billing) or a billing customer (Billing), each its own. */
const billingReader: Rule = {
  label: 'entry create-billing or billing (read)',
  allows: (c) => may(c, 'read') && (sees(c, 'create-billing') || sees(c, 'billing')),
};
const invoiceOfA: Rule = {
  label: "A's issued invoice: entry create-billing, or billing for A's users (read)",
  allows: (c) => may(c, 'read') && (sees(c, 'create-billing') || (sees(c, 'billing') && c.customer === 'A')),
};

/** The generic resource routes, one rule each, from core's registry (path and sidebar entry). */
function resourceRules(): Record<string, Rule> {
  const rules: Record<string, Rule> = {};
  for (const kind of RESOURCE_KINDS) {
    const { apiPath, navigationEntry: nav, restorable } = RESOURCES[kind];
    rules[`GET ${apiPath}`] = entry(nav, 'read');
    rules[`POST ${apiPath}`] = entry(nav, 'write');
    rules[`GET ${apiPath}/{id}`] = recordOfA(nav, 'read');
    rules[`PUT ${apiPath}/{id}`] = recordOfA(nav, 'write');
    rules[`POST ${apiPath}/{id}`] = recordOfA(nav, 'write');
    rules[`DELETE ${apiPath}/{id}`] = recordOfA(nav, 'write');
    if (restorable) {
      rules[`GET ${apiPath}/deleted`] = entry(nav, 'read');
      rules[`POST ${apiPath}/{id}/restore`] = recordOfA(nav, 'write');
    }
  }
  return rules;
}

/** Every route's rule, keyed 'METHOD /path' below the API base. */
const ROUTE_RULES: Record<string, Rule> = {
  // Public: no caller is refused.
  'GET /health': PUBLIC,
  'POST /auth/signup': PUBLIC,
  'POST /auth/mpsignup': PUBLIC,
  'POST /auth/activate': PUBLIC,
  'POST /auth/resend-activation': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/reset-password': PUBLIC,
  'POST /auth/new-password': PUBLIC,
  'GET /logo/login': PUBLIC,
  'POST /team/accept-invite': PUBLIC,
  // The caller's own session and account.
  'GET /auth/canBeDeactivated': signedIn('read'),
  'POST /auth/deactivateAccount': deactivateOwnAccount,
  'POST /auth/logout': signedIn('self'),
  'GET /user/getUser/{id}': userOwnerA('read'),
  'PUT /user/editUser/{id}': userOwnerA('self'),
  'GET /customer/getCustomer/{id}': customerA('read'),
  'PUT /customer/editCustomer/{id}': customerA('manage'),
  'POST /customer/generateToken/{id}': apiTokenOfA,
  'GET /overview/summary': signedIn('read'),
  'GET /billing/getPaymentPlans': signedIn('read'),
  'GET /country/getTimeZones': signedIn('read'),
  'GET /logo/updateLogo': customerA('read'),
  // The team (the caller's customer's; the path names A's viewer).
  'GET /team/members': entry('user', 'read'),
  'POST /team/members': entry('user', 'manage'),
  'POST /team/members/{id}/role': teamOfA('manage'),
  'POST /team/members/{id}/deactivate': teamOfA('manage'),
  'POST /team/members/{id}/reactivate': teamOfA('manage'),
  'POST /team/members/{id}/resend-invite': teamOfA('manage'),
  // Notifications: the caller's own (the path names one of A's owner's).
  'GET /notification/notifications': signedIn('self'),
  'GET /notification/unread-count': signedIn('self'),
  'PUT /notification/notifications/{id}/read': ownRowsOfOwnerA,
  'POST /notification/notifications/read-all': signedIn('self'),
  'GET /notification/preferences': signedIn('self'),
  'PUT /notification/preferences': signedIn('self'),
  // The main administrator's review of customers (the Customers entry: not during login-as).
  'GET /user/search': entry('customers', 'read'),
  'GET /customer/customers': entry('customers', 'read'),
  'GET /customer/customers/{id}': entry('customers', 'read'),
  'POST /customer/customers/{id}': entry('customers', 'write'),
  'POST /customer/reject/{id}': entry('customers', 'write'),
  'POST /customer/activate/{id}': entry('customers', 'write'),
  'POST /customer/deactivate/{id}': entry('customers', 'write'),
  'GET /customer/pending': entry('customers', 'read'),
  'GET /customer/plan-changes': entry('customers', 'read'),
  'POST /customer/approve/{id}': entry('customers', 'write'),
  // Alarms (the Alarms entry).
  'GET /alarm/alarms': entry('alarms', 'read'),
  'POST /alarm/alarms': entry('alarms', 'write'),
  'POST /alarm/alarms/{id}/acknowledge': entry('alarms', 'write'),
  'GET /alarm/rules': entry('alarms', 'read'),
  'POST /alarm/rules': entry('alarms', 'write'),
  'GET /alarm/customers': entry('alarms', 'read'),
  'PUT /alarm/rules/{id}': entry('alarms', 'write'),
  'DELETE /alarm/rules/{id}': entry('alarms', 'write'),
  // Demand reports.
  'GET /demand/inventory': entry('inventory', 'read'),
  'GET /demand/insights': entry('insights', 'read'),
  // Resources: the generic routes, uploads, the event log, creatives and campaigns.
  ...resourceRules(),
  'POST /ssai/slate/upload': entry('slates', 'write'),
  'POST /ssai/creative/upload': entry('creatives', 'write'),
  'GET /events': signedIn('read'),
  'GET /ssai/creative/{id}/conditioning': recordOfA('creatives', 'read'),
  'GET /ssai/creative/conditioning': entry('creatives', 'read'),
  'GET /ssai/campaign-delivery': entry('campaigns', 'read'),
  // A stream's ad breaks (the query names A's live stream).
  'GET /playback/breaks': recordOfA('streams-live', 'read'),
  'GET /playback/breaks/{availId}': recordOfA('streams-live', 'read'),
  // The event scheduler.
  'GET /schedule/events': entry('event-scheduler', 'read'),
  'POST /schedule/events': entry('event-scheduler', 'write'),
  'GET /schedule/events/{id}': entry('event-scheduler', 'read'),
  'PUT /schedule/events/{id}': entry('event-scheduler', 'write'),
  'DELETE /schedule/events/{id}': entry('event-scheduler', 'write'),
  'POST /schedule/events/{id}/trigger': schedulerOrTokenOfA,
  // Monitoring, playout and the platform configuration (administrators).
  'GET /monitoring/channels': entry('streams-monitor', 'read'),
  'GET /monitoring/series/{id}': entry('monitoring', 'read'),
  'GET /playout/channels': entry('playout', 'read'),
  'POST /playout/channels/{id}/start': entry('playout', 'write'),
  'POST /playout/channels/{id}/stop': entry('playout', 'write'),
  'GET /config/get': entry('configuration', 'read'),
  'PUT /config/save': entry('configuration', 'write'),
  'GET /config/versions': entry('configuration', 'read'),
  'GET /config/versions/{version}': entry('configuration', 'read'),
  'GET /config/compare': entry('configuration', 'read'),
  'POST /config/restore': entry('configuration', 'write'),
  // Reports (the Reports entry); saved reports are platform-wide (no customer).
  'GET /reports/run': entry('reports', 'read'),
  'GET /reports/saved': entry('reports', 'read'),
  'POST /reports/saved': entry('reports', 'write'),
  'GET /reports/saved/{id}': entry('reports', 'read'),
  'PUT /reports/saved/{id}': entry('reports', 'write'),
  'DELETE /reports/saved/{id}': entry('reports', 'write'),
  // Billing: the administrator's Create entry, a billing customer's Billing entry (its own
  // issued invoices), and Stripe's webhook (public, signed by Stripe).
  'POST /billing/stripe/webhook': PUBLIC,
  'GET /billing/usage': entry('create-billing', 'read'),
  'GET /billing/my-usage': entry('billing', 'read'),
  'POST /billing/invoices/preview': entry('create-billing', 'write'),
  'GET /billing/invoices': billingReader,
  'POST /billing/invoices': entry('create-billing', 'write'),
  'GET /billing/invoices/{id}': invoiceOfA,
  'PUT /billing/invoices/{id}': entry('create-billing', 'write'),
  'DELETE /billing/invoices/{id}': entry('create-billing', 'write'),
  'POST /billing/invoices/{id}/issue': entry('create-billing', 'write'),
  'POST /billing/invoices/{id}/credit-notes': entry('create-billing', 'write'),
  'POST /billing/invoices/{id}/payments': entry('create-billing', 'write'),
  'GET /billing/invoices/{id}/pdf': invoiceOfA,
  'GET /billing/chart': entry('create-billing', 'read'),
};

/**
 * Valid bodies for the routes whose refusal of a caller happens in the handler (after
 * validation): with an empty body every caller would get the validator's 400 and the refusal
 * would not be seen. (The generic resource updates get A's record: see `callOf`.)
 */
const BODIES: Record<string, () => Record<string, unknown>> = {
  'PUT /user/editUser/{id}': () => ({
    firstName: 'Dana',
    lastName: 'Demo',
    mobilePhone: '+1 555 0100',
    country: 'US',
  }),
  'POST /team/members/{id}/role': () => ({ role: 'viewer' }),
  'POST /customer/generateToken/{id}': () => ({ enableAPI: true, customerId: ids.customerA }),
  'PUT /notification/notifications/{id}/read': () => ({ read: true }),
};
/** Optional query parameters a route's rule is about (naming customer A). */
const QUERIES: Record<string, () => Record<string, string>> = {
  'GET /logo/updateLogo': () => ({ customerId: ids.customerA }),
};

/** Calls made last (they end the caller's session). */
const LAST = new Set(['POST /auth/logout']);
/** Calls that would destroy the fixture when allowed: an allowed caller names a random id. */
const DESTRUCTIVE = (key: string) =>
  key.startsWith('DELETE ') ||
  key === 'POST /team/members/{id}/deactivate' ||
  key === 'POST /customer/deactivate/{id}' ||
  key === 'POST /customer/reject/{id}' ||
  // Switching A's API token on again would replace the token the sweep calls with.
  key === 'POST /customer/generateToken/{id}';

// --- Filling a route in ----------------------------------------------------------------------------

/** The id a path parameter names: one of customer A's rows, or undefined (a random id). */
function pathId(route: OpenApiRoute, name: string): string | undefined {
  const { path } = route;
  if (name === 'version') return '1';
  if (name === 'availId') return undefined;
  for (const kind of RESOURCE_KINDS) {
    const base = RESOURCES[kind].apiPath;
    if (path.startsWith(`${base}/{id}`)) return ids.records[kind];
  }
  if (path.startsWith('/user/')) return ids.ownerA;
  if (path.startsWith('/team/members/')) return ids.viewerA;
  if (path.startsWith('/customer/')) return ids.customerA;
  if (path.startsWith('/alarm/alarms/')) return ids.alarm;
  if (path.startsWith('/alarm/rules/')) return ids.alarmRule;
  if (path.startsWith('/notification/notifications/')) return ids.notification;
  if (path.startsWith('/schedule/events/')) return ids.scheduledEvent;
  if (path.startsWith('/monitoring/series/')) return ids.records.liveStream;
  if (path.startsWith('/billing/invoices/')) return ids.invoice;
  return undefined;
}

/** A value for a required query parameter (and customerId, which names customer A). */
function queryValue(name: string, schema: { enum?: unknown[]; type?: unknown } | undefined): string {
  switch (name) {
    case 'kind':
      return 'liveStream';
    case 'resourceId':
    case 'streamId':
      return ids.records.liveStream ?? '';
    case 'ids':
      return ids.records.creative ?? '';
    case 'customerId':
      return ids.customerA;
    case 'cluster':
      return 'default';
    default:
      if (schema?.enum?.length) return String(schema.enum[0]);
      return schema?.type === 'integer' || schema?.type === 'number' ? '1' : 'x';
  }
}

interface Call {
  route: OpenApiRoute;
  url: string;
  payload?: Record<string, unknown>;
  /** The A ids the request itself names (an answer may echo them). */
  named: string[];
  /** Whether the path names a record of customer A (not a random id). */
  namesRecordOfA: boolean;
}

const replayBodies = new Map<string, Record<string, unknown>>();

function callOf(route: OpenApiRoute, base: string, random: boolean): Call {
  const named: string[] = [];
  let namesRecordOfA = false;
  let path = route.path;
  for (const name of pathParamNames(route.path)) {
    const real = random || name === 'version' ? undefined : pathId(route, name);
    if (real && name !== 'version') {
      named.push(real);
      namesRecordOfA = true;
    }
    path = path.replace(`{${name}}`, name === 'version' ? '1' : (real ?? randomUUID()));
  }
  const query = new URLSearchParams();
  for (const parameter of route.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    const value = queryValue(parameter.name, parameter.schema);
    query.set(parameter.name, value);
    named.push(value);
    if (route.path.startsWith('/playback/')) namesRecordOfA = true;
  }
  for (const [name, value] of Object.entries(QUERIES[route.key]?.() ?? {})) {
    query.set(name, value);
    named.push(value);
  }
  const url = `${base}${path}${query.size ? `?${query}` : ''}`;
  // The generic resource updates get the record as A's owner read it (valid: the handler runs).
  const kind = RESOURCE_KINDS.find((k) => route.path === `${RESOURCES[k].apiPath}/{id}`);
  const replay = kind && !random && (route.method === 'PUT' || route.method === 'POST');
  const payload = replay ? replayBodies.get(kind) : BODIES[route.key]?.();
  return {
    route,
    url,
    ...(payload ? { payload } : {}),
    named,
    namesRecordOfA,
  };
}

// --- The sweep --------------------------------------------------------------------------------------

describe('authorization sweep (every route of the OpenAPI document, seven callers)', () => {
  let app: TestApp;
  let routes: OpenApiRoute[];
  const callers: Caller[] = [];
  /** uuid-shaped ids of every row of customer A (and B) in any table with a customer_id. */
  const idsOf: { A: Set<string>; B: Set<string> } = { A: new Set(), B: new Set() };
  let calls = 0;
  const failures: string[] = [];

  const inject = async (caller: Caller, call: Call) => {
    calls++;
    return app.inject({
      method: call.route.method as 'GET',
      url: call.url,
      headers: caller.headers,
      ...(call.payload ? { payload: call.payload } : {}),
    });
  };

  const check = async (caller: Caller, call: Call, rule: Rule) => {
    const res = await inject(caller, call);
    const status = res.statusCode;
    const where = `${caller.name} ${call.route.method} ${call.url} (${rule.label}) -> ${status} ${res.body.slice(0, 160)}`;
    const allowed = rule.allows(caller);
    if (status >= 500) failures.push(`5xx: ${where}`);
    else if (caller.name === 'anonymous' && rule !== PUBLIC && status !== 401)
      failures.push(`anonymous not 401: ${where}`);
    else if (allowed && (status === 401 || status === 403)) failures.push(`allowed but refused: ${where}`);
    else if (!allowed && ![401, 403, 404].includes(status))
      failures.push(`refused but not 401/403/404: ${where}`);
    if (caller.customer === 'B' && call.namesRecordOfA && status < 300)
      failures.push(`B reached A's record: ${where}`);
    if (status >= 200 && status < 300) {
      const other = caller.customer === 'B' ? idsOf.A : caller.customer === 'A' ? idsOf.B : undefined;
      for (const id of other ?? []) {
        if (res.body.includes(id) && !call.named.includes(id))
          failures.push(`${caller.name} sees ${caller.customer === 'B' ? "A's" : "B's"} id ${id}: ${where}`);
      }
    }
  };

  beforeAll(async () => {
    app = await testApp({ env: FLAGS_ENV });
    flags = app.runtimeConfig;
    ids.customerA = await customerIdOf(app, 'demo-broadcasting');
    // Enterprise, so A has an API token and nothing of the sweep is a plan refusal.
    // Billing customers (a payment customer id: the Billing entry), before anyone signs in.
    await app.db
      .update(customers)
      .set({ paymentPlan: 'enterprise', paymentCustomerId: PAYMENT_ID.A })
      .where(eq(customers.id, ids.customerA));
    const admin = await loginAs(app, 'admin');
    const ownerA = await loginAs(app, 'customer');
    ids.ownerA = ownerA.userId;
    ids.viewerA = await addUser(app, {
      customerId: ids.customerA,
      email: 'sweep.viewer.a@example.com',
      role: 'viewer',
    });
    const viewerA = await signIn(app, 'sweep.viewer.a@example.com');
    ids.customerB = await addCustomer(app, {
      name: 'Sweep B',
      subDomainName: 'sweep-b',
      paymentPlan: 'enterprise',
      paymentCustomerId: PAYMENT_ID.B,
    });
    const ownerBId = await addUser(app, { customerId: ids.customerB, email: 'sweep.owner.b@example.com' });
    const ownerB = await signIn(app, 'sweep.owner.b@example.com');
    const adminSession = await signIn(app, 'admin@cuepoint.example', 'Cuepoint#Admin1');

    const token = await app.inject({
      method: 'POST',
      url: `/api/customer/generateToken/${ids.customerA}`,
      headers: ownerA.headers,
      payload: { enableAPI: true, customerId: ids.customerA },
    });
    expect(token.statusCode, token.body).toBe(200);
    const apiToken = (token.json() as { apiToken: string }).apiToken;
    expect(apiToken).toMatch(/^cpk_/);

    // One record of each kind of A (the seed's), and the body A's owner would save it with.
    for (const kind of RESOURCE_KINDS) {
      const list = await app.inject({
        url: `/api${RESOURCES[kind].apiPath}?pageSize=10`,
        headers: ownerA.headers,
      });
      expect(list.statusCode, `${kind}: ${list.body}`).toBe(200);
      const first = (list.json() as { data: { _id: string }[] }).data[0];
      expect(first, `the seed has a ${kind} of A`).toBeDefined();
      ids.records[kind] = first!._id;
      const record = (
        await app.inject({ url: `/api${RESOURCES[kind].apiPath}/${first!._id}`, headers: ownerA.headers })
      ).json() as Record<string, unknown>;
      const { _id, customerId, customerName, createdAt, updatedAt, updatedBy, ...body } = record;
      replayBodies.set(kind, body);
    }
    // B's own live stream (so B's account is not empty), made from A's with its references dropped.
    const bStream = await app.inject({
      method: 'POST',
      url: '/api/ssai/ds',
      headers: ownerB.headers,
      payload: { name: 'B stream', sourceStreamUrl: 'http://10.0.0.2/live/' },
    });
    expect(bStream.statusCode, bStream.body).toBe(201);

    // An alarm about A (it notifies A's users: one notification of A's owner), a scheduled event.
    const alarm = await app.inject({
      method: 'POST',
      url: '/api/alarm/alarms',
      headers: admin.headers,
      payload: {
        severity: 'CRITICAL',
        type: 'sweep',
        name: 'Sweep alarm',
        message: 'm',
        customerId: ids.customerA,
      },
    });
    expect(alarm.statusCode, alarm.body).toBeLessThan(300);
    const rows = async (table: string, where = sql`customer_id = ${ids.customerA}`) =>
      (
        (await app.db.execute(
          sql`select id::text as id from ${sql.identifier(table)} where ${where} limit 1`,
        )) as {
          rows: { id: string }[];
        }
      ).rows;
    ids.alarm = (await rows('alarms'))[0]!.id;
    ids.alarmRule = (await rows('alarm_rules'))[0]!.id;
    ids.notification = (await rows('notifications', sql`user_id = ${ids.ownerA}`))[0]!.id;
    // An issued invoice of A (a customer reads only its issued ones).
    const invoice = await app.inject({
      method: 'POST',
      url: '/api/billing/invoices',
      headers: admin.headers,
      payload: { customerId: ids.customerA, month: '2026-10' },
    });
    expect(invoice.statusCode, invoice.body).toBeLessThan(300);
    ids.invoice = (invoice.json() as { id: string }).id;
    const issued = await app.inject({
      method: 'POST',
      url: `/api/billing/invoices/${ids.invoice}/issue`,
      headers: admin.headers,
    });
    expect(issued.statusCode, issued.body).toBeLessThan(300);
    const now = Date.now();
    const event = await app.inject({
      method: 'POST',
      url: '/api/schedule/events',
      headers: admin.headers,
      payload: {
        ...scheduledEventDefaults(now),
        name: 'Sweep event',
        streamId: ids.records.liveStream,
        fixedTimes: [formatSpecDateTime(Math.ceil(now / 60_000) * 60_000 + 600_000)],
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    ids.scheduledEvent = (event.json() as { _id: string })._id;

    // Every uuid-shaped id of each customer's rows, in every table with a customer_id.
    const tables = (
      (await app.db.execute(
        sql`select c.table_name from information_schema.columns c
            join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
            where c.table_schema = 'public' and c.column_name = 'customer_id'`,
      )) as { rows: { table_name: string }[] }
    ).rows;
    for (const { table_name } of tables) {
      for (const [who, customerId] of [
        ['A', ids.customerA],
        ['B', ids.customerB],
      ] as const) {
        const found = (
          (await app.db.execute(
            sql`select id::text as id from ${sql.identifier(table_name)} where customer_id = ${customerId}`,
          )) as { rows: { id: string }[] }
        ).rows;
        for (const { id } of found) if (/^[0-9a-f-]{36}$/.test(id)) idsOf[who].add(id);
      }
    }
    idsOf.A.add(ids.customerA);
    idsOf.B.add(ids.customerB);

    const platformRow = await app.db
      .select()
      .from(customers)
      .where(eq(customers.id, await customerIdOf(app, 'platform')));
    const base = {
      signedIn: true,
      isMainAdmin: false,
      role: 'owner' as TeamRole,
      paymentCustomerId: null as string | null,
      loginAs: false,
      apiToken: false,
    };
    const a = { ...base, customer: 'A' as const, paymentCustomerId: PAYMENT_ID.A };
    callers.push(
      { ...base, name: 'anonymous', headers: {}, signedIn: false, customer: null, userId: null },
      { ...a, name: 'ownerA', headers: ownerA.headers, userId: ids.ownerA },
      {
        ...base,
        name: 'ownerB',
        headers: ownerB.headers,
        customer: 'B',
        userId: ownerBId,
        paymentCustomerId: PAYMENT_ID.B,
      },
      { ...a, name: 'viewerA', headers: viewerA.headers, role: 'viewer', userId: ids.viewerA },
      {
        ...base,
        name: 'admin',
        headers: adminSession.headers,
        isMainAdmin: true,
        customer: 'platform',
        userId: adminSession.userId,
        paymentCustomerId: platformRow[0]!.paymentCustomerId,
      },
      {
        ...a,
        name: 'loginAs',
        headers: { ...admin.headers, 'login-as': ids.ownerA },
        userId: ids.ownerA,
        loginAs: true,
      },
      { ...a, name: 'tokenA', headers: bearer(apiToken), userId: ids.ownerA, apiToken: true },
    );
    routes = await openApiRoutes(app);
  });

  afterAll(async () => {
    console.log(`authorization sweep: ${calls} calls`);
    await app?.close();
  });

  it('has a rule for every route of the OpenAPI document, and none for a route that is gone', () => {
    const keys = new Set(routes.map((r) => r.key));
    const missing = [...keys].filter((k) => !(k in ROUTE_RULES));
    const stale = Object.keys(ROUTE_RULES).filter((k) => !keys.has(k));
    expect(missing, `routes without an entry in ROUTE_RULES: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `ROUTE_RULES entries for routes that no longer exist: ${stale.join(', ')}`).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('the callers are who the rules think they are', async () => {
    for (const caller of callers.filter((c) => c.signedIn)) {
      const res = await app.inject({ url: `/api/user/getUser/${caller.userId}`, headers: caller.headers });
      calls++;
      expect(res.statusCode, caller.name).toBe(200);
      const user = res.json() as { _id: string; profile?: { isMainAdmin?: boolean } };
      expect(user._id, caller.name).toBe(caller.userId);
    }
  });

  it('answers every route, /api, as each rule says', { timeout: 240_000 }, async () => {
    for (const last of [false, true]) {
      for (const caller of callers) {
        for (const route of routes) {
          if (LAST.has(route.key) !== last) continue;
          const rule = ROUTE_RULES[route.key];
          if (!rule) continue;
          const random = DESTRUCTIVE(route.key) && rule.allows(caller);
          await check(caller, callOf(route, '/api', random), rule);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a sample of the routes under /api_v1 alike', { timeout: 120_000 }, async () => {
    // Not logging out: the sessions ended with the /api sweep; new ones for the sample.
    const fresh = {
      ownerA: (await signIn(app, 'demo@cuepoint.example', 'Cuepoint#Demo1')).headers,
      ownerB: (await signIn(app, 'sweep.owner.b@example.com')).headers,
      viewerA: (await signIn(app, 'sweep.viewer.a@example.com')).headers,
      admin: (await signIn(app, 'admin@cuepoint.example', 'Cuepoint#Admin1')).headers,
    } as Record<string, Record<string, string>>;
    calls += 4;
    const sample = routes.filter((r, i) => i % 4 === 0 && !LAST.has(r.key));
    for (const caller0 of callers) {
      const headers =
        caller0.name === 'loginAs'
          ? { ...fresh.admin!, 'login-as': ids.ownerA }
          : (fresh[caller0.name] ?? caller0.headers);
      const caller = { ...caller0, headers };
      for (const route of sample) {
        const rule = ROUTE_RULES[route.key];
        if (!rule) continue;
        const random = DESTRUCTIVE(route.key) && rule.allows(caller);
        await check(caller, callOf(route, '/api_v1', random), rule);
      }
    }
    expect(failures).toEqual([]);
  });

  it('customer B sees none of A’s rows when it names A as the customer (customerId)', async () => {
    const ownerB = callers.find((c) => c.name === 'ownerB')!;
    const headers = (await signIn(app, 'sweep.owner.b@example.com')).headers;
    calls++;
    let probed = 0;
    for (const route of routes.filter((r) => r.method === 'GET')) {
      if (!route.parameters.some((p) => p.in === 'query' && p.name === 'customerId')) continue;
      const call = callOf(route, '/api', false);
      const url = `${call.url}${call.url.includes('?') ? '&' : '?'}customerId=${ids.customerA}`;
      const res = await inject({ ...ownerB, headers }, { ...call, url });
      probed++;
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode < 300)
        for (const id of idsOf.A)
          if (!call.named.includes(id) && id !== ids.customerA)
            expect(res.body.includes(id), `${url} shows ${id}`).toBe(false);
    }
    expect(probed).toBeGreaterThan(10);
  });
});
