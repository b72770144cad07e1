/**
 * Viewer sessions: what the data plane remembers of one player between its playlist requests
 * (the stitcher's viewer state, the stream, who is watching). In memory by default (one process);
 * in Redis when REDIS_URL is set, so several processes serve one viewer interchangeably. A session
 * expires after the stream's userLiveliness without a request: every save extends it.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

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
