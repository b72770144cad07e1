/**
 * What the live playback tests share: a real Fastify server (the playback routes, the shared
 * error handler, a fresh database) listening on a local port, the fake origin and ad server of
 * fake-media.ts allowed by the fetch policy, one clock for both, and a player's requests.
 */
import type { LiveStreamInput, SlateInput } from '@cuepoint/core';
import {
  type MediaPlaylist,
  type MultivariantPlaylist,
  parseMediaPlaylist,
  parseMultivariantPlaylist,
} from '@cuepoint/stitcher';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { expect } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { customers } from '../../../db/schema/index.ts';
import { databasePlugin } from '../../../plugins/database.ts';
import { errorHandling } from '../../../plugins/errors.ts';
import { createResource } from '../../../services/resources.ts';
import { freshDatabase } from '../../../test/helpers.ts';
import { eventsPlugin } from '../../events/plugin.ts';
import type { PlaybackLimits } from '../limits.ts';
import { playbackRoutes } from '../routes.ts';
import type { SessionStore } from '../sessions.ts';
import { CYCLE, type FakeMedia, SEGMENT_S, startFakeMedia } from './fake-media.ts';

export const PUBLIC_URL = 'http://play.test';
export const USER_AGENT = 'TestPlayer/1.0';
/** A host name the tests' name resolution answers with a private address. */
export const PRIVATE_HOST = 'intranet.test';

export interface Harness {
  media: FakeMedia;
  app: FastifyInstance;
  database: Database;
  /** Where the playback server listens: http://127.0.0.1:port. */
  server: string;
  /** Host names the fetch policy was asked to resolve. */
  lookups: string[];
  /** The clock of the origin and the playback server (milliseconds). */
  clock: { now: number };
  /** Sets the clock to segment `segment` of cycle `cycle` (never backwards). */
  at(cycle: number, segment: number): void;
  /** A cycle no earlier test has used: its break is new to every session. */
  nextCycle(): number;
  advance(ms: number): void;
  stream(overrides?: Partial<LiveStreamInput>): Promise<string>;
  slate(input: Partial<SlateInput>): Promise<string>;
  get(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  limits?: Partial<PlaybackLimits>;
  /** The viewer sessions' store (in memory by default). */
  sessions?: SessionStore;
  /**
   * Another playback server of the same deployment: this one shares its database, origin and
   * clock (a second process behind the same load balancer).
   */
  sibling?: Harness;
  /** The Redis of the deployment's events (viewers counted across processes); none by default. */
  eventsRedis?: Redis;
  /** The client address from X-Forwarded-For (TRUST_PROXY=true): tests play several viewers' addresses. */
  trustProxy?: boolean;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const { sibling } = options;
  const clock = sibling?.clock ?? { now: 0 };
  let cycle = 0;
  let names = 0;
  const lookups: string[] = [];
  const media = sibling?.media ?? (await startFakeMedia(() => clock.now));
  const database = sibling?.database ?? (await freshDatabase());
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  await app.register(errorHandling);
  await app.register(databasePlugin, { database, closeOnShutdown: false });
  // Events are written when a test flushes them (app.events.flush()).
  await app.register(eventsPlugin, {
    env: {
      EVENTS_BROKER: 'database',
      EVENTS_FLUSH_MS: 60_000,
      EVENTS_RETENTION_DAYS: 7,
      COUNTERS_RETENTION_DAYS: 400,
    },
    now: () => clock.now,
    redis: options.eventsRedis,
  });
  await app.register(playbackRoutes, {
    publicUrl: PUBLIC_URL,
    allowHosts: [media.hostPort],
    now: () => clock.now,
    ...(options.sessions ? { sessions: options.sessions } : {}),
    lookup: async (hostname) => {
      lookups.push(hostname);
      return hostname === PRIVATE_HOST ? [{ address: '10.0.0.7', family: 4 }] : [];
    },
    // Generous: a test of ads must not depend on how busy the machine is (the slow ad server's
    // test lowers the stream's maxWaitingSec instead). The VAST request's own 1.5 s too: 100
    // viewers' requests at once on a busy 2-core machine overran it, and some got no ads.
    limits: {
      decisionBudgetMs: 30_000,
      originTimeoutMs: 10_000,
      vastTimeoutMs: 10_000,
      ...options.limits,
    },
  });
  const server = await app.listen({ port: 0, host: '127.0.0.1' });
  const [customer] = await database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.subDomainName, 'demo-broadcasting'));
  const customerId = customer!.id;
  const who = { actor: 'playback-tests@cuepoint.example', actingAdmin: null };

  return {
    media,
    app,
    database,
    server,
    lookups,
    clock,
    at(c, segment) {
      const t = ((c * CYCLE + segment) * SEGMENT_S + 0.5) * 1000;
      expect(t, 'the clock never goes back').toBeGreaterThanOrEqual(clock.now);
      clock.now = t;
    },
    nextCycle: () => {
      cycle = Math.max(cycle + 1, Math.ceil(clock.now / 1000 / SEGMENT_S / CYCLE));
      return cycle;
    },
    advance(ms) {
      clock.now += ms;
    },
    async stream(overrides = {}) {
      names += 1;
      const row = await createResource(
        database.db,
        'liveStream',
        customerId,
        {
          name: `Playback stream ${names}`,
          sourceStreamUrl: `${media.base}/live/`,
          adDecision: 'external',
          vastUrl: `${media.base}/vast?sid=[SESSION_ID]&dur=[AVAIL_DURATION]&cb=[CACHEBUSTING]&ua=[DEVICEUA]&ip=[DEVICEIP]&mt=[session.id]`,
          adpodLength: 2,
          ...overrides,
        },
        who,
        { ignorePlan: true },
      );
      return row.id;
    },
    async slate(input) {
      names += 1;
      const row = await createResource(
        database.db,
        'slate',
        customerId,
        {
          name: `Playback slate ${names}`,
          duration: SEGMENT_S,
          videoUrl: `${media.base}/slate/master.m3u8`,
          ...input,
        },
        who,
        { ignorePlan: true },
      );
      return row.id;
    },
    get: (path, init = {}) =>
      fetch(server + path, { ...init, headers: { 'user-agent': USER_AGENT, ...init.headers } }),
    async close() {
      await app.close();
      if (sibling) return;
      await media.close();
      await database.close();
    },
  };
}

export interface Session {
  sessionId: string;
  master: MultivariantPlaylist;
  /** The media playlist URI of each variant, in the master's order. */
  uris: string[];
}

const SESSION_IN_URI = /^\/play\/live\/[^/]+\/s\/([A-Za-z0-9_-]{22})\/r\/\d+\.m3u8$/;

/** GET master.m3u8 as a player does: a new session. */
export async function openSession(h: Harness, streamId: string): Promise<Session> {
  const response = await h.get(`/play/live/${streamId}/master.m3u8`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const master = parseMultivariantPlaylist(text);
  const uris = master.variants.map((v) => v.uri);
  const sessionId = SESSION_IN_URI.exec(uris[0] ?? '')?.[1];
  expect(sessionId, uris[0]).toBeDefined();
  return { sessionId: sessionId!, master, uris };
}

/** GET a stitched media playlist (200 expected). */
export async function mediaPlaylist(h: Harness, uri: string): Promise<MediaPlaylist> {
  const response = await h.get(uri);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
  return parseMediaPlaylist(text);
}

/** Each output segment by media sequence number: its URI and discontinuity sequence number. */
export function numbering(playlist: MediaPlaylist): Map<number, { uri: string; discontinuity: number }> {
  const out = new Map<number, { uri: string; discontinuity: number }>();
  let discontinuity = playlist.discontinuitySequence;
  playlist.segments.forEach((segment, i) => {
    if (segment.discontinuity) discontinuity += 1;
    out.set(playlist.mediaSequence + i, { uri: segment.uri, discontinuity });
  });
  return out;
}

/** Segment URIs relative to the fake server, for readable expectations. */
export const paths = (h: Harness, playlist: MediaPlaylist) =>
  playlist.segments.map((s) => `${s.discontinuity ? '|' : ''}${s.uri.replace(h.media.base, '')}`);
