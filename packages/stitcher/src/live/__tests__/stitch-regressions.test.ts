// Regressions found by running the live stitcher on material its first tests never had: DVR windows
// holding more than one break, AES-128 without IV, playlists that end mid-break and origins that
// leave a break's end markers on the content after it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdPlan, PlannedAd } from '../../ads.ts';
import { getAttribute, parseAttributes } from '../../hls/attributes.ts';
import { checkPlaylistUpdate } from '../../hls/continuity.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { serializeMediaPlaylist } from '../../hls/serialize.ts';
import { validatePlaylist } from '../../hls/validate.ts';
import { fixture } from '../../test-support/fixtures.ts';
import type { ViewerState } from '../state.ts';
import { type LiveStitchInput, type LiveStitchResult, stitchLive } from '../stitch.ts';

const ad = (id: string, n: number, d = 6): PlannedAd => ({
  id,
  segments: Array.from({ length: n }, (_, k) => ({ uri: `ads/${id}-${k}.ts`, duration: d })),
});
const slate = [{ uri: 'slate/s-0.ts', duration: 2 }];

function run(
  input: Omit<LiveStitchInput, 'origin'> & { origin: string },
): LiveStitchResult & { text: string } {
  const r = stitchLive({ ...input, origin: parseMediaPlaylist(input.origin) });
  const text = serializeMediaPlaylist(r.playlist);
  expect(validatePlaylist(text)).toEqual([]);
  return { ...r, text };
}

const uris = (r: LiveStitchResult) => r.playlist.segments.map((s) => s.uri);

/** A live TS window [from, to) of 6 s segments with CUE-OUT/CONT/CUE-IN breaks. */
function cueOrigin(from: number, to: number, breaks: { at: number; len: number }[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', `#EXT-X-MEDIA-SEQUENCE:${from}`];
  for (let i = from; i < to; i++) {
    for (const { at, len } of breaks) {
      if (i === at) lines.push(`#EXT-X-CUE-OUT:DURATION=${len * 6}`);
      if (i > at && i < at + len)
        lines.push(`#EXT-X-CUE-OUT-CONT:ElapsedTime=${(i - at) * 6},Duration=${len * 6}`);
      if (i === at + len) lines.push('#EXT-X-CUE-IN');
    }
    lines.push('#EXTINF:6.000,', `c${i}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

describe('a window holding a closed break and the start of the next one', () => {
  const plan = (a: { id: string }): AdPlan => ({ ads: [ad(`for-${a.id}`, 3)] });

  it('stitches both breaks of a DVR window on a first request and reports both', () => {
    const r = run({ origin: fixture(import.meta.url, 'dvr-closed-and-open-break.m3u8'), plan, slate });
    expect(r.avails).toEqual([
      { id: 'cue-1003', startMsn: 1003, endMsn: 1006, stitched: true, ads: ['for-cue-1003'] },
      { id: 'cue-1015', startMsn: 1015, stitched: true, ads: ['for-cue-1015'] },
    ]);
    expect(uris(r).slice(-11)).toEqual([
      'seg-1013.ts',
      'seg-1014.ts',
      // the 30 s of the second break are out: its 18 s ad and 12 s of slate so far
      'ads/for-cue-1015-0.ts',
      'ads/for-cue-1015-1.ts',
      'ads/for-cue-1015-2.ts',
      ...Array.from({ length: 6 }, () => 'slate/s-0.ts'),
    ]);
    expect(r.text).not.toContain('#EXT-X-CUE-OUT');
  });

  it('handles every break of a whole EVENT playlist in one call', () => {
    const r = run({ origin: fixture(import.meta.url, 'event-daterange-breaks.m3u8'), plan, slate });
    expect(r.avails.map((a) => [a.id, a.startMsn, a.endMsn, a.stitched])).toEqual([
      ['brk-1', 3, 6, true],
      ['brk-2', 9, 11, true],
      ['brk-3', 16, undefined, true],
    ]);
    const out = uris(r);
    expect(out.filter((u) => u.startsWith('ev-'))).toEqual(
      [0, 1, 2, 6, 7, 8, 11, 12, 13, 14, 15].map((i) => `ev-${i}.ts`),
    );
    expect(out.slice(-2)).toEqual(['ads/for-brk-3-0.ts', 'ads/for-brk-3-1.ts']);
  });

  it('plays a past break as the suppression policy says and still starts the next one on time', () => {
    const r = run({
      origin: fixture(import.meta.url, 'dvr-closed-and-open-break.m3u8'),
      plan,
      slate,
      options: { suppression: { mode: 'behind-live-edge', value: 30 } },
    });
    expect(r.avails).toEqual([
      { id: 'cue-1003', startMsn: 1003, endMsn: 1006, stitched: false, reason: 'suppressed', ads: [] },
      { id: 'cue-1015', startMsn: 1015, stitched: true, ads: ['for-cue-1015'] },
    ]);
  });

  it('after a refresh gap, starts the next break at its real start, not a refresh later', () => {
    const breaks = [
      { at: 103, len: 3 },
      { at: 112, len: 5 },
    ];
    const r1 = run({ origin: cueOrigin(98, 105, breaks), plan, slate });
    expect(r1.avails).toEqual([{ id: 'cue-103', startMsn: 103, stitched: true, ads: ['for-cue-103'] }]);
    // The viewer comes back once the first break has ended and the second one has begun.
    const r2 = run({ origin: cueOrigin(105, 115, breaks), plan, slate, state: r1.state });
    expect(checkPlaylistUpdate(r1.text, r2.text)).toEqual([]);
    expect(r2.avails.map((a) => [a.id, a.startMsn, a.endMsn, a.stitched])).toEqual([
      ['cue-103', 103, 106, true],
      ['cue-112', 112, undefined, true],
    ]);
    const r3 = run({ origin: cueOrigin(107, 119, breaks), plan, slate, state: r2.state });
    expect(checkPlaylistUpdate(r2.text, r3.text)).toEqual([]);
    expect(r3.avails.find((a) => a.id === 'cue-112')).toEqual({
      id: 'cue-112',
      startMsn: 112,
      endMsn: 117,
      stitched: true,
      ads: ['for-cue-112'],
    });
    // 30 s of break: the 18 s ad, then 12 s of slate, then the content again
    const out = uris(r3);
    const first = out.indexOf('ads/for-cue-112-0.ts');
    expect(out[first - 1]).toBe('c111.ts');
    expect(out.slice(first + 3)).toEqual([
      ...Array.from({ length: 6 }, () => 'slate/s-0.ts'),
      'c117.ts',
      'c118.ts',
    ]);
  });

  it('never drops a break of a DVR window (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 1, max: 4 }), len: fc.integer({ min: 1, max: 4 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 3 }),
        (spec, tail) => {
          const breaks: { at: number; len: number }[] = [];
          let at = 100;
          for (const b of spec) {
            breaks.push({ at: at + b.gap, len: b.len });
            at += b.gap + b.len;
          }
          const end = at + 1 + tail;
          const r = run({ origin: cueOrigin(100, end, breaks), plan, slate });
          expect(r.avails.map((a) => [a.startMsn, a.stitched])).toEqual(breaks.map((b) => [b.at, true]));
          // Every replaced content segment is gone, every other one is there.
          const content = uris(r).filter((u) => /^c\d+\.ts$/.test(u));
          const expected: string[] = [];
          for (let i = 100; i < end; i++)
            if (!breaks.some((b) => i >= b.at && i < b.at + b.len)) expected.push(`c${i}.ts`);
          expect(content).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The EXT-X-KEY attribute lists in effect for each segment of a serialized playlist. */
function keysBySegment(text: string): { uri: string; key: string | undefined }[] {
  const out: { uri: string; key: string | undefined }[] = [];
  let key: string | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-KEY:')) key = line.slice('#EXT-X-KEY:'.length);
    else if (line !== '' && !line.startsWith('#')) out.push({ uri: line, key });
  }
  return out;
}

const iv = (n: number) => `0x${n.toString(16).toUpperCase().padStart(32, '0')}`;

describe('AES-128 content without IV', () => {
  it('states the original IV of every renumbered content segment, and the key again after the ad', () => {
    const origin = fixture(import.meta.url, 'aes128-no-iv.m3u8');
    // 18 s replaced by four 4.5 s clear ad segments: the content after them moves by one.
    const r = run({
      origin,
      plan: () => ({
        ads: [
          {
            id: 'clear',
            segments: [4.5, 4.5, 4.5, 4.5].map((d, k) => ({ uri: `ads/clear-${k}.ts`, duration: d })),
          },
        ],
      }),
    });
    const segs = keysBySegment(r.text);
    const byUri = new Map(segs.map((s) => [s.uri, s.key]));
    // before the ad: numbering unchanged, key untouched
    expect(byUri.get('enc-2002.ts')).toBe('METHOD=AES-128,URI="https://keys.example.com/live/k1"');
    expect(byUri.get('ads/clear-0.ts')).toBe('METHOD=NONE');
    // after the ad: segment 2006 is now output segment 2007; it keeps IV = 2006
    const msnOf = (uri: string) => r.playlist.mediaSequence + segs.findIndex((s) => s.uri === uri);
    expect(msnOf('enc-2006.ts')).toBe(2007);
    for (const n of [2006, 2007]) {
      expect(byUri.get(`enc-${n}.ts`)).toBe(
        `METHOD=AES-128,URI="https://keys.example.com/live/k1",IV=${iv(n)}`,
      );
    }
    for (const n of [2008, 2009]) {
      expect(byUri.get(`enc-${n}.ts`)).toBe(
        `METHOD=AES-128,URI="https://keys.example.com/live/k2",IV=${iv(n)}`,
      );
    }
    // the key is re-stated right before the first content segment after the clear ad
    expect(r.text).toContain(
      `#EXT-X-DISCONTINUITY\n#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.com/live/k1",IV=${iv(2006)}\n#EXTINF:6,\nenc-2006.ts`,
    );
    expect(r.text).toContain('#EXT-X-VERSION:3');
  });

  it('states the IV of an AES-128 key in another KEYFORMAT too (the IV still comes from the number)', () => {
    const origin = fixture(import.meta.url, 'aes128-keyformat-no-iv.m3u8');
    // 12 s (three segments) replaced by six 2 s clear ad segments: the content after moves by three.
    const r = run({
      origin,
      plan: () => ({
        ads: [
          {
            id: 'clear',
            segments: [2, 2, 2, 2, 2, 2].map((d, k) => ({ uri: `ads/c-${k}.ts`, duration: d })),
          },
        ],
      }),
    });
    const segs = keysBySegment(r.text);
    const byUri = new Map(segs.map((s) => [s.uri, s.key]));
    const key =
      'METHOD=AES-128,URI="https://kms.example.net/k/77",KEYFORMAT="com.example.kms",KEYFORMATVERSIONS="1"';
    expect(byUri.get('sec-882.ts')).toBe(key);
    const msnOf = (uri: string) => r.playlist.mediaSequence + segs.findIndex((s) => s.uri === uri);
    expect(msnOf('sec-886.ts')).toBe(889);
    for (const n of [886, 891]) expect(byUri.get(`sec-${n}.ts`)).toBe(`${key},IV=${iv(n)}`);
  });

  it('keeps the IVs the same on every refresh', () => {
    const text = fixture(import.meta.url, 'aes128-no-iv.m3u8');
    const plan = () => ({ ads: [ad('one', 1, 6)] });
    const r1 = run({ origin: text, plan, slate });
    const later = text
      .replace('#EXT-X-MEDIA-SEQUENCE:2000', '#EXT-X-MEDIA-SEQUENCE:2001')
      .replace('#EXTINF:6.000,\nenc-2000.ts\n', '');
    const r2 = run({ origin: later, plan, slate, state: r1.state });
    expect(checkPlaylistUpdate(r1.text, r2.text)).toEqual([]);
    expect(r2.text).toContain(`IV=${iv(2006)}`);
    const k1 = new Map(keysBySegment(r1.text).map((s) => [s.uri, s.key]));
    for (const s of keysBySegment(r2.text)) if (s.uri.startsWith('enc-')) expect(s.key).toBe(k1.get(s.uri));
    // ad and slate stay clear of the content key
    for (const s of keysBySegment(r2.text))
      if (!s.uri.startsWith('enc-'))
        expect(getAttribute(parseAttributes(s.key ?? ''), 'METHOD')).toBe('NONE');
  });
});

describe('program date-time through a break', () => {
  const text = fixture(import.meta.url, 'pdt-break.m3u8');
  // 24 s of content (5402..5407) replaced by a 6 s ad (two 3 s segments), then 2 s slate segments.
  const plan = (): AdPlan => ({ ads: [ad('short', 2, 3)] });
  const start = Date.parse('2025-09-14T18:30:08.000Z');
  const dated = (r: LiveStitchResult) =>
    r.playlist.segments.map((s) => [s.uri, s.tags.find((t) => t.name === 'EXT-X-PROGRAM-DATE-TIME')?.value]);
  const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();

  it('dates each ad and slate segment: the break start plus what played before it', () => {
    const r = run({ origin: text, plan, slate });
    const rows = dated(r);
    expect(rows.slice(0, 2)).toEqual([
      ['arena-5400.ts', '2025-09-14T18:30:00.000Z'],
      ['arena-5401.ts', '2025-09-14T18:30:04.000Z'],
    ]);
    const after = rows.findIndex(([uri]) => uri === 'arena-5408.ts');
    const inBreak = r.playlist.segments.slice(2, after);
    expect(inBreak.map((s) => s.uri).slice(0, 3)).toEqual([
      'ads/short-0.ts',
      'ads/short-1.ts',
      'slate/s-0.ts',
    ]);
    let elapsed = 0;
    for (const s of inBreak) {
      expect(s.tags, s.uri).toEqual([{ name: 'EXT-X-PROGRAM-DATE-TIME', value: at(elapsed) }]);
      expect(s.programDateTime).toBe(start + elapsed * 1000);
      elapsed += s.duration;
    }
    expect(elapsed).toBeCloseTo(24, 3);
    // the content after the break: its own date again
    expect(rows.slice(after, after + 2)).toEqual([
      ['arena-5408.ts', '2025-09-14T18:30:32.000Z'],
      ['arena-5409.ts', '2025-09-14T18:30:36.000Z'],
    ]);
  });

  it('dates a window that holds only the break, the same on every refresh', () => {
    const first = run({ origin: text, plan, slate });
    // The window slid into the break: three of its segments, all replaced (it began before the window).
    const inside = text
      .replace('#EXT-X-MEDIA-SEQUENCE:5400', '#EXT-X-MEDIA-SEQUENCE:5404')
      .replace(
        /^[\s\S]*?(#EXT-X-PROGRAM-DATE-TIME:2025-09-14T18:30:16)/,
        '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:5404\n$1',
      )
      .replace(/#EXT-X-PROGRAM-DATE-TIME:2025-09-14T18:30:28[\s\S]*$/, '');
    expect(parseMediaPlaylist(inside).segments.map((s) => s.uri)).toEqual([
      'arena-5404.ts',
      'arena-5405.ts',
      'arena-5406.ts',
    ]);
    const later = run({ origin: inside, plan, slate, state: first.state });
    const segs = later.playlist.segments;
    expect(segs.length).toBeGreaterThan(0);
    expect(segs.every((s) => !s.uri.startsWith('arena-'))).toBe(true);
    // every segment dated, each as the first refresh dated it
    const before = new Map(dated(first).map(([uri, date], k) => [`${k}:${uri}`, date]));
    const offset = later.playlist.mediaSequence - first.playlist.mediaSequence;
    for (const [k, [uri, date]] of dated(later).entries()) {
      expect(date, uri).toBeDefined();
      expect(date, uri).toBe(before.get(`${k + offset}:${uri}`));
    }
  });
});

describe('a playlist that ends during a break', () => {
  const text = fixture(import.meta.url, 'event-ends-mid-break.m3u8');

  it('fills the break to its declared duration with ads and slate, and reports it', () => {
    // a 15 s ad: only two of its 5 s segments fit the 12 s of content before ENDLIST
    const r = run({ origin: text, plan: () => ({ ads: [ad('pod', 3, 5)] }), slate });
    expect(r.playlist.endList).toBe(true);
    const breakPart = r.playlist.segments.slice(5);
    expect(breakPart.map((s) => s.uri)).toEqual([
      'ads/pod-0.ts',
      'ads/pod-1.ts',
      'ads/pod-2.ts',
      ...Array.from({ length: 7 }, () => 'slate/s-0.ts'),
    ]);
    expect(breakPart.reduce((t, s) => t + s.duration, 0)).toBe(29);
    expect(r.avails).toEqual([
      { id: 'cue-5', startMsn: 5, endMsn: 7, stitched: true, ads: ['pod'], closedAtEndList: true },
    ]);
    expect(r.issues).toContainEqual({
      msn: 5,
      message: 'avail cue-5 still open at EXT-X-ENDLIST: filled to its declared 30s',
    });
    expect(r.text.trimEnd().endsWith('slate/s-0.ts\n#EXT-X-ENDLIST')).toBe(true);
  });

  it('ends a break without a declared duration cleanly with the content', () => {
    const r = run({
      origin: text.replace('#EXT-X-CUE-OUT:DURATION=30', '#EXT-X-CUE-OUT').replace(/,Duration=30/, ''),
      plan: () => ({ ads: [ad('pod', 3, 5)] }),
      slate,
    });
    expect(r.playlist.segments.slice(5).map((s) => s.uri)).toEqual([
      'ads/pod-0.ts',
      'ads/pod-1.ts',
      'slate/s-0.ts',
    ]);
    expect(r.avails[0]).toMatchObject({ endMsn: 7, stitched: true, closedAtEndList: true });
    expect(r.issues).toContainEqual({
      msn: 5,
      message: 'avail cue-5 still open at EXT-X-ENDLIST: ended with the content',
    });
  });

  it('gives the same break to a viewer who was already watching it', () => {
    const live = text.replace('#EXT-X-PLAYLIST-TYPE:EVENT\n', '').replace('#EXT-X-ENDLIST\n', '');
    const plan = () => ({ ads: [ad('pod', 3, 5)] });
    const r1 = run({ origin: live, plan, slate });
    const r2 = run({
      origin: text.replace('#EXT-X-PLAYLIST-TYPE:EVENT\n', ''),
      plan,
      slate,
      state: r1.state,
    });
    expect(checkPlaylistUpdate(r1.text, r2.text)).toEqual([]);
    expect(r2.playlist.segments.slice(5).reduce((t, s) => t + s.duration, 0)).toBe(29);
  });
});

describe('end markers of a replaced break', () => {
  const text = fixture(import.meta.url, 'end-markers-after-breaks.m3u8');

  it('are removed from the content after it', () => {
    const r = run({ origin: text, plan: (a) => ({ ads: [ad(`x-${a.id}`, 2)] }) });
    expect(r.avails.map((a) => [a.id, a.startMsn, a.endMsn, a.stitched])).toEqual([
      ['cue-302', 302, 304, true],
      ['splice-77', 307, 309, true],
    ]);
    expect(r.text).not.toContain('#EXT-X-CUE-IN');
    expect(r.text).not.toContain('#EXT-X-CUE-OUT-CONT');
    expect(r.text).not.toContain('SCTE35-IN');
    expect(r.text).not.toContain('ID="splice-77"');
    // other DATERANGEs stay
    expect(r.text).toContain('#EXT-X-DATERANGE:ID="chapter-9"');
  });

  it('stay on the content of a later break that is not tracked, even after a replaced one', () => {
    // a zero-length CUE-OUT is no avail: its markers are left as they are
    const later = text
      .replace('#EXTINF:6.000,\nm-310.ts', '#EXT-X-CUE-OUT:0\n#EXTINF:6.000,\nm-310.ts')
      .replace('#EXTINF:6.000,\nm-311.ts', '#EXT-X-CUE-IN\n#EXTINF:6.000,\nm-311.ts');
    const r = run({ origin: later, plan: (a) => ({ ads: [ad(`x-${a.id}`, 2)] }) });
    expect(r.text).toContain('#EXT-X-CUE-OUT:0\n#EXTINF:6,\nm-310.ts\n#EXT-X-PROGRAM-DATE-TIME');
    expect(r.text).toMatch(/#EXT-X-CUE-IN\n#EXTINF:6,\nm-311.ts/);
  });

  it('stay when the break plays as content', () => {
    const r = run({ origin: text, plan: () => undefined });
    expect(r.playlist.segments.map((s) => s.tags)).toEqual(
      parseMediaPlaylist(text).segments.map((s) => s.tags),
    );
  });
});

describe('ViewerState of a break closed at ENDLIST', () => {
  it('round-trips through the wire format', async () => {
    const { parseViewerState, serializeViewerState } = await import('../state.ts');
    const r = run({
      origin: fixture(import.meta.url, 'event-ends-mid-break.m3u8'),
      plan: () => ({ ads: [ad('pod', 3, 5)] }),
      slate,
    });
    const back: ViewerState | undefined = parseViewerState(serializeViewerState(r.state));
    expect(back).toEqual(r.state);
  });
});
