import { describe, expect, it } from 'vitest';
import type { AdPlan, PlannedAd } from '../../ads.ts';
import { checkPlaylistUpdate } from '../../hls/continuity.ts';
import { parseMediaPlaylist } from '../../hls/parse.ts';
import { serializeMediaPlaylist } from '../../hls/serialize.ts';
import { validatePlaylist } from '../../hls/validate.ts';
import { parseViewerState, serializeViewerState, viewerStateSize } from '../state.ts';
import { type LiveStitchInput, stitchLive } from '../stitch.ts';

/** A live TS window of 6 s segments [from, to) with an avail of `len` segments at `at`. */
function origin(
  from: number,
  to: number,
  at = 102,
  len = 5,
  opts: { cueIn?: boolean; duration?: string } = {},
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:6', `#EXT-X-MEDIA-SEQUENCE:${from}`];
  for (let i = from; i < to; i++) {
    if (i === at) lines.push(`#EXT-X-CUE-OUT:${opts.duration ?? String(len * 6)}`);
    if (i > at && i < at + len) lines.push(`#EXT-X-CUE-OUT-CONT:${(i - at) * 6}/${len * 6}`);
    if (i === at + len && opts.cueIn !== false) lines.push('#EXT-X-CUE-IN');
    lines.push('#EXTINF:6.000,', `c${i}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

const ad = (
  id: string,
  n: number,
  d = 5,
  ext = 'ts',
  extra: Partial<PlannedAd['segments'][number]> = {},
): PlannedAd => ({
  id,
  segments: Array.from({ length: n }, (_, k) => ({ uri: `${id}-${k}.${ext}`, duration: d, ...extra })),
  tracking: {
    impression: [`https://t/${id}/imp`],
    start: [`https://t/${id}/start`],
    firstQuartile: [`https://t/${id}/q1`],
    midpoint: [`https://t/${id}/mid`],
    thirdQuartile: [`https://t/${id}/q3`],
    complete: [`https://t/${id}/done`],
  },
});
const slate = [
  { uri: 'slate-0.ts', duration: 1 },
  { uri: 'slate-1.ts', duration: 1 },
];
const plan = (ads: PlannedAd[]) => (): AdPlan => ({ ads });

function run(input: Omit<LiveStitchInput, 'origin'> & { origin: string }) {
  const r = stitchLive({ ...input, origin: parseMediaPlaylist(input.origin) });
  const text = serializeMediaPlaylist(r.playlist);
  expect(validatePlaylist(text)).toEqual([]);
  return { ...r, text };
}

describe('stitchLive', () => {
  it('replaces an avail with ads and slate, with discontinuities around them', () => {
    const r = run({ origin: origin(100, 109), plan: plan([ad('A', 3), ad('B', 2)]), slate });
    expect(r.text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:6',
        '#EXT-X-MEDIA-SEQUENCE:100',
        '#EXT-X-DISCONTINUITY-SEQUENCE:0',
        '#EXTINF:6,',
        'c100.ts',
        '#EXTINF:6,',
        'c101.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:5,',
        'A-0.ts',
        '#EXTINF:5,',
        'A-1.ts',
        '#EXTINF:5,',
        'A-2.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:5,',
        'B-0.ts',
        '#EXTINF:5,',
        'B-1.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:1,',
        'slate-0.ts',
        '#EXTINF:1,',
        'slate-1.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:1,',
        'slate-0.ts',
        '#EXTINF:1,',
        'slate-1.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:1,',
        'slate-0.ts',
        '#EXT-X-DISCONTINUITY',
        '#EXTINF:6,',
        'c107.ts',
        '#EXTINF:6,',
        'c108.ts',
        '',
      ].join('\n'),
    );
    expect(r.avails).toEqual([
      { id: 'cue-102', startMsn: 102, endMsn: 107, stitched: true, ads: ['A', 'B'] },
    ]);
  });

  it('keeps numbering consistent as the window slides past the avail', () => {
    const input = { plan: plan([ad('A', 3), ad('B', 2)]), slate };
    const first = run({ ...input, origin: origin(100, 109) });
    let state = first.state;
    let prev = first.text;
    for (let end = 110; end <= 130; end++) {
      const next = run({ ...input, origin: origin(end - 9, end), state });
      expect(checkPlaylistUpdate(prev, next.text)).toEqual([]);
      state = next.state;
      prev = next.text;
    }
    // 5 content segments became 10 output segments and 6 discontinuities were added:
    // content segment 121 is now output segment 126.
    const last = parseMediaPlaylist(prev);
    expect(last.segments[0]!.uri).toBe('c121.ts');
    expect(last.mediaSequence).toBe(126);
    expect(last.discontinuitySequence).toBe(6);
    // Once the avail is far behind, it is folded into the anchor and the state stays tiny.
    expect(state.avails).toEqual([]);
    expect(viewerStateSize(state)).toBeLessThan(120);
  });

  it('publishes ad segments only as the content they replace arrives', () => {
    const r1 = run({ origin: origin(98, 104), plan: plan([ad('A', 3)]), slate });
    // 12 s of the avail is out: two 5 s ad segments fit, the third (ending at 15 s) does not yet.
    expect(r1.playlist.segments.map((s) => s.uri)).toEqual([
      'c98.ts',
      'c99.ts',
      'c100.ts',
      'c101.ts',
      'A-0.ts',
      'A-1.ts',
    ]);
    const r2 = run({ origin: origin(99, 105), plan: plan([ad('A', 3)]), slate, state: r1.state });
    expect(checkPlaylistUpdate(r1.text, r2.text)).toEqual([]);
    // 18 s out: the third ad segment (10-15 s) and 3 s of slate.
    expect(r2.playlist.segments.slice(-6).map((s) => s.uri)).toEqual([
      'A-0.ts',
      'A-1.ts',
      'A-2.ts',
      'slate-0.ts',
      'slate-1.ts',
      'slate-0.ts',
    ]);
  });

  it('cuts the pod short at an early CUE-IN and never overruns the avail', () => {
    // CUE-OUT says 60 s but the CUE-IN comes after 12 s.
    const o = (from: number, to: number) => origin(from, to, 102, 2, { duration: '60' });
    const r1 = run({ origin: o(98, 103), plan: plan([ad('A', 2, 4), ad('B', 3, 6)]), slate });
    const r2 = run({
      origin: o(99, 106),
      plan: plan([ad('A', 2, 4), ad('B', 3, 6)]),
      slate,
      state: r1.state,
    });
    expect(checkPlaylistUpdate(r1.text, r2.text)).toEqual([]);
    const uris = r2.playlist.segments.map((s) => s.uri);
    expect(uris).toEqual([
      'c99.ts',
      'c100.ts',
      'c101.ts',
      'A-0.ts',
      'A-1.ts',
      'slate-0.ts',
      'slate-1.ts',
      'slate-0.ts',
      'slate-1.ts',
      'c104.ts',
      'c105.ts',
    ]);
    const adTime = r2.playlist.segments.slice(3, 9).reduce((t, s) => t + s.duration, 0);
    expect(adTime).toBeLessThanOrEqual(12);
  });

  it('ends an avail with a missing CUE-IN at its duration', () => {
    const r = run({ origin: origin(100, 109, 102, 3, { cueIn: false }), plan: plan([ad('A', 3, 6)]) });
    expect(r.playlist.segments.map((s) => s.uri)).toEqual([
      'c100.ts',
      'c101.ts',
      'A-0.ts',
      'A-1.ts',
      'A-2.ts',
      'c105.ts',
      'c106.ts',
      'c107.ts',
      'c108.ts',
    ]);
    expect(r.playlist.segments[5]!.discontinuity).toBe(true);
  });

  it('skips ads that do not fit and reports them', () => {
    const r = run({ origin: origin(100, 109), plan: plan([ad('long', 7), ad('short', 2)]), slate });
    expect(r.avails[0]!.ads).toEqual(['short']);
    expect(r.issues.map((i) => i.message)).toContain('ad long (35s) does not fit avail cue-102; skipped');
  });

  it('leaves the content when the underfill is above the personalization threshold', () => {
    const r = run({
      origin: origin(100, 109),
      plan: plan([ad('A', 2)]),
      slate,
      options: { personalizationThreshold: 10 },
    });
    expect(r.avails[0]).toMatchObject({ stitched: false, reason: 'underfill' });
    expect(r.playlist.segments.map((s) => s.uri)).toEqual(
      parseMediaPlaylist(origin(100, 109)).segments.map((s) => s.uri),
    );
  });

  it('plays the content when there is no plan for an avail', () => {
    const r = run({ origin: origin(100, 109), plan: () => undefined });
    expect(r.avails[0]).toMatchObject({ stitched: false, reason: 'no-plan' });
    expect(r.playlist.segments).toHaveLength(9);
  });

  it('suppresses avails behind the live edge for a new viewer, not later ones', () => {
    const opts = { suppression: { mode: 'behind-live-edge' as const } };
    const r1 = run({ origin: origin(100, 109), plan: plan([ad('A', 3)]), slate, options: opts });
    expect(r1.avails[0]).toMatchObject({ stitched: false, reason: 'suppressed' });
    // A later avail (at 112) is filled.
    const o = (from: number, to: number) => origin(from, to, 112, 3);
    let state = r1.state;
    let prev = r1.text;
    let last = r1;
    for (let end = 110; end <= 117; end++) {
      last = run({ origin: o(end - 9, end), plan: plan([ad('A', 3)]), slate, state, options: opts });
      expect(checkPlaylistUpdate(prev, last.text)).toEqual([]);
      state = last.state;
      prev = last.text;
    }
    expect(last.avails.find((a) => a.id === 'cue-112')).toMatchObject({ stitched: true, ads: ['A'] });
  });

  it('with after-live-edge also suppresses avails starting within the grace period', () => {
    const opts = { suppression: { mode: 'after-live-edge' as const, value: 30 } };
    const r1 = run({ origin: origin(90, 99, 200), plan: plan([ad('A', 3)]), options: opts });
    const r2 = run({
      origin: origin(95, 104, 102, 1),
      plan: plan([ad('A', 1)]),
      options: opts,
      state: r1.state,
    });
    expect(r2.avails[0]).toMatchObject({ id: 'cue-102', stitched: false, reason: 'suppressed' });
  });

  it('inserts a live pre-roll where a new viewer starts', () => {
    const r = run({
      origin: origin(200, 209, 300),
      plan: (a) => (a.preroll ? { ads: [ad('P', 2, 6)] } : undefined),
      options: { preroll: { duration: 12 } },
    });
    // The player starts three target durations from the end: segment 206.
    expect(r.playlist.segments.map((s) => s.uri)).toEqual([
      'c200.ts',
      'c201.ts',
      'c202.ts',
      'c203.ts',
      'c204.ts',
      'c205.ts',
      'P-0.ts',
      'P-1.ts',
      'c208.ts',
    ]);
    expect(r.avails[0]).toMatchObject({ id: 'preroll', startMsn: 206, endMsn: 208, stitched: true });
  });

  it('emits a tracking plan for the inserted ad segments', () => {
    const r = run({ origin: origin(100, 109), plan: plan([ad('A', 4)]) });
    expect(r.tracking.map((t) => [t.msn, t.adId, t.beacons.map((b) => b.event)])).toEqual([
      [102, 'A', ['impression', 'start']],
      [103, 'A', ['firstQuartile']],
      [104, 'A', ['midpoint']],
      [105, 'A', ['thirdQuartile', 'complete']],
    ]);
    expect(r.tracking[0]!.beacons[0]!.urls).toEqual(['https://t/A/imp']);
  });

  it('keeps content playing through malformed markers', () => {
    const text = origin(100, 106, 500).replace(
      '#EXTINF:6.000,\nc102.ts',
      '#EXT-X-CUE-OUT:DURATION=abc\n#EXT-X-SPLICEPOINT-SCTE35:@@@\n#EXTINF:6.000,\nc102.ts',
    );
    const r = run({ origin: text.replace('#EXT-X-CUE-OUT:DURATION=abc\n', ''), plan: plan([ad('A', 2)]) });
    expect(r.issues.length).toBeGreaterThan(0);
    expect(r.playlist.segments.map((s) => s.uri)).toEqual([
      'c100.ts',
      'c101.ts',
      'c102.ts',
      'c103.ts',
      'c104.ts',
      'c105.ts',
    ]);
  });

  it('serializes a small state', () => {
    const r = run({
      origin: origin(100, 106),
      plan: plan([ad('creative-0123456789', 3), ad('creative-abcdef', 2)]),
      slate,
    });
    const text = serializeViewerState(r.state);
    expect(parseViewerState(text)).toEqual(r.state);
    expect(viewerStateSize(r.state)).toBeLessThan(1024);
    expect(parseViewerState('{"nope":1}')).toBeUndefined();
    expect(parseViewerState('not json')).toBeUndefined();
  });
});

describe('stitchLive with demuxed fMP4 renditions', () => {
  function fmp4(kind: 'video' | 'audio', from: number, to: number, key = false): string {
    const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:4', `#EXT-X-MEDIA-SEQUENCE:${from}`];
    lines.push(`#EXT-X-MAP:URI="${kind}-init.mp4"`);
    if (key)
      lines.push(
        '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"',
      );
    for (let i = from; i < to; i++) {
      if (i === 52) lines.push('#EXT-X-CUE-OUT:DURATION=16');
      if (i === 56) lines.push('#EXT-X-CUE-IN');
      lines.push('#EXTINF:4.000,', `${kind}-${i}.m4s`);
    }
    return `${lines.join('\n')}\n`;
  }
  const fmp4Ad = (kind: string): PlannedAd => ({
    id: 'spot',
    segments: Array.from({ length: 4 }, (_, k) => ({
      uri: `ads/spot/${kind}-${k}.m4s`,
      duration: 4,
      map: `URI="ads/spot/${kind}-init.mp4"`,
    })),
  });

  it('stitches audio and video with the same decisions and numbering', () => {
    let state: LiveStitchInput['state'];
    const outputs: Record<string, string[]> = { video: [], audio: [] };
    for (const [kind, end] of [
      ['video', 55],
      ['audio', 55],
      ['video', 58],
      ['audio', 57],
      ['audio', 58],
    ] as const) {
      const r = run({ origin: fmp4(kind, end - 8, end), plan: () => ({ ads: [fmp4Ad(kind)] }), state });
      state = r.state;
      outputs[kind]!.push(r.text);
    }
    const v = parseMediaPlaylist(outputs.video!.at(-1)!);
    const a = parseMediaPlaylist(outputs.audio!.at(-1)!);
    expect(v.mediaSequence).toBe(a.mediaSequence);
    expect(v.discontinuitySequence).toBe(a.discontinuitySequence);
    expect(v.segments.map((s) => s.uri.replace('video', 'X'))).toEqual(
      a.segments.map((s) => s.uri.replace('audio', 'X')),
    );
    // init sections switch to the ad's and back
    const text = outputs.video!.at(-1)!;
    expect(text).toContain(
      '#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="ads/spot/video-init.mp4"\n#EXTINF:4,\nads/spot/video-0.m4s',
    );
    expect(text).toContain('#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="video-init.mp4"\n#EXTINF:4,\nvideo-56.m4s');
    for (const kind of ['video', 'audio']) {
      const outs = outputs[kind]!;
      for (let i = 1; i < outs.length; i++) expect(checkPlaylistUpdate(outs[i - 1]!, outs[i]!)).toEqual([]);
    }
  });

  it('clears the content key for clear ads and restores it after', () => {
    const r = run({ origin: fmp4('video', 50, 58, true), plan: () => ({ ads: [fmp4Ad('video')] }) });
    expect(r.text).toContain('#EXT-X-KEY:METHOD=NONE\n#EXT-X-MAP:URI="ads/spot/video-init.mp4"');
    expect(r.text).toMatch(
      /#EXT-X-DISCONTINUITY\n#EXT-X-KEY:METHOD=SAMPLE-AES[^\n]*\n#EXT-X-MAP:URI="video-init.mp4"\n#EXTINF:4,\nvideo-56.m4s/,
    );
  });

  it('refuses a TS ad in fMP4 content', () => {
    const r = run({ origin: fmp4('video', 50, 58), plan: () => ({ ads: [ad('ts-ad', 4, 4)] }) });
    expect(r.avails[0]).toMatchObject({ stitched: false, reason: 'nothing-to-insert' });
    expect(r.issues.map((i) => i.message)).toContain(
      "ad ts-ad does not match the content's container (TS vs fMP4)",
    );
  });
});
