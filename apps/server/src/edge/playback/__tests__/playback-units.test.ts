/**
 * The data plane's pure pieces: URL rewriting of playlists, the creative rendition choice, VAST
 * macros, the viewer's timeline, and the per-session queue.
 */
import {
  parseMediaPlaylist,
  parseMultivariantPlaylist,
  serializeMediaPlaylist,
  serializeMultivariantPlaylist,
} from '@cuepoint/stitcher';
import { describe, expect, it } from 'vitest';
import { drawShare } from '../../ads/demand-draw.ts';
import { vastRequestUrl } from '../ad-decisions.ts';
import { chooseRendition } from '../creatives.ts';
import { delivered, throughCdn } from '../delivery.ts';
import { absoluteMediaPlaylist, rewriteMultivariant } from '../hls-urls.ts';
import { KeyedLock } from '../keyed-lock.ts';
import { advanceClock } from '../tracking.ts';

const BASE = 'https://origin.example/live/ch1/master.m3u8';

describe('rewriteMultivariant', () => {
  const origin = parseMultivariantPlaylist(
    [
      '#EXTM3U',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-CONTENT-STEERING:SERVER-URI="https://steer.example/s.json"',
      '#EXT-X-SESSION-KEY:METHOD=AES-128,URI="keys/k1"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",URI="audio/en.m3u8"',
      '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,AUDIO="aud",CLOSED-CAPTIONS="cc"',
      'low.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=2400000,AUDIO="aud",CLOSED-CAPTIONS="cc"',
      'https://cdn.example/ch1/high.m3u8?token=a',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="aud"',
      'low.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="iframes.m3u8"',
      '',
    ].join('\n'),
  );
  const uriFor = (i: number) => `/play/live/s/x/r/${i}.m3u8`;

  it('lists each media playlist once, absolute, and points the player at our URLs', () => {
    const { playlist, renditions } = rewriteMultivariant(origin, BASE, [], uriFor, 64);
    expect(renditions).toEqual([
      { url: 'https://origin.example/live/ch1/audio/en.m3u8', type: 'audio', language: 'en' },
      { url: 'https://origin.example/live/ch1/low.m3u8', type: 'variant', bandwidth: 800_000 },
      { url: 'https://cdn.example/ch1/high.m3u8?token=a', type: 'variant', bandwidth: 2_400_000 },
    ]);
    const text = serializeMultivariantPlaylist(playlist);
    expect(text).toContain('NAME="English",LANGUAGE="en",URI="/play/live/s/x/r/0.m3u8"');
    expect(playlist.variants.map((v) => v.uri)).toEqual([uriFor(1), uriFor(2), uriFor(1)]);
    // Closed captions have no playlist; I-frame playlists and content steering would bypass us.
    expect(text).toContain('TYPE=CLOSED-CAPTIONS');
    expect(text).not.toContain('I-FRAME');
    expect(text).not.toContain('CONTENT-STEERING');
    expect(text).toContain('#EXT-X-SESSION-KEY:METHOD=AES-128,URI="https://origin.example/live/ch1/keys/k1"');
    expect(text).not.toContain('origin.example/live/ch1/low');
  });

  it('keeps the indexes a session already has, and its limit', () => {
    const known = [{ url: 'https://cdn.example/ch1/high.m3u8?token=a', type: 'variant' as const }];
    const { renditions, playlist } = rewriteMultivariant(origin, BASE, known, uriFor, 2);
    expect(renditions.map((r) => r.url)).toEqual([
      'https://cdn.example/ch1/high.m3u8?token=a',
      'https://origin.example/live/ch1/audio/en.m3u8',
    ]);
    // Over the limit, a variant is left out rather than served from an unlisted URL.
    expect(playlist.variants.map((v) => v.uri)).toEqual([uriFor(0)]);
  });
});

describe('absoluteMediaPlaylist', () => {
  it('makes segment, key and map URIs absolute and drops low-latency tags', () => {
    const playlist = parseMediaPlaylist(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:9',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.0',
        '#EXT-X-PART-INF:PART-TARGET=0.5',
        '#EXT-X-MEDIA-SEQUENCE:7',
        '#EXT-X-KEY:METHOD=AES-128,URI="../keys/k7",IV=0x01',
        '#EXT-X-MAP:URI="init.mp4"',
        '#EXT-X-PART:DURATION=0.5,URI="part7.0.m4s"',
        '#EXTINF:4,',
        'seg7.m4s',
        '#EXTINF:4,',
        'https://cdn.example/seg8.m4s',
        '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part9.0.m4s"',
        '',
      ].join('\n'),
    );
    const out = absoluteMediaPlaylist(playlist, 'https://origin.example/live/ch1/v0.m3u8');
    const text = serializeMediaPlaylist(out);
    expect(out.segments.map((s) => s.uri)).toEqual([
      'https://origin.example/live/ch1/seg7.m4s',
      'https://cdn.example/seg8.m4s',
    ]);
    expect(text).toContain('#EXT-X-KEY:METHOD=AES-128,URI="https://origin.example/live/keys/k7",IV=0x01');
    expect(text).toContain('#EXT-X-MAP:URI="https://origin.example/live/ch1/init.mp4"');
    expect(text.match(/#EXT-X-KEY/g)).toHaveLength(1);
    expect(text).not.toMatch(/PART|PRELOAD|SERVER-CONTROL/);
  });
});

describe('chooseRendition', () => {
  const choices = [
    { url: 'c/low.m3u8', type: 'variant' as const, bandwidth: 700_000 },
    { url: 'c/high.m3u8', type: 'variant' as const, bandwidth: 2_500_000 },
    { url: 'c/audio-fr.m3u8', type: 'audio' as const, language: 'fr' },
    { url: 'c/audio-en.m3u8', type: 'audio' as const, language: 'en' },
  ];
  it('takes the variant of the nearest bandwidth, the first when the content’s is unknown', () => {
    expect(chooseRendition(choices, { url: 'x', type: 'variant', bandwidth: 800_000 })?.url).toBe(
      'c/low.m3u8',
    );
    expect(chooseRendition(choices, { url: 'x', type: 'variant', bandwidth: 1_700_000 })?.url).toBe(
      'c/high.m3u8',
    );
    expect(chooseRendition(choices, { url: 'x', type: 'variant' })?.url).toBe('c/low.m3u8');
  });
  it('takes the variant of the same resolution first (a creative conditioned for the ladder)', () => {
    const sized = [
      { url: 'c/240.m3u8', type: 'variant' as const, bandwidth: 748_000, resolution: '426x240' },
      { url: 'c/144.m3u8', type: 'variant' as const, bandwidth: 280_000, resolution: '256x144' },
    ];
    // By bandwidth the 144p content (206 kbit/s) is nearer the 144p creative, the 240p (296) too.
    const content = { url: 'x', type: 'variant' as const, bandwidth: 296_288, resolution: '426x240' };
    expect(chooseRendition(sized, content)?.url).toBe('c/240.m3u8');
    expect(chooseRendition(sized, { ...content, resolution: '1280x720' })?.url).toBe('c/144.m3u8');
  });
  it('takes an alternative rendition of the same type, of the same language when there is one', () => {
    expect(chooseRendition(choices, { url: 'x', type: 'audio', language: 'en' })?.url).toBe(
      'c/audio-en.m3u8',
    );
    expect(chooseRendition(choices, { url: 'x', type: 'audio', language: 'de' })?.url).toBe(
      'c/audio-fr.m3u8',
    );
    expect(chooseRendition(choices, { url: 'x', type: 'subtitles', language: 'en' })?.url).toBe('c/low.m3u8');
  });
});

describe('drawShare: an avail’s bundle by percentage', () => {
  const bundles = [
    { name: 'Premium', percentage: 70 },
    { name: 'Run of network', percentage: 30 },
  ];
  it('draws each bundle in proportion to its percentage', () => {
    expect(drawShare(bundles, () => 0)?.name).toBe('Premium');
    expect(drawShare(bundles, () => 0.699)?.name).toBe('Premium');
    expect(drawShare(bundles, () => 0.7)?.name).toBe('Run of network');
    expect(drawShare(bundles, () => 0.9999)?.name).toBe('Run of network');
    // Over many draws of an even random, the shares hold.
    let premium = 0;
    for (let i = 0; i < 1000; i++) if (drawShare(bundles, () => i / 1000)?.name === 'Premium') premium += 1;
    expect(premium).toBe(700);
  });
  it('draws none from no bundles, or bundles of no share', () => {
    expect(drawShare([], () => 0.5)).toBeUndefined();
    expect(drawShare([{ name: 'Empty', percentage: 0 }], () => 0.5)).toBeUndefined();
  });
});

describe('vastRequestUrl', () => {
  const deps = { now: () => Date.UTC(2025, 0, 2, 3, 4, 5), random: () => 0.5 };
  const values = {
    sessionId: 'S3ss10n_id-AAAAAAAAAAA',
    viewer: { address: '203.0.113.9', userAgent: 'Player/2 (TV; x=y)' },
    avail: { id: 'cue-1', duration: 29.97 },
    podLength: 3,
  };
  it('expands VAST 4.1 macros, Cuepoint’s and MediaTailor’s, URL-encoded', () => {
    const url = new URL(
      vastRequestUrl(
        'https://ads.example/v?cb=[CACHEBUSTING]&ts=[TIMESTAMP]&ua=[DEVICEUA]&ip=[DEVICEIP]&pos=[BREAKPOSITION]' +
          '&max=[BREAKMAXDURATION]&ads=[BREAKMAXADS]&s=[SESSION_ID]&d=[AVAIL_DURATION]' +
          '&ms=[session.id]&md=[session.avail_duration_secs]&mu=[session.user_agent]&other=[session.unknown]' +
          '&pg=[PAGEURL]&x=[NOT_A_MACRO]',
        values,
        deps,
      ),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cb: '55000000',
      ts: '2025-01-02T03:04:05.000+00:00',
      ua: 'Player/2 (TV; x=y)',
      ip: '203.0.113.9',
      pos: '2',
      max: '30',
      ads: '3',
      s: values.sessionId,
      d: '30',
      ms: values.sessionId,
      md: '30',
      mu: 'Player/2 (TV; x=y)',
      other: '[session.unknown]',
      // VAST: a known macro with no value is -1, an unknown one -2.
      pg: '-1',
      x: '-2',
    });
  });
});

describe('advanceClock', () => {
  const playlist = (first: number, durations: number[]) => ({
    ...parseMediaPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:6\n'),
    mediaSequence: first,
    segments: durations.map((duration, i) => ({
      uri: `s${first + i}.ts`,
      duration,
      title: '',
      discontinuity: false,
      keys: [],
      tags: [],
    })),
  });
  it('starts the viewer’s time at the first segment served and follows it from window to window', () => {
    const first = advanceClock(undefined, playlist(10, [6, 6, 4]));
    expect(first.clock).toEqual({ msn: 12, seconds: 12 });
    expect(first.startOf(11)).toBe(6);
    expect(first.startOf(13)).toBeUndefined();
    const next = advanceClock(first.clock, playlist(11, [6, 4, 5, 6]));
    expect(next.startOf(13)).toBe(16);
    expect(next.clock).toEqual({ msn: 14, seconds: 21 });
    // Segments missed between two requests count at the target duration.
    expect(advanceClock(next.clock, playlist(16, [6])).startOf(16)).toBe(21 + 2 * 6);
  });
});

describe('KeyedLock', () => {
  it('runs one piece of work at a time per key, and goes on after a failure', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = lock.run('a', async () => {
      order.push('a1 start');
      await held;
      order.push('a1 end');
      throw new Error('a1 failed');
    });
    const second = lock.run('a', async () => {
      order.push('a2');
      return 2;
    });
    const other = lock.run('b', async () => {
      order.push('b');
      return 'b';
    });
    expect(await other).toBe('b');
    release();
    await expect(first).rejects.toThrow('a1 failed');
    expect(await second).toBe(2);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    expect(lock.size).toBe(0);
  });
});

describe('delivered (the customer’s CDN)', () => {
  const playlist = parseMediaPlaylist(
    [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k1"',
      '#EXT-X-MAP:URI="https://origin.example/live/init.mp4",BYTERANGE="700@0"',
      '#EXTINF:2,',
      'https://origin.example:8443/live/seg1.m4s?token=abc',
      '#EXTINF:2,',
      'http://ads.example/ad/seg1.m4s',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
  );

  it('serves every segment and map through the CDN, path and query kept, keys untouched', () => {
    const out = serializeMediaPlaylist(delivered(playlist, { cdnBase: 'https://cdn.example.com' }));
    expect(out).toContain('https://cdn.example.com/live/seg1.m4s?token=abc');
    expect(out).toContain('https://cdn.example.com/ad/seg1.m4s');
    expect(out).toContain('#EXT-X-MAP:URI="https://cdn.example.com/live/init.mp4",BYTERANGE="700@0"');
    expect(out).toContain('URI="https://keys.example/k1"');
    expect(out).not.toContain('origin.example');
  });

  it('leaves the playlist as it is without a CDN, and URIs that are not http(s) URLs', () => {
    expect(delivered(playlist, {})).toBe(playlist);
    expect(throughCdn('data:video/mp2t;base64,AAAA', 'https://cdn.example.com')).toBe(
      'data:video/mp2t;base64,AAAA',
    );
    expect(throughCdn('relative/seg.ts', 'https://cdn.example.com')).toBe('relative/seg.ts');
  });
});
