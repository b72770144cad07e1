// Regressions found by running VOD insertion on material its first tests never had: AES-128
// content without IV, and multivariant sets with demuxed audio and subtitles renditions whose
// segments do not line up with the video's.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlannedAd } from '../../ads.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { serializeMediaPlaylist } from '../../hls/serialize.ts';
import type { MediaPlaylist } from '../../hls/types.ts';
import { validatePlaylist } from '../../hls/validate.ts';
import { insertVodAds, type VodInsertResult, vodBreakTimes } from '../insert.ts';

const load = (name: string) =>
  parseMediaPlaylist(readFileSync(new URL(`../__fixtures__/${name}`, import.meta.url), 'utf8'));

function check(r: VodInsertResult): string {
  const text = serializeMediaPlaylist(r.playlist);
  expect(validatePlaylist(text)).toEqual([]);
  expect(r.issues).toEqual([]);
  return text;
}

describe('insertVodAds on AES-128 content without IV', () => {
  const content = load('vod-aes128-no-iv.m3u8'); // segments 7..12, one key without IV, then one with
  const clear = (id: string, n: number): PlannedAd => ({
    id,
    segments: Array.from({ length: n }, (_, k) => ({ uri: `ads/${id}-${k}.ts`, duration: 5 })),
  });

  it('writes the IV each moved content segment had, and states the key again after every ad', () => {
    const r = insertVodAds(content, [
      { id: 'pre', offset: 0, ads: [clear('p', 2)] },
      { id: 'mid', offset: 12, ads: [clear('m', 1)] },
    ]);
    const text = check(r);
    const key = (n: number) =>
      `#EXT-X-KEY:METHOD=AES-128,URI="keys/vod.key",IV=0x${n.toString(16).toUpperCase().padStart(32, '0')}`;
    expect(text).toContain(`#EXT-X-DISCONTINUITY\n${key(7)}\n#EXTINF:6,\nvod-7.ts`);
    expect(text).toContain(`${key(8)}\n#EXTINF:6,\nvod-8.ts`);
    expect(text).toContain(`#EXT-X-DISCONTINUITY\n${key(9)}\n#EXTINF:6,\nvod-9.ts`);
    expect(text).toContain(`${key(10)}\n#EXTINF:6,\nvod-10.ts`);
    // a key that has its own IV is left as it is
    expect(text).toContain(
      '#EXT-X-KEY:METHOD=AES-128,URI="keys/vod2.key",IV=0x0123456789ABCDEF0123456789ABCDEF\n#EXTINF:6,\nvod-11.ts',
    );
    // the clear ads are clear
    expect(text).toMatch(/^#EXTM3U\n(#EXT[^\n]*\n)*#EXTINF:5,\nads\/p-0.ts/);
    expect(text).not.toMatch(/KEY[^\n]*\n#EXTINF:5,\nads\/p-0.ts/);
    expect(text).toContain('#EXT-X-KEY:METHOD=NONE\n#EXTINF:5,\nads/m-0.ts');
    expect(text).toContain('#EXT-X-VERSION:3');
  });

  it('leaves the keys alone when nothing is renumbered (post-roll only)', () => {
    const r = insertVodAds(content, [{ offset: Number.POSITIVE_INFINITY, ads: [clear('z', 1)] }]);
    const text = check(r);
    expect(text).not.toContain('IV=0x00000');
    expect(r.playlist.segments.slice(0, 6).map((s) => s.keys)).toEqual(content.segments.map((s) => s.keys));
  });
});

describe('insertVodAds on a multivariant set with demuxed renditions', () => {
  const video = load('demuxed/video.m3u8'); // 10 x 6 s, fMP4
  const audio = load('demuxed/audio-aac.m3u8'); // AAC at 48 kHz cut on frames: 4.992 / 5.013333 s
  const subtitles = load('demuxed/subtitles-vtt.m3u8'); // 6 x 10 s WebVTT
  const renditions = { video, audio, subtitles };

  const adFor = (kind: keyof typeof renditions, breakId: string): PlannedAd => {
    const seg = (k: number, d: number) =>
      kind === 'subtitles'
        ? { uri: `ads/${breakId}/subs-${k}.vtt`, duration: d }
        : {
            uri: `ads/${breakId}/${kind}-${k}.m4s`,
            duration: d,
            map: `URI="ads/${breakId}/${kind}-init.mp4"`,
          };
    const durations =
      kind === 'audio' ? [5.013333, 4.992, 5.013333, 4.981334] : kind === 'video' ? [6, 6, 8] : [20];
    return { id: `ad-${breakId}`, segments: durations.map((d, k) => seg(k, d)) };
  };

  /** Where each rendition breaks, and so how far apart they are after the ad. */
  function placements(times: { id?: string; offset: number; snap?: 'nearest' }[]) {
    const out: Record<string, number[]> = {};
    for (const [kind, pl] of Object.entries(renditions) as [keyof typeof renditions, MediaPlaylist][]) {
      const r = insertVodAds(
        pl,
        times.map((t, n) => ({ ...t, ads: [adFor(kind, t.id ?? `break-${n}`)] })),
      );
      check(r);
      out[kind] = r.breaks.map((b) => b.contentOffset);
    }
    return out;
  }

  it('breaks every rendition at the same point, chosen once on the video', () => {
    const requested = [
      { id: 'pre', offset: 0 },
      { id: 'mid-1', offset: 33 },
      { id: 'mid-2', offset: 44.9 },
      { id: 'post', offset: Number.POSITIVE_INFINITY },
    ];
    const times = vodBreakTimes(video, requested, { renditions: [audio, subtitles] });
    expect(times.map((t) => [t.id, t.offset])).toEqual([
      ['pre', 0],
      ['mid-1', 30],
      ['mid-2', 30],
      ['post', Number.POSITIVE_INFINITY],
    ]);
    const at = placements(times);
    expect(at.video).toEqual([0, 30, 30, 60]);
    expect(at.subtitles).toEqual([0, 30, 30, 60]);
    for (let k = 0; k < 3; k++) expect(Math.abs(at.audio![k]! - at.video![k]!)).toBeLessThan(0.05);
    for (const t of times) expect(t.misalignment).toBeLessThan(0.05);
  });

  it('without the renditions, still aligns them to the video boundary (nearest to it)', () => {
    const times = vodBreakTimes(video, [{ offset: 33 }, { offset: 47 }], { maxShift: 0 });
    expect(times.map((t) => t.offset)).toEqual([30, 48]);
    const at = placements(times);
    // each rendition's own boundary nearest to the video's: within half a segment of it
    expect(at.audio![0]).toBeCloseTo(29.994667, 5);
    expect(at.audio![1]).toBeCloseTo(50.005333, 5);
    expect(at.subtitles).toEqual([30, 50]);
  });

  it('keeps audio and video within two AAC frames wherever a shared boundary is in reach (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 12, max: 48, noNaN: true }), (offset) => {
        const times = vodBreakTimes(video, [{ offset }], { renditions: [audio] });
        const at = placements(times);
        expect(Math.abs(at.audio![0]! - at.video![0]!)).toBeLessThan(0.05);
        expect(Math.abs(times[0]!.offset - offset)).toBeLessThanOrEqual(3 + 3 * video.targetDuration);
      }),
      { numRuns: 100 },
    );
  });

  it('reports what is left when no boundary is shared within reach', () => {
    // 5 s: the video breaks at 6 s; the shared boundary at 30 s is further than 18 s away
    const [t] = vodBreakTimes(video, [{ offset: 5 }], { renditions: [audio] });
    expect(t!.offset).toBe(6);
    expect(t!.misalignment).toBeCloseTo(1.008, 6);
    const [far] = vodBreakTimes(video, [{ offset: 5 }], { renditions: [audio], maxShift: 30 });
    expect(far!.offset).toBe(30);
  });

  it('aligns TS renditions the same way', () => {
    const ts = (pl: MediaPlaylist, ext: string): MediaPlaylist => ({
      ...pl,
      segments: pl.segments.map(({ map: _map, ...s }) => ({ ...s, uri: s.uri.replace('.m4s', ext) })),
    });
    const v = ts(video, '.ts');
    const a = ts(audio, '.aac');
    const [t] = vodBreakTimes(v, [{ id: 'm', offset: 26 }], { renditions: [a] });
    expect(t!.offset).toBe(30);
    const clearAd = (ext: string, d: number[]): PlannedAd => ({
      id: 'x',
      segments: d.map((x, k) => ({ uri: `ads/x-${k}.${ext}`, duration: x })),
    });
    const rv = insertVodAds(v, [{ ...t!, ads: [clearAd('ts', [6, 6])] }]);
    const ra = insertVodAds(a, [{ ...t!, ads: [clearAd('aac', [5.013333, 4.992, 1.994667])] }]);
    check(rv);
    check(ra);
    expect(Math.abs(ra.breaks[0]!.contentOffset - rv.breaks[0]!.contentOffset)).toBeLessThan(0.05);
    expect(Math.abs(ra.breaks[0]!.shift)).toBeLessThan(0.05);
    expect(rv.breaks[0]!.shift).toBe(0);
  });
});
