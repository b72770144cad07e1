// Regression: interstitials announced for a live break changed ID and START-DATE on every refresh
// once the break's CUE-OUT had left the window. A player takes a changed ID for a new interstitial.
import { describe, expect, it } from 'vitest';
import { type Attribute, getAttribute, parseAttributes } from '../../hls/attributes.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { serializeMediaPlaylist } from '../../hls/serialize.ts';
import { validatePlaylist } from '../../hls/validate.ts';
import { detectAvails } from '../../markers/detect.ts';
import { encodeSpliceInsert } from '../../test-support/scte35-encode.ts';
import { INTERSTITIAL_CLASS, interstitialsForAvails } from '../interstitials.ts';

const BASE = Date.UTC(2025, 5, 1, 12, 0, 0);
const SEG = 6.006;
const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const OUT = base64(encodeSpliceInsert({ eventId: 4242, out: true, duration: 30.03 }));

/**
 * A live window [from, to) of 6.006 s segments, each with its program date-time, and a 30.03 s
 * break over segments 20..24 marked with CUE-OUT / CUE-OUT-CONT / CUE-IN.
 */
function origin(from: number, to: number, scte35: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', `#EXT-X-MEDIA-SEQUENCE:${from}`];
  for (let i = from; i < to; i++) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(BASE + Math.round(i * SEG * 1000)).toISOString()}`);
    if (i === 20) {
      if (scte35) lines.push(`#EXT-OATCLS-SCTE35:${OUT}`);
      lines.push('#EXT-X-CUE-OUT:30.030');
    }
    if (i > 20 && i < 25) {
      const elapsed = ((i - 20) * SEG).toFixed(3);
      lines.push(
        `#EXT-X-CUE-OUT-CONT:ElapsedTime=${elapsed},Duration=30.030${scte35 ? `,SCTE35=${OUT}` : ''}`,
      );
    }
    if (i === 25) lines.push('#EXT-X-CUE-IN');
    lines.push(`#EXTINF:${SEG.toFixed(3)},`, `live-${i}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

function interstitials(text: string): Attribute[][] {
  const pl = parseMediaPlaylist(text);
  const out = interstitialsForAvails(
    pl,
    detectAvails(pl).avails,
    (a) => `https://ssai.example.com/assets?avail=${encodeURIComponent(a.id)}`,
  );
  const serialized = serializeMediaPlaylist(out);
  expect(validatePlaylist(serialized)).toEqual([]);
  return serialized
    .split('\n')
    .filter((l) => l.startsWith('#EXT-X-DATERANGE:'))
    .map((l) => parseAttributes(l.slice('#EXT-X-DATERANGE:'.length)))
    .filter((a) => getAttribute(a, 'CLASS') === INTERSTITIAL_CLASS);
}

describe('live interstitials across refreshes', () => {
  for (const scte35 of [true, false]) {
    it(`keep the same ID and START-DATE once the CUE-OUT has left the window (${
      scte35 ? 'SCTE35 on CUE-OUT-CONT' : 'ElapsedTime/Duration only'
    })`, () => {
      const seen: Attribute[][] = [];
      // from the refresh that first shows the CUE-OUT to the last one that shows the break
      for (let end = 21; end <= 25; end++) {
        const dr = interstitials(origin(Math.max(0, end - 4), end, scte35));
        expect(dr).toHaveLength(1);
        seen.push(dr[0]!);
      }
      const first = seen[0]!;
      expect(getAttribute(first, 'START-DATE')).toBe(
        new Date(BASE + Math.round(20 * SEG * 1000)).toISOString(),
      );
      expect(getAttribute(first, 'ID')).toBe(
        scte35 ? 'ad-4242' : `ad-cue-${BASE + Math.round(20 * SEG * 1000)}`,
      );
      expect(getAttribute(first, 'X-RESUME-OFFSET')).toBe('30.03');
      for (const attrs of seen) expect(attrs).toEqual(first);
    });
  }
});
