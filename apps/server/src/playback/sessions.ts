/**
 * Viewer sessions: what the data plane remembers of one player between its playlist requests
 * (the stitcher's viewer state, the stream, who is watching). In memory by default (one process);
 * in Redis when REDIS_URL is set, so several processes serve one viewer interchangeably. A session
 * expires after the stream's userLiveliness without a request: every save extends it.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** One origin media playlist a session may fetch: the index in its URL names one of these. */
const renditionSchema = z.object({
  /** Absolute origin URL, taken from the origin's multivariant playlist (never from a viewer). */
  url: z.string(),
  /** 'variant' (EXT-X-STREAM-INF), or the TYPE of an EXT-X-MEDIA, lower case. */
  type: z.enum(['variant', 'audio', 'video', 'subtitles']),
  /** BANDWIDTH of the variant: the creative rendition nearest to it is served. */
  bandwidth: z.number().optional(),
  /** RESOLUTION of the variant (`1280x720`): the ladder MP4 creatives are conditioned for. */
  resolution: z.string().optional(),
  /** LANGUAGE of an EXT-X-MEDIA rendition. */
  language: z.string().optional(),
});

/** Beacon URLs of one ad by event (the stitcher's AdTracking). */
const adTrackingSchema = z.object({
  impression: z.array(z.string()).optional(),
  start: z.array(z.string()).optional(),
  firstQuartile: z.array(z.string()).optional(),
  midpoint: z.array(z.string()).optional(),
  thirdQuartile: z.array(z.string()).optional(),
  complete: z.array(z.string()).optional(),
});

/** One ad chosen for an avail: what every rendition of the viewer maps to its own segments. */
const decidedAdSchema = z.object({
  /** The stitcher's id of the ad (unique in the avail, the same for every rendition). */
  id: z.string(),
  vastAdId: z.string().optional(),
  creativeId: z.string().optional(),
  title: z.string().optional(),
  /** Seconds, as VAST declares it. */
  duration: z.number(),
  /** The creative's HLS playlist (multivariant, or media for a single rendition), absolute. */
  playlistUrl: z.string(),
  tracking: adTrackingSchema,
});

/**
 * One avail of the viewer: the ad decision, taken once (every rendition and every refresh uses
 * it), and what the stitcher made of it, for the tracking document.
 */
const availRecordSchema = z.object({
  id: z.string(),
  /** 'ready': decided (perhaps with no ads); 'late': not decided within the time budget. */
  decision: z.enum(['ready', 'late']),
  /** Seconds to fill, when the markers say. */
  duration: z.number().optional(),
  ads: z.array(decidedAdSchema),
  /** Why ads were left out or there are none (VAST errors, MP4-only creatives, a full pod...). */
  notes: z.array(z.string()),
  /** Filled in by the stitcher's report: whether ads or slate replaced the content, and if not why. */
  stitched: z.boolean().optional(),
  stitchReason: z.string().optional(),
  /** Ids of the ads the stitcher placed, in play order. */
  placed: z.array(z.string()).default([]),
  /** Seconds from the start of the viewer's playback to each placed ad, by ad id. */
  adStarts: z.record(z.string(), z.number()).default({}),
  /** Server-side beacons sent for this viewer (`<ad id>:<event>`): each once, whatever the rendition. */
  fired: z.array(z.string()).optional(),
  /** VOD: where the break goes, in content seconds (a boundary of the video; 0 a pre-roll). */
  offset: z.number().optional(),
});

/** What a live session keeps beyond the stitcher's state. */
const liveSessionSchema = z.object({
  renditions: z.array(renditionSchema),
  /** Most recent last; old ones are dropped (PLAYBACK_LIMITS.maxSessionAvails, limits.ts). */
  avails: z.array(availRecordSchema).default([]),
  /**
   * The viewer's timeline: output segment `msn` starts `seconds` after the first segment of the
   * first playlist served (where a player's time starts), so tracking times can be given.
   */
  clock: z.object({ msn: z.number(), seconds: z.number() }).optional(),
  /** Why the stream's slate is not used, when it is not. */
  slateNote: z.string().optional(),
  /** Ads decided for this viewer so far (the stream's adfrequencyCap bounds them). */
  adsDecided: z.number().int().nonnegative().optional(),
});

/**
 * What a VOD session keeps: its renditions and its breaks, decided when the session opens (a VOD
 * playlist is served whole, so every ad is known before the first segment plays).
 */
const vodSessionSchema = z.object({
  renditions: z.array(renditionSchema),
  avails: z.array(availRecordSchema).default([]),
});

export type OriginRendition = z.infer<typeof renditionSchema>;
export type VodSessionData = z.infer<typeof vodSessionSchema>;
export type DecidedAd = z.infer<typeof decidedAdSchema>;
export type AvailRecord = z.infer<typeof availRecordSchema>;
export type LiveSessionData = z.infer<typeof liveSessionSchema>;

const sessionSchema = z.object({
  id: z.string(),
  kind: z.enum(['live', 'vod']),
  /** The live stream's or VOD asset's id. */
  streamId: z.string(),
  customerId: z.string(),
  createdAt: z.number(),
  /** The stitcher's serialized viewer state (live), or null before the first playlist. */
  state: z.string().nullable(),
  viewer: z.object({ address: z.string().optional(), userAgent: z.string().optional() }),
  /** Live sessions: the origin renditions, ad decisions and tracking (absent before the master). */
  live: liveSessionSchema.optional(),
  /** VOD sessions: the origin renditions and the decided breaks. */
  vod: vodSessionSchema.optional(),
});

export type ViewerSession = z.infer<typeof sessionSchema>;
export type NewViewerSession = Omit<ViewerSession, 'id' | 'createdAt'>;

/** 128 random bits, URL-safe: a session id is a bearer capability in the playback URL. */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;
export const isSessionId = (id: string) => SESSION_ID.test(id);
const newSessionId = () => randomBytes(16).toString('base64url');

export interface SessionStore {
  create(input: NewViewerSession, ttlMs: number): Promise<ViewerSession>;
  /** The session, or undefined when it never existed, expired, or the id is malformed. */
  get(id: string): Promise<ViewerSession | undefined>;
  /** Stores the session's new state and extends its life by `ttlMs`. */
  save(session: ViewerSession, ttlMs: number): Promise<void>;
  delete(id: string): Promise<void>;
  close(): Promise<void>;
}

/** A new session of `input` (a fresh id, created `now`), saved in `store`: every store's create. */
async function newSession(
  store: Pick<SessionStore, 'save'>,
  input: NewViewerSession,
  ttlMs: number,
  now: number,
): Promise<ViewerSession> {
  const session: ViewerSession = { ...input, id: newSessionId(), createdAt: now };
  await store.save(session, ttlMs);
  return session;
}

/** A stored session as JSON, checked like any input: anything malformed is no session. */
function parseSession(raw: string, id: string): ViewerSession | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = sessionSchema.safeParse(json);
  return parsed.success && parsed.data.id === id ? parsed.data : undefined;
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { session: ViewerSession; expiresAt: number }>();
  private readonly sweep: NodeJS.Timeout;

  /**
   * `maxSessions` bounds the memory one process gives viewers (about 10 KiB each, npm run bench):
   * past it, the session saved longest ago goes first (its viewer starts a new one).
   */
  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = 30_000,
    private readonly maxSessions = 200_000,
  ) {
    // Expired sessions nobody asks for again are dropped here (get drops those asked for).
    this.sweep = setInterval(() => this.dropExpired(), sweepEveryMs);
    this.sweep.unref();
  }

  create(input: NewViewerSession, ttlMs: number) {
    return newSession(this, input, ttlMs, this.now());
  }

  async get(id: string) {
    if (!isSessionId(id)) return undefined;
    const stored = this.sessions.get(id);
    if (!stored) return undefined;
    if (stored.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return structuredClone(stored.session);
  }

  async save(session: ViewerSession, ttlMs: number) {
    // Re-inserted at the end: the Map's first entry is the one saved longest ago.
    this.sessions.delete(session.id);
    this.sessions.set(session.id, { session: structuredClone(session), expiresAt: this.now() + ttlMs });
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
  }

  async delete(id: string) {
    this.sessions.delete(id);
  }

  dropExpired() {
    const now = this.now();
    for (const [id, stored] of this.sessions) if (stored.expiresAt <= now) this.sessions.delete(id);
  }

  get size() {
    return this.sessions.size;
  }

  async close() {
    clearInterval(this.sweep);
    this.sessions.clear();
  }
}

/**
 * Redis answered neither the session nor that there is none (down, restarting, unreachable) and
 * this process has no copy of it: a 503, which players retry (a 404 would end their playback).
 */
export class SessionStoreUnavailable extends Error {
  readonly statusCode = 503;

  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The viewer sessions' store is unavailable: ${reason}`, { cause });
    this.name = 'SessionStoreUnavailable';
  }
}

export interface RedisSessionStoreOptions {
  /**
   * Longest one Redis command is waited for (the connection's own retries may hold it for
   * seconds): then the store answers as if Redis were down. Well under a player's refresh.
   */
  commandTimeoutMs?: number;
  /** Sessions this process keeps its last copy of, the most recently saved (see the class). */
  maxLocalCopies?: number;
}

/** What follows the configured Redis key prefix in a viewer session's key. */
export const VIEWER_SESSION_KEY = 'viewer-session:';

/** This process's last write of a session: its JSON, and when Redis expires it. */
interface LocalCopy {
  json: string;
  expiresAt: number;
}

/**
 * Sessions in Redis: one key per session, its expiry Redis's own (PX).
 *
 * A Redis outage must not stop the viewers: each process also keeps the last copy it wrote of
 * the sessions it serves (bounded, the least recently saved dropped first), and serves it when
 * Redis fails or is slow to answer (down, restarting: the writes of that time stay local), or
 * answers that it has no such key although the copy has not expired (a Redis restarted without
 * persistence, or failed over, lost it): the copy is then put back in Redis for the other
 * processes. What Redis holds always wins over the copy, which may be one request behind
 * another process's. A session this process has no copy of is a 503 while Redis is down (players
 * retry a 5xx, and the process that has its copy may answer), and a 404 once Redis answers
 * without it. Whoever passed the connection closes it (it is shared with the rate limits).
 *
 * The key prefix may change while running (the platform configuration's redisKey): new writes go
 * under the new prefix, and a session this process kept a copy of is put back under it when first
 * missed there; sessions only other processes kept are not found under the new prefix.
 */
export class RedisSessionStore implements SessionStore {
  private readonly local = new Map<string, LocalCopy>();
  private readonly commandTimeoutMs: number;
  private readonly maxLocalCopies: number;

  /** The key prefix: fixed, or read at each command (the platform configuration's redisKey). */
  private readonly prefixOf: () => string;

  constructor(
    private readonly redis: Redis,
    prefix: string | (() => string) = `cuepoint:${VIEWER_SESSION_KEY}`,
    private readonly now: () => number = Date.now,
    options: RedisSessionStoreOptions = {},
  ) {
    this.prefixOf = typeof prefix === 'string' ? () => prefix : prefix;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 1_000;
    this.maxLocalCopies = options.maxLocalCopies ?? 10_000;
  }

  create(input: NewViewerSession, ttlMs: number) {
    return newSession(this, input, ttlMs, this.now());
  }

  async get(id: string) {
    if (!isSessionId(id)) return undefined;
    const key = this.prefixOf() + id;
    let raw: string | null;
    try {
      raw = await this.command(this.redis.get(key));
    } catch (error) {
      const copy = this.copyOf(id);
      if (!copy) throw new SessionStoreUnavailable(error);
      return parseSession(copy.json, id);
    }
    if (raw !== null) return parseSession(raw, id);
    const copy = this.copyOf(id);
    if (!copy) return undefined;
    // Redis lost it: put it back for the other processes (unless one of them already has).
    await this.command(
      this.redis.set(key, copy.json, 'PX', Math.max(1, copy.expiresAt - this.now()), 'NX'),
    ).catch(() => undefined);
    return parseSession(copy.json, id);
  }

  async save(session: ViewerSession, ttlMs: number) {
    const json = JSON.stringify(session);
    const ttl = Math.max(1, Math.round(ttlMs));
    this.remember(session.id, { json, expiresAt: this.now() + ttl });
    try {
      await this.command(this.redis.set(this.prefixOf() + session.id, json, 'PX', ttl));
    } catch {
      // Redis is down or slow: the copy just kept serves this viewer meanwhile (see the class).
    }
  }

  async delete(id: string) {
    if (!isSessionId(id)) return;
    this.local.delete(id);
    await this.command(this.redis.del(this.prefixOf() + id));
  }

  /** The connection is the caller's (shared with rate limits): closing the store leaves it open. */
  async close() {
    this.local.clear();
  }

  /** Sessions this process holds a copy of (expired ones included until they are dropped). */
  get localCopies() {
    return this.local.size;
  }

  private copyOf(id: string): LocalCopy | undefined {
    const copy = this.local.get(id);
    if (copy && copy.expiresAt <= this.now()) {
      this.local.delete(id);
      return undefined;
    }
    return copy;
  }

  private remember(id: string, copy: LocalCopy) {
    // Insertion order is save order: the first entries are the least recently saved.
    this.local.delete(id);
    this.local.set(id, copy);
    for (const [oldest] of this.local) {
      if (this.local.size <= this.maxLocalCopies) break;
      this.local.delete(oldest);
    }
  }

  /** A Redis command, or its failure once it has taken longer than commandTimeoutMs. */
  private command<T>(pending: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${this.commandTimeoutMs} ms`)),
        this.commandTimeoutMs,
      );
    });
    // A command given up on may still fail later: that is no unhandled rejection.
    pending.catch(() => undefined);
    return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
  }
}
