/**
 * A live origin, an ad server and an ad CDN on one local HTTP server, for the playback tests.
 *
 * The origin (`/live/`) has two renditions whose sliding window follows the test's clock:
 * segment n lasts 4 s and is published at n × 4 s; the window is the last six segments. Every
 * 20 segments (a cycle) there is a 12 s break: EXT-X-CUE-OUT:12 on segment 14 of the cycle,
 * CUE-OUT-CONT on 15 and 16, CUE-IN on 17 (`/long/`: 16 s breaks, CUE-IN on 18). The ad server answers a VAST 4 pod of two ads: an
 * HLS one (8 s, two renditions under `/creative/`) and an MP4-only one. Every request is counted
 * by path.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SEGMENT_S = 4;
export const WINDOW = 6;
export const CYCLE = 20;
export const BREAK_START = 14;
export const BREAK_END = 17;
/** Where the breaks of `/long/` end: 16 s, two 8 s ads. */
export const LONG_BREAK_END = 18;

export interface FakeMedia {
  base: string;
  hostPort: string;
  /** Requests seen, by path (query left out). */
  count(path: string): number;
  /** Requests to the ad server, with their query and headers. */
  vastRequests: { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[];
  /** The live origin answers 503 while this is set. */
  originDown: boolean;
  /** `/primary/` answers 503 while this is set. */
  primaryDown: boolean;
  /** `/primary/` keeps serving the window it had when this was set (a stale origin). */
  primaryFrozen: boolean;
  close(): Promise<void>;
}

const RENDITION_BANDWIDTH = [800_000, 2_400_000];

/**
 * A redundant channel's two sources: `/primary/` and `/backup/`, the same timeline (and breaks)
 * as `/live/`, each segment with its EXT-X-PROGRAM-DATE-TIME (segment n starts at n × 4 s of the
 * epoch). The backup numbers its segments BACKUP_MSN_OFFSET higher and names them `b-seg-n.ts`.
 */
export const BACKUP_MSN_OFFSET = 1000;

interface ChannelOptions {
  /** Added to each segment's media sequence number. */
  msnOffset?: number;
  /** Each segment's EXT-X-PROGRAM-DATE-TIME. */
  dates?: boolean;
}

function mediaPlaylist(
  lastSegment: number,
  prefix = '',
  breakEnd = BREAK_END,
  options: ChannelOptions = {},
): string {
  const first = Math.max(0, lastSegment - WINDOW + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_S}`,
    `#EXT-X-MEDIA-SEQUENCE:${first + (options.msnOffset ?? 0)}`,
  ];
  for (let n = first; n <= lastSegment; n++) {
    if (options.dates) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(n * SEGMENT_S * 1000).toISOString()}`);
    const inCycle = n % CYCLE;
    if (inCycle === BREAK_START) lines.push(`#EXT-X-CUE-OUT:${(breakEnd - BREAK_START) * SEGMENT_S}`);
    else if (inCycle > BREAK_START && inCycle < breakEnd)
      lines.push(
        `#EXT-X-CUE-OUT-CONT:ElapsedTime=${(inCycle - BREAK_START) * SEGMENT_S},Duration=${(breakEnd - BREAK_START) * SEGMENT_S}`,
      );
    else if (inCycle === breakEnd) lines.push('#EXT-X-CUE-IN');
    lines.push(`#EXTINF:${SEGMENT_S}.000,`, `${prefix}seg-${n}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

/** A splice_insert out (event 0x4800008f), as an EXT-X-DATERANGE SCTE35-OUT carries it. */
const SCTE35_OUT =
  '0xFC302F000000000000FFFFF014054800008F7FEFFE7369C02EFE0052CCF500000000000A0008435545490000013562DBA30A';

/**
 * The same channel marked with EXT-X-DATERANGE only, each break announced three segments (12 s)
 * ahead: the tag rides on segment BREAK_START - 3 with the break's START-DATE, and again on the
 * break's first segment. Segment n starts at n * SEGMENT_S seconds of the epoch.
 */
function announcedPlaylist(lastSegment: number): string {
  const first = Math.max(0, lastSegment - WINDOW + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_S}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
  ];
  for (let n = first; n <= lastSegment; n++) {
    const inCycle = n % CYCLE;
    const breakStart = n - inCycle + BREAK_START;
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(n * SEGMENT_S * 1000).toISOString()}`);
    if (inCycle === BREAK_START - 3 || inCycle === BREAK_START) {
      const start = new Date(breakStart * SEGMENT_S * 1000).toISOString();
      const duration = (BREAK_END - BREAK_START) * SEGMENT_S;
      lines.push(
        `#EXT-X-DATERANGE:ID="break-${breakStart}",START-DATE="${start}",PLANNED-DURATION=${duration},SCTE35-OUT=${SCTE35_OUT}`,
      );
    }
    lines.push(`#EXTINF:${SEGMENT_S}.000,`, `seg-${n}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

const multivariant = (uris: string[], bandwidths: number[]) =>
  `#EXTM3U\n${uris.map((uri, i) => `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidths[i]},CODECS="avc1.64001f,mp4a.40.2"\n${uri}`).join('\n')}\n`;

const vodPlaylist = (names: string[], duration: number) =>
  `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:${duration}\n#EXT-X-PLAYLIST-TYPE:VOD\n${names
    .map((n) => `#EXTINF:${duration}.000,\n${n}`)
    .join('\n')}\n#EXT-X-ENDLIST\n`;

interface FakeAd {
  id: string;
  seconds: number;
  /** An HLS creative (the 8 s one under /creative/); otherwise an MP4 file only. */
  hls: boolean;
}

function adXml(base: string, ad: FakeAd, sequence: number): string {
  const tracking = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']
    .map((e) => `<Tracking event="${e}"><![CDATA[${base}/beacon/${ad.id}/${e}]]></Tracking>`)
    .join('');
  const hls = ad.hls
    ? `<MediaFile delivery="streaming" type="application/x-mpegURL" width="1280" height="720"><![CDATA[${base}/creative/master.m3u8]]></MediaFile>`
    : '';
  return `<Ad id="${ad.id}" sequence="${sequence}"><InLine>
    <AdSystem>Fake ads</AdSystem><AdTitle>Ad ${ad.id}</AdTitle>
    <Impression><![CDATA[${base}/beacon/${ad.id}/impression]]></Impression>
    <Error><![CDATA[${base}/beacon/${ad.id}/error?code=[ERRORCODE]]]></Error>
    <Creatives><Creative id="cr-${ad.id}"><Linear>
      <Duration>00:00:${String(ad.seconds).padStart(2, '0')}</Duration>
      <TrackingEvents>${tracking}</TrackingEvents>
      <MediaFiles>${hls}
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[${base}/creative/${ad.id}.mp4]]></MediaFile>
      </MediaFiles>
    </Linear></Creative></Creatives>
  </InLine></Ad>`;
}

const vast = (base: string, ads: FakeAd[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.1">${ads.map((ad, i) => adXml(base, ad, i + 1)).join('')}</VAST>`;

/** /vast: an HLS ad (8 s) and an MP4-only one. /vast-pod: two HLS ads (16 s, for a 12 s break). */
const POD = [
  { id: 'ad-1', seconds: 8, hls: true },
  { id: 'ad-2', seconds: 4, hls: false },
];
const HLS_POD = [
  { id: 'ad-1', seconds: 8, hls: true },
  { id: 'ad-3', seconds: 8, hls: true },
];

const wrapper = (target: string) => `<?xml version="1.0"?>
<VAST version="4.1"><Ad id="w-1"><Wrapper>
  <AdSystem>Fake wrapper</AdSystem>
  <VASTAdTagURI><![CDATA[${target}]]></VASTAdTagURI>
  <Impression><![CDATA[${target.replace(/\/vast.*$/, '')}/beacon/wrapper/impression]]></Impression>
</Wrapper></Ad></VAST>`;

/** Starts the server; `nowMs` is the tests' clock (the origin's window follows it). */
export async function startFakeMedia(nowMs: () => number): Promise<FakeMedia> {
  const counts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const state = { originDown: false, primaryDown: false, frozenAt: undefined as number | undefined };
  let base = '';
  const vastRequests: FakeMedia['vastRequests'] = [];

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const m3u8 = (res: ServerResponse, body: string) => send(res, 200, 'application/vnd.apple.mpegurl', body);
  const xml = (res: ServerResponse, body: string) => send(res, 200, 'application/xml', body);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const lastSegment = Math.floor(nowMs() / 1000 / SEGMENT_S);
    if (path.startsWith('/vast')) vastRequests.push({ path, query: url.searchParams, headers: req.headers });

    if (path.startsWith('/live/') && state.originDown) return send(res, 503, 'text/plain', 'down');
    if (path === '/live/master.m3u8')
      return m3u8(res, multivariant(['v0/index.m3u8', 'v1/index.m3u8'], RENDITION_BANDWIDTH));
    const rendition = /^\/live\/v([01])\/index\.m3u8$/.exec(path);
    if (rendition) return m3u8(res, mediaPlaylist(lastSegment));
    // The same channel with 16 s breaks (CUE-IN on segment LONG_BREAK_END): /vast-pod's two ads fit.
    if (path === '/long/master.m3u8')
      return m3u8(res, multivariant(['v0/index.m3u8', 'v1/index.m3u8'], RENDITION_BANDWIDTH));
    if (/^\/long\/v[01]\/index\.m3u8$/.test(path))
      return m3u8(res, mediaPlaylist(lastSegment, '', LONG_BREAK_END));
    // A redundant channel's primary and backup (BACKUP_MSN_OFFSET).
    if (path.startsWith('/primary/') && state.primaryDown) return send(res, 503, 'text/plain', 'down');
    if (path === '/primary/master.m3u8' || path === '/backup/master.m3u8')
      return m3u8(res, multivariant(['v0/index.m3u8', 'v1/index.m3u8'], RENDITION_BANDWIDTH));
    if (/^\/primary\/v[01]\/index\.m3u8$/.test(path))
      return m3u8(res, mediaPlaylist(state.frozenAt ?? lastSegment, '', BREAK_END, { dates: true }));
    if (/^\/backup\/v[01]\/index\.m3u8$/.test(path))
      return m3u8(
        res,
        mediaPlaylist(lastSegment, 'b-', BREAK_END, { dates: true, msnOffset: BACKUP_MSN_OFFSET }),
      );
    // A single-rendition origin: its "master" is a media playlist.
    if (path === '/single/master.m3u8') return m3u8(res, mediaPlaylist(lastSegment));
    // A single rendition whose breaks are announced ahead (EXT-X-DATERANGE).
    if (path === '/announced/master.m3u8') return m3u8(res, announcedPlaylist(lastSegment));
    // An origin whose multivariant playlist answers, and whose media playlists never do.
    if (path === '/flaky/master.m3u8') return m3u8(res, multivariant(['v0/index.m3u8'], [800_000]));
    if (path.startsWith('/flaky/')) return send(res, 503, 'text/plain', 'down');
    // Not an origin at all: a web page.
    if (path === '/html/master.m3u8') return send(res, 200, 'text/html', '<!doctype html><p>Welcome');

    if (path === '/creative/master.m3u8')
      return m3u8(res, multivariant(['low/index.m3u8', 'high/index.m3u8'], [700_000, 2_500_000]));
    const creative = /^\/creative\/(low|high)\/index\.m3u8$/.exec(path);
    if (creative) return m3u8(res, vodPlaylist(['seg-0.ts', 'seg-1.ts'], SEGMENT_S));
    if (path === '/slate/master.m3u8')
      return m3u8(res, multivariant(['low/index.m3u8', 'high/index.m3u8'], [600_000, 2_000_000]));
    const slate = /^\/slate\/(low|high)\/index\.m3u8$/.exec(path);
    if (slate) return m3u8(res, vodPlaylist(['slate-0.ts'], SEGMENT_S));

    if (path === '/vast') return xml(res, vast(base, POD));
    if (path === '/vast-pod') return xml(res, vast(base, HLS_POD));
    if (path === '/vast-wrapper') return xml(res, wrapper(`${base}/vast`));
    if (path === '/vast-bad') return send(res, 200, 'text/html', '<html><body>Ad server error</body></html>');
    if (path === '/vast-slow') {
      // Never answers: the decision's budget must end the wait.
      hanging.add(res);
      return;
    }
    return send(res, 404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    base,
    hostPort: `127.0.0.1:${port}`,
    count: (path) => counts.get(path) ?? 0,
    vastRequests,
    get originDown() {
      return state.originDown;
    },
    set originDown(value: boolean) {
      state.originDown = value;
    },
    get primaryDown() {
      return state.primaryDown;
    },
    set primaryDown(value: boolean) {
      state.primaryDown = value;
    },
    get primaryFrozen() {
      return state.frozenAt !== undefined;
    },
    set primaryFrozen(value: boolean) {
      state.frozenAt = value ? Math.floor(nowMs() / 1000 / SEGMENT_S) : undefined;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
