/**
 * Who may call the generic resource routes, for each of the eleven resources: a customer's users
 * see and change only their account's rows (another account's are 404, never 403), a main
 * administrator every account's (or one's, with customerId) and may create for a customer;
 * login-as and API tokens act within their account; no token is 401; ENCODER=0 hides the encoder
 * API (403).
 */
import { generateTokenResponseSchema, RESOURCE_KINDS, RESOURCE_TEXTS, RESOURCES } from '@cuepoint/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceEvents } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { bearer, customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import {
  countRows,
  createRefs,
  createVia,
  minimalPayload,
  NEEDS_REFS,
  type Payload,
  type Refs,
  type ResourceClient,
  resourceClient,
  samplePayload,
  snapshot,
  storedRow,
} from './resource-fixtures.ts';

const RANDOM_ID = '5c0f3b9e-2d7a-4e61-8f3c-9a1b2c3d4e5f';
const ids = (res: { json: () => { data: { _id: string }[] } }) =>
  res
    .json()
    .data.map((r) => r._id)
    .sort();

describe('who may call the resource routes', () => {
  let app: TestApp;
  let encoderOff: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  let demoId: string;
  let platformId: string;
  let demoApi: ResourceClient;
  let demoRefs: Required<Refs>;
  let other: TestAccount;
  let otherApi: ResourceClient;
  let otherRefs: Required<Refs>;
  let enterprise: TestAccount;
  let apiToken: string;
  let serial = 0;
  const unique = (text: string) => `${text} ${++serial}`;

  beforeAll(async () => {
    app = await testApp();
    // The same database, served with the encoder switched off.
    encoderOff = await testApp({ env: { ENCODER: '0' }, database: app.database });
    admin = await loginAs(app, 'admin');
    demo = await loginAs(app, 'customer');
    demoId = await customerIdOf(app, 'demo-broadcasting');
    platformId = await customerIdOf(app, 'platform');
    demoApi = resourceClient(app, demo.headers);
    demoRefs = await createRefs(demoApi, 'Demo access');
    other = await createAccount(app);
    otherApi = resourceClient(app, other.headers);
    otherRefs = await createRefs(otherApi, 'Other access');
    enterprise = await createAccount(app, { customer: { paymentPlan: 'enterprise' } });
    const token = await app.inject({
      method: 'POST',
      url: `/api/customer/generateToken/${enterprise.customer.id}`,
      payload: { enableAPI: true, customerId: enterprise.customer.id },
      headers: enterprise.headers,
    });
    apiToken = generateTokenResponseSchema.parse(token.json()).apiToken!;
  });
  afterAll(async () => {
    await encoderOff?.close();
    await app?.close();
  });

  const lastEvent = async (resourceId: string) =>
    (
      await app.db
        .select()
        .from(resourceEvents)
        .where(eq(resourceEvents.resourceId, resourceId))
        .orderBy(desc(resourceEvents.id))
        .limit(1)
    )[0]!;

  describe.each(RESOURCE_KINDS)('%s', (kind) => {
    const { label } = RESOURCES[kind];
    const payloadFor = (refs: Refs) => samplePayload(kind, unique(`Access ${kind}`), refs);

    it('another account’s user sees only its own rows and gets 404 (not 403) for the demo’s, changing nothing', async () => {
      const own = await createVia(otherApi, kind, payloadFor(otherRefs));
      const demoRow = await createVia(demoApi, kind, payloadFor(demoRefs));
      const listed = await otherApi.list(kind, { pageSize: 'All' });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().total).toBe(await countRows(app, kind, other.customer.id));
      expect(ids(listed)).toContain(own._id);
      expect(ids(listed)).not.toContain(demoRow._id);
      for (const row of listed.json().data) expect(row.customerId).toBe(other.customer.id);
      // Naming the demo account changes nothing for a non-administrator's list.
      expect(ids(await otherApi.list(kind, { pageSize: 'All', customerId: demoId }))).toEqual(ids(listed));
      expect(ids(await otherApi.list(kind, { pageSize: 'All', q: String(demoRow.name) }))).toEqual([]);

      const stored = await storedRow(app, kind, demoRow._id);
      const before = await snapshot(app);
      for (const res of [
        await otherApi.get(kind, demoRow._id),
        await otherApi.update(kind, demoRow._id, { name: unique('Hijacked'), version: 1 }),
        await otherApi.replace(kind, demoRow._id, {
          ...minimalPayload(kind, unique('Hijacked'), otherRefs),
          version: 1,
        }),
        await otherApi.remove(kind, demoRow._id),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, message: RESOURCE_TEXTS.notFound(label) });
      }
      expect(await snapshot(app)).toEqual(before);
      expect(await storedRow(app, kind, demoRow._id)).toEqual(stored);
      expect((await demoApi.get(kind, demoRow._id)).statusCode).toBe(200);
    });

    it('refuses a non-administrator naming another customer on create (400 on customerId), writing nothing', async () => {
      const before = await snapshot(app);
      for (const customerId of [other.customer.id, RANDOM_ID]) {
        const res = await demoApi.create(kind, payloadFor(demoRefs), { customerId });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([
          { field: 'customerId', message: RESOURCE_TEXTS.customerNotAllowed },
        ]);
      }
      expect(await snapshot(app)).toEqual(before);
      // Naming its own account is fine.
      const own = await demoApi.create(kind, payloadFor(demoRefs), { customerId: demoId });
      expect(own.statusCode).toBe(201);
      expect(own.json().customerId).toBe(demoId);
    });

    it('gives a main administrator every account’s rows, or one account’s with customerId', async () => {
      const api = resourceClient(app, admin.headers);
      const all = await api.list(kind, { pageSize: 'All' });
      expect(all.statusCode).toBe(200);
      expect(all.json().total).toBe(await countRows(app, kind));
      const customers = new Set(all.json().data.map((r: Payload) => r.customerId));
      expect(customers).toContain(demoId);
      expect(customers).toContain(other.customer.id);
      for (const customerId of [demoId, other.customer.id]) {
        const one = await api.list(kind, { pageSize: 'All', customerId });
        expect(one.json().total).toBe(await countRows(app, kind, customerId));
        expect(ids(one)).toEqual(
          ids(
            await resourceClient(app, customerId === demoId ? demo.headers : other.headers).list(kind, {
              pageSize: 'All',
            }),
          ),
        );
      }
      expect((await api.list(kind, { customerId: RANDOM_ID })).json()).toEqual({ data: [], total: 0 });
    });

    it('names each listed row’s customer (the administrator’s list shows whose each row is)', async () => {
      await createVia(otherApi, kind, minimalPayload(kind, unique('Named customer'), otherRefs));
      const all = await resourceClient(app, admin.headers).list(kind, { pageSize: 'All' });
      const names = new Map(all.json().data.map((r: Payload) => [r.customerId, r.customerName]));
      expect(names.get(other.customer.id)).toBe(other.customer.name);
      const demoName = (await otherApi.list(kind)).json().data[0]?.customerName;
      expect(demoName).toBe(other.customer.name);
      // A customer's own list names its own account on every row, and nothing else leaks.
      const own = await demoApi.list(kind, { pageSize: 'All' });
      const ownNames = new Set(own.json().data.map((r: Payload) => r.customerName));
      expect(ownNames).toEqual(new Set([names.get(demoId)]));
      expect(typeof names.get(demoId)).toBe('string');
      // A single record's answer stays as it was (the name is the list's).
      const one = await demoApi.get(kind, own.json().data[0]._id);
      expect(one.json()).not.toHaveProperty('customerName');
    });

    it('lets a main administrator create for a customer, and read, update and delete any customer’s rows', async () => {
      const api = resourceClient(app, admin.headers);
      const created = await api.create(kind, payloadFor(demoRefs), { customerId: demoId });
      expect(created.statusCode).toBe(201);
      const row = created.json();
      expect(row).toMatchObject({ customerId: demoId, version: 1, updatedBy: DEMO_ACCOUNTS.admin.email });
      expect(await lastEvent(row._id)).toMatchObject({
        action: 'created',
        customerId: demoId,
        actor: DEMO_ACCOUNTS.admin.email,
        actingAdmin: null,
      });
      // The demo user sees it as its own.
      expect((await demoApi.get(kind, row._id)).json()).toEqual(row);

      const demoRow = await createVia(demoApi, kind, payloadFor(demoRefs));
      expect((await api.get(kind, demoRow._id)).json()).toEqual(demoRow);
      const updated = await api.update(kind, demoRow._id, { name: unique('Admin edit'), version: 1 });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        customerId: demoId,
        version: 2,
        updatedBy: DEMO_ACCOUNTS.admin.email,
      });
      expect((await api.remove(kind, demoRow._id)).statusCode).toBe(200);
      expect((await demoApi.get(kind, demoRow._id)).statusCode).toBe(404);

      // Without a customerId: the administrator's own account.
      const own = await api.create(
        kind,
        samplePayload(
          kind,
          unique('Platform'),
          NEEDS_REFS.includes(kind) ? await createRefs(api, unique('Platform refs')) : {},
        ),
      );
      expect(own.statusCode).toBe(201);
      expect(own.json().customerId).toBe(platformId);
    });

    it('checks names and references against the customer a main administrator creates for', async () => {
      const api = resourceClient(app, admin.headers);
      const taken = await createVia(otherApi, kind, payloadFor(otherRefs));
      const before = await snapshot(app);
      const duplicate = await api.create(
        kind,
        minimalPayload(kind, String(taken.name).toUpperCase(), otherRefs),
        {
          customerId: other.customer.id,
        },
      );
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json().fields).toEqual([
        { field: 'name', message: RESOURCE_TEXTS.duplicateName(label) },
      ]);
      const unknown = await api.create(kind, payloadFor(otherRefs), { customerId: RANDOM_ID });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual([
        { field: 'customerId', message: RESOURCE_TEXTS.unknownCustomer },
      ]);
      if (kind === 'liveStream' || kind === 'streamer') {
        // The demo's slate is not the other customer's.
        const foreign = await api.create(kind, payloadFor({ ...otherRefs, slateId: demoRefs.slateId }), {
          customerId: other.customer.id,
        });
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json().fields).toEqual([
          { field: 'slateId', message: RESOURCE_TEXTS.unknownReference(RESOURCES.slate.label) },
        ]);
      }
      expect(await snapshot(app)).toEqual(before);
      const right = await api.create(kind, payloadFor(otherRefs), { customerId: other.customer.id });
      expect(right.statusCode).toBe(201);
      expect(right.json().customerId).toBe(other.customer.id);
    });

    it('answers 401 to every call without a valid token', async () => {
      const demoRow = await createVia(demoApi, kind, payloadFor(demoRefs));
      for (const headers of [{}, bearer('x'.repeat(40))]) {
        const anonymous = resourceClient(app, headers);
        for (const res of [
          await anonymous.list(kind),
          await anonymous.get(kind, demoRow._id),
          await anonymous.create(kind, payloadFor(demoRefs)),
          await anonymous.replace(kind, demoRow._id, { ...payloadFor(demoRefs), version: 1 }),
          await anonymous.update(kind, demoRow._id, { name: 'x', version: 1 }),
          await anonymous.remove(kind, demoRow._id),
        ]) {
          expect(res.statusCode).toBe(401);
        }
      }
      expect(await storedRow(app, kind, demoRow._id)).toMatchObject({ version: 1 });
    });

    it('during login-as, acts within the target’s account (not as an administrator), logging both', async () => {
      const headers = { ...admin.headers, 'login-as': demo.userId };
      const api = resourceClient(app, headers);
      const otherRow = await createVia(otherApi, kind, payloadFor(otherRefs));
      const demoList = await demoApi.list(kind, { pageSize: 'All' });
      expect(ids(await api.list(kind, { pageSize: 'All' }))).toEqual(ids(demoList));
      expect(ids(await api.list(kind, { pageSize: 'All', customerId: other.customer.id }))).toEqual(
        ids(demoList),
      );
      expect((await api.get(kind, otherRow._id)).statusCode).toBe(404);
      const refused = await api.create(kind, payloadFor(demoRefs), { customerId: other.customer.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual([
        { field: 'customerId', message: RESOURCE_TEXTS.customerNotAllowed },
      ]);

      const created = await api.create(kind, payloadFor(demoRefs));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ customerId: demoId, updatedBy: DEMO_ACCOUNTS.customer.email });
      expect(await lastEvent(created.json()._id)).toMatchObject({
        action: 'created',
        actor: DEMO_ACCOUNTS.customer.email,
        actingAdmin: DEMO_ACCOUNTS.admin.email,
      });
      // Every write answers during login-as (each is audited while its answer is sent), 404s included.
      const id = created.json()._id;
      for (const res of [
        await api.update(kind, otherRow._id, { name: unique('Not mine'), version: 1 }),
        await api.replace(kind, otherRow._id, {
          ...minimalPayload(kind, unique('Not mine'), demoRefs),
          version: 1,
        }),
        await api.remove(kind, otherRow._id),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      const updated = await api.update(kind, id, { name: unique('Edited as demo'), version: 1 });
      expect(updated.statusCode).toBe(200);
      expect(await lastEvent(id)).toMatchObject({
        action: 'updated',
        actor: DEMO_ACCOUNTS.customer.email,
        actingAdmin: DEMO_ACCOUNTS.admin.email,
      });
      expect((await api.update(kind, id, { name: unique('Late'), version: 1 })).statusCode).toBe(409);
      expect((await api.remove(kind, id)).statusCode).toBe(200);
      expect(await lastEvent(id)).toMatchObject({
        action: 'deleted',
        actingAdmin: DEMO_ACCOUNTS.admin.email,
      });
    });

    it('with an API token, acts as the token’s account', async () => {
      const api = resourceClient(app, bearer(apiToken));
      const refs = NEEDS_REFS.includes(kind) ? await createRefs(api, unique('Token refs')) : {};
      const created = await api.create(kind, payloadFor(refs));
      expect(created.statusCode).toBe(201);
      expect(created.json().customerId).toBe(enterprise.customer.id);
      const listed = await api.list(kind, { pageSize: 'All' });
      expect(listed.json().total).toBe(await countRows(app, kind, enterprise.customer.id));
      const demoRow = await createVia(demoApi, kind, payloadFor(demoRefs));
      expect((await api.get(kind, demoRow._id)).statusCode).toBe(404);
      expect((await api.remove(kind, demoRow._id)).statusCode).toBe(404);
    });
  });

  describe('with ENCODER=0', () => {
    it('answers 403 to every encoder call, for customers and main administrators alike, writing nothing', async () => {
      const encoder = await createVia(demoApi, 'encoder', samplePayload('encoder', unique('Hidden encoder')));
      const before = await snapshot(app);
      for (const headers of [demo.headers, admin.headers]) {
        const api = resourceClient(encoderOff, headers);
        for (const res of [
          await api.list('encoder'),
          await api.get('encoder', encoder._id),
          await api.create('encoder', samplePayload('encoder', unique('Refused encoder'))),
          await api.replace('encoder', encoder._id, {
            ...samplePayload('encoder', unique('Refused')),
            version: 1,
          }),
          await api.update('encoder', encoder._id, { name: unique('Refused'), version: 1 }),
          await api.remove('encoder', encoder._id),
          // Checked before anything about the request: a bad query is refused the same way.
          await api.list('encoder', { bogus: 1 }),
        ]) {
          expect(res.statusCode).toBe(403);
        }
      }
      expect(await snapshot(app)).toEqual(before);
      // The API token's account is refused too; with ENCODER=1 the same call answers.
      expect((await resourceClient(encoderOff, bearer(apiToken)).list('encoder')).statusCode).toBe(403);
      expect((await demoApi.get('encoder', encoder._id)).statusCode).toBe(200);
    });

    it('still answers the other resources', async () => {
      const api = resourceClient(encoderOff, demo.headers);
      for (const kind of RESOURCE_KINDS.filter((k) => k !== 'encoder')) {
        const res = await api.list(kind, { pageSize: 'All' });
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(await countRows(app, kind, demoId));
      }
      const slate = await api.create('slate', minimalPayload('slate', unique('Encoder off slate')));
      expect(slate.statusCode).toBe(201);
    });
  });
});
