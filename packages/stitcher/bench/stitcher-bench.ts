/**
 * Stitcher benchmark: microseconds per operation (median of many timed batches).
 *   npx tsx packages/stitcher/bench/stitcher-bench.ts
 * `runStitcherBench()` returns the rows for other scripts (the root `npm run bench`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AdPlan, PlannedAd } from '../src/ads.ts';
import { getAttribute } from '../src/hls/attributes.ts';
import { parseMediaPlaylist, parseMultivariantPlaylist } from '../src/hls/parse.ts';
import { serializeMediaPlaylist } from '../src/hls/serialize.ts';
import { validatePlaylist } from '../src/hls/validate.ts';
import { type ViewerState, viewerStateSize } from '../src/live/state.ts';
import { stitchLive } from '../src/live/stitch.ts';
import { parseVast } from '../src/vast/parse.ts';
import { insertVodAds } from '../src/vod/insert.ts';
import { measure } from './measure.ts';

export interface BenchRow {
  name: string;
  /** Median microseconds per operation (absent for size rows). */
  us?: number;
  /** Reference figure to compare with, in microseconds. */
  reference?: number;
  note?: string;
  /** For the state-size row. */
  bytes?: number;
}

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** A live TS window of `n` 6 s segments starting at `from`, with breaks at `breaks` (30 s each). */
function liveOrigin(from: number, n: number, breaks: number[]): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:6',
    `#EXT-X-MEDIA-SEQUENCE:${from}`,
    '#EXT-X-DISCONTINUITY-SEQUENCE:4',
  ];
  const t0 = Date.UTC(2025, 2, 1, 12, 0, 0);
  for (let i = from; i < from + n; i++) {
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(t0 + i * 6000).toISOString()}`);
    for (const b of breaks) {
      if (i === b) lines.push('#EXT-X-CUE-OUT:DURATION=30');
      else if (i > b && i < b + 5) lines.push(`#EXT-X-CUE-OUT-CONT:ElapsedTime=${(i - b) * 6},Duration=30`);
      else if (i === b + 5) lines.push('#EXT-X-CUE-IN');
    }
    lines.push('#EXTINF:6.000,', `https://origin.example.com/live/1080p/seg-${i}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

function livePlan(): AdPlan {
  const ad = (id: string, n: number): PlannedAd => ({
    id,
    segments: Array.from({ length: n }, (_, k) => ({
      uri: `https://cdn.example.com/ads/${id}/1080p/seg-${k}.ts`,
      duration: 5,
    })),
    tracking: {
      impression: [`https://t.example.com/${id}/imp`],
      complete: [`https://t.example.com/${id}/done`],
    },
  });
  return { ads: [ad('creative-7f3a9c', 3), ad('creative-1b2e44', 2)] };
}

const slate = [
  { uri: 'https://cdn.example.com/slate/1080p/s0.ts', duration: 2 },
  { uri: 'https://cdn.example.com/slate/1080p/s1.ts', duration: 2 },
];

/** One steady-state refresh: parse the origin, stitch with the viewer's state, serialize. */
function liveCase(n: number, breaks: number[]): { op: () => string; state: ViewerState } {
  const plan = livePlan();
  // Bring the viewer to steady state by replaying refreshes up to the measured window.
  const from = 1000;
  let state: ViewerState | undefined;
  for (let k = 6; k >= 0; k--) {
    const r = stitchLive({
      origin: parseMediaPlaylist(liveOrigin(from - k, n, breaks)),
      state,
      plan: () => plan,
      slate,
    });
    state = r.state;
  }
  const text = liveOrigin(from, n, breaks);
  const frozen = state!;
  const check = serializeMediaPlaylist(
    stitchLive({ origin: parseMediaPlaylist(text), state: frozen, plan: () => plan, slate }).playlist,
  );
  const issues = validatePlaylist(check);
  if (issues.length > 0) throw new Error(`bench output invalid: ${JSON.stringify(issues)}`);
  return {
    op: () =>
      serializeMediaPlaylist(
        stitchLive({ origin: parseMediaPlaylist(text), state: frozen, plan: () => plan, slate }).playlist,
      ),
    state: frozen,
  };
}

const spliceDir = dirname(require.resolve('@eyevinn/hls-splice/package.json'));
const tv = (p: string) => readFileSync(join(spliceDir, 'testvectors', p), 'utf8');

interface HlsSpliceVod {
  load(master: () => Readable, media: (bw: string) => Readable): Promise<void>;
  insertAdAt(
    offsetMs: number,
    adUri: string,
    master: () => Readable,
    media: (bw: string) => Readable,
  ): Promise<void>;
  getMediaManifest(bw: number | string): string;
}
type HlsSpliceCtor = new (uri: string, options?: Record<string, unknown>) => HlsSpliceVod;

const CONTENT_URI = 'https://vod.example.com/movie/master.m3u8';
const AD_URI = 'https://ads.example.com/spot/master.m3u8';

/** Our VOD insertion: same inputs and output as hls-splice (every rendition, ad 35 s in). */
async function ourVod(files: Record<string, string>): Promise<string[]> {
  const master = parseMultivariantPlaylist(files.master!);
  const adMaster = parseMultivariantPlaylist(files.adMaster!);
  const adByBw = adMaster.variants.map((v) => ({
    bw: Number(getAttribute(v.attributes, 'BANDWIDTH')),
    uri: v.uri,
  }));
  const out: string[] = [];
  for (const v of master.variants) {
    const bw = Number(getAttribute(v.attributes, 'BANDWIDTH'));
    const content = parseMediaPlaylist(files[v.uri]!);
    const nearest = adByBw.reduce((a, b) => (Math.abs(b.bw - bw) < Math.abs(a.bw - bw) ? b : a));
    const adPl = parseMediaPlaylist(files[`ad/${nearest.uri}`]!);
    const base = new URL(nearest.uri, AD_URI);
    const ad: PlannedAd = {
      id: 'spot',
      segments: adPl.segments.map((s) => ({ uri: new URL(s.uri, base).href, duration: s.duration })),
    };
    out.push(serializeMediaPlaylist(insertVodAds(content, [{ offset: 35, ads: [ad] }]).playlist));
  }
  return out;
}

async function theirVod(Splice: HlsSpliceCtor, files: Record<string, string>): Promise<string[]> {
  const bwMap: Record<string, string> = { 4497000: 'index_0_av.m3u8', 2497000: 'index_1_av.m3u8' };
  const vod = new Splice(CONTENT_URI);
  await vod.load(
    () => Readable.from([files.master!]),
    (bw) => Readable.from([files[bwMap[bw]!]!]),
  );
  await vod.insertAdAt(
    35000,
    AD_URI,
    () => Readable.from([files.adMaster!]),
    (bw) => Readable.from([files[`ad/${bwMap[bw]!}`]!]),
  );
  return [vod.getMediaManifest(4497000), vod.getMediaManifest(2497000)];
}

export async function runStitcherBench(options: { budgetMs?: number } = {}): Promise<BenchRow[]> {
  const budget = options.budgetMs ?? 1500;
  const rows: BenchRow[] = [];

  const small = liveCase(6, [1002]);
  rows.push({
    name: 'live media playlist rewrite, 6 segments, 1 break',
    us: await measure(small.op, budget),
    reference: 6.4,
  });

  const big = liveCase(60, [975, 990, 1040]);
  rows.push({
    name: 'live media playlist rewrite, 60 segments, 3 breaks',
    us: await measure(big.op, budget),
    reference: 44.3,
  });

  // A long DVR window: a break every 20 segments (quadratic before issue 38, linear since).
  const longBreaks = Array.from({ length: 60 }, (_, k) => 1000 - 1200 + 8 + k * 20);
  const long = liveCase(1200, longBreaks);
  rows.push({
    name: 'live media playlist rewrite, 1,200 segments, 60 breaks',
    us: await measure(long.op, budget),
  });

  const vastXml = readFileSync(join(here, '../src/vast/__fixtures__/vast3-pod.xml'), 'utf8');
  const parsed = parseVast(vastXml);
  if (!parsed.ok || parsed.document.ads.length !== 3)
    throw new Error('VAST bench fixture did not parse to 3 ads');
  rows.push({
    name: 'VAST parse, 3-ad response',
    us: await measure(() => parseVast(vastXml), budget),
    reference: 18,
  });

  const files: Record<string, string> = {
    master: tv('hls1/master.m3u8'),
    'index_0_av.m3u8': tv('hls1/index_0_av.m3u8'),
    'index_1_av.m3u8': tv('hls1/index_1_av.m3u8'),
    adMaster: tv('ad1/master.m3u8'),
    'ad/index_0_av.m3u8': tv('ad1/index_0_av.m3u8'),
    'ad/index_1_av.m3u8': tv('ad1/index_1_av.m3u8'),
  };
  const Splice = require('@eyevinn/hls-splice') as HlsSpliceCtor;
  // Same result: the ad segments land at the same place in every rendition.
  const ours = await ourVod(files);
  const theirs = await theirVod(Splice, files);
  const adAt = (text: string) =>
    text
      .split('\n')
      .filter((l) => !l.startsWith('#') && l !== '')
      .findIndex((l) => l.includes('ads.example.com'));
  if (ours.map(adAt).join() !== theirs.map(adAt).join()) {
    throw new Error(`VOD outputs differ: ours ${ours.map(adAt)} vs hls-splice ${theirs.map(adAt)}`);
  }
  const ourUs = await measure(() => ourVod(files), budget, true);
  const theirUs = await measure(() => theirVod(Splice, files), budget, true);
  rows.push({ name: 'VOD insertion (2 renditions, 1 ad), our engine', us: ourUs });
  rows.push({ name: 'VOD insertion, @eyevinn/hls-splice 0.4.11', us: theirUs });
  rows.push({ name: 'VOD insertion: hls-splice time / our time', note: `${(theirUs / ourUs).toFixed(1)}x` });

  rows.push({ name: 'viewer state, serialized (60 segments, 3 breaks)', bytes: viewerStateSize(big.state) });
  rows.push({ name: 'viewer state, serialized (6 segments, 1 break)', bytes: viewerStateSize(small.state) });
  return rows;
}

export function formatBenchTable(rows: BenchRow[]): string {
  const lines = ['| operation | median | reference | vs reference |', '| --- | ---: | ---: | ---: |'];
  for (const r of rows) {
    const value =
      r.us !== undefined ? `${r.us.toFixed(2)} µs` : r.bytes !== undefined ? `${r.bytes} B` : (r.note ?? '');
    const ref = r.reference !== undefined ? `${r.reference} µs` : r.bytes !== undefined ? '< 1024 B' : '';
    const ratio =
      r.us !== undefined && r.reference !== undefined ? `${(r.us / r.reference).toFixed(2)}x` : '';
    lines.push(`| ${r.name} | ${value} | ${ref} | ${ratio} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runStitcherBench();
  console.log(formatBenchTable(rows));
}
