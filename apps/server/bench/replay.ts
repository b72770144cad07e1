/**
 * The serving path, replayed (`npm run bench -- replay`): live viewers of several streams (the
 * test harness's fake origin with its cycles of content and ad breaks, external VAST from its fake
 * ad server, one stream with a slate, one with long breaks and two-ad pods), joining at different
 * moments and refreshing every rendition and their tracking each segment under one clock. Every
 * answer is normalized (the random stream and session ids named by their order, the local ports
 * by their role) and hashed, in request order; the ad and slate segments served are counted.
 *
 * Run on two commits, the digests must be equal: a refactor of the data plane changes nothing a
 * viewer gets, byte for byte (issue 37). `npm run bench -- replay [--against <commit>]` runs it in
 * a worktree of each commit, with that commit's own harness (under vitest, which the harness's
 * database template needs), and compares (scripts/bench.mjs replaySection).
 */
import { createHash } from 'node:crypto';

interface ReplayHarness {
  media: { base: string };
  server: string;
  clock: { now: number };
  stream(overrides?: Record<string, unknown>): Promise<string>;
  slate(input: Record<string, unknown>): Promise<string>;
  get(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessModule {
  startHarness(options?: Record<string, unknown>): Promise<ReplayHarness>;
}

const SEGMENT_MS = 4_000;
const SESSION_IN_URI = /\/s\/([A-Za-z0-9_-]{22})\//;

/**
 * A seeded random (mulberry32), so that every run asks the same things in the same order. The
 * same as ads/engine.ts seededRandom, written again on purpose: this file runs inside a checkout
 * of another commit, so it imports nothing of the code it compares (both sides draw alike).
 */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function replay({ startHarness }: HarnessModule, refreshes: number) {
  // Whatever the code draws at random (ad ordering, cache busters) draws the same in both runs.
  Math.random = seeded(37);
  const h = await startHarness({
    limits: { decisionBudgetMs: 30_000, originTimeoutMs: 10_000, vastTimeoutMs: 10_000 },
  });
  const names = new Map<string, string>();
  const name = (id: string, kind: string) => {
    if (!names.has(id)) names.set(id, `${kind}${names.size}`);
    return names.get(id)!;
  };
  const normalize = (text: string) => {
    let out = text.replaceAll(h.media.base, 'ORIGIN').replaceAll(h.server, 'PLAY');
    for (const [id, label] of names) out = out.replaceAll(id, label);
    return out;
  };
  const hash = createHash('sha256');
  const statuses: Record<string, number> = {};
  /** What the answers held (a replay of content alone would prove little): ad and slate segments. */
  const held = { adSegments: 0, slateSegments: 0, discontinuities: 0 };
  let count = 0;
  const ask = async (path: string) => {
    const response = await h.get(path);
    const body = await response.text();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    hash.update(`${normalize(path)} ${response.status}\n${normalize(body)}\n`);
    held.adSegments += body.split(`${h.media.base}/creative/`).length - 1;
    held.slateSegments += body.split(`${h.media.base}/slate/`).length - 1;
    held.discontinuities += body.split('#EXT-X-DISCONTINUITY\n').length - 1;
    return body;
  };
  try {
    const slate = await h.slate({});
    const streams = [
      await h.stream(),
      await h.stream({ slateId: slate, adpodLength: 1 }),
      await h.stream({ vastUrl: `${h.media.base}/vast-pod`, sourceStreamUrl: `${h.media.base}/long/` }),
      await h.stream({ adpodLength: 3, sourceStreamUrl: `${h.media.base}/announced/`, prefetchCount: 1 }),
    ];
    for (const id of streams) name(id, 'stream');
    const viewers: { uris: string[]; tracking: string }[] = [];
    const random = seeded(7);
    const joins = Array.from({ length: 24 }, (_, i) => ({
      stream: streams[i % streams.length]!,
      at: Math.floor(random() * 60),
    })).sort((a, b) => a.at - b.at);
    for (let step = 0; count < refreshes; step++) {
      h.clock.now = step * SEGMENT_MS + 500;
      for (const join of joins.filter((j) => j.at === step)) {
        const master = await h.get(`/play/live/${join.stream}/master.m3u8`);
        const text = await master.text();
        const uris = text.split('\n').filter((line) => line.startsWith('/play/'));
        const sessionId = SESSION_IN_URI.exec(uris[0] ?? '')?.[1];
        if (!sessionId) throw new Error(`no session in the master of ${join.stream}: ${text}`);
        name(sessionId, 'session');
        hash.update(`master ${master.status}\n${normalize(text)}\n`);
        viewers.push({ uris, tracking: uris[0]!.replace(/\/r\/\d+\.m3u8$/, '/tracking') });
      }
      for (const viewer of viewers) {
        for (const uri of viewer.uris) {
          await ask(uri);
          count += 1;
        }
        if (step % 3 === 0) await ask(viewer.tracking);
      }
    }
  } finally {
    await h.close();
  }
  return { refreshes: count, digest: hash.digest('hex'), statuses, ...held };
}
