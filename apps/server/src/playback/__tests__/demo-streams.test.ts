/**
 * The seeded demo streams play out of the box: a real server on a real port, seeded with its own
 * public URL, serves News 24 from its built-in demo origin with the demo ad server's ads in the
 * break, and Sports 1 with the HLS slate (internal demand has no campaigns yet).
 */
import { parseMediaPlaylist, parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
