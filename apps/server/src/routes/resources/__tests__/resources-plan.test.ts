/**
 * The plan decides what can be edited (issue 22, point 4): a write that sets a feature outside the
 * plan of the record's customer (core's `enterpriseFieldsSet`) is 403 with the feature's upgrade
 * prompt, and nothing is written; Enterprise writes them; values stored before (the demo seed's)
 * stay saveable on Standard; wrong customers and bad input answer as before.
 */
import {
  ENTITLEMENT_TEXTS,
  LIVE_STREAM_TEXTS,
  type LiveStream,
  lockedFields,
  VALIDATION_MESSAGES as M,
  RESOURCE_TEXTS,
  upgradePromptOf,
} from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LIVE_STREAMS } from '../../../db/seed-resources.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import {
  createVia,
  minimalPayload,
  type Payload,
  type ResourceClient,
  resourceClient,
  snapshot,
  storedRow,
} from './resource-fixtures.ts';

const AD_SUITE = 'ssai_advanced_ad_suite';
const PROMPT = upgradePromptOf(AD_SUITE);

/** Each Enterprise field of a live stream, set away from its default (with what it needs to be valid). */
const SETS: Record<string, Partial<LiveStream>> = {
  adpodLength: { adpodLength: 3 },
  prefetchCount: { prefetchCount: 5 },
  userLiveliness: { userLiveliness: 1800 },
  activenessInterval: { activenessInterval: 500 },
  midrollLayouts: { midrollLayouts: [{ name: 'Squeeze', transition: 'fade', duration: 1.5 }] },
  textOverlayEnabled: { textOverlayEnabled: true, textOverlayText: 'Live' },
  textOverlayText: { textOverlayText: 'Live' },
  textOverlayPosition: { textOverlayPosition: 'top' },
  inRedundancy: { inRedundancy: 'ENABLE', backupStreamUrl: 'https://backup.example/live/' },
  backupStreamUrl: { backupStreamUrl: 'https://backup.example/live/' },
};
const FIELDS = Object.keys(SETS);

const refusal = {
  statusCode: 403,
  error: 'Forbidden',
  message: PROMPT,
  planFeature: AD_SUITE,
  showMessage: true,
};

describe('the plan decides what can be edited', () => {
  let app: TestApp;
  let demoApi: ResourceClient;
  let demoId: string;
  let adminApi: ResourceClient;
  let standard: TestAccount;
  let standardApi: ResourceClient;
  let enterprise: TestAccount;
  let enterpriseApi: ResourceClient;
  let serial = 0;
  const unique = (text: string) => `${text} ${++serial}`;
  const stream = (name = unique('Plan stream')) => minimalPayload('liveStream', name);

  beforeAll(async () => {
    app = await testApp();
    demoApi = resourceClient(app, (await loginAs(app, 'customer')).headers);
    demoId = await customerIdOf(app, 'demo-broadcasting');
    adminApi = resourceClient(app, (await loginAs(app, 'admin')).headers);
    standard = await createAccount(app);
    standardApi = resourceClient(app, standard.headers);
    enterprise = await createAccount(app, { customer: { paymentPlan: 'enterprise' } });
    enterpriseApi = resourceClient(app, enterprise.headers);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('covers every field core locks for Standard', () => {
    expect(FIELDS.sort()).toEqual(lockedFields('liveStream', 'standard').sort());
    expect(PROMPT).toBe(ENTITLEMENT_TEXTS.upgradePrompt.ssai_advanced_ad_suite);
  });

  describe('Standard', () => {
    it('creates and saves a stream whose Enterprise fields are at their defaults', async () => {
      const created = await createVia(standardApi, 'liveStream', stream());
      const { _id, version, customerId: _c, createdAt: _a, updatedAt: _u, updatedBy: _b, ...data } = created;
      const saved = await standardApi.replace('liveStream', _id, {
        ...data,
        name: unique('Renamed'),
        version,
      });
      expect(saved.statusCode).toBe(200);
      expect(
        (await standardApi.update('liveStream', _id, { version: version + 1, breakinterval: 15 })).statusCode,
      ).toBe(200);
    });

    it.each(FIELDS)(
      'refuses a create that sets %s: 403 with the upgrade text, nothing written',
      async (field) => {
        const before = await snapshot(app);
        const res = await standardApi.create('liveStream', { ...stream(), ...SETS[field] });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject(refusal);
        expect(await snapshot(app)).toEqual(before);
      },
    );

    it.each(FIELDS)(
      'refuses a PUT and a POST that set %s, leaving the stored stream as it was',
      async (field) => {
        const created = await createVia(standardApi, 'liveStream', stream());
        const {
          _id,
          version,
          customerId: _c,
          createdAt: _a,
          updatedAt: _u,
          updatedBy: _b,
          ...data
        } = created;
        const stored = await storedRow(app, 'liveStream', _id);
        const before = await snapshot(app);

        const put = await standardApi.replace('liveStream', _id, { ...data, ...SETS[field], version });
        expect(put.statusCode).toBe(403);
        expect(put.json()).toMatchObject(refusal);
        const post = await standardApi.update('liveStream', _id, { ...SETS[field], version });
        expect(post.statusCode).toBe(403);
        expect(post.json()).toMatchObject(refusal);

        expect(await storedRow(app, 'liveStream', _id)).toEqual(stored);
        expect(await snapshot(app)).toEqual(before);
        const read = (await standardApi.get('liveStream', _id)).json();
        expect(read.version).toBe(version);
        expect(read[field]).toEqual(created[field]);
      },
    );

    it('keeps the demo’s stored Enterprise values saveable, and lets them be switched off, not changed', async () => {
      const list = (await demoApi.list('liveStream', { pageSize: 'All' })).json().data as Payload[];
      const seeded = (name: string) => list.find((row) => row.name === name)!;
      const sports = seeded(DEMO_LIVE_STREAMS[0]!.name);
      expect(sports.midrollLayouts).toHaveLength(1);

      // Saved again as it is (another field changed): the stored mid-roll layout stays.
      const {
        _id,
        version,
        customerId: _c,
        createdAt: _a,
        updatedAt: _u,
        updatedBy: _b,
        customerName: _n,
        ...data
      } = sports as Payload & { _id: string; version: number };
      const saved = await demoApi.replace('liveStream', _id, { ...data, breakinterval: 20, version });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().midrollLayouts).toEqual(sports.midrollLayouts);

      // Changing the stored layout is setting the feature; removing it is not.
      const changed = await demoApi.update('liveStream', _id, {
        midrollLayouts: [{ name: 'Other', transition: 'fade', duration: 2 }],
        version: version + 1,
      });
      expect(changed.statusCode).toBe(403);
      expect(changed.json()).toMatchObject(refusal);
      const removed = await demoApi.update('liveStream', _id, { midrollLayouts: [], version: version + 1 });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().midrollLayouts).toEqual([]);

      const news = seeded(DEMO_LIVE_STREAMS[1]!.name) as Payload & { _id: string; version: number };
      expect(news.inRedundancy).toBe('ENABLE');
      const off = await demoApi.update('liveStream', news._id, {
        inRedundancy: 'DISABLE',
        version: news.version,
      });
      expect(off.statusCode).toBe(200);
      const on = await demoApi.update('liveStream', news._id, {
        inRedundancy: 'ENABLE',
        version: news.version + 1,
      });
      expect(on.statusCode).toBe(403);
    });

    it('answers bad input with 400 naming the field before the plan, and another account’s stream with 404', async () => {
      const before = await snapshot(app);
      const invalid = await standardApi.create('liveStream', {
        ...stream(),
        inRedundancy: 'ENABLE',
        backupStreamUrl: '',
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toEqual([{ field: 'backupStreamUrl', message: M.invalidUrl }]);
      const overlay = await standardApi.create('liveStream', { ...stream(), textOverlayEnabled: true });
      expect(overlay.json().fields).toEqual([
        { field: 'textOverlayText', message: LIVE_STREAM_TEXTS.overlayText },
      ]);

      const theirs = await createVia(enterpriseApi, 'liveStream', stream());
      const foreign = await standardApi.update('liveStream', theirs._id, {
        prefetchCount: 9,
        version: theirs.version,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(RESOURCE_TEXTS.notFound('Live stream'));
      expect((await snapshot(app)).rows).toEqual({ ...before.rows, liveStream: before.rows.liveStream! + 1 });
    });
  });

  describe('Enterprise', () => {
    it('creates a stream with every Enterprise feature set', async () => {
      const all = Object.assign({}, ...Object.values(SETS)) as Payload;
      const res = await enterpriseApi.create('liveStream', { ...stream(), ...all });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject(all);
    });

    it.each(FIELDS)('updates %s with PUT and POST', async (field) => {
      const created = await createVia(enterpriseApi, 'liveStream', stream());
      const { _id, version, customerId: _c, createdAt: _a, updatedAt: _u, updatedBy: _b, ...data } = created;
      const put = await enterpriseApi.replace('liveStream', _id, { ...data, ...SETS[field], version });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject(SETS[field]!);
      const post = await enterpriseApi.update('liveStream', _id, { adpodLength: 4, version: version + 1 });
      expect(post.statusCode).toBe(200);
      expect((await enterpriseApi.get('liveStream', _id)).json()).toMatchObject({
        ...SETS[field],
        adpodLength: 4,
      });
    });
  });

  describe('a main administrator', () => {
    it('is held to the plan of the record’s customer, not its own', async () => {
      // Its own (Enterprise) account: every feature.
      const own = await adminApi.create('liveStream', { ...stream(), prefetchCount: 6 });
      expect(own.statusCode).toBe(201);

      // For the Standard demo customer: refused, nothing written.
      const before = await snapshot(app);
      const forDemo = await adminApi.create(
        'liveStream',
        { ...stream(), prefetchCount: 6 },
        { customerId: demoId },
      );
      expect(forDemo.statusCode).toBe(403);
      expect(forDemo.json()).toMatchObject(refusal);
      const created = await adminApi.create('liveStream', stream(), { customerId: demoId });
      expect(created.statusCode).toBe(201);
      const { _id, version } = created.json();
      const edit = await adminApi.update('liveStream', _id, { textOverlayPosition: 'top', version });
      expect(edit.statusCode).toBe(403);
      expect((await storedRow(app, 'liveStream', _id))!.version).toBe(version);
      expect((await snapshot(app)).rows.liveStream).toBe(before.rows.liveStream! + 1);
    });
  });
});
