/**
 * The seeded demo streams play out of the box: a real server on a real port, seeded with its own
 * public URL, serves News 24 from its built-in demo origin with the demo ad server's ads in the
 * break, and Sports 1 with the built-in ad server's demo campaigns (internal demand).
 */
import { parseMediaPlaylist, parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/helpers.ts';
import { type DemoServer, get, startDemoServer } from './demo-server.ts';

let server: DemoServer;
let base: string;
/** The server's clock: the demo origin's window and the data plane follow it. */
let now = Date.UTC(2026, 10, 24, 12, 0, 40);

beforeAll(async () => {
  server = await startDemoServer(() => now);
  base = server.base;
});

afterAll(async () => {
  await server?.close();
});

const demoStream = (name: string) =>
  server.seeded<{ _id: string; name: string; sourceStreamUrl: string }>('/api/ssai/ds', name);

describe('the seeded demo streams', () => {
  it('point at the built-in demo origin of this server', async () => {
    expect((await demoStream('News 24')).sourceStreamUrl).toBe(`${base}/demo/origin/live/daterange/`);
    expect((await demoStream('Sports 1')).sourceStreamUrl).toBe(`${base}/demo/origin/live/cue/`);
  });

  it('play: the multivariant playlist opens a session, each rendition is a live window', async () => {
    const news = await demoStream('News 24');
    const master = await get(`${base}/play/live/${news._id}/master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.type).toContain('application/vnd.apple.mpegurl');
    const variants = parseMultivariantPlaylist(master.text).variants;
    expect(variants.length).toBeGreaterThanOrEqual(2);
    for (const variant of variants) {
      expect(variant.uri).toMatch(new RegExp(`/play/live/${news._id}/s/[A-Za-z0-9_-]{22}/r/\\d+\\.m3u8$`));
      const media = await get(new URL(variant.uri, `${base}/play/live/${news._id}/`).href);
      expect(media.status).toBe(200);
      const playlist = parseMediaPlaylist(media.text);
      expect(playlist.segments.length).toBeGreaterThan(0);
      // Content segments come from the demo origin's media, absolute.
      expect(playlist.segments.some((s) => s.uri.startsWith(`${base}/demo/media/`))).toBe(true);
    }
  });

  it('fill the next break with the demo ad server’s ads, in every rendition', async () => {
    const news = await demoStream('News 24');
    // 12:00:40: the next break starts at 12:01:00 (every minute, 20 s). A viewer joins...
    now = Date.UTC(2026, 10, 24, 12, 0, 40);
    const master = await get(`${base}/play/live/${news._id}/master.m3u8`);
    const variants = parseMultivariantPlaylist(master.text).variants;
    const window = async (uri: string) => parseMediaPlaylist((await get(new URL(uri, base).href)).text);
    for (const variant of variants) {
      expect((await window(variant.uri)).segments.some((s) => s.uri.includes('/demo/ads/'))).toBe(false);
    }
    // ...and is still watching at 12:01:12, 12 s into the break: the ads replace its content.
    now = Date.UTC(2026, 10, 24, 12, 1, 12);
    for (const variant of variants) {
      const stitched = await window(variant.uri);
      const ads = stitched.segments.filter((s) => s.uri.startsWith(`${base}/demo/ads/media/`));
      expect(ads.length).toBeGreaterThan(0);
    }
    const tracking = (await (
      await fetch(
        `${base}${new URL(variants[0]!.uri, base).pathname.replace(/\/r\/\d+\.m3u8$/, '/tracking')}`,
      )
    ).json()) as {
      avails: { ads: unknown[] }[];
    };
    expect(tracking.avails.length).toBeGreaterThan(0);
    expect(tracking.avails[0]!.ads.length).toBeGreaterThan(0);
  });

  it('decide the break announced ahead before it starts (News 24’s DATERANGE announcement)', async () => {
    const news = await demoStream('News 24');
    // 12:02:52: the origin announces the 12:03:00 break on its last segment.
    now = Date.UTC(2026, 10, 24, 12, 2, 52);
    const master = await get(`${base}/play/live/${news._id}/master.m3u8`);
    const uri = parseMultivariantPlaylist(master.text).variants[0]!.uri;
    const before = parseMediaPlaylist((await get(new URL(uri, base).href)).text);
    expect(before.segments.some((s) => s.uri.includes('/demo/ads/'))).toBe(false);
    const trackingUrl = `${base}${new URL(uri, base).pathname.replace(/\/r\/\d+\.m3u8$/, '/tracking')}`;
    const tracking = (await (await fetch(trackingUrl)).json()) as {
      avails: { adDecision: string; notes: string[]; ads: unknown[] }[];
    };
    expect(tracking.avails).toHaveLength(1);
    expect(tracking.avails[0]!.adDecision).toBe('ready');
    expect(tracking.avails[0]!.notes).toContain('decided before the avail started (prefetch count 3)');
    // The break starts: the decision taken ahead fills it.
    now = Date.UTC(2026, 10, 24, 12, 3, 8);
    const during = parseMediaPlaylist((await get(new URL(uri, base).href)).text);
    expect(during.segments.some((s) => s.uri.startsWith(`${base}/demo/ads/media/`))).toBe(true);
    const after = (await (await fetch(trackingUrl)).json()) as typeof tracking;
    expect(after.avails).toHaveLength(1);
    expect(after.avails[0]!.ads.length).toBeGreaterThan(0);
  });

  it('fill Sports 1’s break from the built-in ad server: the demo campaigns’ creatives, counted once seen', async () => {
    const sports = await demoStream('Sports 1');
    const { headers } = await loginAs(server.app, 'customer');
    const campaigns = (
      (await server.app.inject({ url: '/api/ssai/campaign?pageSize=All', headers })).json() as {
        data: { _id: string; name: string }[];
      }
    ).data;
    const sponsorship = campaigns.find((c) => c.name === 'Acme Sports season sponsorship')!;
    // 12:04:50: the next break starts at 12:05:00 (every minute, 20 s).
    now = Date.UTC(2026, 10, 24, 12, 4, 50);
    const master = await get(`${base}/play/live/${sports._id}/master.m3u8`);
    const uri = parseMultivariantPlaylist(master.text).variants[0]!.uri;
    await get(new URL(uri, base).href);
    now = Date.UTC(2026, 10, 24, 12, 5, 8);
    const during = parseMediaPlaylist((await get(new URL(uri, base).href)).text);
    // The creatives are the demo ad media (HLS), stitched into the break.
    expect(during.segments.some((s) => s.uri.startsWith(`${base}/demo/ads/media/`))).toBe(true);
    const trackingUrl = `${base}${new URL(uri, base).pathname.replace(/\/r\/\d+\.m3u8$/, '/tracking')}`;
    const tracking = (await (await fetch(trackingUrl)).json()) as {
      avails: {
        notes: string[];
        ads: { adId: string; trackingEvents: { eventType: string; beaconUrls: string[] }[] }[];
      }[];
    };
    const avail = tracking.avails.at(-1)!;
    expect(avail.notes).toContain('bundle House demand');
    // Sponsorship before standard: the sponsor's ad comes first.
    expect(avail.ads[0]!.adId).toBe(sponsorship._id);
    const impression = avail.ads[0]!.trackingEvents.find((e) => e.eventType === 'impression')!;
    const beacon = impression.beaconUrls.find((u) => u.startsWith(`${base}/ads/impression?`));
    expect(beacon).toBeDefined();
    // The player (or the server-side beacons) reports the impression: the campaign counts it.
    expect((await fetch(beacon!)).status).toBe(204);
    const delivery = (
      (await server.app.inject({ url: '/api/ssai/campaign-delivery', headers })).json() as {
        data: { campaignId: string; served: number; impressions: number }[];
      }
    ).data.find((d) => d.campaignId === sponsorship._id);
    expect(delivery?.served).toBeGreaterThanOrEqual(1);
    expect(delivery?.impressions).toBeGreaterThanOrEqual(1);
  });

  it('fill a VOD asset’s breaks from the built-in ad server once it names a bundle', async () => {
    const { headers } = await loginAs(server.app, 'customer');
    const asset = await server.seeded<{ _id: string; name: string; version: number }>(
      '/api/ssai/vod',
      'Match highlights',
    );
    const bundle = await server.seeded('/api/ssai/bundle', 'House demand');
    const named = await server.app.inject({
      method: 'POST',
      url: `/api/ssai/vod/${asset._id}`,
      headers,
      payload: { version: asset.version, bundleId: bundle._id },
    });
    expect(named.statusCode, named.body).toBe(200);
    const master = await get(`${base}/play/vod/${asset._id}/master.m3u8`);
    expect(master.status).toBe(200);
    const uri = parseMultivariantPlaylist(master.text).variants[0]!.uri;
    const playlist = parseMediaPlaylist(
      (await get(new URL(uri, `${base}/play/vod/${asset._id}/`).href)).text,
    );
    // The pre-roll and the mid-roll are the demo campaigns' creatives (the demo ad media).
    expect(
      playlist.segments.filter((s) => s.uri.startsWith(`${base}/demo/ads/media/`)).length,
    ).toBeGreaterThan(0);
    const trackingUrl = new URL(uri, `${base}/play/vod/${asset._id}/`).href.replace(
      /\/r\/\d+\.m3u8$/,
      '/tracking',
    );
    const tracking = (await (await fetch(trackingUrl)).json()) as { avails: { notes: string[] }[] };
    expect(tracking.avails[0]!.notes).toContain('bundle House demand');
  });
});
