import { afterEach, describe, expect, it } from 'vitest';
import type { AdPlan } from '../../ads.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import type { ViewerState } from '../state.ts';
import { stitchLive } from '../stitch.ts';

// stitchLive's work grows with the window, not with the window times its avails: counted as the
// array elements its searches and loops visit (find, some, filter, for...of and the like), never
// timed. A per-segment search of every avail made a 1,200-segment window 375 times the work of a
// 6-segment one.

/** A window of `n` 4 s segments from `from`, a 20 s break (CUE-OUT/CONT/IN) every 16 segments. */
function window(from: number, n: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', `#EXT-X-MEDIA-SEQUENCE:${from}`];
  const t0 = Date.UTC(2025, 5, 1, 6, 0, 0);
  for (let i = from; i < from + n; i++) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(t0 + i * 4000).toISOString()}`);
    const phase = i % 16;
    if (phase === 3) lines.push('#EXT-X-CUE-OUT:DURATION=20');
    else if (phase > 3 && phase < 8) lines.push(`#EXT-X-CUE-OUT-CONT:${(phase - 3) * 4}/20`);
    else if (phase === 8) lines.push('#EXT-X-CUE-IN');
    lines.push('#EXTINF:4.000,', `https://origin.example.net/ch9/seg-${i}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

const plan: AdPlan = {
  ads: [
    {
      id: 'spot',
      segments: [0, 1, 2, 3].map((k) => ({ uri: `https://ads.example.net/spot/${k}.ts`, duration: 5 })),
    },
  ],
};

const METHODS = [
  'find',
  'findIndex',
  'some',
  'every',
  'filter',
  'map',
  'forEach',
  'reduce',
  'includes',
  'indexOf',
] as const;
type Patched = Record<string | symbol, (...args: unknown[]) => unknown>;
const proto = Array.prototype as unknown as Patched;
const originals = new Map<string | symbol, (...args: unknown[]) => unknown>();

/** Counts the elements of every array searched or iterated while `work` runs. */
function visits(work: () => void): number {
  let count = 0;
  for (const name of [...METHODS, Symbol.iterator]) {
    const original = proto[name]!;
    originals.set(name, original);
    proto[name] = function (this: unknown[], ...args: unknown[]) {
      count += this.length;
      return original.apply(this, args);
    };
  }
  try {
    work();
  } finally {
    restore();
  }
  return count;
}

function restore() {
  for (const [name, original] of originals) proto[name] = original;
  originals.clear();
}
afterEach(restore);

/** The visits of one steady refresh of a viewer over a window of `n` segments. */
function refresh(n: number): number {
  let state: ViewerState | undefined;
  for (let k = 4; k > 0; k--)
    state = stitchLive({ origin: parseMediaPlaylist(window(10_000 - k, n)), state, plan: () => plan }).state;
  const origin = parseMediaPlaylist(window(10_000, n));
  const before = state!;
  let avails = 0;
  const count = visits(() => {
    avails = stitchLive({ origin, state: before, plan: () => plan }).avails.length;
  });
  expect(avails).toBeGreaterThan(n / 16 - 2); // every break of the window is tracked
  return count;
}

describe('stitchLive over long windows', () => {
  it('does work linear in the window: four times the segments and breaks, at most ~four times the visits', () => {
    const small = refresh(300);
    const large = refresh(1_200);
    // Linear: 4. A search of every avail per segment: about 16.
    expect(large / small).toBeLessThan(5);
  });
});
