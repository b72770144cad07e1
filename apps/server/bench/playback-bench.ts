/**
 * The origin of the data plane's benchmark (scripts/bench.mjs, section playback): a live channel
 * on 127.0.0.1 that counts what it is asked, so the benchmark reports how many origin fetches a
 * refresh costs as measured, not as designed. It serves a multivariant playlist of `renditions`
 * variants and, for each, a sliding window of `windowSegments` segments of `segmentSeconds`
 * (content only, no ad markers): a new window, one segment further, every `segmentSeconds`.
 * The server fetches it when the host is in PLAYBACK_ALLOW_HOSTS.
 *
 * And the viewers' load: `pacedLoad` asks for playlists at a steady rate, as many players
 * refreshing at their own moments do (autocannon's rate limit sends each second's requests in a
 * burst at its start).
 */
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BenchOriginOptions {
  segmentSeconds?: number;
  windowSegments?: number;
  renditions?: number;
}

export interface BenchOrigin {
  /** The stream's source URL (ends with '/': master.m3u8 and v<i>.m3u8 live there). */
  sourceUrl: string;
  /** `127.0.0.1:port`, for PLAYBACK_ALLOW_HOSTS. */
  hostPort: string;
  /** The media playlists' paths (`/live/v0.m3u8`, ...). */
  mediaPaths: string[];
  /** Requests for `path` received in [from, to) (performance.now() milliseconds). */
  requests(path: string, from: number, to: number): number;
  /** The window's number (its media sequence) at a performance.now() time. */
  windowAt(time: number): number;
  /** The performance.now() time the window after the one at `time` starts. */
  nextWindowAt(time: number): number;
  close(): Promise<void>;
}

export async function startBenchOrigin(options: BenchOriginOptions = {}): Promise<BenchOrigin> {
  const segmentMs = (options.segmentSeconds ?? 6) * 1000;
  const windowSegments = options.windowSegments ?? 6;
  const renditions = options.renditions ?? 3;
  // Windows count from a whole number of segments since the epoch, as a packager's do.
  const epochOffset = Date.now() - performance.now();
  const windowAt = (time: number) => Math.floor((time + epochOffset) / segmentMs);
  const nextWindowAt = (time: number) => (windowAt(time) + 1) * segmentMs - epochOffset;
  const mediaPaths = Array.from({ length: renditions }, (_, i) => `/live/v${i}.m3u8`);
  const seen = new Map<string, number[]>();

  const master = () => {
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
    mediaPaths.forEach((path, i) => {
      const kbps = 800 * 2 ** i;
      lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${kbps * 1000},CODECS="avc1.64001f,mp4a.40.2"`);
      lines.push(path.slice('/live/'.length));
    });
    return `${lines.join('\n')}\n`;
  };
  const media = (rendition: number, now: number) => {
    const last = windowAt(now);
    const first = last - windowSegments + 1;
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${segmentMs / 1000}`,
      `#EXT-X-MEDIA-SEQUENCE:${first}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ];
    for (let msn = first; msn <= last; msn++) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(msn * segmentMs).toISOString()}`);
      lines.push(`#EXTINF:${(segmentMs / 1000).toFixed(3)},`, `v${rendition}/${msn}.ts`);
    }
    return `${lines.join('\n')}\n`;
  };

  const server = createServer((request, response) => {
    const now = performance.now();
    const path = (request.url ?? '/').split('?')[0]!;
    const times = seen.get(path) ?? [];
    times.push(now);
    seen.set(path, times);
    const rendition = mediaPaths.indexOf(path);
    const body = path === '/live/master.m3u8' ? master() : rendition >= 0 ? media(rendition, now) : undefined;
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    sourceUrl: `http://127.0.0.1:${port}/live/`,
    hostPort: `127.0.0.1:${port}`,
    mediaPaths,
    requests: (path, from, to) => (seen.get(path) ?? []).filter((t) => t >= from && t < to).length,
    windowAt,
    nextWindowAt,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface PacedLoadOptions {
  /** http://host:port of the server. */
  origin: string;
  /** The paths asked for, in turn (one per viewer: each is asked every paths.length / rate s). */
  paths: readonly string[];
  /** Requests per second. */
  rate: number;
  durationMs: number;
  /** Keep-alive connections at most. */
  connections: number;
  /** Requests waiting or under way at most: beyond, the server is not keeping up and a due request is skipped. */
  maxOutstanding?: number;
  /** Where in `paths` to start (a later run carries on from where a warm-up stopped). */
  start?: number;
}

export interface PacedLoadResult {
  /** Requests answered per second of the run (2xx or not). */
  rps: number;
  /** Latency of 2xx answers, from the request's issue (a wait for a free connection included). */
  p50: number;
  p99: number;
  max: number;
  /** Answers not 2xx, and requests that failed (connection errors, time-outs). */
  errors: number;
  /** Requests due but not sent: `maxOutstanding` were already waiting. */
  skipped: number;
  /** Where the next run should start in `paths`. */
  next: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Asks for `paths` in turn at `rate` per second for `durationMs`, issuing what is due every 2 ms. */
export function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const { origin, paths, rate, durationMs, connections } = options;
  const maxOutstanding = options.maxOutstanding ?? connections * 20;
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = new Float64Array(Math.ceil((rate * durationMs) / 1000) + 16);
  let measured = 0;
  let answered = 0;
  let errors = 0;
  let skipped = 0;
  let issued = 0;
  let outstanding = 0;
  let next = options.start ?? 0;
  const started = performance.now();

  const ask = (path: string) => {
    const at = performance.now();
    outstanding += 1;
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      outstanding -= 1;
      answered += 1;
      if (ok && measured < latencies.length) latencies[measured++] = performance.now() - at;
      else if (!ok) errors += 1;
    };
    const request = httpRequest({ agent, hostname, port, path, timeout: 10_000 }, (response) => {
      response.on('data', () => {});
      response.on('end', () => done((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300));
      response.on('error', () => done(false));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => done(false));
    request.end();
  };

  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.floor((Math.min(elapsed, durationMs) * rate) / 1000);
      while (issued < due) {
        issued += 1;
        const path = paths[next]!;
        next = (next + 1) % paths.length;
        if (outstanding >= maxOutstanding) skipped += 1;
        else ask(path);
      }
      if (elapsed < durationMs) return;
      clearInterval(timer);
      // The requests under way are waited for (their latency counts), at most 10 s.
      const finished = performance.now();
      const drain = setInterval(() => {
        if (outstanding > 0 && performance.now() - finished < 10_000) return;
        clearInterval(drain);
        agent.destroy();
        const sorted = latencies.subarray(0, measured).sort();
        resolve({
          rps: (answered * 1000) / (performance.now() - started),
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          max: percentile(sorted, 1),
          errors: errors + outstanding,
          skipped,
          next,
        });
      }, 5);
    }, 2);
  });
}
