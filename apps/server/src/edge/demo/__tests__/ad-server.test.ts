import { get } from 'node:http';
import {
  expandMacros,
  parseMediaPlaylist,
  parseVast,
  resolveVast,
  type VastAd,
  type VastDocument,
  validatePlaylist,
} from '@cuepoint/stitcher';
import { describe, expect, it } from 'vitest';
import type { BeaconReport } from '../beacons.ts';
import { loadCatalog } from '../catalog.ts';
import { fillPod, vastClock } from '../vast.ts';
import { BASE, demoApp, pathOf, useDemoApp } from './helpers.ts';

const app = useDemoApp({ now: () => Date.parse('2025-03-01T12:00:00Z') });

/** Fetches a VAST answer and parses it strictly with the library. */
async function vast(url: string): Promise<VastDocument> {
  const res = await app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  const parsed = parseVast(res.body, { strict: true });
  if (!parsed.ok) throw new Error(parsed.issue.message);
  expect(parsed.issues).toEqual([]);
  expect(parsed.warnings).toEqual([]);
  expect(parsed.document.version).toBe('4.1');
  return parsed.document;
}

const beacons = async (query = '') => (await app.inject(`/demo/ads/beacons${query}`)).json() as BeaconReport;
const fire = async (url: string) => {
  const res = await app.inject(pathOf(expandMacros(url, { ERRORCODE: 405, CACHEBUSTING: '12345678' })));
  expect(res.statusCode, url).toBe(204);
};

function expectInline(ad: VastAd, creative: string, sequence: number, duration: number, sid: string) {
  expect(ad).toMatchObject({
    kind: 'inline',
    id: `${creative}-${sequence}`,
    sequence,
    adSystem: 'Cuepoint demo ad server',
  });
  const beacon = (event: string) =>
    `${BASE}/ads/beacon?ev=${event}&ad=${creative}&seq=${sequence}&sid=${sid}`;
  expect(ad.impressions).toEqual([`${beacon('impression')}&cb=[CACHEBUSTING]`]);
  expect(ad.errorUrls).toEqual([`${beacon('error')}&code=[ERRORCODE]&cb=[CACHEBUSTING]`]);
  const linear = ad.creatives[0]!.linear!;
  expect(linear.duration).toBe(duration);
  expect(linear.trackingEvents.map((t) => [t.event, t.uri])).toEqual(
    ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'].map((e) => [
      e,
      `${beacon(e)}&cb=[CACHEBUSTING]`,
    ]),
  );
  expect(linear.mediaFiles.map((m) => [m.uri, m.width, m.height])).toEqual([
    [`${BASE}/ads/media/${creative}/144p/index.m3u8`, 256, 144],
    [`${BASE}/ads/media/${creative}/240p/index.m3u8`, 426, 240],
    [`${BASE}/ads/media/${creative}/master.m3u8`, 426, 240],
  ]);
  for (const m of linear.mediaFiles) {
    expect(m).toMatchObject({ type: 'application/x-mpegURL', delivery: 'streaming' });
    expect((m.bitrate ?? m.maxBitrate)!).toBeGreaterThan(20);
  }
  expect(ad.creatives[0]!.universalAdIds).toEqual([{ idRegistry: 'cuepoint-demo', value: creative }]);
}

describe('demo ad server: inline pod', () => {
  it('fills the requested duration with creatives, each with tracking and HLS media files', async () => {
    const doc = await vast('/demo/ads/vast?dur=30&sid=session-1&cb=987');
    expect(doc.ads).toHaveLength(2);
    expectInline(doc.ads[0]!, 'ad1', 1, 10, 'session-1');
    expectInline(doc.ads[1]!, 'ad3', 2, 20, 'session-1');
  });

  it('serves the creatives its media files name, at the duration it announces', async () => {
    const doc = await vast('/demo/ads/vast?dur=15');
    const linear = doc.ads[0]!.creatives[0]!.linear!;
    for (const file of linear.mediaFiles.slice(0, 2)) {
      const res = await app.inject(pathOf(file.uri));
      expect(res.statusCode).toBe(200);
      expect(validatePlaylist(res.body)).toEqual([]);
      const media = parseMediaPlaylist(res.body);
      expect(media.segments.reduce((sum, s) => sum + s.duration, 0)).toBe(linear.duration);
    }
  });

  it('answers the default break (20 s) without dur, and no ad when none fits', async () => {
    expect((await vast('/demo/ads/vast')).ads.map((a) => a.id)).toEqual(['ad3-1']);
    expect((await vast('/demo/ads/vast?dur=9.5')).ads).toEqual([]);
  });

  it('chooses the longest fill, then the most different creatives, then the fewest ads', async () => {
    const { ads } = await loadCatalog();
    const pod = (seconds: number) => fillPod(ads, seconds).map((a) => a.id);
    expect(pod(9)).toEqual([]);
    expect(pod(10)).toEqual(['ad1']);
    expect(pod(20)).toEqual(['ad3']);
    expect(pod(25)).toEqual(['ad1', 'ad2']);
    expect(pod(29)).toEqual(['ad1', 'ad2']);
    expect(pod(45)).toEqual(['ad1', 'ad2', 'ad3']);
    expect(pod(60)).toEqual(['ad1', 'ad2', 'ad3', 'ad2']);
    // Bounded: a pod never exceeds 300 s whatever is asked.
    expect(fillPod(ads, 10_000).reduce((sum, a) => sum + a.duration, 0)).toBeLessThanOrEqual(300);
    expect(vastClock(15)).toBe('00:00:15.000');
    expect(vastClock(3725.5)).toBe('01:02:05.500');
  });

  it.each([
    ['dur=abc', 'dur: must be a number of seconds'],
    ['dur=0', 'dur: must be at least 1 s'],
    ['dur=301', 'dur: must be at most 300 s'],
    ['sid=%3Cscript%3E', 'sid: must be 1 to 128 letters, digits or . _ : -'],
    ['sid=a%26b', 'sid: must be 1 to 128 letters, digits or . _ : -'],
  ])('refuses %s with 400, echoing nothing', async (query, message) => {
    const res = await app.inject(`/demo/ads/vast?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('ignores the other macros an ad tag carries', async () => {
    const doc = await vast('/demo/ads/vast?dur=10&ip=1.2.3.4&ua=%3Cx%3E&w=1920');
    expect(doc.ads).toHaveLength(1);
  });
});

describe('demo ad server: wrapper and empty answers', () => {
  it('wraps the inline tag, with its own impression and tracking', async () => {
    const doc = await vast('/demo/ads/wrapper?dur=30&sid=s-2');
    expect(doc.ads).toHaveLength(1);
    const wrapper = doc.ads[0]!;
    expect(wrapper.kind).toBe('wrapper');
    expect(wrapper.wrapper).toMatchObject({
      adTagUri: `${BASE}/ads/vast?dur=30&sid=s-2&cb=[CACHEBUSTING]`,
      allowMultipleAds: true,
      followAdditionalWrappers: true,
    });
    expect(wrapper.impressions).toEqual([
      `${BASE}/ads/beacon?ev=impression&ad=wrapper&sid=s-2&cb=[CACHEBUSTING]`,
    ]);
  });

  it('resolves through the library to the inline pod, the wrapper beacons merged in', async () => {
    const resolution = await resolveVast(
      { url: `${BASE}/ads/wrapper?dur=30&sid=s-3` },
      {
        fetch: async (url) => {
          const res = await app.inject(pathOf(url));
          return { status: res.statusCode, body: res.body };
        },
      },
    );
    expect(resolution.issues).toEqual([]);
    expect(resolution.ads.map((a) => [a.inline.id, a.duration, a.sequence])).toEqual([
      ['ad1-1', 10, 1],
      ['ad3-2', 20, 2],
    ]);
    const first = resolution.ads[0]!;
    expect(first.wrappers).toHaveLength(1);
    expect(first.impressions).toEqual([
      `${BASE}/ads/beacon?ev=impression&ad=wrapper&sid=s-3&cb=[CACHEBUSTING]`,
      `${BASE}/ads/beacon?ev=impression&ad=ad1&seq=1&sid=s-3&cb=[CACHEBUSTING]`,
    ]);
    expect(first.tracking.complete).toHaveLength(2);
    expect(first.mediaFiles).toHaveLength(3);
  });

  it('answers no ad as a VAST 4.1 document without Ad elements', async () => {
    const res = await app.inject('/demo/ads/empty?dur=30&sid=x');
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.1"/>\n');
    const doc = await vast('/demo/ads/empty');
    expect(doc.ads).toEqual([]);
    const resolution = await resolveVast({ xml: res.body }, { fetch: async () => '' });
    expect(resolution.ads).toEqual([]);
  });
});

describe('demo ad server: beacons', () => {
  it('counts every beacon of a pod, overall, per ad and per session', async () => {
    await app.inject({ method: 'DELETE', url: '/demo/ads/beacons' });
    const doc = await vast('/demo/ads/vast?dur=30&sid=viewer-7');
    for (const ad of doc.ads) {
      for (const url of ad.impressions) await fire(url);
      for (const t of ad.creatives[0]!.linear!.trackingEvents) await fire(t.uri);
    }
    await fire(doc.ads[0]!.errorUrls[0]!);
    await fire(`${BASE}/ads/beacon?ev=start&ad=ad2&sid=someone-else`);

    const mine = await beacons('?sid=viewer-7');
    expect(mine.total).toBe(13);
    expect(mine.events).toEqual({
      impression: 2,
      start: 2,
      firstQuartile: 2,
      midpoint: 2,
      thirdQuartile: 2,
      complete: 2,
      error: 1,
    });
    expect(mine.ads.ad1).toMatchObject({ impression: 1, complete: 1, error: 1 });
    expect(mine.recent.at(-1)).toEqual({
      at: '2025-03-01T12:00:00.000Z',
      event: 'error',
      ad: 'ad1',
      sequence: 1,
      session: 'viewer-7',
      code: '405',
    });
    const all = await beacons();
    expect(all.total).toBe(14);
    expect(all.events.start).toBe(3);
    expect((await beacons('?sid=nobody')).total).toBe(0);
  });

  it('answers 204 without a body, and clears on DELETE', async () => {
    const res = await app.inject('/demo/ads/beacon?ev=midpoint&ad=ad1');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect((await app.inject({ method: 'DELETE', url: '/demo/ads/beacons' })).statusCode).toBe(204);
    expect((await beacons()).total).toBe(0);
  });

  it.each([
    [
      'ev=click&ad=ad1',
      'ev: must be one of impression, error, start, firstQuartile, midpoint, thirdQuartile, complete',
    ],
    [
      'ad=ad1',
      'ev: must be one of impression, error, start, firstQuartile, midpoint, thirdQuartile, complete',
    ],
    ['ev=start&ad=%3Cb%3E', 'ad: must be an ad id such as ad1 or wrapper'],
    ['ev=start&ad=ad1&seq=0', 'seq: must be a sequence number (1 to 999)'],
    ['ev=start&ad=ad1&sid=a%20b', 'sid: must be 1 to 128 letters, digits or . _ : -'],
  ])('refuses the beacon %s with 400', async (query, message) => {
    const res = await app.inject(`/demo/ads/beacon?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('demo ad server: slow answers', () => {
  it('answers the pod after the delay asked for, on a timer', async () => {
    const started = performance.now();
    // The event loop stays free while it waits: another request is answered meanwhile.
    const slow = app.inject('/demo/ads/slow?delay=0.4&dur=10&sid=slow-1');
    const quick = await app.inject('/demo/ads/empty');
    expect(performance.now() - started).toBeLessThan(300);
    expect(quick.statusCode).toBe(200);
    const res = await slow;
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(res.statusCode).toBe(200);
    const parsed = parseVast(res.body, { strict: true });
    expect(parsed.ok && parsed.document.ads.map((a) => a.id)).toEqual(['ad1-1']);
    expect((await beacons()).slow).toMatchObject({ pending: 0 });
  });

  it.each([
    ['delay=11', 'delay: must be at most 10 s'],
    ['delay=-1', 'delay: must be a number of seconds'],
    ['delay=soon', 'delay: must be a number of seconds'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await app.inject(`/demo/ads/slow?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('stops waiting when the client goes away', async () => {
    const server = await demoApp();
    try {
      const address = await server.listen({ host: '127.0.0.1', port: 0 });
      const report = async () => (await server.inject('/demo/ads/beacons')).json() as BeaconReport;
      const client = get(`${address}/demo/ads/slow?delay=8`);
      client.on('error', () => {}); // the hang-up below
      await until(async () => (await report()).slow.pending === 1);
      const started = performance.now();
      client.destroy();
      await until(async () => (await report()).slow.aborted === 1);
      expect(performance.now() - started).toBeLessThan(2000);
      expect((await report()).slow).toEqual({ pending: 0, answered: 0, aborted: 1 });
    } finally {
      await server.close();
    }
  });

  it('answers at once when the server shuts down', async () => {
    const server = await demoApp();
    const started = performance.now();
    const pending = server.inject('/demo/ads/slow?delay=10&dur=10');
    await until(
      async () => ((await server.inject('/demo/ads/beacons')).json() as BeaconReport).slow.pending === 1,
    );
    await server.close();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

/** Polls until a condition holds (at most 3 s). */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 3 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
