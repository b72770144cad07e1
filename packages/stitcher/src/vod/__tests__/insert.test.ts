import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PlannedAd } from '../../ads.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { serializeMediaPlaylist } from '../../hls/serialize.ts';
import { validatePlaylist } from '../../hls/validate.ts';
import { parseVmap, vmapCuePoints } from '../../vast/vmap.ts';
import { insertVodAds } from '../insert.ts';

const hlsFixture = (name: string) =>
  readFileSync(new URL(`../../hls/__fixtures__/${name}`, import.meta.url), 'utf8');
const vastFixture = (name: string) =>
  readFileSync(new URL(`../../vast/__fixtures__/${name}`, import.meta.url), 'utf8');

const fmp4Ad = (id: string, durations: number[]): PlannedAd => ({
  id,
  segments: durations.map((d, k) => ({
    uri: `ads/${id}/seg-${k}.m4s`,
    duration: d,
    map: `URI="ads/${id}/init.mp4"`,
  })),
  tracking: { impression: [`https://t/${id}/imp`], complete: [`https://t/${id}/done`] },
});

describe('insertVodAds', () => {
  const content = parseMediaPlaylist(hlsFixture('vod-fmp4.m3u8')); // 5 x 4 s + 2.5 s, fMP4

  it('inserts pre-, mid- and post-rolls at segment boundaries', () => {
    const r = insertVodAds(content, [
      { id: 'pre', offset: 0, ads: [fmp4Ad('p', [5, 5])] },
      { id: 'mid', offset: 9, ads: [fmp4Ad('m1', [6]), fmp4Ad('m2', [3, 3])] },
      { id: 'post', offset: Number.POSITIVE_INFINITY, ads: [fmp4Ad('z', [2])] },
    ]);
    const text = serializeMediaPlaylist(r.playlist);
    expect(validatePlaylist(text)).toEqual([]);
    expect(r.issues).toEqual([]);
    expect(r.playlist.segments.map((s) => [s.uri, s.discontinuity])).toEqual([
      ['ads/p/seg-0.m4s', false],
      ['ads/p/seg-1.m4s', false],
      ['chunk-1.m4s', true],
      ['chunk-2.m4s', false],
      ['ads/m1/seg-0.m4s', true],
      ['ads/m2/seg-0.m4s', true],
      ['ads/m2/seg-1.m4s', false],
      ['chunk-3.m4s', true],
      ['chunk-4.m4s', false],
      ['chunk-5.m4s', false],
      ['chunk-6.m4s', false],
      ['ads/z/seg-0.m4s', true],
    ]);
    // 9 s falls in chunk-3 [8, 12): the nearest boundary is 8 s.
    expect(r.breaks.map((b) => [b.id, b.contentOffset, b.outputOffset, b.duration])).toEqual([
      ['pre', 0, 0, 10],
      ['mid', 8, 18, 12],
      ['post', 22.5, 44.5, 2],
    ]);
    expect(r.playlist.targetDuration).toBe(6);
    expect(text).toContain('#EXT-X-MAP:URI="ads/p/init.mp4"');
    expect(text).toMatch(/#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nchunk-1.m4s/);
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(r.tracking.filter((t) => t.beacons.length > 0).map((t) => [t.msn, t.adId])).toContainEqual([
      1,
      'p',
    ]);
    // the input is untouched
    expect(content.segments).toHaveLength(6);
  });

  it('snaps mid-rolls before or after when asked', () => {
    const before = insertVodAds(content, [{ offset: 11, ads: [fmp4Ad('x', [2])] }], { snap: 'before' });
    const after = insertVodAds(content, [{ offset: 9, ads: [fmp4Ad('x', [2])] }], { snap: 'after' });
    expect(before.breaks[0]!.contentOffset).toBe(8);
    expect(after.breaks[0]!.contentOffset).toBe(12);
  });

  it('rejects ads of the other container format', () => {
    const tsAd: PlannedAd = { id: 'ts', segments: [{ uri: 'a.ts', duration: 4 }] };
    const r = insertVodAds(content, [{ offset: 0, ads: [tsAd] }]);
    expect(r.issues).toEqual(["ad ts does not match the content's container (TS vs fMP4)"]);
    expect(r.playlist.segments).toHaveLength(6);
  });

  it('follows a VMAP schedule', () => {
    const vmap = parseVmap(vastFixture('vmap.xml'));
    if (!vmap.ok) throw new Error('vmap');
    const duration = content.segments.reduce((t, s) => t + s.duration, 0);
    const cues = vmapCuePoints(vmap.document, duration);
    const r = insertVodAds(
      content,
      cues.map((c) => ({
        id: c.break.breakId ?? 'b',
        offset: c.offset,
        ads: [fmp4Ad(c.break.breakId ?? 'b', [4])],
      })),
    );
    expect(validatePlaylist(serializeMediaPlaylist(r.playlist))).toEqual([]);
    expect(r.breaks.map((b) => [b.id, b.contentOffset])).toEqual([
      ['preroll', 0],
      ['half', 12],
      ['second-position', 12],
      ['postroll', 22.5],
    ]);
  });

  it('works on TS content with program date-times', () => {
    const ts = parseMediaPlaylist(hlsFixture('live-ts-cue-out.m3u8'));
    ts.endList = true;
    ts.playlistType = 'VOD';
    const r = insertVodAds(ts, [
      { offset: 12, ads: [{ id: 'a', segments: [{ uri: 'ad.ts', duration: 10 }] }] },
    ]);
    const text = serializeMediaPlaylist(r.playlist);
    expect(validatePlaylist(text)).toEqual([]);
    expect(r.playlist.targetDuration).toBe(10);
    // the content after the ad carries its own date again
    expect(text).toContain('ad.ts\n#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:2025-03-01T10:00:12.012Z');
  });
});
