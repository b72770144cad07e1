/**
 * What the demand resources add to the generic calls: references between them (each to the
 * account's own records, with the spec's texts where it words them), 409 on deleting what another
 * record uses, the campaign's trash (GET {collection}/deleted, POST {collection}/:id/restore) and
 * the advertiser's admin-only note. Every refused call is checked to have written nothing; wrong
 * users, other customers and bad ids are answered as for the other calls.
 */
import {
  API_PATHS,
  EVENT_ACTIONS,
  VALIDATION_MESSAGES as M,
  RESOURCE_TEXTS,
  RESOURCES,
  type ResourceKind,
} from '@cuepoint/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceEvents } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { bearer, customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import {
  countRows,
  countTrashed,
  createRefs,
  createVia,
  minimalPayload,
  type Payload,
  type Refs,
  type ResourceClient,
  resourceClient,
  samplePayload,
  snapshot,
  storedRow,
} from './resource-fixtures.ts';

const MISSING_ID = '3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77';
const unknown = (kind: ResourceKind) => RESOURCE_TEXTS.unknownReference(RESOURCES[kind].label);
const ids = (res: { json: () => { data: { _id: string }[] } }) =>
  res
    .json()
    .data.map((r) => r._id)
    .sort();

describe('demand resources', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  let api: ResourceClient;
  let adminApi: ResourceClient;
  let demoId: string;
  let refs: Required<Refs>;
  let other: TestAccount;
  let otherApi: ResourceClient;
  let otherRefs: Required<Refs>;
  let serial = 0;
  const unique = (text: string) => `${text} ${++serial}`;

  beforeAll(async () => {
    app = await testApp();
    admin = await loginAs(app, 'admin');
    demo = await loginAs(app, 'customer');
    api = resourceClient(app, demo.headers);
    adminApi = resourceClient(app, admin.headers);
    demoId = await customerIdOf(app, 'demo-broadcasting');
    refs = await createRefs(api, 'Demand refs');
    other = await createAccount(app);
    otherApi = resourceClient(app, other.headers);
    otherRefs = await createRefs(otherApi, 'Other demand refs');
  });
  afterAll(() => app.close());

  const lastEvent = async (resourceId: string) =>
    (
      await app.db
        .select()
        .from(resourceEvents)
        .where(eq(resourceEvents.resourceId, resourceId))
        .orderBy(desc(resourceEvents.id))
        .limit(1)
    )[0]!;
  const campaign = (change: Payload = {}, name = unique('Campaign')) => ({
    ...samplePayload('campaign', name, refs),
    ...change,
  });

  describe('references', () => {
    it('accepts the account’s own advertiser, placements, creatives, streams, VOD assets, pod and campaigns', async () => {
      const created = await createVia(api, 'campaign', {
        ...campaign(),
        targetLiveStreamIds: [refs.liveStreamId],
      });
      expect(created).toMatchObject({
        advertiserId: refs.advertiserId,
        placementIds: refs.placementIds,
        creativeIds: refs.creativeIds,
        targetVodIds: refs.vodIds,
        targetLiveStreamIds: [refs.liveStreamId],
      });
      for (const kind of ['creative', 'placement', 'bundle'] as const) {
        expect((await api.create(kind, samplePayload(kind, unique(`Own ${kind}`), refs))).statusCode).toBe(
          201,
        );
      }
      const bundle = await createVia(api, 'bundle', minimalPayload('bundle', unique('Picked bundle')));
      const stream = await api.create('liveStream', {
        ...minimalPayload('liveStream', unique('Stream with demand')),
        bundles: [{ name: 'House', percentage: 100, bundleId: bundle._id }],
      });
      expect(stream.statusCode).toBe(201);
      expect(stream.json().bundles).toEqual([{ name: 'House', percentage: 100, bundleId: bundle._id }]);
      const vod = await api.create('vod', {
        ...minimalPayload('vod', unique('VOD with demand')),
        bundleId: bundle._id,
      });
      expect(vod.statusCode).toBe(201);
      expect(vod.json().bundleId).toBe(bundle._id);
    });

    it('refuses a campaign naming another customer’s placement or an unknown one: 400 “Placements is required”, nothing written', async () => {
      const before = await snapshot(app);
      for (const placementIds of [
        otherRefs.placementIds,
        [MISSING_ID],
        [...refs.placementIds, ...otherRefs.placementIds],
      ]) {
        const res = await api.create('campaign', campaign({ placementIds }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([{ field: 'placementIds', message: M.placementsRequired }]);
      }
      expect(await snapshot(app)).toEqual(before);
    });

    it('refuses a campaign of another customer’s advertiser, an unknown one or one that is no id: “required *” on advertiserId', async () => {
      const before = await snapshot(app);
      for (const advertiserId of [otherRefs.advertiserId, MISSING_ID, 'Acme Sports']) {
        const res = await api.create('campaign', campaign({ advertiserId }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([{ field: 'advertiserId', message: M.requiredStar }]);
      }
      expect(await snapshot(app)).toEqual(before);
    });

    it('names every foreign reference of a campaign at once', async () => {
      const before = await snapshot(app);
      const res = await api.create(
        'campaign',
        campaign({
          advertiserId: otherRefs.advertiserId,
          placementIds: otherRefs.placementIds,
          creativeIds: otherRefs.creativeIds,
          targetLiveStreamIds: [otherRefs.liveStreamId],
          targetVodIds: otherRefs.vodIds,
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'advertiserId', message: M.requiredStar },
        { field: 'placementIds', message: M.placementsRequired },
        { field: 'creativeIds', message: unknown('creative') },
        { field: 'targetLiveStreamIds', message: unknown('liveStream') },
        { field: 'targetVodIds', message: unknown('vod') },
      ]);
      expect(await snapshot(app)).toEqual(before);
    });

    it('refuses another customer’s records in a creative, a placement, a bundle, a stream’s bundles and a VOD asset', async () => {
      const before = await snapshot(app);
      const cases: { kind: ResourceKind; payload: Payload; fields: { field: string; message: string }[] }[] =
        [
          {
            kind: 'creative',
            payload: samplePayload('creative', unique('Foreign'), { advertiserId: otherRefs.advertiserId }),
            fields: [{ field: 'advertiserId', message: unknown('advertiser') }],
          },
          {
            kind: 'placement',
            payload: samplePayload('placement', unique('Foreign'), {
              liveStreamId: otherRefs.liveStreamId,
              vodIds: [refs.vodIds[0]!, otherRefs.vodIds[0]!],
            }),
            fields: [
              { field: 'liveStreamIds', message: unknown('liveStream') },
              { field: 'vodIds', message: unknown('vod') },
            ],
          },
          {
            kind: 'bundle',
            payload: samplePayload('bundle', unique('Foreign'), {
              podId: otherRefs.podId,
              campaignIds: [refs.campaignIds[0]!, otherRefs.campaignIds[0]!],
            }),
            fields: [
              { field: 'podId', message: unknown('pod') },
              { field: 'sources', message: unknown('campaign') },
            ],
          },
          {
            kind: 'liveStream',
            payload: {
              ...minimalPayload('liveStream', unique('Foreign')),
              bundles: [{ name: 'Theirs', percentage: 100, bundleId: MISSING_ID }],
            },
            fields: [{ field: 'bundles', message: unknown('bundle') }],
          },
          {
            kind: 'vod',
            payload: { ...minimalPayload('vod', unique('Foreign')), bundleId: MISSING_ID },
            fields: [{ field: 'bundleId', message: unknown('bundle') }],
          },
        ];
      for (const { kind, payload, fields } of cases) {
        const res = await api.create(kind, payload);
        expect(res.statusCode, kind).toBe(400);
        expect(res.json().fields, kind).toEqual(fields);
      }
      expect(await snapshot(app)).toEqual(before);
    });

    it('checks references on updates too, writing nothing', async () => {
      const created = await createVia(api, 'campaign', campaign());
      const stored = await storedRow(app, 'campaign', created._id);
      const before = await snapshot(app);
      const patch = await api.update('campaign', created._id, {
        placementIds: otherRefs.placementIds,
        version: 1,
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().fields).toEqual([{ field: 'placementIds', message: M.placementsRequired }]);
      const put = await api.replace('campaign', created._id, {
        ...campaign({ advertiserId: otherRefs.advertiserId }, String(created.name)),
        version: 1,
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().fields).toEqual([{ field: 'advertiserId', message: M.requiredStar }]);
      expect(await snapshot(app)).toEqual(before);
      expect(await storedRow(app, 'campaign', created._id)).toEqual(stored);
    });

    it('lets a main administrator create a campaign for a customer only with that customer’s placements', async () => {
      const before = await snapshot(app);
      const foreign = await adminApi.create('campaign', campaign(), { customerId: other.customer.id });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual([
        { field: 'advertiserId', message: M.requiredStar },
        { field: 'placementIds', message: M.placementsRequired },
        { field: 'creativeIds', message: unknown('creative') },
        { field: 'targetVodIds', message: unknown('vod') },
      ]);
      expect(await snapshot(app)).toEqual(before);
      const right = await adminApi.create(
        'campaign',
        samplePayload('campaign', unique('For other'), otherRefs),
        {
          customerId: other.customer.id,
        },
      );
      expect(right.statusCode).toBe(201);
      expect(right.json().customerId).toBe(other.customer.id);
    });
  });

  describe('deleting what others use', () => {
    const usedBy = (users: { kind: ResourceKind; _id: string; name: unknown }[]) =>
      users.map((u) => ({ kind: u.kind, _id: u._id, name: u.name }));
    const inUse = (kind: ResourceKind, users: { kind: ResourceKind; name: unknown }[]) =>
      RESOURCE_TEXTS.inUse(
        RESOURCES[kind].label,
        users.map((u) => ({ kind: RESOURCES[u.kind].label.toLowerCase(), name: String(u.name) })),
      );

    it('refuses to delete an advertiser a campaign and a creative use (409 naming them), then deletes it once unused', async () => {
      const advertiser = await createVia(
        api,
        'advertiser',
        minimalPayload('advertiser', unique('Used advertiser')),
      );
      const creative = await createVia(api, 'creative', {
        ...minimalPayload('creative', unique('Its creative')),
        advertiserId: advertiser._id,
      });
      const user = await createVia(
        api,
        'campaign',
        campaign({ advertiserId: advertiser._id, creativeIds: [] }),
      );
      const before = await snapshot(app);
      const res = await api.remove('advertiser', advertiser._id);
      expect(res.statusCode).toBe(409);
      const users = [
        { kind: 'campaign' as const, _id: user._id, name: user.name },
        { kind: 'creative' as const, _id: creative._id, name: creative.name },
      ];
      expect(res.json()).toMatchObject({
        statusCode: 409,
        usedBy: usedBy(users),
        message: inUse('advertiser', users),
        showMessage: true,
      });
      expect(await snapshot(app)).toEqual(before);

      expect((await api.remove('campaign', user._id)).statusCode).toBe(200);
      expect((await api.remove('creative', creative._id)).statusCode).toBe(200);
      expect((await api.remove('advertiser', advertiser._id)).statusCode).toBe(200);
    });

    it('refuses to delete a campaign a bundle names in its sources (409), deleting nothing', async () => {
      const used = await createVia(api, 'campaign', campaign());
      const bundle = await createVia(
        api,
        'bundle',
        samplePayload('bundle', unique('Names the campaign'), { campaignIds: [used._id] }),
      );
      const before = await snapshot(app);
      const res = await api.remove('campaign', used._id);
      expect(res.statusCode).toBe(409);
      const users = [{ kind: 'bundle' as const, _id: bundle._id, name: bundle.name }];
      expect(res.json()).toMatchObject({ usedBy: usedBy(users), message: inUse('campaign', users) });
      expect(await snapshot(app)).toEqual(before);
      expect((await api.get('campaign', used._id)).statusCode).toBe(200);
    });

    it('refuses to delete a live stream a placement names (409), and a stream a campaign targets', async () => {
      const stream = await createVia(
        api,
        'liveStream',
        minimalPayload('liveStream', unique('Placed stream')),
      );
      const placement = await createVia(
        api,
        'placement',
        samplePayload('placement', unique('On the stream'), { liveStreamId: stream._id }),
      );
      const targeting = await createVia(api, 'campaign', campaign({ targetLiveStreamIds: [stream._id] }));
      const before = await snapshot(app);
      const res = await api.remove('liveStream', stream._id);
      expect(res.statusCode).toBe(409);
      const users = [
        { kind: 'campaign' as const, _id: targeting._id, name: targeting.name },
        { kind: 'placement' as const, _id: placement._id, name: placement.name },
      ];
      expect(res.json().usedBy).toEqual(expect.arrayContaining(usedBy(users)));
      expect(res.json().usedBy).toHaveLength(2);
      expect(await snapshot(app)).toEqual(before);
    });

    it('refuses to delete a placement, creative, pod or bundle in use', async () => {
      const placement = await createVia(
        api,
        'placement',
        minimalPayload('placement', unique('Used placement')),
      );
      const creative = await createVia(api, 'creative', minimalPayload('creative', unique('Used creative')));
      const pod = await createVia(api, 'pod', minimalPayload('pod', unique('Used pod')));
      const user = await createVia(
        api,
        'campaign',
        campaign({ placementIds: [placement._id], creativeIds: [creative._id] }),
      );
      const bundle = await createVia(
        api,
        'bundle',
        samplePayload('bundle', unique('Used bundle'), { podId: pod._id }),
      );
      const vod = await createVia(api, 'vod', {
        ...minimalPayload('vod', unique('Uses the bundle')),
        bundleId: bundle._id,
      });
      const before = await snapshot(app);
      for (const [kind, id, users] of [
        ['placement', placement._id, [{ kind: 'campaign', _id: user._id, name: user.name }]],
        ['creative', creative._id, [{ kind: 'campaign', _id: user._id, name: user.name }]],
        ['pod', pod._id, [{ kind: 'bundle', _id: bundle._id, name: bundle.name }]],
        ['bundle', bundle._id, [{ kind: 'vod', _id: vod._id, name: vod.name }]],
      ] as const) {
        const res = await api.remove(kind, id);
        expect(res.statusCode, kind).toBe(409);
        expect(res.json().usedBy, kind).toEqual(users);
      }
      expect(await snapshot(app)).toEqual(before);
    });

    it('lets a campaign in the trash hold nothing: its advertiser can then be deleted, and it cannot come back without one', async () => {
      const advertiser = await createVia(
        api,
        'advertiser',
        minimalPayload('advertiser', unique('Short-lived')),
      );
      const trashed = await createVia(
        api,
        'campaign',
        campaign({ advertiserId: advertiser._id, creativeIds: [] }),
      );
      expect((await api.remove('advertiser', advertiser._id)).statusCode).toBe(409);
      expect((await api.remove('campaign', trashed._id)).statusCode).toBe(200);
      expect((await api.remove('advertiser', advertiser._id)).statusCode).toBe(200);
      const before = await snapshot(app);
      const res = await api.restore('campaign', trashed._id);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'advertiserId', message: M.requiredStar }]);
      expect(await snapshot(app)).toEqual(before);
    });
  });

  describe('the campaign trash', () => {
    it('declares its calls under the campaign collection, and no other kind has them', async () => {
      expect(API_PATHS.resourceTrash.campaign).toEqual({
        list: 'ssai/campaign/deleted',
        restore: 'ssai/campaign/:id/restore',
      });
      const slate = await createVia(api, 'slate', minimalPayload('slate', unique('No trash')));
      // 'deleted' is read as a slate id; no restore route.
      const list = await api.trash('slate');
      expect(list.statusCode).toBe(400);
      expect(list.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
      expect((await api.restore('slate', slate._id)).statusCode).toBe(404);
      expect(await countRows(app, 'slate', demoId)).toBeGreaterThan(0);
    });

    it('moves a deleted campaign to the trash: gone from the list, get, update, delete and references', async () => {
      const created = await createVia(api, 'campaign', campaign());
      const name = String(created.name);
      const rowsBefore = await countRows(app, 'campaign', demoId);
      const trashBefore = await countTrashed(app, 'campaign', demoId);
      expect((await api.remove('campaign', created._id)).statusCode).toBe(200);
      expect(await countRows(app, 'campaign', demoId)).toBe(rowsBefore - 1);
      expect(await countTrashed(app, 'campaign', demoId)).toBe(trashBefore + 1);
      expect(await lastEvent(created._id)).toMatchObject({ action: 'deleted', level: 'warning' });

      expect(ids(await api.list('campaign', { pageSize: 'All' }))).not.toContain(created._id);
      for (const res of [
        await api.get('campaign', created._id),
        await api.update('campaign', created._id, { name: unique('Ghost'), version: 1 }),
        await api.replace('campaign', created._id, { ...campaign(), version: 1 }),
        await api.remove('campaign', created._id),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(RESOURCE_TEXTS.notFound('Campaign'));
      }
      // A bundle cannot name it.
      const before = await snapshot(app);
      const bundle = await api.create(
        'bundle',
        samplePayload('bundle', unique('Names a deleted campaign'), { campaignIds: [created._id] }),
      );
      expect(bundle.statusCode).toBe(400);
      expect(bundle.json().fields).toEqual([{ field: 'sources', message: unknown('campaign') }]);
      expect(await snapshot(app)).toEqual(before);

      // Listed in the trash, as the list answers a row.
      const trash = await api.trash('campaign', { q: name });
      expect(trash.statusCode).toBe(200);
      expect(trash.json()).toEqual({
        data: [{ ...created, customerName: expect.any(String), updatedAt: expect.any(String) }],
        total: 1,
      });
    });

    it('pages, sorts, searches and filters the trash with the list’s query, and refuses a bad one', async () => {
      const prefix = unique('Trash page');
      const trashed: string[] = [];
      for (const [i, cpm] of [9, 10, 100].entries()) {
        const row = await createVia(
          api,
          'campaign',
          campaign({ cpm, pacing: i === 0 ? 'asap' : 'even' }, `${prefix} ${String.fromCharCode(67 - i)}`),
        );
        expect((await api.remove('campaign', row._id)).statusCode).toBe(200);
        trashed.push(row._id);
      }
      const live = await createVia(api, 'campaign', campaign({}, `${prefix} live`));
      const all = await api.trash('campaign', { q: prefix, pageSize: 'All' });
      expect(all.json().total).toBe(3);
      expect(ids(all)).toEqual([...trashed].sort());
      expect(ids(all)).not.toContain(live._id);
      const byCpm = await api.trash('campaign', { q: prefix, sort: 'cpm', order: 'desc' });
      expect(byCpm.json().data.map((r: Payload) => r.cpm)).toEqual([100, 10, 9]);
      const byName = await api.trash('campaign', {
        q: prefix,
        sort: 'name',
        order: 'asc',
        pageSize: '10',
        page: 1,
      });
      expect(byName.json().data.map((r: Payload) => r._id)).toEqual([...trashed].reverse());
      const asap = await api.trash('campaign', { q: prefix, pacing: 'asap' });
      expect(ids(asap)).toEqual([trashed[0]]);
      const past = await api.trash('campaign', { q: prefix, page: 2 });
      expect(past.json()).toEqual({ data: [], total: 3 });
      for (const params of [{ sort: 'colour' }, { pageSize: '15' }, { bogus: '1' }] as Record<
        string,
        string
      >[]) {
        expect((await api.trash('campaign', params)).statusCode).toBe(400);
      }
    });

    it('restores a campaign: the record back (version + 1), listed again, out of the trash, logged as restored', async () => {
      const created = await createVia(api, 'campaign', campaign());
      expect((await api.remove('campaign', created._id)).statusCode).toBe(200);
      const res = await api.restore('campaign', created._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...created,
        version: 2,
        updatedAt: expect.any(String),
        updatedBy: DEMO_ACCOUNTS.customer.email,
      });
      expect((await api.get('campaign', created._id)).json()).toEqual(res.json());
      expect(ids(await api.list('campaign', { pageSize: 'All' }))).toContain(created._id);
      expect(ids(await api.trash('campaign', { pageSize: 'All' }))).not.toContain(created._id);
      expect(await lastEvent(created._id)).toMatchObject({
        action: 'restored',
        level: 'info',
        message: RESOURCE_TEXTS.restored('Campaign'),
        resourceName: created.name,
        actor: DEMO_ACCOUNTS.customer.email,
        actingAdmin: null,
      });
      expect(EVENT_ACTIONS).toContain('restored');
      // An edit made on the version read before the delete is stale.
      expect(
        (await api.update('campaign', created._id, { name: unique('Stale'), version: 1 })).statusCode,
      ).toBe(409);
      // Restoring again: it is no longer in the trash.
      expect((await api.restore('campaign', created._id)).statusCode).toBe(404);
    });

    it('refuses a restore whose name another campaign took meanwhile (400 on name), until that one is renamed', async () => {
      const name = unique('Reused name');
      const first = await createVia(api, 'campaign', campaign({}, name));
      expect((await api.remove('campaign', first._id)).statusCode).toBe(200);
      // The name is free again while the first is in the trash, in any letter case.
      const second = await createVia(api, 'campaign', campaign({}, name.toUpperCase()));
      const before = await snapshot(app);
      const res = await api.restore('campaign', first._id);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'name', message: RESOURCE_TEXTS.duplicateName('Campaign') },
      ]);
      expect(await snapshot(app)).toEqual(before);
      expect(
        (await api.update('campaign', second._id, { name: unique('Renamed'), version: 1 })).statusCode,
      ).toBe(200);
      expect((await api.restore('campaign', first._id)).statusCode).toBe(200);
    });

    it('answers 404 for a live campaign, an unknown id and another customer’s, 400 for an id that is no UUID, writing nothing', async () => {
      const live = await createVia(api, 'campaign', campaign());
      const theirs = await createVia(
        otherApi,
        'campaign',
        samplePayload('campaign', unique('Theirs'), otherRefs),
      );
      expect((await otherApi.remove('campaign', theirs._id)).statusCode).toBe(200);
      const before = await snapshot(app);
      for (const id of [live._id, MISSING_ID, theirs._id]) {
        const res = await api.restore('campaign', id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: RESOURCE_TEXTS.notFound('Campaign'), showMessage: true });
      }
      const bad = await api.restore('campaign', 'abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
      expect(await snapshot(app)).toEqual(before);
      // Each customer's trash is its own.
      expect(ids(await api.trash('campaign', { pageSize: 'All' }))).not.toContain(theirs._id);
      expect(
        ids(await api.trash('campaign', { pageSize: 'All', customerId: other.customer.id })),
      ).not.toContain(theirs._id);
      expect(ids(await otherApi.trash('campaign', { pageSize: 'All' }))).toContain(theirs._id);
    });

    it('answers 401 without a valid token', async () => {
      const created = await createVia(api, 'campaign', campaign());
      expect((await api.remove('campaign', created._id)).statusCode).toBe(200);
      for (const headers of [{}, bearer('x'.repeat(40))]) {
        const anonymous = resourceClient(app, headers);
        expect((await anonymous.trash('campaign')).statusCode).toBe(401);
        expect((await anonymous.restore('campaign', created._id)).statusCode).toBe(401);
      }
      expect(await countTrashed(app, 'campaign', demoId)).toBeGreaterThan(0);
      expect((await storedRow(app, 'campaign', created._id))!.deletedAt).not.toBeNull();
    });

    it('gives a main administrator every customer’s trash (or one’s) and lets it restore for a customer', async () => {
      const theirs = await createVia(
        otherApi,
        'campaign',
        samplePayload('campaign', unique('Admin restores'), otherRefs),
      );
      expect((await otherApi.remove('campaign', theirs._id)).statusCode).toBe(200);
      const all = await adminApi.trash('campaign', { pageSize: 'All' });
      expect(all.json().total).toBe(await countTrashed(app, 'campaign'));
      expect(ids(all)).toContain(theirs._id);
      const one = await adminApi.trash('campaign', { pageSize: 'All', customerId: other.customer.id });
      expect(one.json().total).toBe(await countTrashed(app, 'campaign', other.customer.id));
      expect(one.json().data.every((r: Payload) => r.customerId === other.customer.id)).toBe(true);
      const restored = await adminApi.restore('campaign', theirs._id);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({
        customerId: other.customer.id,
        updatedBy: DEMO_ACCOUNTS.admin.email,
      });
      expect((await otherApi.get('campaign', theirs._id)).statusCode).toBe(200);
    });

    it('during login-as, restores within the target’s account only, logging the administrator', async () => {
      const asDemo = resourceClient(app, { ...admin.headers, 'login-as': demo.userId });
      const own = await createVia(api, 'campaign', campaign());
      expect((await api.remove('campaign', own._id)).statusCode).toBe(200);
      const theirs = await createVia(
        otherApi,
        'campaign',
        samplePayload('campaign', unique('Not demo'), otherRefs),
      );
      expect((await otherApi.remove('campaign', theirs._id)).statusCode).toBe(200);
      expect(ids(await asDemo.trash('campaign', { pageSize: 'All' }))).toEqual(
        ids(await api.trash('campaign', { pageSize: 'All' })),
      );
      expect((await asDemo.restore('campaign', theirs._id)).statusCode).toBe(404);
      expect((await asDemo.restore('campaign', own._id)).statusCode).toBe(200);
      expect(await lastEvent(own._id)).toMatchObject({
        action: 'restored',
        actor: DEMO_ACCOUNTS.customer.email,
        actingAdmin: DEMO_ACCOUNTS.admin.email,
      });
    });
  });

  describe('the advertiser’s admin note', () => {
    const NOTE = 'Credit checked; pays net 30';

    it('is written and read by a main administrator, and reads as empty to the customer everywhere', async () => {
      const created = await adminApi.create(
        'advertiser',
        { ...samplePayload('advertiser', unique('Noted')), adminNote: NOTE },
        { customerId: demoId },
      );
      expect(created.statusCode).toBe(201);
      const row = created.json();
      expect(row.adminNote).toBe(NOTE);
      expect((await storedRow(app, 'advertiser', row._id))!.data.adminNote).toBe(NOTE);
      expect((await adminApi.get('advertiser', row._id)).json().adminNote).toBe(NOTE);
      const adminListed = (await adminApi.list('advertiser', { q: String(row.name) })).json().data;
      expect(adminListed.map((r: Payload) => r.adminNote)).toEqual([NOTE]);

      expect((await api.get('advertiser', row._id)).json()).toEqual({ ...row, adminNote: '' });
      const listed = (await api.list('advertiser', { q: String(row.name) })).json().data;
      expect(listed.map((r: Payload) => r.adminNote)).toEqual(['']);
      // Not searchable either: the note's words find nothing.
      expect((await api.list('advertiser', { q: 'net 30' })).json()).toEqual({ data: [], total: 0 });
      const asDemo = resourceClient(app, { ...admin.headers, 'login-as': demo.userId });
      expect((await asDemo.get('advertiser', row._id)).json().adminNote).toBe('');
      // Every customer-facing answer has it empty: the customer's own edits included.
      const edited = await api.update('advertiser', row._id, {
        userNote: 'Edited by the customer',
        version: 1,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ userNote: 'Edited by the customer', adminNote: '', version: 2 });
      expect((await storedRow(app, 'advertiser', row._id))!.data.adminNote).toBe(NOTE);
    });

    it('keeps the stored note whatever the customer (or login-as) sends, with POST and PUT', async () => {
      const row = (
        await adminApi.create(
          'advertiser',
          { ...minimalPayload('advertiser', unique('Kept')), adminNote: NOTE },
          { customerId: demoId },
        )
      ).json();
      const asDemo = resourceClient(app, { ...admin.headers, 'login-as': demo.userId });
      const attempts = [
        () => api.update('advertiser', row._id, { adminNote: 'Overwritten', version: row.version }),
        () =>
          api.replace('advertiser', row._id, {
            ...minimalPayload('advertiser', String(row.name)),
            version: row.version,
          }),
        () => asDemo.update('advertiser', row._id, { adminNote: '', version: row.version }),
        // Too long for a note, yet not refused: not the customer's to write, so not read.
        () => api.update('advertiser', row._id, { adminNote: 'x'.repeat(5000), version: row.version }),
      ];
      for (const attempt of attempts) {
        const res = await attempt();
        expect(res.statusCode).toBe(200);
        expect(res.json().adminNote).toBe('');
        row.version = res.json().version;
        expect((await storedRow(app, 'advertiser', row._id))!.data.adminNote).toBe(NOTE);
      }
      // The administrator changes it.
      const changed = await adminApi.update('advertiser', row._id, {
        adminNote: 'Prepaid only',
        version: row.version,
      });
      expect(changed.json().adminNote).toBe('Prepaid only');
      expect((await storedRow(app, 'advertiser', row._id))!.data.adminNote).toBe('Prepaid only');
      // The administrator's own write is checked: too long is refused.
      const tooLong = await adminApi.update('advertiser', row._id, {
        adminNote: 'x'.repeat(3001),
        version: row.version + 1,
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fields).toEqual([{ field: 'adminNote', message: M.noteTooLong }]);
    });

    it('stores the default when a customer creates an advertiser with a note, and hides its changes’ values in the log', async () => {
      const created = await api.create('advertiser', {
        ...minimalPayload('advertiser', unique('Customer made')),
        adminNote: NOTE,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().adminNote).toBe('');
      const id = created.json()._id;
      expect((await storedRow(app, 'advertiser', id))!.data.adminNote).toBe('');
      expect(
        (
          await api.create('advertiser', {
            ...minimalPayload('advertiser', unique('Long')),
            adminNote: 'x'.repeat(5000),
          })
        ).statusCode,
      ).toBe(201);

      expect((await adminApi.update('advertiser', id, { adminNote: NOTE, version: 1 })).statusCode).toBe(200);
      const log = async (headers: Record<string, string>) => {
        const res = await app.inject({ url: `/api/events?kind=advertiser&resourceId=${id}`, headers });
        expect(res.statusCode).toBe(200);
        return res.json().data[0].changes as { field: string; from: unknown; to: unknown }[];
      };
      expect(await log(admin.headers)).toEqual([{ field: 'adminNote', from: '', to: NOTE }]);
      expect(await log(demo.headers)).toEqual([{ field: 'adminNote', from: '(hidden)', to: '(hidden)' }]);
      expect(await log({ ...admin.headers, 'login-as': demo.userId })).toEqual([
        { field: 'adminNote', from: '(hidden)', to: '(hidden)' },
      ]);
    });

    it('reads as empty to an API token of the customer’s account', async () => {
      const enterprise = await createAccount(app, { customer: { paymentPlan: 'enterprise' } });
      const token = await app.inject({
        method: 'POST',
        url: `/api/customer/generateToken/${enterprise.customer.id}`,
        payload: { enableAPI: true, customerId: enterprise.customer.id },
        headers: enterprise.headers,
      });
      const tokenApi = resourceClient(app, bearer(token.json().apiToken));
      const row = (
        await adminApi.create(
          'advertiser',
          { ...minimalPayload('advertiser', unique('Token')), adminNote: NOTE },
          { customerId: enterprise.customer.id },
        )
      ).json();
      expect((await tokenApi.get('advertiser', row._id)).json().adminNote).toBe('');
      expect((await tokenApi.list('advertiser')).json().data.map((r: Payload) => r.adminNote)).toEqual(['']);
    });
  });
});
