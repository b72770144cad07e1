/**
 * Faults of the data plane's deployment, end to end over HTTP: the viewer keeps getting valid
 * media playlists (content, ads or slate) when Redis restarts and when one of two edge
 * processes dies. (The origin down, a slow ad server and unusable VAST are in
 * live-playback.test.ts.) Two playback servers share one database, the fake origin and a Redis
 * of the test's own: a redis-server started here without persistence, so a restart loses every
 * session, as a restarted cache does. The shared Redis of TEST_REDIS_URL is never touched.
 *
 * What a player survives decides the behaviour: hls.js (and AVPlayer) retry a media playlist
 * that answers 5xx, with a backoff, but give up on a 4xx, and never reload the multivariant
 * playlist by themselves: an unknown session's 404 ends playback. So, while Redis is down or
 * after it lost the sessions, a process serves the copy it keeps of the sessions it has served
 * (and puts it back in Redis once Redis answers again); a process with no copy answers 503 while
 * Redis is down, which players retry (sessions.ts, RedisSessionStore).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { MediaPlaylist } from '@cuepoint/stitcher';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { fakeConsoleBuild, freshDatabase, testEnv } from '../../../test/helpers.ts';
import { freePort } from '../../../test/ports.ts';
import { RedisSessionStore } from '../sessions.ts';
import type { TrackingDocument } from '../tracking.ts';
import { BREAK_END, BREAK_START, CYCLE } from './fake-media.ts';
import { type Harness, mediaPlaylist, numbering, openSession, paths, startHarness } from './live-harness.ts';

const REDIS_SERVER = '/usr/bin/redis-server';
const SLOW = 90_000;

/** A redis-server of this test only, without persistence: a restart starts it empty. */
class PrivateRedis {
  private process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start() {
    const redis = new PrivateRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server on its port and waits until it accepts connections. */
  async restart() {
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 20_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${output}`));
      });
    });
  }

  /** SIGSTOP: connections stay open and nothing answers (a hung or overloaded Redis). */
  pause() {
    this.process?.kill('SIGSTOP');
  }

  resume() {
    this.process?.kill('SIGCONT');
  }

  /** SIGKILL: no shutdown, no save; the sessions are gone. */
  async kill() {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (real time, generously) until every connection is ready again after a restart. */
async function reconnected(connections: Redis[]) {
  const deadline = Date.now() + 30_000;
  while (connections.some((c) => c.status !== 'ready')) {
    if (Date.now() > deadline) throw new Error('Redis connections did not come back');
    await sleep(50);
  }
}

interface Served {
  rendition: number;
  playlist: MediaPlaylist;
}

/**
 * One viewer's output is one timeline whichever server answered: numbers only grow, each number
 * keeps its discontinuity count (in every rendition) and, in a rendition, its URI.
 */
function expectOneTimeline(served: Served[]) {
  const discontinuities = new Map<number, number>();
  const uris = new Map<string, string>();
  let last = -1;
  for (const { rendition, playlist } of served) {
    expect(playlist.mediaSequence).toBeGreaterThanOrEqual(last);
    last = playlist.mediaSequence;
    for (const [msn, { uri, discontinuity }] of numbering(playlist)) {
      const count = discontinuities.get(msn);
      if (count !== undefined) expect(discontinuity, `discontinuities at segment ${msn}`).toBe(count);
      discontinuities.set(msn, discontinuity);
      const key = `${rendition}:${msn}`;
      const before = uris.get(key);
      if (before !== undefined) expect(uri, `rendition ${rendition} segment ${msn}`).toBe(before);
      uris.set(key, uri);
    }
  }
}

const vastCount = (h: Harness, sessionId: string) =>
  h.media.vastRequests.filter((r) => r.query.get('sid') === sessionId).length;

async function trackingOf(h: Harness, streamId: string, sessionId: string) {
  const response = await h.get(`/play/live/${streamId}/s/${sessionId}/tracking`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as TrackingDocument;
  return document.avails.map((x) => [x.availId, x.stitched, x.ads.map((ad) => ad.adId)]);
}

// Needs the redis-server binary (the suite starts and kills its own); elsewhere this is skipped.
describe.skipIf(!existsSync(REDIS_SERVER))('faults: the viewer keeps playing', () => {
  let redis: PrivateRedis;
  let base: Harness;
  const connections: Redis[] = [];
  const harnesses: Harness[] = [];

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    // The playback servers' database, origin and clock (and stream names), which every edge shares.
    base = await startHarness();
  });
  afterAll(async () => {
    for (const h of harnesses.reverse()) await h.close();
    await base?.close();
    for (const c of connections) c.disconnect();
    await redis?.kill();
  });

  /** One edge process: its own Redis connection (as main.ts opens it) and its own store. */
  async function edge(prefix: string) {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: 2 });
    // Refused reconnections while Redis is down are expected: no "unhandled error event" noise.
    connection.on('error', () => undefined);
    connections.push(connection);
    const h = await startHarness({ sessions: new RedisSessionStore(connection, prefix), sibling: base });
    harnesses.push(h);
    return { h, connection };
  }

  it(
    'plays on through a Redis restart that lost every session, ads included',
    async () => {
      const prefix = `faults-restart:${Date.now()}:`;
      const { h: a, connection } = await edge(prefix);
      const { h: b } = await edge(prefix);
      const streamId = await base.stream();
      const cycle = base.nextCycle();
      a.at(cycle, 10);
      const { uris, sessionId } = await openSession(a, streamId);

      // The viewer alternates servers and renditions, one refresh per segment.
      const served: Served[] = [];
      const play = async (segment: number) => {
        a.at(cycle, segment);
        const rendition = segment % 2;
        const playlist = await mediaPlaylist(rendition === 0 ? a : b, uris[rendition]!);
        served.push({ rendition, playlist });
        return playlist;
      };
      for (let segment = 10; segment <= BREAK_END + 1; segment++) await play(segment);
      expect(paths(a, served.at(-1)!.playlist)).toContain('|/creative/low/seg-0.ts');
      // Another viewer, who has only been to server a so far.
      const other = await openSession(a, streamId);

      await redis.kill();
      // Redis down: each server plays the viewer on from its own copy.
      for (let segment = BREAK_END + 2; segment <= BREAK_END + 4; segment++) await play(segment);
      // Server b has no copy of the other viewer: a 503, which a player retries; a plays it.
      const refused = await b.get(other.uris[0]!);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      await mediaPlaylist(a, other.uris[0]!);

      // Back, empty. The first refresh may come before the connections are: it plays all the same.
      await redis.restart();
      await play(BREAK_END + 5);
      await reconnected(connections);
      // On through the next cycle's break, decided once more, once.
      for (let segment = BREAK_END + 6; segment <= CYCLE + BREAK_END + 1; segment++) await play(segment);
      expect(paths(a, served.at(-1)!.playlist)).toContain('|/creative/low/seg-0.ts');

      expectOneTimeline(served);
      expect(vastCount(a, sessionId), 'one ad request per break').toBe(2);
      expect(await trackingOf(b, streamId, sessionId)).toEqual([
        [`cue-${cycle * CYCLE + BREAK_START}`, true, ['ad-1']],
        [`cue-${(cycle + 1) * CYCLE + BREAK_START}`, true, ['ad-1']],
      ]);
      // The servers put the sessions back in Redis: the one b never saw plays there too.
      expect(await connection.exists(prefix + sessionId)).toBe(1);
      await mediaPlaylist(a, other.uris[0]!);
      await mediaPlaylist(b, other.uris[1]!);
    },
    SLOW,
  );

  it(
    'plays on while Redis hangs: each command is given up after the store’s timeout',
    async () => {
      const prefix = `faults-hang:${Date.now()}:`;
      const { h: a } = await edge(prefix);
      const { h: b } = await edge(prefix);
      const streamId = await base.stream();
      const cycle = base.nextCycle();
      base.at(cycle, 8);
      const { uris, sessionId } = await openSession(a, streamId);
      const served: Served[] = [];
      const play = async (segment: number) => {
        base.at(cycle, segment);
        const rendition = segment % 2;
        served.push({ rendition, playlist: await mediaPlaylist(rendition === 0 ? a : b, uris[rendition]!) });
      };
      await play(8);
      await play(9);
      redis.pause();
      try {
        for (let segment = 10; segment <= 12; segment++) await play(segment);
      } finally {
        redis.resume();
      }
      for (let segment = 13; segment <= BREAK_END + 1; segment++) await play(segment);
      expect(paths(a, served.at(-1)!.playlist)).toContain('|/creative/low/seg-0.ts');
      expectOneTimeline(served);
      expect(vastCount(a, sessionId)).toBe(1);
    },
    SLOW,
  );

  it(
    'plays on from the other edge when the one that decided the break dies mid-break',
    async () => {
      const prefix = `faults-edge:${Date.now()}:`;
      const { h: doomed } = await edge(prefix);
      const { h: survivor } = await edge(prefix);
      const streamId = await base.stream();
      const cycle = base.nextCycle();
      survivor.at(cycle, 10);
      const { uris, sessionId } = await openSession(doomed, streamId);

      const served: Served[] = [];
      const play = async (h: Harness, segment: number) => {
        survivor.at(cycle, segment);
        const rendition = segment % 2;
        const playlist = await mediaPlaylist(h, uris[rendition]!);
        served.push({ rendition, playlist });
        return playlist;
      };
      // The viewer alternates servers; the break's first refresh (segment 14) is the doomed one's.
      for (let segment = 10; segment <= BREAK_START; segment++)
        await play(segment % 2 === 0 ? doomed : survivor, segment);
      expect(vastCount(doomed, sessionId)).toBe(1);

      await doomed.app.close();
      harnesses.splice(harnesses.indexOf(doomed), 1);
      await expect(doomed.get(uris[0]!)).rejects.toThrow();

      // The load balancer sends every refresh to the survivor: the same ads, one numbering.
      for (let segment = BREAK_START + 1; segment <= BREAK_END + 2; segment++) await play(survivor, segment);
      expect(paths(survivor, served.at(-1)!.playlist)).toEqual([
        '|/creative/high/seg-0.ts',
        '/creative/high/seg-1.ts',
        `|/live/v1/seg-${cycle * CYCLE + BREAK_END}.ts`,
        `/live/v1/seg-${cycle * CYCLE + BREAK_END + 1}.ts`,
        `/live/v1/seg-${cycle * CYCLE + BREAK_END + 2}.ts`,
      ]);
      expectOneTimeline(served);
      expect(vastCount(survivor, sessionId), 'the survivor used the stored decision').toBe(1);
      expect(await trackingOf(survivor, streamId, sessionId)).toEqual([
        [`cue-${cycle * CYCLE + BREAK_START}`, true, ['ad-1']],
      ]);
    },
    SLOW,
  );

  it(
    'a whole server keeps answering while the Redis of its rate limits hangs',
    async () => {
      // As main.ts connects: a command gives up after 1 s, so a hung Redis fails fast.
      const connection = new Redis(redis.url, { maxRetriesPerRequest: 2, commandTimeout: 1_000 });
      connection.on('error', () => undefined);
      connections.push(connection);
      const database = await freshDatabase();
      const app = await buildApp({
        env: testEnv(),
        database,
        redis: connection,
        webDist: await fakeConsoleBuild(),
      });
      try {
        // An API route (playback and the demo are not rate limited per address): unauthenticated, 401.
        const url = '/api/ssai/ds';
        expect((await app.inject({ url })).statusCode).toBe(401);
        redis.pause();
        try {
          // The rate limit cannot count (Redis does not answer): the request goes on, not a 500.
          const response = await app.inject({ url });
          expect(response.statusCode, response.body).toBe(401);
        } finally {
          redis.resume();
        }
      } finally {
        await app.close();
        await database.close();
      }
    },
    SLOW,
  );
});
