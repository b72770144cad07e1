import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getAttribute, parseAttributes } from '../../hls/attributes.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { serializeMediaPlaylist } from '../../hls/serialize.ts';
import { validatePlaylist } from '../../hls/validate.ts';
import { detectAvails } from '../../markers/detect.ts';
import { addInterstitials, buildAssetList, interstitialsForAvails } from '../interstitials.ts';

const read = (p: string) => readFileSync(new URL(p, import.meta.url), 'utf8');

function dateranges(text: string) {
  return text
    .split('\n')
    .filter((l) => l.startsWith('#EXT-X-DATERANGE:'))
    .map((l) => parseAttributes(l.slice('#EXT-X-DATERANGE:'.length)));
}

describe('HLS interstitials', () => {
  it('announces VOD pre- and mid-rolls without touching the content', () => {
    const vod = parseMediaPlaylist(read('../../hls/__fixtures__/vod-fmp4.m3u8'));
    const pl = addInterstitials(
      vod,
      [
        {
          id: 'pre',
          offset: 0,
          cue: ['PRE', 'ONCE'],
          assetList: 'https://ads.example.com/list?b=pre',
          resumeOffset: 0,
        },
        {
          id: 'mid',
          offset: 10,
          assetUri: 'https://ads.example.com/ad1/master.m3u8',
          resumeOffset: 0,
          restrict: ['SKIP', 'JUMP'],
          snap: ['OUT', 'IN'],
          playoutLimit: 15,
        },
      ],
      { epoch: Date.UTC(2025, 0, 1) },
    );
    const text = serializeMediaPlaylist(pl);
    expect(validatePlaylist(text)).toEqual([]);
    expect(pl.segments.map((s) => s.uri)).toEqual(vod.segments.map((s) => s.uri));
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00.000Z');
    const [pre, mid] = dateranges(text);
    expect(getAttribute(pre!, 'CLASS')).toBe('com.apple.hls.interstitial');
    expect(getAttribute(pre!, 'CUE')).toBe('PRE,ONCE');
    expect(getAttribute(pre!, 'X-ASSET-LIST')).toBe('https://ads.example.com/list?b=pre');
    expect(getAttribute(mid!, 'START-DATE')).toBe('2025-01-01T00:00:10.000Z');
    expect(getAttribute(mid!, 'X-RESTRICT')).toBe('SKIP,JUMP');
    expect(getAttribute(mid!, 'X-PLAYOUT-LIMIT')).toBe('15');
    // attached to the segment that contains 10 s (chunk-3, 8-12 s)
    expect(pl.segments[2]!.tags.map((t) => t.name)).toEqual(['EXT-X-DATERANGE']);
  });

  it('turns live avails into replacing interstitials', () => {
    const origin = parseMediaPlaylist(read('../../markers/__fixtures__/daterange.m3u8'));
    const det = detectAvails(origin);
    const pl = interstitialsForAvails(
      origin,
      det.avails,
      (a) => `https://ssai.example.com/assets?avail=${a.id}`,
    );
    const text = serializeMediaPlaylist(pl);
    expect(validatePlaylist(text)).toEqual([]);
    const ours = dateranges(text).filter((a) => getAttribute(a, 'CLASS') === 'com.apple.hls.interstitial');
    expect(ours).toHaveLength(1);
    expect(getAttribute(ours[0]!, 'START-DATE')).toBe('2025-03-01T12:00:12.000Z');
    expect(getAttribute(ours[0]!, 'X-RESUME-OFFSET')).toBe('18');
    expect(getAttribute(ours[0]!, 'X-ASSET-LIST')).toBe(
      'https://ssai.example.com/assets?avail=splice-1207959695',
    );
  });

  it('builds asset lists and refuses an interstitial without exactly one asset', () => {
    expect(buildAssetList([{ uri: 'https://a/1.m3u8', duration: 15 }])).toEqual({
      ASSETS: [{ URI: 'https://a/1.m3u8', DURATION: 15 }],
    });
    const vod = parseMediaPlaylist(read('../../hls/__fixtures__/vod-fmp4.m3u8'));
    expect(() => addInterstitials(vod, [{ id: 'x', offset: 0 }])).toThrow(TypeError);
  });
});
