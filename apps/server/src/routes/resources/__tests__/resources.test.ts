/**
 * The generic resource calls (issue 7) for each of the eleven resources: create with its meta and
 * defaults, duplicate names, references to another account's slate or VOD, full replace (PUT),
 * partial update (POST) with the version check, delete (and 409 while in use), under /api and
 * /api_v1. Every refused call is checked to have written nothing.
 */
import {
  fieldRequiredMessage,
  greaterThanZeroMessage,
  VALIDATION_MESSAGES as M,
  PLACEMENT_TEXTS,
  POD_TEXTS,
  RESOURCE_KINDS,
  RESOURCE_TEXTS,
  RESOURCES,
  type ResourceKind,
  STREAMER_TEXTS,
  VOD_TEXTS,
  versionSchema,
} from '@cuepoint/core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceEvents } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../db/seed.ts';
import { createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { customerIdOf } from '../../../test/accounts.ts';
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
  withDefaults,
} from './resource-fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MISSING_ID = '3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77';
const VERSION_REQUIRED = versionSchema.safeParse(undefined).error!.issues[0]!.message;
const DEMO_EMAIL = DEMO_ACCOUNTS.customer.email;

/** A partial update that breaks a rule only together with the stored fields (merge, then validate). */
const MERGE_BREAKS: Record<ResourceKind, { change: Payload; fields: { field: string; message: string }[] }> =
  {
    liveStream: {
      change: { inRedundancy: 'ENABLE' },
      fields: [{ field: 'backupStreamUrl', message: M.invalidUrl }],
    },
    vod: {
      change: { cuePoints: [700] },
      fields: [{ field: 'cuePoints', message: VOD_TEXTS.cuePointOutside }],
    },
    slate: {
      change: { duration: 0 },
      fields: [{ field: 'duration', message: greaterThanZeroMessage('Duration') }],
    },
    streamer: {
      change: { mode: 'schedule' },
      fields: [{ field: 'startDate', message: STREAMER_TEXTS.scheduleDates }],
    },
    encoder: {
      change: { probe_duration: 0 },
      fields: [{ field: 'probe_duration', message: M.invalidDuration }],
    },
    // An advertiser has no rule across fields: one field's own rule, checked after the merge.
    advertiser: {
      change: { contactEmails: ['sales@advertiser.example', 'billing'] },
      fields: [{ field: 'contactEmails', message: M.invalidEmail }],
    },
    campaign: {
      // The stored flight starts in 2026.
      change: { endDate: '12-31-2025T23:59:59' },
      fields: [
        { field: 'startDate', message: M.startDateBeforeEnd },
        { field: 'endDate', message: M.endDateAfterStart },
      ],
    },
    creative: {
      change: { duration: 0 },
      fields: [{ field: 'duration', message: M.triggerDuration }],
    },
    placement: {
      // The stored pod takes 120 s.
      change: { maxAdDuration: 150 },
      fields: [{ field: 'maxAdDuration', message: PLACEMENT_TEXTS.adLongerThanPod }],
    },
    bundle: {
      change: { sources: [{ type: 'campaigns', percentage: 60, campaignIds: [], url: '' }] },
      fields: [{ field: 'sources', message: M.bundlesTotal }],
    },
    pod: {
      // The stored pod lasts 90 s at most.
      change: { minTotalDuration: 100 },
      fields: [{ field: 'minTotalDuration', message: POD_TEXTS.minAboveMax }],
    },
  };

/** Kinds whose every field but the name has a default: a replace with a name alone is valid. */
const nameAlone = (kind: ResourceKind) => RESOURCES[kind].schema.safeParse({ name: 'Only a name' }).success;

describe('generic resource calls', () => {
  let app: TestApp;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  let api: ResourceClient;
  let demoId: string;
  let refs: Required<Refs>;
  let other: TestAccount;
  let otherRefs: Required<Refs>;
  const seeded: Partial<Record<ResourceKind, Payload[]>> = {};
  let serial = 0;
  const unique = (text: string) => `${text} ${++serial}`;

  beforeAll(async () => {
    app = await testApp();
    demo = await loginAs(app, 'customer');
    api = resourceClient(app, demo.headers);
    demoId = await customerIdOf(app, 'demo-broadcasting');
    for (const kind of RESOURCE_KINDS) seeded[kind] = (await api.list(kind, { pageSize: 'All' })).json().data;
    refs = await createRefs(api, 'Demo refs');
    other = await createAccount(app);
    otherRefs = await createRefs(resourceClient(app, other.headers), 'Other refs');
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

  it('seeds the demo account: 3 live streams on slate #1, 3 VODs, 2 slates, a streamer channel on every VOD and slate #2, an encoder, and its demand', () => {
    expect(Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, seeded[kind]!.length]))).toEqual({
      liveStream: 3,
      vod: 3,
      slate: 2,
      streamer: 1,
      encoder: 1,
      advertiser: 2,
      campaign: 2,
      creative: 3,
      placement: 1,
      bundle: 1,
      pod: 1,
    });
    const slateIds = seeded.slate!.map((s) => s._id);
    const [slateOne, slateTwo] = [
      seeded.slate!.find((s) => s.name === 'Be right back')!._id,
      seeded.slate!.find((s) => s.name === 'Technical difficulties')!._id,
    ];
    expect(slateIds).toHaveLength(2);
    for (const stream of seeded.liveStream!) expect(stream.slateId).toBe(slateOne);
    const [channel] = seeded.streamer!;
    expect(channel!.slateId).toBe(slateTwo);
    expect((channel!.items as { vodId: string }[]).map((i) => i.vodId).sort()).toEqual(
      seeded.vod!.map((v) => v._id as string).sort(),
    );
    for (const kind of RESOURCE_KINDS) {
      for (const row of seeded[kind]!)
        expect(row).toMatchObject({ customerId: demoId, version: 1, updatedBy: DEMO_EMAIL });
    }
  });

  it('seeds the demo demand: two advertisers, the demo ad server’s creatives, a placement everywhere, a pod template, two campaigns and a bundle', () => {
    const named = <K extends ResourceKind>(kind: K, name: string) => {
      const row = seeded[kind]!.find((r) => r.name === name);
      expect(row, `${kind} '${name}'`).toBeDefined();
      return row as Payload & { _id: string };
    };
    const acme = named('advertiser', 'Acme Sports');
    const northwind = named('advertiser', 'Northwind Drinks');
    for (const advertiser of [acme, northwind]) {
      expect((advertiser.contactEmails as string[]).length).toBeGreaterThan(0);
      expect(advertiser.status).toBe('active');
    }

    // The creatives play the demo ad server's HLS ads, on the origin the demo streams play from.
    const demoOrigin = String(named('liveStream', 'Sports 1').sourceStreamUrl).replace(
      /\/origin\/live\/cue\/$/,
      '',
    );
    expect(demoOrigin).toMatch(/^https?:\/\/.+\/demo$/);
    const creatives = [
      { name: 'Acme Sports red (10 s)', ad: 'ad1', duration: 10, advertiserId: acme._id },
      { name: 'Northwind Drinks blue (15 s)', ad: 'ad2', duration: 15, advertiserId: northwind._id },
      { name: 'Acme Sports green (20 s)', ad: 'ad3', duration: 20, advertiserId: acme._id },
    ];
    for (const { name, ad, duration, advertiserId } of creatives) {
      expect(named('creative', name)).toMatchObject({
        videoUrl: `${demoOrigin}/ads/media/${ad}/master.m3u8`,
        duration,
        advertiserId,
        universalAdId: ad,
        status: 'active',
      });
    }

    const placement = named('placement', 'All streams');
    expect(placement).toMatchObject({ liveStreamIds: [], vodIds: [], positions: ['pre', 'mid', 'post'] });
    const pod = named('pod', 'Standard pod');
    expect(pod).toMatchObject({ adpodLength: 3, maxTotalDuration: 60 });

    const year = new Date().getUTCFullYear();
    const flight = { startDate: `01-01-${year}T00:00:00`, endDate: `12-31-${year + 1}T23:59:59` };
    const id = (kind: ResourceKind, name: string) => named(kind, name)._id;
    expect(named('campaign', 'Acme Sports season sponsorship')).toMatchObject({
      ...flight,
      advertiserId: acme._id,
      priority: 'sponsorship',
      cpm: 12.5,
      placementIds: [placement._id],
      creativeIds: [id('creative', 'Acme Sports red (10 s)'), id('creative', 'Acme Sports green (20 s)')],
      status: 'active',
    });
    expect(named('campaign', 'Northwind Drinks run of network')).toMatchObject({
      ...flight,
      advertiserId: northwind._id,
      priority: 'standard',
      cpm: 8,
      placementIds: [placement._id],
      creativeIds: [id('creative', 'Northwind Drinks blue (15 s)')],
      status: 'active',
    });
    expect(named('bundle', 'House demand')).toMatchObject({
      podId: pod._id,
      sources: [{ type: 'campaigns', percentage: 100, campaignIds: [], url: '' }],
    });

    // Sports 1's shares (internal demand) both go to the bundle: the built-in ad server fills its
    // breaks. News 24 keeps its VAST tag, the assets their ad tags.
    const bundleId = id('bundle', 'House demand');
    expect(named('liveStream', 'Sports 1').bundles).toEqual([
      { name: 'Premium sports', percentage: 70, bundleId },
      { name: 'Run of network', percentage: 30, bundleId },
    ]);
    expect(named('liveStream', 'News 24')).toMatchObject({ adDecision: 'external', bundles: [] });
    for (const vod of seeded.vod!) expect(vod.bundleId).toBeNull();
  });

  describe.each(RESOURCE_KINDS)('%s', (kind) => {
    const { label } = RESOURCES[kind];

    it('creates: 201 with the data as the schema outputs it and the meta fields', async () => {
      const payload = samplePayload(kind, unique('Created'), refs);
      const before = Date.now();
      const res = await api.create(kind, payload);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        ...withDefaults(kind, payload),
        _id: expect.stringMatching(UUID),
        customerId: demoId,
        version: 1,
        createdAt: expect.stringMatching(ISO),
        updatedAt: body.createdAt,
        updatedBy: DEMO_EMAIL,
      });
      expect(Date.parse(body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(body.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
      // Stored: the data alone (no meta inside it), readable by id.
      expect((await storedRow(app, kind, body._id))!.data).toEqual(withDefaults(kind, payload));
      const read = await api.get(kind, body._id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(body);
      expect(await lastEvent(body._id)).toMatchObject({
        action: 'created',
        kind,
        customerId: demoId,
        actor: DEMO_EMAIL,
        actingAdmin: null,
      });
    });

    it('fills every field left out with its default', async () => {
      const payload = minimalPayload(kind, unique('Minimal'), refs);
      const res = await api.create(kind, payload);
      expect(res.statusCode).toBe(201);
      const { _id, customerId, version, createdAt, updatedAt, updatedBy, ...data } = res.json();
      expect(data).toEqual({ ...RESOURCES[kind].defaults, ...payload });
    });

    it('ignores meta fields in the body: the id, account and version are the server’s', async () => {
      const payload = {
        ...minimalPayload(kind, unique('Meta'), refs),
        _id: MISSING_ID,
        customerId: other.customer.id,
        version: 7,
        updatedBy: 'someone@else.example',
      };
      const otherRows = await countRows(app, kind, other.customer.id);
      const res = await api.create(kind, payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ customerId: demoId, version: 1, updatedBy: DEMO_EMAIL });
      expect(res.json()._id).not.toBe(MISSING_ID);
      expect((await storedRow(app, kind, res.json()._id))!.customerId).toBe(demoId);
      expect(await countRows(app, kind, other.customer.id)).toBe(otherRows);
    });

    it('refuses a name the account already uses, in any letter case (400 on name), writing nothing', async () => {
      const name = unique('Taken Name');
      await createVia(api, kind, minimalPayload(kind, name, refs));
      const before = await snapshot(app);
      for (const variant of [name, name.toUpperCase(), `  ${name.toLowerCase()}  `]) {
        const res = await api.create(kind, minimalPayload(kind, variant, refs));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([{ field: 'name', message: RESOURCE_TEXTS.duplicateName(label) }]);
      }
      expect(await snapshot(app)).toEqual(before);
      // Another account may use the same name.
      const elsewhere = resourceClient(app, other.headers);
      const otherRefsFor = NEEDS_REFS.includes(kind) ? otherRefs : {};
      expect((await elsewhere.create(kind, minimalPayload(kind, name, otherRefsFor))).statusCode).toBe(201);
    });

    it('lets only one of several simultaneous creates with one name through', async () => {
      const name = unique('Race');
      const before = await countRows(app, kind, demoId);
      const answers = await Promise.all(
        [name, name.toUpperCase(), name, name.toLowerCase()].map((variant) =>
          api.create(kind, minimalPayload(kind, variant, refs)),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const res of answers.filter((r) => r.statusCode === 400)) {
        expect(res.json().fields).toEqual([{ field: 'name', message: RESOURCE_TEXTS.duplicateName(label) }]);
      }
      expect(await countRows(app, kind, demoId)).toBe(before + 1);
    });

    it('lets only one of two simultaneous edits of one version through (409 for the other)', async () => {
      const created = await createVia(api, kind, samplePayload(kind, unique('Contested'), refs));
      const answers = await Promise.all([
        api.update(kind, created._id, { name: unique('First'), version: 1 }),
        api.replace(kind, created._id, { ...minimalPayload(kind, unique('Second'), refs), version: 1 }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json();
      expect(answers.find((r) => r.statusCode === 409)!.json().currentVersion).toBe(2);
      expect((await api.get(kind, created._id)).json()).toEqual(winner);
    });

    it('replaces with PUT: every field from the body, defaults for the rest, version + 1, changes logged', async () => {
      const oldName = unique('Replace me');
      const created = await createVia(api, kind, samplePayload(kind, oldName, refs));
      const newName = unique('Replaced');
      const replacement = minimalPayload(kind, newName, refs);
      const res = await api.replace(kind, created._id, { ...replacement, version: 1 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        ...withDefaults(kind, replacement),
        _id: created._id,
        customerId: demoId,
        version: 2,
        createdAt: created.createdAt,
        updatedAt: expect.stringMatching(ISO),
        updatedBy: DEMO_EMAIL,
      });
      expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt as string));
      expect((await api.get(kind, created._id)).json()).toEqual(body);

      const before = withDefaults(kind, samplePayload(kind, oldName, refs));
      const after = withDefaults(kind, replacement);
      const changed = Object.keys(after).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      expect(changed.length).toBeGreaterThan(1);
      const event = await lastEvent(created._id);
      expect(event).toMatchObject({
        action: 'updated',
        level: 'info',
        actor: DEMO_EMAIL,
        resourceName: newName,
      });
      expect(event.changes.map((c) => c.field).sort()).toEqual(changed.sort());
      expect(event.changes).toContainEqual({ field: 'name', from: oldName, to: newName });
    });

    it('updates some fields with POST: the rest kept, version + 1, only the changed field logged', async () => {
      const oldName = unique('Patch me');
      const created = await createVia(api, kind, samplePayload(kind, oldName, refs));
      const newName = unique('Patched');
      const res = await api.update(kind, created._id, { name: newName, version: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...created,
        name: newName,
        version: 2,
        updatedAt: expect.stringMatching(ISO),
      });
      const event = await lastEvent(created._id);
      expect(event).toMatchObject({ action: 'updated', message: `${label} updated: name` });
      expect(event.changes).toEqual([{ field: 'name', from: oldName, to: newName }]);
      // A second edit names the new version.
      const again = await api.update(kind, created._id, { name: oldName, version: 2 });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ name: oldName, version: 3 });
    });

    it('accepts a renamed letter case of its own name, refuses another resource’s name', async () => {
      const name = unique('Case');
      const created = await createVia(api, kind, minimalPayload(kind, name, refs));
      const taken = await createVia(api, kind, minimalPayload(kind, unique('Neighbour'), refs));
      const renamed = await api.update(kind, created._id, { name: name.toUpperCase(), version: 1 });
      expect(renamed.statusCode).toBe(200);
      const before = await snapshot(app);
      const clash = await api.update(kind, created._id, {
        name: String(taken.name).toLowerCase(),
        version: 2,
      });
      expect(clash.statusCode).toBe(400);
      expect(clash.json().fields).toEqual([{ field: 'name', message: RESOURCE_TEXTS.duplicateName(label) }]);
      const put = await api.replace(kind, created._id, {
        ...minimalPayload(kind, String(taken.name), refs),
        version: 2,
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().fields).toEqual([{ field: 'name', message: RESOURCE_TEXTS.duplicateName(label) }]);
      expect(await snapshot(app)).toEqual(before);
      expect((await storedRow(app, kind, created._id))!.version).toBe(2);
    });

    it('refuses a stale version with 409, the current version and nothing written', async () => {
      const created = await createVia(api, kind, samplePayload(kind, unique('Stale'), refs));
      expect((await api.update(kind, created._id, { name: unique('Moved on'), version: 1 })).statusCode).toBe(
        200,
      );
      const stored = await storedRow(app, kind, created._id);
      const before = await snapshot(app);
      for (const res of [
        await api.update(kind, created._id, { name: unique('Late edit'), version: 1 }),
        await api.replace(kind, created._id, {
          ...minimalPayload(kind, unique('Late replace'), refs),
          version: 1,
        }),
        await api.update(kind, created._id, { name: unique('Future edit'), version: 3 }),
        // Stale and invalid: the version is answered first (the user must reload anyway).
        await api.update(kind, created._id, { name: '', version: 1 }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          statusCode: 409,
          error: 'Conflict',
          message: RESOURCE_TEXTS.staleVersion(label),
          currentVersion: 2,
        });
      }
      expect(await snapshot(app)).toEqual(before);
      expect(await storedRow(app, kind, created._id)).toEqual(stored);
    });

    it('refuses an update without a valid version (400 naming version), writing nothing', async () => {
      const created = await createVia(api, kind, samplePayload(kind, unique('Unversioned'), refs));
      const before = await snapshot(app);
      const missing = [
        await api.update(kind, created._id, { name: unique('No version') }),
        await api.replace(kind, created._id, minimalPayload(kind, unique('No version'), refs)),
        await api.update(kind, created._id, { name: unique('Zero'), version: 0 }),
        await api.update(kind, created._id, { name: unique('Text'), version: '1' }),
      ];
      for (const res of missing) {
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([{ field: 'version', message: VERSION_REQUIRED }]);
      }
      expect(await snapshot(app)).toEqual(before);
      expect((await storedRow(app, kind, created._id))!.version).toBe(1);
    });

    it('validates the merged data of a partial update and the whole body of a replace (400), writing nothing', async () => {
      const created = await createVia(api, kind, samplePayload(kind, unique('Merged'), refs));
      const stored = await storedRow(app, kind, created._id);
      const before = await snapshot(app);
      const blank = await api.update(kind, created._id, { name: '  ', version: 1 });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toEqual([{ field: 'name', message: fieldRequiredMessage('Name') }]);
      const merged = await api.update(kind, created._id, { ...MERGE_BREAKS[kind].change, version: 1 });
      expect(merged.statusCode).toBe(400);
      expect(merged.json().fields).toEqual(MERGE_BREAKS[kind].fields);
      if (!nameAlone(kind)) {
        // A replace is not merged: what the body leaves out is not taken from the stored resource.
        const partialPut = await api.replace(kind, created._id, { name: unique('Only a name'), version: 1 });
        expect(partialPut.statusCode).toBe(400);
        expect(partialPut.json().fields.map((f: { field: string }) => f.field)).not.toContain('name');
      }
      expect(await snapshot(app)).toEqual(before);
      expect(await storedRow(app, kind, created._id)).toEqual(stored);
    });

    if (nameAlone(kind))
      it('does not merge a replace: a name alone puts every other field back to its default', async () => {
        const created = await createVia(api, kind, samplePayload(kind, unique('Reset'), refs));
        const name = unique('Only a name');
        const res = await api.replace(kind, created._id, { name, version: 1 });
        expect(res.statusCode).toBe(200);
        const { _id, customerId, version, createdAt, updatedAt, updatedBy, ...data } = res.json();
        expect(data).toEqual({ ...RESOURCES[kind].defaults, name });
        expect(data).not.toEqual(withDefaults(kind, { ...samplePayload(kind, name, refs) }));
        expect(version).toBe(2);
      });

    it('deletes: 200 with the id, then 404 for every call on it, logged as a warning', async () => {
      const created = await createVia(api, kind, samplePayload(kind, unique('Doomed'), refs));
      const rowsBefore = await countRows(app, kind, demoId);
      const res = await api.remove(kind, created._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ _id: created._id });
      expect(await countRows(app, kind, demoId)).toBe(rowsBefore - 1);
      expect(await lastEvent(created._id)).toMatchObject({
        action: 'deleted',
        level: 'warning',
        resourceName: created.name,
        actor: DEMO_EMAIL,
      });
      for (const gone of [
        await api.get(kind, created._id),
        await api.remove(kind, created._id),
        await api.update(kind, created._id, { name: unique('Ghost'), version: 1 }),
        await api.replace(kind, created._id, { ...minimalPayload(kind, unique('Ghost'), refs), version: 1 }),
      ]) {
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toMatchObject({
          statusCode: 404,
          message: RESOURCE_TEXTS.notFound(label),
          showMessage: true,
        });
      }
    });

    it('answers 404 for an unknown id and 400 naming id for one that is not a UUID', async () => {
      const missing = await api.get(kind, MISSING_ID);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(RESOURCE_TEXTS.notFound(label));
      for (const res of [await api.get(kind, 'abc'), await api.remove(kind, 'abc')]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual([{ field: 'id', message: 'Invalid UUID' }]);
      }
    });

    it('refuses a body that is not an object (400), writing nothing', async () => {
      const before = await snapshot(app);
      for (const payload of [[1, 2], 'text']) {
        const res = await app.inject({
          method: 'POST',
          url: `/api${RESOURCES[kind].apiPath}`,
          headers: { ...demo.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode).toBe(400);
      }
      expect(await snapshot(app)).toEqual(before);
    });

    it('answers the same calls under /api_v1', async () => {
      const v1 = resourceClient(app, demo.headers, '/api_v1');
      const created = await v1.create(kind, samplePayload(kind, unique('Version one'), refs));
      expect(created.statusCode).toBe(201);
      const id = created.json()._id as string;
      const listed = await v1.list(kind, { pageSize: 'All', q: String(created.json().name) });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((r: Payload) => r._id)).toEqual([id]);
      expect((await v1.get(kind, id)).json()).toEqual(created.json());
      const put = await v1.replace(kind, id, {
        ...minimalPayload(kind, unique('Version one put'), refs),
        version: 1,
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().version).toBe(2);
      const post = await v1.update(kind, id, { name: unique('Version one post'), version: 2 });
      expect(post.statusCode).toBe(200);
      expect(post.json().version).toBe(3);
      expect((await api.get(kind, id)).json()).toEqual(post.json());
      expect((await v1.remove(kind, id)).json()).toEqual({ _id: id });
      expect((await v1.get(kind, id)).statusCode).toBe(404);
    });
  });

  describe('references to other resources', () => {
    const slateRef = [{ field: 'slateId', message: RESOURCE_TEXTS.unknownReference(RESOURCES.slate.label) }];
    const vodRef = [{ field: 'items', message: RESOURCE_TEXTS.unknownReference(RESOURCES.vod.label) }];

    it('accepts the account’s own slate and VOD assets', async () => {
      expect(
        (await api.create('liveStream', samplePayload('liveStream', unique('Own slate'), refs))).statusCode,
      ).toBe(201);
      const channel = await api.create('streamer', samplePayload('streamer', unique('Own VODs'), refs));
      expect(channel.statusCode).toBe(201);
      expect(channel.json()).toMatchObject({
        slateId: refs.slateId,
        items: refs.vodIds.map((vodId) => ({ vodId })),
      });
    });

    it('refuses another account’s slate or an unknown one (400 on slateId), writing nothing', async () => {
      const before = await snapshot(app);
      for (const slateId of [otherRefs.slateId, MISSING_ID]) {
        for (const kind of ['liveStream', 'streamer'] as const) {
          const res = await api.create(
            kind,
            samplePayload(kind, unique('Foreign slate'), { ...refs, slateId }),
          );
          expect(res.statusCode).toBe(400);
          expect(res.json().fields).toEqual(slateRef);
        }
      }
      expect(await snapshot(app)).toEqual(before);
    });

    it('refuses another account’s VOD asset in a channel (400 on items), also beside an own one', async () => {
      const before = await snapshot(app);
      for (const vodIds of [[otherRefs.vodIds[0]!], [refs.vodIds[0]!, otherRefs.vodIds[1]!], [MISSING_ID]]) {
        const res = await api.create(
          'streamer',
          samplePayload('streamer', unique('Foreign VOD'), { ...refs, vodIds }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual(vodRef);
      }
      const both = await api.create(
        'streamer',
        samplePayload('streamer', unique('Foreign both'), {
          slateId: otherRefs.slateId,
          vodIds: otherRefs.vodIds,
        }),
      );
      expect(both.statusCode).toBe(400);
      expect(both.json().fields).toEqual([...slateRef, ...vodRef]);
      expect(await snapshot(app)).toEqual(before);
    });

    it('checks references on updates too, writing nothing', async () => {
      const stream = await createVia(
        api,
        'liveStream',
        samplePayload('liveStream', unique('Repointed'), refs),
      );
      const channel = await createVia(api, 'streamer', samplePayload('streamer', unique('Repointed'), refs));
      const before = await snapshot(app);
      const patch = await api.update('liveStream', stream._id, { slateId: otherRefs.slateId, version: 1 });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().fields).toEqual(slateRef);
      const put = await api.replace('streamer', channel._id, {
        ...samplePayload('streamer', String(channel.name), { ...refs, vodIds: otherRefs.vodIds }),
        version: 1,
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().fields).toEqual(vodRef);
      expect(await snapshot(app)).toEqual(before);
      // Clearing the slate is fine.
      const cleared = await api.update('liveStream', stream._id, { slateId: '', version: 1 });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().slateId).toBeNull();
    });
  });

  describe('deleting what others use', () => {
    const seededSlate = (name: string) =>
      seeded.slate!.find((s) => s.name === name)! as Payload & { _id: string };
    const usedByText = (label: string, usedBy: { kind: ResourceKind; name: string }[]) =>
      RESOURCE_TEXTS.inUse(
        label,
        usedBy.map((u) => ({ kind: RESOURCES[u.kind].label.toLowerCase(), name: u.name })),
      );

    it('refuses to delete the slate the demo streams use (409 naming them), deleting nothing', async () => {
      const slate = seededSlate('Be right back');
      const before = await snapshot(app);
      const res = await api.remove('slate', slate._id);
      expect(res.statusCode).toBe(409);
      const body = res.json();
      const streams = seeded.liveStream!.map((s) => ({ kind: 'liveStream', _id: s._id, name: s.name }));
      expect(body.usedBy).toHaveLength(streams.length);
      // The console toasts this message as is (spec section 8).
      expect(body.showMessage).toBe(true);
      expect(body.usedBy).toEqual(expect.arrayContaining(streams));
      expect(body).toMatchObject({
        statusCode: 409,
        error: 'Conflict',
        message: usedByText('Slate', body.usedBy),
      });
      expect(body.message).toContain("live stream 'Sports 1'");
      expect(await snapshot(app)).toEqual(before);
      expect((await api.get('slate', slate._id)).statusCode).toBe(200);
    });

    it('refuses to delete the streamer channel’s slate and VOD assets (409 naming the channel)', async () => {
      const [channel] = seeded.streamer!;
      const usedBy = [{ kind: 'streamer' as const, _id: channel!._id, name: 'Highlights loop' }];
      const before = await snapshot(app);
      const slate = await api.remove('slate', seededSlate('Technical difficulties')._id);
      expect(slate.statusCode).toBe(409);
      expect(slate.json()).toMatchObject({ usedBy, message: usedByText('Slate', usedBy) });
      expect(slate.json().message).toBe("This slate is in use by streamer channel 'Highlights loop'");
      for (const vod of seeded.vod!) {
        const res = await api.remove('vod', vod._id as string);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ usedBy, message: usedByText('VOD asset', usedBy) });
      }
      expect(await snapshot(app)).toEqual(before);
    });

    it('names every kind of user, and deletes once nothing uses it any more', async () => {
      const slate = await createVia(api, 'slate', minimalPayload('slate', unique('Shared slate')));
      const vod = await createVia(api, 'vod', minimalPayload('vod', unique('Shared VOD')));
      const stream = await createVia(
        api,
        'liveStream',
        samplePayload('liveStream', unique('Slate user'), { slateId: slate._id }),
      );
      const channel = await createVia(
        api,
        'streamer',
        samplePayload('streamer', unique('Slate and VOD user'), { slateId: slate._id, vodIds: [vod._id] }),
      );
      const res = await api.remove('slate', slate._id);
      expect(res.statusCode).toBe(409);
      expect(res.json().usedBy).toEqual([
        { kind: 'liveStream', _id: stream._id, name: stream.name },
        { kind: 'streamer', _id: channel._id, name: channel.name },
      ]);
      expect(res.json().message).toBe(
        `This slate is in use by live stream '${stream.name}', streamer channel '${channel.name}'`,
      );

      expect((await api.update('liveStream', stream._id, { slateId: null, version: 1 })).statusCode).toBe(
        200,
      );
      expect((await api.update('streamer', channel._id, { slateId: null, version: 1 })).statusCode).toBe(200);
      expect((await api.remove('slate', slate._id)).statusCode).toBe(200);
      expect((await api.remove('vod', vod._id)).statusCode).toBe(409);
      expect((await api.remove('streamer', channel._id)).statusCode).toBe(200);
      expect((await api.remove('vod', vod._id)).statusCode).toBe(200);
    });
  });
});
