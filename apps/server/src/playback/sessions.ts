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
  /** VOD: where the break goes, in content seconds (a boundary of the video; 0 a pre-roll). */
  offset: z.number().optional(),
});

/** What a live session keeps beyond the stitcher's state. */
const liveSessionSchema = z.object({
  renditions: z.array(renditionSchema),
  /** Most recent last; old ones are dropped (see MAX_SESSION_AVAILS in live-playlist.ts). */
  avails: z.array(availRecordSchema).default([]),
  /**
   * The viewer's timeline: output segment `msn` starts `seconds` after the first segment of the
   * first playlist served (where a player's time starts), so tracking times can be given.
   */
  clock: z.object({ msn: z.number(), seconds: z.number() }).optional(),
  /** Why the stream's slate is not used, when it is not. */
  slateNote: z.string().optional(),
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

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { session: ViewerSession; expiresAt: number }>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = 30_000,
  ) {
    // Expired sessions nobody asks for again are dropped here (get drops those asked for).
    this.sweep = setInterval(() => this.dropExpired(), sweepEveryMs);
    this.sweep.unref();
  }

  async create(input: NewViewerSession, ttlMs: number) {
    const session: ViewerSession = { ...input, id: newSessionId(), createdAt: this.now() };
    await this.save(session, ttlMs);
    return session;
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
    this.sessions.set(session.id, { session: structuredClone(session), expiresAt: this.now() + ttlMs });
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

/** Sessions in Redis: one key per session, its expiry Redis's own (PX). */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'cuepoint:viewer-session:',
    private readonly now: () => number = Date.now,
  ) {}

  async create(input: NewViewerSession, ttlMs: number) {
    const session: ViewerSession = { ...input, id: newSessionId(), createdAt: this.now() };
    await this.save(session, ttlMs);
    return session;
  }

  async get(id: string) {
    if (!isSessionId(id)) return undefined;
    const raw = await this.redis.get(this.prefix + id);
    if (raw === null) return undefined;
    // What another process wrote is checked like any input: a malformed entry is no session.
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return undefined;
    }
    const parsed = sessionSchema.safeParse(json);
    return parsed.success && parsed.data.id === id ? parsed.data : undefined;
  }

  async save(session: ViewerSession, ttlMs: number) {
    await this.redis.set(
      this.prefix + session.id,
      JSON.stringify(session),
      'PX',
      Math.max(1, Math.round(ttlMs)),
    );
  }

  async delete(id: string) {
    if (isSessionId(id)) await this.redis.del(this.prefix + id);
  }

  /** The connection is the caller's (shared with rate limits): closing the store leaves it open. */
  async close() {}
}
