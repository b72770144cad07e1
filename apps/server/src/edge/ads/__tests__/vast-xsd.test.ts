import { describe, expect, it } from 'vitest';
import { type VastAd, vastClock, vastDocument, vmapDocument } from '../vast.ts';
import { validateVast, validateVmap } from './xsd.ts';

const ad = (sequence: number, overrides: Partial<VastAd['creative']> = {}): VastAd => ({
  id: `campaign-${sequence}`,
  sequence,
  title: `Spring sale <${sequence}> & "more"`,
  advertiser: 'Acme & Sons',
  servingId: `serving-${sequence}`,
  impressionUrls: [
    `https://ads.cuepoint.test/ads/impression?c=1&u=2&s=abc${sequence}`,
    'https://tracker.example/imp?x=1&y=<2>&z=a b',
  ],
  creative: {
    id: `creative-${sequence}`,
    universalAdId: { registry: 'ad-id.org', value: `ACME000${sequence}` },
    duration: 15.5,
    tracking: [
      { event: 'start', url: 'https://tracker.example/start?a=1&b=2' },
      { event: 'complete', url: 'https://tracker.example/complete' },
    ],
    clickThrough: 'https://acme.example/sale?utm=cuepoint&x=1',
    clickTracking: ['https://tracker.example/click'],
    mediaFiles: [
      {
        url: 'https://cdn.example/ads/spot/master.m3u8',
        delivery: 'streaming',
        type: 'application/x-mpegURL',
      },
      { url: 'https://cdn.example/ads/spot.mp4', delivery: 'progressive', type: 'video/mp4' },
    ],
    ...overrides,
  },
});

describe('the VAST 4.2 and VMAP 1.0 writers against the IAB schemas', () => {
  it('writes a pod that validates: one InLine ad per slot, in sequence', async () => {
    const xml = vastDocument([ad(1), ad(2)]);
    expect(await validateVast(xml)).toEqual({ valid: true, errors: [] });
    expect(await validateVast(xml, 'earlier')).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<VAST version="4.2" xmlns="http://www.iab.com/VAST">');
    expect(xml).toContain(
      '<Ad id="campaign-2" sequence="2"><InLine><AdSystem version="4.2">Cuepoint</AdSystem>',
    );
    expect(xml).toContain('<AdTitle>Spring sale &lt;1&gt; &amp; &quot;more&quot;</AdTitle>');
    expect(xml).toContain('<Duration>00:00:15.500</Duration>');
    // Written as a URL parser serializes it: what an xs:anyURI may not hold is percent-encoded.
    expect(xml).toContain('<![CDATA[https://tracker.example/imp?x=1&y=%3C2%3E&z=a%20b]]>');
    expect(xml).toContain('<UniversalAdId idRegistry="ad-id.org">ACME0001</UniversalAdId>');
  });

  it('writes a creative with only what it has (no tracking, no clicks) that still validates', async () => {
    const bare = ad(1, {
      tracking: [],
      clickThrough: '',
      clickTracking: [],
      universalAdId: { registry: '', value: '' },
      mediaFiles: [
        { url: 'https://cdn.example/a.m3u8', delivery: 'streaming', type: 'application/x-mpegURL' },
      ],
    });
    const xml = vastDocument([bare]);
    expect(await validateVast(xml)).toEqual({ valid: true, errors: [] });
    expect(await validateVast(xml, 'earlier')).toEqual({ valid: true, errors: [] });
    expect(xml).not.toContain('<VideoClicks>');
    expect(xml).toContain('<UniversalAdId idRegistry="unknown">unknown</UniversalAdId>');
  });

  it('writes the empty answer as a VAST without ads', async () => {
    const xml = vastDocument([]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.2" xmlns="http://www.iab.com/VAST"/>\n',
    );
    expect(await validateVast(xml)).toEqual({ valid: true, errors: [] });
  });

  it('refuses what the schema refuses (the check can fail)', async () => {
    const outOfOrder = vastDocument([ad(1)]).replace(
      /<AdServingId>serving-1<\/AdServingId><AdTitle>(.*?)<\/AdTitle>/,
      '<AdTitle>$1</AdTitle><AdServingId>serving-1</AdServingId>',
    );
    const result = await validateVast(outOfOrder);
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/AdTitle/);
    // The current schema orders a Creative's children (UniversalAdId after Linear); the earlier
    // revision's xs:all took either order.
    const idFirst = vastDocument([ad(1)]).replace(
      /(<Linear>.*<\/Linear>)(<UniversalAdId [^>]*>[^<]*<\/UniversalAdId>)/,
      '$2$1',
    );
    expect(idFirst).toContain('sequence="1"><UniversalAdId ');
    expect((await validateVast(idFirst, 'earlier')).valid).toBe(true);
    const misordered = await validateVast(idFirst);
    expect(misordered.valid).toBe(false);
    expect(misordered.errors.join('\n')).toMatch(
      /Linear': This element is not expected. Expected is .*UniversalAdId/,
    );
    const noMedia = vastDocument([ad(1, { mediaFiles: [] })]);
    expect((await validateVast(noMedia)).valid).toBe(false);
  });

  it('writes a VMAP whose breaks carry their pods inline, valid against VMAP 1.0 with VAST 4.2', async () => {
    const xml = vmapDocument([
      { timeOffset: 'start', breakId: 'preroll', ads: [ad(1)] },
      { timeOffset: vastClock(120), breakId: 'midroll-1', ads: [ad(1), ad(2)] },
      { timeOffset: vastClock(300), breakId: 'midroll-2', ads: [] },
      { timeOffset: 'end', breakId: 'postroll', ads: [ad(1)] },
    ]);
    expect(await validateVmap(xml)).toEqual({ valid: true, errors: [] });
    expect([...xml.matchAll(/<vmap:AdBreak timeOffset="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'start',
      '00:02:00.000',
      'end',
    ]);
    expect(await validateVmap(vmapDocument([]))).toEqual({ valid: true, errors: [] });
    const broken = xml.replace('breakType="linear" ', '');
    expect((await validateVmap(broken)).valid).toBe(false);
  });
});
