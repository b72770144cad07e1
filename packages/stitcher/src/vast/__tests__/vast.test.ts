import { describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures.ts';
import { VAST_ERROR } from '../errors.ts';
import { errorBeacons, expandMacros } from '../macros.ts';
import { parseVast, type VastDocument } from '../parse.ts';
import { resolveVast, type VastFetch } from '../resolve.ts';

const xml = (name: string) => fixture(import.meta.url, name);

function doc(name: string): VastDocument {
  const r = parseVast(xml(name));
  if (!r.ok) throw new Error(r.issue.message);
  expect(r.issues).toEqual([]);
  expect(r.warnings).toEqual([]);
  return r.document;
}

describe('VAST parser', () => {
  it('reads a VAST 2.0 inline ad', () => {
    const d = doc('vast2-inline.xml');
    expect(d.version).toBe('2.0');
    const ad = d.ads[0]!;
    expect(ad).toMatchObject({
      id: 'v2-ad',
      kind: 'inline',
      adSystem: 'Acme Ads',
      adSystemVersion: '2.0',
      adTitle: 'Spring Sale',
    });
    expect(ad.impressions).toEqual([
      'https://ads.example.com/imp?ad=v2',
      'https://third.example.com/pixel?x=1&y=2',
    ]);
    expect(ad.errorUrls).toEqual(['https://ads.example.com/error?code=[ERRORCODE]&cb=[CACHEBUSTING]']);
    const c = ad.creatives[0]!;
    expect(c).toMatchObject({ id: 'c-v2', adId: 'ACME-0001', sequence: 1 });
    expect(c.linear!.duration).toBe(15);
    expect(c.linear!.trackingEvents.map((t) => t.event)).toEqual([
      'creativeView',
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
      'pause',
    ]);
    expect(c.linear!.clickThrough).toBe('https://www.example.com/spring');
    expect(c.linear!.clickTracking).toEqual(['https://ads.example.com/click']);
    expect(c.linear!.mediaFiles).toEqual([
      {
        uri: 'https://cdn.example.com/spring-720.mp4',
        delivery: 'progressive',
        type: 'video/mp4',
        width: 1280,
        height: 720,
        bitrate: 2000,
        scalable: true,
        maintainAspectRatio: true,
      },
      {
        uri: 'https://cdn.example.com/spring/master.m3u8',
        delivery: 'streaming',
        type: 'application/x-mpegURL',
        width: 1920,
        height: 1080,
      },
    ]);
  });

  it('reads a VAST 3.0 pod with sequences, skip offsets and progress events', () => {
    const d = doc('vast3-pod.xml');
    expect(d.ads.map((a) => [a.id, a.sequence, a.creatives[0]!.linear!.duration])).toEqual([
      ['pod-1', 1, 15],
      ['pod-2', 2, 10],
      ['pod-3', 3, 30],
    ]);
    const l = d.ads[0]!.creatives[0]!.linear!;
    expect(l.skipOffset).toEqual({ type: 'seconds', value: 5 });
    expect(l.trackingEvents.find((t) => t.event === 'progress')).toEqual({
      event: 'progress',
      uri: 'https://ads.example.com/t?ad=1&e=p5',
      offset: { type: 'seconds', value: 5 },
    });
    expect(l.mezzanine).toEqual(['https://cdn.example.com/ad1-mezz.mov']);
  });

  it('reads VAST 4.0 UniversalAdId (idValue), viewable impressions and fractional durations', () => {
    const ad = doc('vast4.0-inline.xml').ads[0]!;
    expect(ad.adType).toBe('video');
    expect(ad.creatives[0]!.universalAdIds).toEqual([{ idRegistry: 'Ad-ID', value: 'CNPA0484000H' }]);
    expect(ad.creatives[0]!.linear!.duration).toBe(20.5);
    expect(ad.creatives[0]!.linear!.mediaFiles[0]).toMatchObject({ minBitrate: 1000, maxBitrate: 3000 });
    expect(ad.viewableImpression.viewable).toEqual(['https://ads.example.com/viewable']);
  });

  it('reads VAST 4.1 multiple UniversalAdIds, Expires, percent skip offsets and companions', () => {
    const ad = doc('vast4.1-inline.xml').ads[0]!;
    expect(ad.expires).toBe(3600);
    expect(ad.advertiser).toBe('Acme Corp');
    expect(ad.creatives[0]!.universalAdIds).toEqual([
      { idRegistry: 'ad-id.org', value: 'ACME0041000H' },
      { idRegistry: 'clearcast.co.uk', value: 'CC-41' },
    ]);
    expect(ad.creatives[0]!.linear!.skipOffset).toEqual({ type: 'percent', value: 25 });
    expect(ad.creatives[1]!.companionAds).toBe(1);
  });

  it('reads VAST 4.2 with namespaces and entities', () => {
    const ad = doc('vast4.2-inline.xml').ads[0]!;
    expect(ad.adTitle).toBe('Four Two & More');
    expect(ad.description).toBe('Spring <2025>');
    expect(ad.conditionalAd).toBe(false);
    expect(ad.creatives[0]!.linear!.duration).toBeCloseTo(6.006, 6);
  });

  it.each([
    ['malformed.xml', VAST_ERROR.xmlParsing],
    ['vast1.xml', VAST_ERROR.versionNotSupported],
  ])('classifies %s as error %i', (name, code) => {
    const r = parseVast(xml(name));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.code).toBe(code);
  });

  it('classifies an empty body, a non-VAST root and schema errors', () => {
    const empty = parseVast('');
    expect(!empty.ok && empty.issue.code).toBe(VAST_ERROR.noAdsAfterWrapper);
    const html = parseVast('<html><body>nope</body></html>');
    expect(!html.ok && html.issue.code).toBe(VAST_ERROR.schemaValidation);
    const r = parseVast(xml('invalid-schema.xml'));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.document.ads).toEqual([]);
      expect(r.issues.map((i) => i.code)).toEqual([VAST_ERROR.schemaValidation, VAST_ERROR.schemaValidation]);
      expect(r.issues[1]!.errorUrls).toEqual(['https://ads.example.com/err?ad=no-duration&c=[ERRORCODE]']);
    }
  });
});

function fetcher(map: Record<string, string>, calls: string[] = []): VastFetch {
  return async (url) => {
    calls.push(url);
    const body = map[url];
    if (body === undefined) return { status: 404, body: '' };
    return body;
  };
}

describe('VAST wrapper resolution', () => {
  it('follows a two-wrapper chain and merges impressions, tracking and error URLs', async () => {
    const calls: string[] = [];
    const fetch = fetcher(
      {
        'https://dsp.example.com/vast/middle': xml('wrapper-middle.xml'),
        'https://ads.example.com/vast/inline': xml('vast2-inline.xml'),
      },
      calls,
    );
    const r = await resolveVast({ xml: xml('wrapper-outer.xml') }, { fetch });
    expect(r.issues).toEqual([]);
    expect(calls).toEqual(['https://dsp.example.com/vast/middle', 'https://ads.example.com/vast/inline']);
    expect(r.ads).toHaveLength(1);
    const ad = r.ads[0]!;
    expect(ad.wrappers.map((w) => w.id)).toEqual(['wrap-outer', 'wrap-middle']);
    expect(ad.impressions).toEqual([
      'https://exchange.example.com/imp',
      'https://dsp.example.com/imp',
      'https://ads.example.com/imp?ad=v2',
      'https://third.example.com/pixel?x=1&y=2',
    ]);
    expect(ad.tracking.start).toEqual([
      'https://exchange.example.com/start',
      'https://ads.example.com/t?e=start',
    ]);
    expect(ad.tracking.complete).toEqual([
      'https://exchange.example.com/complete',
      'https://ads.example.com/t?e=complete',
    ]);
    expect(ad.clickTracking).toEqual(['https://exchange.example.com/click', 'https://ads.example.com/click']);
    expect(ad.errorUrls).toHaveLength(3);
    expect(ad.duration).toBe(15);
  });

  it('stops at the depth limit with error 302 and reports every wrapper error URL', async () => {
    const fetch = fetcher({
      'https://dsp.example.com/vast/middle': xml('wrapper-middle.xml'),
      'https://ads.example.com/vast/inline': xml('vast2-inline.xml'),
    });
    const r = await resolveVast({ xml: xml('wrapper-outer.xml') }, { fetch, maxDepth: 1 });
    expect(r.ads).toEqual([]);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ code: 302, depth: 1 });
    expect(r.issues[0]!.errorUrls).toEqual([
      'https://exchange.example.com/err?c=[ERRORCODE]',
      'https://dsp.example.com/err?c=[ERRORCODE]',
    ]);
  });

  it('detects a wrapper loop', async () => {
    const calls: string[] = [];
    const fetch = fetcher({ 'https://loop.example.com/vast/a': xml('wrapper-loop.xml') }, calls);
    const r = await resolveVast({ url: 'https://loop.example.com/vast/a' }, { fetch, maxDepth: 10 });
    expect(r.ads).toEqual([]);
    expect(r.issues[0]).toMatchObject({ code: VAST_ERROR.wrapperLimit });
    expect(r.issues[0]!.message).toMatch(/loop/);
    expect(calls).toEqual(['https://loop.example.com/vast/a']);
  });

  it('gives 301 for a wrapper target that fails or times out', async () => {
    const failing: VastFetch = async (url) => {
      if (url.includes('middle')) throw new Error('timeout after 2000 ms');
      return '';
    };
    const r = await resolveVast({ xml: xml('wrapper-outer.xml') }, { fetch: failing });
    expect(r.issues.map((i) => i.code)).toEqual([301]);
    const notFound = await resolveVast({ xml: xml('wrapper-outer.xml') }, { fetch: fetcher({}) });
    expect(notFound.issues.map((i) => i.code)).toEqual([301]);
  });

  it('gives 303 when a wrapper leads to an empty response, with the no-ad URLs', async () => {
    const fetch = fetcher({
      'https://dsp.example.com/vast/middle': xml('wrapper-middle.xml'),
      'https://ads.example.com/vast/inline': xml('empty.xml'),
    });
    const r = await resolveVast({ xml: xml('wrapper-outer.xml') }, { fetch });
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ code: 303, depth: 2 });
    expect(r.issues[0]!.errorUrls).toContain('https://ads.example.com/noad?c=[ERRORCODE]');
  });

  it('keeps a bad XML answer deep in a chain as error 100', async () => {
    const fetch = fetcher({ 'https://dsp.example.com/vast/middle': xml('malformed.xml') });
    const r = await resolveVast({ xml: xml('wrapper-outer.xml') }, { fetch });
    expect(r.issues.map((i) => [i.code, i.depth])).toEqual([[100, 1]]);
    expect(r.issues[0]!.errorUrls).toEqual(['https://exchange.example.com/err?c=[ERRORCODE]']);
  });

  it('resolves a 3-ad pod in sequence order', async () => {
    const r = await resolveVast({ xml: xml('vast3-pod.xml') }, { fetch: fetcher({}) });
    expect(r.ads.map((a) => [a.inline.id, a.duration])).toEqual([
      ['pod-1', 15],
      ['pod-2', 10],
      ['pod-3', 30],
    ]);
    expect(r.ads[0]!.progress).toEqual([
      { offset: { type: 'seconds', value: 5 }, uri: 'https://ads.example.com/t?ad=1&e=p5' },
    ]);
  });
});

describe('VAST macros', () => {
  it('expands error URLs with the given clock and randomness', () => {
    const [url] = errorBeacons(
      ['https://e.example.com/e?code=[ERRORCODE]&cb=[CACHEBUSTING]&ts=[TIMESTAMP]&a=[ASSETURI]&x=[NOPE]'],
      303,
      {
        now: Date.UTC(2025, 2, 1, 12, 0, 0, 250),
        random: () => 0.5,
        values: { ASSETURI: 'https://c/x.m3u8?a=b' },
      },
    );
    expect(url).toBe(
      'https://e.example.com/e?code=303&cb=55000000&ts=2025-03-01T12%3A00%3A00.250%2B00%3A00&a=https%3A%2F%2Fc%2Fx.m3u8%3Fa%3Db&x=-2',
    );
  });

  it('marks known macros without a value as -1 and can keep unknown ones', () => {
    expect(expandMacros('[CONTENTPLAYHEAD]/[FOO]', {})).toBe('-1/-2');
    expect(expandMacros('[CONTENTPLAYHEAD]/[FOO]', {}, true)).toBe('-1/[FOO]');
  });
});
