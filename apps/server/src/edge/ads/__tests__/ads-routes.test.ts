import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionedCreatives, customers, resourceEvents } from '../../../db/schema/index.ts';
import { createAccount } from '../../../test/account-fixtures.ts';
import { type TestApp, testApp } from '../../../test/helpers.ts';
import { conditioningKey } from '../../conditioning/conditioner.ts';
import { DEFAULT_CREATIVE_LADDER } from '../catalog.ts';
import { seededRandom } from '../engine.ts';
import { decideFromCampaigns } from '../playback.ts';
import { addCampaign, addResource, adsOf, type Demand, delivered, demandBase } from './demand-fixtures.ts';
import { validateVast, validateVmap } from './xsd.ts';

let app: TestApp;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  await app.close();
});

async function account(): Promise<{ customerId: string; base: Demand }> {
  const { customer } = await createAccount(app);
  return { customerId: customer.id, base: await demandBase(app.db, customer.id) };
}

const vast = (query: string) => app.inject({ method: 'GET', url: `/ads/vast?${query}` });
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('GET /ads/vast', () => {
  it('answers a pod of the account’s campaigns as VAST 4.2 that validates against the IAB schema', async () => {
    const { customerId, base } = await account();
    const first = await addCampaign(app.db, customerId, base, { priority: 'sponsorship' }, { duration: 10 });
    const second = await addCampaign(
      app.db,
      customerId,
      base,
      {},
      {
        duration: 20,
        clickThroughUrl: 'https://acme.example/sale',
        trackingUrls: [{ event: 'start', url: 'https://tracker.example/start' }],
        universalAdId: 'ACME0001',
      },
    );
    const response = await vast(`stream=${base.streamId}&dur=30&pos=mid&ip=203.0.113.9&ua=Roku/DVP-12.5`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await validateVast(response.body)).toEqual({ valid: true, errors: [] });
    const ads = adsOf(response.body);
    expect(ads.map((a) => [a.id, a.sequence, a.duration])).toEqual([
      [first.campaignId, 1, '00:00:10.000'],
      [second.campaignId, 2, '00:00:20.000'],
    ]);
    expect(ads[1]!.mediaFiles).toEqual([
      {
        delivery: 'streaming',
        type: 'application/x-mpegURL',
        url: expect.stringMatching(/^https:\/\/cdn\.example\/ads\/spot-\d+\/master\.m3u8$/),
      },
    ]);
    expect(ads[0]!.impressions[0]).toMatch(/^http:\/\/console\.test\/ads\/impression\?c=/);
    expect(response.body).toContain('<UniversalAdId idRegistry="ad-id.org">ACME0001</UniversalAdId>');
    expect(response.body).toContain(
      '<Tracking event="start"><![CDATA[https://tracker.example/start]]></Tracking>',
    );
    expect(response.body).toContain('<ClickThrough><![CDATA[https://acme.example/sale]]></ClickThrough>');
    expect(await delivered(app.db, first.campaignId)).toEqual({ served: 1, impressions: 0, revenue: 0 });
  });

  it('records the decision and every candidate’s reason for the break’s diagnostics', async () => {
    const { customerId, base } = await account();
    const placed = await addCampaign(app.db, customerId, base);
    const french = await addCampaign(app.db, customerId, base, { targetCountries: ['FR'] });
    const response = await vast(`stream=${base.streamId}&dur=30&country=US&avail=break-7&sid=viewer-1`);
    expect(response.statusCode).toBe(200);
    await app.events.flush();
    const [event] = await app.db
      .select()
      .from(resourceEvents)
      .where(and(eq(resourceEvents.resourceId, base.streamId), eq(resourceEvents.action, 'ad-decision')));
    expect(event).toMatchObject({ availId: 'break-7', sessionId: 'viewer-1', level: 'warning' });
    const data = event!.data as { outcome: string; reason: string; candidates: unknown[]; adSeconds: number };
    expect(data).toMatchObject({ outcome: 'partial', adSeconds: 15, reason: 'targeting' });
    expect(data.candidates).toEqual([
      expect.objectContaining({ id: expect.stringContaining(placed.campaignId), chosen: true, reason: null }),
      expect.objectContaining({
        id: french.campaignId,
        chosen: false,
        reason: 'targeting',
        detail: 'it does not target the country US',
      }),
    ]);
  });

  it('targets the country of the viewer’s address when the caller names none', async () => {
    const { customerId, base } = await account();
    const british = await addCampaign(app.db, customerId, base, { targetCountries: ['GB'] });
    // 81.2.69.142 is in the United Kingdom, 8.8.8.8 in the United States (the bundled database).
    const inBritain = adsOf((await vast(`stream=${base.streamId}&dur=30&ip=81.2.69.142`)).body);
    expect(inBritain.map((a) => a.id)).toEqual([british.campaignId]);
    expect(adsOf((await vast(`stream=${base.streamId}&dur=30&ip=8.8.8.8`)).body)).toEqual([]);
    // A country given by the caller (an SSAI that knows it) wins over the address.
    const named = adsOf((await vast(`stream=${base.streamId}&dur=30&ip=8.8.8.8&country=gb`)).body);
    expect(named.map((a) => a.id)).toEqual([british.campaignId]);
  });

  it('keeps to the stream’s bundle: its campaigns, its pod template', async () => {
    const { customerId, base } = await account();
    const inBundle = await addCampaign(app.db, customerId, base, {}, { duration: 10 });
    const alsoInBundle = await addCampaign(app.db, customerId, base, {}, { duration: 10 });
    await addCampaign(app.db, customerId, base, { priority: 'sponsorship' });
    const podId = await addResource(app.db, 'pod', customerId, { name: 'One slot', adpodLength: 1 });
    const bundleId = await addResource(app.db, 'bundle', customerId, {
      name: 'House demand',
      podId,
      sources: [
        { type: 'campaigns', percentage: 100, campaignIds: [inBundle.campaignId, alsoInBundle.campaignId] },
      ],
    });
    const streamId = await addResource(app.db, 'liveStream', customerId, {
      name: 'Bundled stream',
      sourceStreamUrl: 'https://origin.example/live/bundled/',
      bundles: [{ name: 'House', percentage: 100, bundleId }],
    });
    const ads = adsOf((await vast(`stream=${streamId}&dur=60`)).body);
    expect(ads).toHaveLength(1);
    expect([inBundle.campaignId, alsoInBundle.campaignId]).toContain(ads[0]!.id);
    // A share of the avails without a bundle has no demand.
    const noDemand = await addResource(app.db, 'liveStream', customerId, {
      name: 'Half bundled',
      sourceStreamUrl: 'https://origin.example/live/half/',
      bundles: [
        { name: 'Nothing', percentage: 100, bundleId: null },
        { name: 'House', percentage: 0, bundleId },
      ],
    });
    expect(adsOf((await vast(`stream=${noDemand}&dur=60`)).body)).toEqual([]);
  });

  it('never serves another account’s campaigns', async () => {
    const mine = await account();
    const theirs = await account();
    const own = await addCampaign(app.db, mine.customerId, mine.base);
    const other = await addCampaign(app.db, theirs.customerId, theirs.base, { priority: 'sponsorship' });
    const response = await vast(`stream=${mine.base.streamId}&dur=60`);
    expect(response.statusCode).toBe(200);
    expect(adsOf(response.body).map((a) => a.id)).toEqual([own.campaignId]);
    expect(response.body).not.toContain(other.campaignId);
    expect(await validateVast(response.body)).toEqual({ valid: true, errors: [] });
  });

  it('gives an inactive stream, or a stream of a de-activated account, the empty VAST', async () => {
    const { customerId, base } = await account();
    await addCampaign(app.db, customerId, base);
    const inactive = await addResource(app.db, 'liveStream', customerId, {
      name: 'Off air',
      sourceStreamUrl: 'https://origin.example/live/off/',
      status: 'inactive',
    });
    const off = await vast(`stream=${inactive}&dur=30`);
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('<VAST version="4.2" xmlns="http://www.iab.com/VAST"/>');
    expect(await validateVast(off.body)).toEqual({ valid: true, errors: [] });

    const other = await account();
    await addCampaign(app.db, other.customerId, other.base);
    await app.db
      .update(customers)
      .set({ deactivatedAt: new Date() })
      .where(eq(customers.id, other.customerId));
    const closed = await vast(`stream=${other.base.streamId}&dur=30`);
    expect(closed.statusCode).toBe(200);
    expect(adsOf(closed.body)).toEqual([]);
  });

  it('answers 404 for an unknown stream or asset, and bad input as a 400 VAST whose Error names the field', async () => {
    const unknown = randomUUID();
    const missing = await vast(`stream=${unknown}&dur=30`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: `No live stream ${unknown}` });
    expect((await vast(`vod=${unknown}&dur=30`)).json()).toMatchObject({
      message: `No VOD asset ${unknown}`,
    });

    const { base } = await account();
    const cases: [string, string, string][] = [
      [`stream=${base.streamId}&dur=abc`, 'dur', 'must be a number of seconds'],
      [`stream=${base.streamId}&dur=0`, 'dur', 'must be at least 1 s'],
      [`stream=${base.streamId}`, 'dur', 'Invalid input: expected string, received undefined'],
      ['stream=not-an-id&dur=30', 'stream', 'must be a live stream or VOD asset id (a UUID)'],
      ['dur=30', 'stream', 'give either stream or vod'],
      [`stream=${base.streamId}&vod=${base.vodId}&dur=30`, 'vod', 'give either stream or vod'],
      [`stream=${base.streamId}&dur=30&pos=side`, 'pos', 'must be pre, mid or post'],
      [`stream=${base.streamId}&dur=30&country=XX`, 'country', 'must be an ISO 3166-1 alpha-2 country code'],
      [`stream=${base.streamId}&dur=30&ip=300.1.1.1`, 'ip', 'must be an IPv4 or IPv6 address'],
      [
        `stream=${base.streamId}&dur=30&sid=${'x'.repeat(129)}`,
        'sid',
        'must be 1 to 128 letters, digits or . _ : -',
      ],
    ];
    for (const [query, field, message] of cases) {
      const response = await vast(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type'], query).toBe('application/xml; charset=utf-8');
      expect(response.body, query).toBe(
        `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.2" xmlns="http://www.iab.com/VAST"><Error><![CDATA[${field}: ${message}]]></Error></VAST>\n`,
      );
      expect(await validateVast(response.body), query).toEqual({ valid: true, errors: [] });
    }
    // Every field wrong at once: each named, as the JSON problem would.
    const several = await vast('stream=x&dur=0&pos=side');
    expect(several.body).toContain(
      '<Error><![CDATA[stream: must be a live stream or VOD asset id (a UUID); dur: must be at least 1 s; pos: must be pre, mid or post]]></Error>',
    );
  });

  it('offers an MP4 creative once conditioned, its HLS first and its MP4 beside it', async () => {
    const { customerId, base } = await account();
    const mp4 = 'https://cdn.example/ads/conditioned.mp4';
    const waiting = await addCampaign(
      app.db,
      customerId,
      base,
      {},
      { videoUrl: 'https://cdn.example/ads/waiting.mp4' },
    );
    const ready = await addCampaign(app.db, customerId, base, {}, { videoUrl: mp4 });
    const key = conditioningKey(mp4, DEFAULT_CREATIVE_LADDER);
    await app.db
      .insert(conditionedCreatives)
      .values({ key, sourceUrl: mp4, ladder: DEFAULT_CREATIVE_LADDER, status: 'ready' });
    const response = await vast(`stream=${base.streamId}&dur=60`);
    expect(await validateVast(response.body)).toEqual({ valid: true, errors: [] });
    const ads = adsOf(response.body);
    expect(ads.map((a) => a.id)).toEqual([ready.campaignId]);
    expect(ads[0]!.mediaFiles).toEqual([
      {
        delivery: 'streaming',
        type: 'application/x-mpegURL',
        url: `http://console.test/media/creatives/${key}/master.m3u8`,
      },
      { delivery: 'progressive', type: 'video/mp4', url: mp4 },
    ]);
    const decision = await app.adServer.decide({
      customerId,
      resource: { kind: 'liveStream', id: base.streamId },
      position: 'mid',
      duration: 60,
      viewer: {},
      podLength: 4,
    });
    expect(decision.candidates.find((c) => c.id === waiting.campaignId)).toMatchObject({
      reason: 'not-conditioned',
    });
  });
});

describe('GET /ads/vmap', () => {
  it('answers a VOD asset’s breaks (pre-roll, each cue point, post-roll) with inline VAST 4.2', async () => {
    const { customerId, base } = await account();
    const campaign = await addCampaign(app.db, customerId, base);
    const response = await app.inject({
      method: 'GET',
      url: `/ads/vmap?vod=${base.vodId}&dur=30&sid=viewer-2`,
    });
    expect(response.statusCode).toBe(200);
    expect(await validateVmap(response.body)).toEqual({ valid: true, errors: [] });
    expect(
      [...response.body.matchAll(/timeOffset="([^"]+)" breakType="linear" breakId="([^"]+)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      ['start', 'preroll'],
      ['00:02:00.000', 'midroll-1'],
      ['00:05:00.000', 'midroll-2'],
      ['end', 'postroll'],
    ]);
    expect(await delivered(app.db, campaign.campaignId)).toMatchObject({ served: 4 });
  });

  it('leaves out the breaks a placement does not cover, and answers 404 for an unknown asset', async () => {
    const { customerId, base } = await account();
    const preOnly = await addResource(app.db, 'placement', customerId, {
      name: 'Pre-rolls',
      positions: ['pre'],
    });
    await addCampaign(app.db, customerId, base, { placementIds: [preOnly] });
    const response = await app.inject({ method: 'GET', url: `/ads/vmap?vod=${base.vodId}&dur=30` });
    expect(await validateVmap(response.body)).toEqual({ valid: true, errors: [] });
    expect([...response.body.matchAll(/timeOffset="([^"]+)"/g)].map((m) => m[1])).toEqual(['start']);
    expect(
      (await app.inject({ method: 'GET', url: `/ads/vmap?vod=${randomUUID()}&dur=30` })).statusCode,
    ).toBe(404);
    const bad = await app.inject({ method: 'GET', url: `/ads/vmap?vod=${base.vodId}&dur=9999` });
    expect(bad.json().fields).toEqual([{ field: 'dur', message: 'must be at most 3600 s' }]);
  });
});

describe('GET /ads/impression', () => {
  it('counts the impression and its revenue at the campaign’s CPM; a forged or stale beacon is refused', async () => {
    const { customerId, base } = await account();
    const { campaignId } = await addCampaign(app.db, customerId, base, { cpm: 12.5 });
    const [ad] = adsOf((await vast(`stream=${base.streamId}&dur=30`)).body);
    const beacon = pathOf(ad!.impressions[0]!);
    const counted = await app.inject({ method: 'GET', url: beacon });
    expect(counted.statusCode).toBe(204);
    expect(counted.headers['access-control-allow-origin']).toBe('*');
    expect(await delivered(app.db, campaignId)).toEqual({ served: 1, impressions: 1, revenue: 1250 });

    const richer = beacon.replace('&m=1250&', '&m=999999&');
    expect(richer).not.toBe(beacon);
    const forged = await app.inject({ method: 'GET', url: richer });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('This impression beacon is not one of ours');
    const stale = pathOf(
      app.adServer.impressionUrl({
        c: campaignId,
        u: customerId,
        r: base.streamId,
        m: 1250,
        t: Math.floor(Date.now() / 1000) - 4 * 86_400,
        i: randomUUID(),
      }),
    );
    expect((await app.inject({ method: 'GET', url: stale })).statusCode).toBe(410);
    const malformed = await app.inject({ method: 'GET', url: beacon.replace(/&s=[^&]+/, '&s=short') });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([{ field: 's', message: 'must be the beacon’s signature' }]);
    expect(await delivered(app.db, campaignId)).toEqual({ served: 1, impressions: 1, revenue: 1250 });
  });
});

describe('the catalog in memory', () => {
  it('reads an account’s campaigns once per refresh, not once per decision', async () => {
    const { customerId, base } = await account();
    await addCampaign(app.db, customerId, base);
    const first = await app.adServer.catalogs.get(customerId);
    for (let i = 0; i < 5; i++)
      expect(adsOf((await vast(`stream=${base.streamId}&dur=30`)).body)).toHaveLength(1);
    expect(await app.adServer.catalogs.get(customerId)).toBe(first);
    expect(first.campaigns).toHaveLength(1);
  });
});

describe('decideFromCampaigns (playback’s internal demand)', () => {
  it('decides a campaigns source with its pod template, and hands back a tag source’s URL', async () => {
    const { customerId, base } = await account();
    const campaign = await addCampaign(app.db, customerId, base, {}, { duration: 20 });
    const podId = await addResource(app.db, 'pod', customerId, { name: 'Exact pod', fillPolicy: 'exact' });
    const bundleId = await addResource(app.db, 'bundle', customerId, {
      name: 'Split',
      podId,
      sources: [
        { type: 'campaigns', percentage: 50, campaignIds: [] },
        { type: 'vast', percentage: 50, url: 'https://ads.example/vast?dur=[AVAIL_DURATION]' },
      ],
    });
    const streamId = await addResource(app.db, 'liveStream', customerId, {
      name: 'Split stream',
      sourceStreamUrl: 'https://origin.example/live/split/',
      bundles: [{ name: 'Split', percentage: 100, bundleId }],
    });
    const random = seededRandom(5);
    const kinds = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const demand = await decideFromCampaigns(app.adServer, {
        resource: { kind: 'liveStream', id: streamId },
        position: 'mid',
        duration: 20,
        viewer: { key: `viewer-${i}` },
        random,
      });
      kinds.set(demand.kind, (kinds.get(demand.kind) ?? 0) + 1);
      if (demand.kind === 'campaigns') {
        expect(demand.ads).toEqual([
          expect.objectContaining({
            id: `1-${campaign.campaignId}`,
            vastAdId: campaign.campaignId,
            creativeId: campaign.creativeId,
            duration: 20,
            playlistUrl: expect.stringMatching(/master\.m3u8$/),
          }),
        ]);
        expect(demand.ads[0]!.tracking.impression[0]).toMatch(/^http:\/\/console\.test\/ads\/impression\?/);
        expect(demand.notes).toContain('pod template Exact pod: 3 slots, exact');
        expect(demand.remainder).toBe(0);
      } else {
        expect(demand).toEqual({
          kind: 'tag',
          type: 'vast',
          url: 'https://ads.example/vast?dur=[AVAIL_DURATION]',
          notes: ['bundle Split'],
        });
      }
    }
    // Both sources drawn by their 50/50 split.
    expect(kinds.get('campaigns')).toBeGreaterThan(10);
    expect(kinds.get('tag')).toBeGreaterThan(10);
    const gone = await decideFromCampaigns(app.adServer, {
      resource: { kind: 'vod', id: randomUUID() },
      position: 'pre',
      duration: 20,
      viewer: {},
      random,
    });
    expect(gone).toMatchObject({ kind: 'none', reason: 'no-ad-source' });
  });
});

describe('the ad server’s routes as data plane', () => {
  it('are hidden from the OpenAPI document, not limited per address, and served by edges only', async () => {
    const limited = await testApp({ database: app.database, env: { RATE_LIMIT_MAX: '3' } });
    try {
      const { customer } = await createAccount(limited);
      const base = await demandBase(limited.db, customer.id);
      await addCampaign(limited.db, customer.id, base);
      // An SSAI asks for every viewer from one address: far more than 3 a minute.
      for (let i = 0; i < 8; i++) {
        const response = await limited.inject({
          method: 'GET',
          url: `/ads/vast?stream=${base.streamId}&dur=30&sid=v${i}`,
        });
        expect(response.statusCode).toBe(200);
      }
      const document = (await limited.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths).filter((p) => p.startsWith('/ads'))).toEqual([]);
    } finally {
      await limited.close();
    }
    const api = await testApp({ database: app.database, env: { ROLE: 'api' } });
    try {
      expect(
        (await api.inject({ method: 'GET', url: `/ads/vast?stream=${randomUUID()}&dur=30` })).statusCode,
      ).toBe(404);
      expect(api.hasDecorator('adServer')).toBe(false);
    } finally {
      await api.close();
    }
  });
});
