import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { RefreshingCache } from '../../../lib/refreshing-cache.ts';
import { createSecretBox } from '../../../lib/secret-box.ts';
import { createAccount } from '../../../test/account-fixtures.ts';
import { freshDatabase, type TestApp, testApp } from '../../../test/helpers.ts';
import { type DecisionDeps, decideAvails } from '../../playback/ad-decisions.ts';
import type { Creatives } from '../../playback/creatives.ts';
import { AdServer } from '../ad-server.ts';
import { seededRandom } from '../engine.ts';
import { decideFromCampaigns } from '../playback.ts';
import { addCampaign, adsOf, claimOf, DAY_MS, delivered, demandBase } from './demand-fixtures.ts';

/**
 * Two app instances on one database: what one serves, the other counts. Per-process counters
 * would let each serve a whole budget.
 */
let database: Database;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await freshDatabase();
  a = await testApp({ database });
  b = await testApp({ database });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

async function account() {
  const { customer } = await createAccount(a);
  return { customerId: customer.id, base: await demandBase(a.db, customer.id) };
}
const served = (app: TestApp, url: string) =>
  app.inject({ method: 'GET', url }).then((r) => adsOf(r.body).length);

describe('budgets and caps across processes', () => {
  it('holds a daily budget across two instances', async () => {
    const { customerId, base } = await account();
    const { campaignId } = await addCampaign(a.db, customerId, base, { dailyBudget: 3 });
    let ads = 0;
    for (let i = 0; i < 8; i++) {
      ads += await served(i % 2 === 0 ? a : b, `/ads/vast?stream=${base.streamId}&dur=30&sid=viewer-${i}`);
    }
    expect(ads).toBe(3);
    expect(await delivered(a.db, campaignId)).toMatchObject({ served: 3 });
  });

  it('holds booked impressions under concurrent requests to both instances', async () => {
    const { customerId, base } = await account();
    const { campaignId } = await addCampaign(a.db, customerId, base, { bookedImpressions: 5 });
    const counts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        served(i % 2 === 0 ? a : b, `/ads/vast?stream=${base.streamId}&dur=30&sid=burst-${i}`),
      ),
    );
    expect(counts.reduce((x, y) => x + y, 0)).toBe(5);
    expect(await delivered(a.db, campaignId)).toMatchObject({ served: 5 });
  });

  it('holds a viewer’s frequency cap across two instances, and other viewers still get the ad', async () => {
    const { customerId, base } = await account();
    await addCampaign(a.db, customerId, base, { frequencyCap: 2, frequencyPeriod: 'day' });
    const url = (sid: string) => `/ads/vast?stream=${base.streamId}&dur=30&sid=${sid}`;
    expect(await served(a, url('capped'))).toBe(1);
    expect(await served(b, url('capped'))).toBe(1);
    expect(await served(a, url('capped'))).toBe(0);
    expect(await served(b, url('capped'))).toBe(0);
    expect(await served(b, url('someone-else'))).toBe(1);
  });

  it('fills the pod again without a campaign another process filled meanwhile', async () => {
    const { customerId, base } = await account();
    const limited = await addCampaign(a.db, customerId, base, { priority: 'sponsorship', dailyBudget: 1 });
    const fallback = await addCampaign(a.db, customerId, base, { priority: 'house' });
    const decide = (app: TestApp, key: string, duration = 15) =>
      app.adServer.decide({
        customerId,
        resource: { kind: 'liveStream', id: base.streamId },
        position: 'mid',
        duration,
        viewer: { key },
        podLength: 1,
      });
    // B reads the served counts (a break no ad fits) before A serves: B's counts then say 0.
    expect((await decide(b, 'v0', 1)).ads).toEqual([]);
    const first = await decide(a, 'v1');
    const second = await decide(b, 'v2');
    expect(second.notes).toContain(
      `campaign ${(await a.adServer.catalogs.get(customerId)).campaigns.find((c) => c.id === limited.campaignId)!.name} reached its limit in another decision meanwhile: left out`,
    );
    expect(first.ads.map((x) => x.campaignId)).toEqual([limited.campaignId]);
    expect(second.ads.map((x) => x.campaignId)).toEqual([fallback.campaignId]);
    expect(second.candidates.find((c) => c.id === limited.campaignId)).toMatchObject({
      chosen: false,
      reason: 'budget',
      detail: '1 of its daily budget of 1 served today',
    });
    expect(await delivered(a.db, limited.campaignId)).toMatchObject({ served: 1 });
    expect(await delivered(a.db, fallback.campaignId)).toMatchObject({ served: 1 });
  });
});

describe('budgets and pacing over a simulated day, through the database', () => {
  it('spreads an even daily budget over the day, spends an asap one at once, and starts again the next day', async () => {
    const { customerId, base } = await account();
    const even = await addCampaign(a.db, customerId, base, { dailyBudget: 24, pacing: 'even' });
    const asap = await addCampaign(a.db, customerId, base, { dailyBudget: 24, pacing: 'asap' });
    const tomorrow = Math.ceil(Date.now() / DAY_MS) * DAY_MS;
    let clock = tomorrow;
    const server = new AdServer({
      db: a.db,
      exclusive: a.database.driver === 'pglite',
      publicUrl: 'http://ads.test',
      now: () => clock,
      random: seededRandom(11),
      signer: createSecretBox(Buffer.alloc(32, 1)),
    });
    const servedBy = new Map<string, number[]>([
      [even.campaignId, []],
      [asap.campaignId, []],
    ]);
    const counts = new Map([
      [even.campaignId, 0],
      [asap.campaignId, 0],
    ]);
    // A decision every 10 minutes, for two days.
    for (let step = 0; step < 2 * 144; step++) {
      clock = tomorrow + step * 600_000;
      const decision = await server.decide({
        customerId,
        resource: { kind: 'liveStream', id: base.streamId },
        position: 'mid',
        duration: 30,
        viewer: { key: `viewer-${step}` },
        podLength: 2,
      });
      // Each ad is played: its impression spends the budget (its reservation expires in minutes).
      for (const ad of decision.ads) {
        counts.set(ad.campaignId, counts.get(ad.campaignId)! + 1);
        expect(await server.countImpression(claimOf(ad.tracking.impression[0]!))).toBe('counted');
      }
      for (const [id, list] of servedBy) list.push(counts.get(id)!);
    }
    const evenLine = servedBy.get(even.campaignId)!;
    const asapLine = servedBy.get(asap.campaignId)!;
    // Even: about half by noon (the straight line plus one), all of it by the end of the day.
    expect(evenLine[71]).toBeGreaterThanOrEqual(12);
    expect(evenLine[71]).toBeLessThanOrEqual(13);
    expect(evenLine[143]).toBe(24);
    // As fast as possible: one a decision until the budget is spent (24 decisions: 04:00).
    expect(asapLine[23]).toBe(24);
    expect(asapLine[143]).toBe(24);
    // The next day, a new budget.
    expect(asapLine[144]).toBe(25);
    expect(evenLine[287]).toBe(48);
    expect(asapLine[287]).toBe(48);
    expect(await delivered(a.db, even.campaignId)).toMatchObject({ served: 48, impressions: 48 });
  });
});

describe('the viewer’s country', () => {
  it('is looked up from the address when the caller does not say it', async () => {
    const { customerId, base } = await account();
    const { campaignId } = await addCampaign(a.db, customerId, base, { targetCountries: ['FR'] });
    const server = new AdServer({
      db: a.db,
      publicUrl: 'http://ads.test',
      now: Date.now,
      random: seededRandom(3),
      signer: createSecretBox(Buffer.alloc(32, 7)),
      countryOf: (address) =>
        address === '198.51.100.7' ? 'FR' : address === '203.0.113.1' ? 'US' : undefined,
    });
    const decide = (viewer: { address?: string; country?: string }) =>
      server.decide({
        customerId,
        resource: { kind: 'liveStream', id: base.streamId },
        position: 'mid',
        duration: 30,
        viewer,
        podLength: 1,
      });
    expect((await decide({ address: '198.51.100.7' })).ads.map((x) => x.campaignId)).toEqual([campaignId]);
    expect((await decide({ address: '203.0.113.1' })).candidates[0]).toMatchObject({
      reason: 'targeting',
      detail: 'it does not target the country US',
    });
    expect((await decide({ address: '192.0.2.1' })).candidates[0]).toMatchObject({
      detail: 'it targets countries and the viewer’s country is unknown',
    });
    // The caller's own word wins over the lookup.
    expect((await decide({ address: '203.0.113.1', country: 'fr' })).ads).toHaveLength(1);
    expect((await decide({ address: '198.51.100.7' })).ads[0]!.tracking.impression[0]).toMatch(
      /^http:\/\/ads\.test\/ads\/impression\?/,
    );
  });
});

describe('the catalog refresh', () => {
  it('keeps the snapshot while nothing changed, and reads the account again when it did', async () => {
    const { customerId, base } = await account();
    const first = await addCampaign(a.db, customerId, base);
    let clock = Date.now();
    const server = new AdServer({
      db: a.db,
      publicUrl: 'http://ads.test',
      now: () => clock,
      signer: createSecretBox(Buffer.alloc(32, 2)),
      catalogTtlMs: 1_000,
    });
    const snapshot = await server.catalogs.get(customerId);
    expect(snapshot.campaigns.map((c) => c.id)).toEqual([first.campaignId]);
    // Long past its time (beyond the stale limit: read before answering), nothing changed.
    clock += 60_000;
    expect(await server.catalogs.get(customerId)).toBe(snapshot);
    const second = await addCampaign(a.db, customerId, base);
    clock += 60_000;
    const fresh = await server.catalogs.get(customerId);
    expect(fresh).not.toBe(snapshot);
    expect(new Set(fresh.campaigns.map((c) => c.id))).toEqual(new Set([first.campaignId, second.campaignId]));
  });
});

describe('RefreshingCache', () => {
  it('serves from memory, refreshes in the background when stale, and waits only when far too old', async () => {
    let clock = 0;
    let reads = 0;
    let release: (() => void) | undefined;
    const cache = new RefreshingCache(
      async (key) => {
        reads++;
        if (reads === 2) await new Promise<void>((resolve) => (release = resolve));
        return `${key}#${reads}`;
      },
      { ttlMs: 1_000, maxStaleMs: 10_000, now: () => clock },
    );
    expect(await cache.get('k')).toBe('k#1');
    clock = 500;
    expect(await cache.get('k')).toBe('k#1');
    expect(reads).toBe(1);
    clock = 2_000;
    // Stale: the old value answers at once while one read goes on.
    expect(await cache.get('k')).toBe('k#1');
    expect(await cache.get('k')).toBe('k#1');
    expect(reads).toBe(2);
    release!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k')).toBe('k#2');
    clock = 20_000;
    expect(await cache.get('k')).toBe('k#3');
    cache.invalidate('k');
    expect(await cache.get('k')).toBe('k#4');
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const cache = new RefreshingCache(
      async () => {
        if (fail) throw new Error('database down');
        return 'ok';
      },
      { ttlMs: 1_000, maxStaleMs: 10_000, now: () => 0 },
    );
    await expect(cache.get('k')).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get('k')).toBe('ok');
  });
});

describe('an ad playback drops after its pod was reserved', () => {
  it('is given back: not served, holding nothing, not counted for the viewer', async () => {
    const { customerId, base } = await account();
    const { campaignId } = await addCampaign(a.db, customerId, base, {
      bookedImpressions: 5,
      frequencyCap: 1,
    });
    // Every creative fails to load: playback skips the ad the ad server placed.
    const creatives = { check: async () => Promise.reject(new Error('the creative answered 404')) };
    const deps: DecisionDeps = {
      fetchVast: async () => ({ status: 500, body: '' }),
      creatives: creatives as unknown as Creatives,
      now: Date.now,
      random: seededRandom(7),
      maxDepth: 5,
      campaigns: (request) => decideFromCampaigns(a.adServer, request),
    };
    const source = {
      adDecision: 'internal' as const,
      vastUrl: '',
      adpodLength: 4,
      resource: { kind: 'liveStream' as const, id: base.streamId },
    };
    const [decision] = await decideAvails(
      source,
      { sessionId: 'dropped-viewer', viewer: { address: '198.51.100.7' } },
      [{ id: 'avail-1', duration: 30 }],
      deps,
      30_000,
    );
    expect(decision!.ads).toEqual([]);
    expect(decision!.candidates!.map((c) => [c.chosen, c.reason])).toEqual([[false, 'creative-failed']]);
    expect(await delivered(a.db, campaignId)).toMatchObject({ served: 0, impressions: 0 });
    const result = await a.db.execute(sql`select
        (select count(*) from ad_servings where campaign_id = ${campaignId}::uuid)::int as servings,
        (select coalesce(sum(count), 0) from ad_frequency where campaign_id = ${campaignId}::uuid)::int as seen`);
    const [held] = (result as unknown as { rows: { servings: number; seen: number }[] }).rows;
    expect(held).toEqual({ servings: 0, seen: 0 });
  });
});
