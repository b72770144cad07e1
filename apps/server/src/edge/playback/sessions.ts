/**
 * Viewer sessions: what the data plane remembers of one player between its playlist requests
 * (the stitcher's viewer state, the stream, who is watching). In memory by default (one process);
 * in Redis when REDIS_URL is set, so several processes serve one viewer interchangeably. A session
 * expires after the stream's userLiveliness without a request: every save extends it.
 *
 * Sessions are opened by anyone (a GET of master.m3u8), so the store is bounded (SessionBounds):
 * one address holds at most `perAddress` sessions of one stream, and the store `maxSessions`. A
 * new session past either bound takes the place of the idlest session of that address and
 * stream, or of the store (the one whose last request is the oldest), never of one that is
 * playing (a request within `playingMs`): then the new one is refused (SessionRefused, a 503
 * with Retry-After, which players retry), and no playing viewer is cut off. Every request of a
 * session (get, save) moves it to the busy end, so each check looks at one session: O(1) in
 * memory, O(log n) in Redis.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { RequestProblem } from '../../lib/request-problem.ts';
import { PLAYBACK_LIMITS } from './limits.ts';
import { PLAYBACK_TEXTS } from './problems.ts';

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

/** One HLS playlist of an ad's creative (creatives.ts chooses among them per content rendition). */
const creativePlaylistSchema = z.object({
  url: z.string(),
  /** The VAST MediaFile's width and height, when it declares them (a media playlist has no RESOLUTION). */
  width: z.number().optional(),
  height: z.number().optional(),
  /** Bits per second (VAST's bitrate is in kbps). */
  bandwidth: z.number().optional(),
});

/**
 * One ad chosen for an avail (every rendition of the viewer maps it to its own segments), as a
 * viewer session keeps it, the one shape playback has of every placed ad: the ad
 * server's (ads/ad-server.ts CampaignAd) or an external VAST's, with the playlists chosen for it.
 * Stored in the session (Redis), so it is validated when read back.
 */
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
  /**
   * Every HLS playlist of the creative to choose from, when it has more than one (playlistUrl
   * first): each HLS MediaFile of its VAST with the size and bitrate it declares, or its MP4's
   * conditioned MPEG-TS and fMP4 sets. Each content rendition takes the nearest of all of them.
   */
  playlists: z.array(creativePlaylistSchema).optional(),
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
  /**
   * Ids of the placed ads already under way where the viewer began (its first playlist): none of
   * their server-side beacons are sent (markJoinedMidAd, tracking.ts).
   */
  joinedMidAd: z.array(z.string()).optional(),
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
export type CreativePlaylist = z.infer<typeof creativePlaylistSchema>;
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

/** How many sessions the store holds, and which of them are playing. */
export interface SessionBounds {
  /** Sessions one address (an IPv6 /64) holds of one live stream or VOD asset at most. */
  perAddress: number;
  /** Sessions the store holds at most. */
  maxSessions: number;
  /** A session that answered a request within this long is playing: it never gives way. */
  playingMs: number;
}

/** The bounds of PLAYBACK_LIMITS (limits.ts). */
export const boundsOf = (limits: {
  sessionsPerAddress: number;
  maxSessions: number;
  sessionPlayingMs: number;
}): SessionBounds => ({
  perAddress: limits.sessionsPerAddress,
  maxSessions: limits.maxSessions,
  playingMs: limits.sessionPlayingMs,
});

/**
 * No room for a new session: every session that could give way is playing. An exposed 503
 * (players retry it; a 4xx would end their playback) with its message and a Retry-After of the
 * seconds until the idlest of them stops counting as playing, answered by the shared handler.
 */
export class SessionRefused extends RequestProblem {
  readonly retryAfterS: number;

  constructor(
    readonly reason: 'address' | 'full',
    readonly limit: number,
    playingMs: number,
    /** When the idlest session that could have given way answered its last request. */
    idlestSeenAt: number,
    now: number,
  ) {
    const playingS = Math.round(playingMs / 1000);
    const left = Math.ceil((idlestSeenAt + playingMs - now) / 1000);
    const retryAfterS = Math.max(1, Math.min(Math.ceil(playingMs / 1000), left));
    super(
      503,
      reason === 'address'
        ? PLAYBACK_TEXTS.sessionsPerAddress(limit, playingS)
        : PLAYBACK_TEXTS.sessionsFull(limit, playingS),
      { exposed: true, headers: { 'retry-after': String(retryAfterS) } },
    );
    this.name = 'SessionRefused';
    this.retryAfterS = retryAfterS;
  }
}

/**
 * What a client address counts as, for the bound per address: an IPv4 address itself (an
 * IPv4-mapped IPv6 one too), an IPv6 address by its /64 (one home or device gets a whole /64).
 */
export function addressGroup(address: string): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [left = '', right] = ip.split('::');
  const words = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((word) => {
          if (!word.includes('.')) return [Number.parseInt(word, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = word.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const head = words(left);
  const rest = right === undefined ? [] : words(right);
  const all = [...head, ...Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  if (all.slice(0, 5).every((w) => w === 0) && all[5] === 0xffff) {
    const [hi = 0, lo = 0] = all.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${all
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(':')}::/64`;
}

/** The sessions one bound per address counts together: one address's of one stream or asset. */
const groupOf = (session: Pick<ViewerSession, 'kind' | 'streamId' | 'viewer'>) =>
  `${session.kind}:${session.streamId}:${addressGroup(session.viewer.address ?? '')}`;

export interface SessionStore {
  /**
   * A new session, within the store's bounds: the idlest session of the same address and stream,
   * or of the store, gives way when one must, unless it is playing: then SessionRefused.
   */
  create(input: NewViewerSession, ttlMs: number): Promise<ViewerSession>;
  /**
   * The session, or undefined when it never existed, expired, gave way, or the id is malformed.
   * A session asked for counts as playing from now.
   */
  get(id: string): Promise<ViewerSession | undefined>;
  /**
   * Stores the session's new state and extends its life by `ttlMs`. A session that expired or
   * gave way meanwhile stays gone (its next request is a 404: the player opens a new one).
   */
  save(session: ViewerSession, ttlMs: number): Promise<void>;
  delete(id: string): Promise<void>;
  close(): Promise<void>;
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

const DEFAULT_BOUNDS = boundsOf(PLAYBACK_LIMITS);

/** One session in memory: its last request (`seenAt`) orders who gives way. */
interface Held {
  session: ViewerSession;
  expiresAt: number;
  seenAt: number;
  group: string;
}

export class MemorySessionStore implements SessionStore {
  /** Every session, the idlest first: each request moves its session to the end. */
  private readonly sessions = new Map<string, Held>();
  /** The ids of one address's sessions of one stream (groupOf), the idlest first. */
  private readonly groups = new Map<string, Set<string>>();
  private readonly bounds: SessionBounds;
  private readonly sweep: NodeJS.Timeout;

  /**
   * `bounds.maxSessions` bounds the memory one process gives viewers (about 10 KiB each, npm run
   * bench); the defaults are PLAYBACK_LIMITS'.
   */
  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = 30_000,
    bounds: Partial<SessionBounds> = {},
  ) {
    this.bounds = { ...DEFAULT_BOUNDS, ...bounds };
    // Expired sessions nobody asks for again are dropped here (get drops those asked for).
    this.sweep = setInterval(() => this.dropExpired(), sweepEveryMs);
    this.sweep.unref();
  }

  async create(input: NewViewerSession, ttlMs: number) {
    const now = this.now();
    const group = groupOf(input);
    const members = this.groups.get(group);
    const { perAddress, maxSessions } = this.bounds;
    // The address's own idlest first: another address's sessions never make room for it.
    if (members)
      this.makeRoom(() => members.size >= perAddress, members.values(), now, 'address', perAddress);
    this.makeRoom(() => this.sessions.size >= maxSessions, this.sessions.keys(), now, 'full', maxSessions);
    const session: ViewerSession = { ...input, id: newSessionId(), createdAt: now };
    const held = { session: structuredClone(session), expiresAt: now + ttlMs, seenAt: now, group };
    this.sessions.set(session.id, held);
    const ids = this.groups.get(group) ?? new Set<string>();
    ids.add(session.id);
    this.groups.set(group, ids);
    return session;
  }

  /** Ends the idlest sessions of `idlestFirst` while `full`; refuses when the idlest is playing. */
  private makeRoom(
    full: () => boolean,
    idlestFirst: Iterator<string>,
    now: number,
    reason: SessionRefused['reason'],
    limit: number,
  ) {
    while (full()) {
      const id = idlestFirst.next().value;
      const held = id === undefined ? undefined : this.sessions.get(id);
      if (id === undefined || !held) return;
      if (held.expiresAt > now && held.seenAt > now - this.bounds.playingMs)
        throw new SessionRefused(reason, limit, this.bounds.playingMs, held.seenAt, now);
      this.remove(id);
    }
  }

  async get(id: string) {
    if (!isSessionId(id)) return undefined;
    const held = this.sessions.get(id);
    if (!held) return undefined;
    const now = this.now();
    if (held.expiresAt <= now) {
      this.remove(id);
      return undefined;
    }
    this.seen(id, held, now);
    return structuredClone(held.session);
  }

  async save(session: ViewerSession, ttlMs: number) {
    const held = this.sessions.get(session.id);
    if (!held) return;
    const now = this.now();
    if (held.expiresAt <= now) {
      this.remove(session.id);
      return;
    }
    held.session = structuredClone(session);
    held.expiresAt = now + ttlMs;
    this.seen(session.id, held, now);
  }

  async delete(id: string) {
    this.remove(id);
  }

  /** A request of the session: it moves to the busy end of both orders. */
  private seen(id: string, held: Held, now: number) {
    held.seenAt = now;
    this.sessions.delete(id);
    this.sessions.set(id, held);
    const ids = this.groups.get(held.group);
    ids?.delete(id);
    ids?.add(id);
  }

  private remove(id: string) {
    const held = this.sessions.get(id);
    if (!held) return;
    this.sessions.delete(id);
    const ids = this.groups.get(held.group);
    ids?.delete(id);
    if (ids?.size === 0) this.groups.delete(held.group);
  }

  dropExpired() {
    const now = this.now();
    for (const [id, held] of this.sessions) if (held.expiresAt <= now) this.remove(id);
  }

  get size() {
    return this.sessions.size;
  }

  async close() {
    clearInterval(this.sweep);
    this.sessions.clear();
    this.groups.clear();
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

/** A Redis command not answered within the store's commandTimeoutMs. */
class RedisTimeout extends Error {}

export interface RedisSessionStoreOptions {
  /**
   * Longest one Redis command is waited for (the connection's own retries may hold it for
   * seconds): then the store answers as if Redis were down. Well under a player's refresh.
   */
  commandTimeoutMs?: number;
  /** Sessions this process keeps its last copy of, the most recently saved (see the class). */
  maxLocalCopies?: number;
  /** The bounds of every process's sessions together (the defaults are PLAYBACK_LIMITS'). */
  bounds?: Partial<SessionBounds>;
}

/** What follows the configured Redis key prefix in a viewer session's key. */
export const VIEWER_SESSION_KEY = 'viewer-session:';

/** This process's last write of a session: its JSON, and when Redis expires it. */
interface LocalCopy {
  json: string;
  expiresAt: number;
}

/** A Lua script, run by its SHA-1 (sent whole once Redis says it does not know it). */
const script = (lua: string) => ({ lua, sha: createHash('sha1').update(lua).digest('hex') });

/**
 * The sorted sets of sessions: `<prefix>by-address:<group>` (one address's of one stream) and
 * `<prefix>all`, their members `<id> <group>` scored by the time of the session's last request.
 * Both live as long as their longest-lived session (expired members are dropped when they would
 * have to give way).
 */
const LUA_KEEP_SETS = `
local function keepSets(left)
  for i = 2, 3 do
    redis.call('ZADD', KEYS[i], ARGV_NOW, ARGV_MEMBER)
    if redis.call('PTTL', KEYS[i]) < left then redis.call('PEXPIRE', KEYS[i], left) end
  end
end
`;

/**
 * A new session within the bounds. KEYS: the session, its address's set, the set of all.
 * ARGV: its JSON, its time to live (ms), now (ms), per address, max sessions, playing (ms), its
 * member, the key prefix, '1' to put back a session only if Redis has none. Answers
 * {'ok' | 'exists' | 'address' | 'full', last request of the idlest refused, ids given way...}.
 * The keys of the sessions that give way are built from the prefix (one Redis, not a cluster).
 */
const ADMIT = script(`
local ARGV_NOW, ARGV_MEMBER = tonumber(ARGV[3]), ARGV[7]
${LUA_KEEP_SETS}
local prefix, playingSince = ARGV[8], ARGV_NOW - tonumber(ARGV[6])
if ARGV[9] == '1' and redis.call('EXISTS', KEYS[1]) == 1 then return {'exists', 0} end
local gone = {}
local function makeRoom(key, limit, reason)
  for _ = 1, 16 do
    if redis.call('ZCARD', key) < limit then return nil end
    local head = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    local member, seen = head[1], tonumber(head[2])
    local id = string.sub(member, 1, 22)
    if seen > playingSince and redis.call('EXISTS', prefix .. id) == 1 then return {reason, seen} end
    if redis.call('DEL', prefix .. id) == 1 then table.insert(gone, id) end
    redis.call('ZREM', KEYS[3], member)
    redis.call('ZREM', prefix .. 'by-address:' .. string.sub(member, 24), member)
  end
  if redis.call('ZCARD', key) < limit then return nil end
  return {reason, ARGV_NOW}
end
local answer = makeRoom(KEYS[2], tonumber(ARGV[4]), 'address') or makeRoom(KEYS[3], tonumber(ARGV[5]), 'full')
if not answer then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  keepSets(tonumber(ARGV[2]))
  answer = {'ok', 0}
end
for _, id in ipairs(gone) do table.insert(answer, id) end
return answer
`);

/**
 * A request of a session. KEYS as ADMIT's. ARGV: its member, now (ms), and its JSON and time to
 * live (ms) to store (only if Redis still has it), or '' and '' when the request stores nothing.
 * Answers 1, or 0 when Redis has no such session (expired, given way, lost).
 */
const TOUCH = script(`
local ARGV_NOW, ARGV_MEMBER = tonumber(ARGV[2]), ARGV[1]
${LUA_KEEP_SETS}
if ARGV[3] ~= '' then
  if not redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4], 'XX') then return 0 end
elseif redis.call('EXISTS', KEYS[1]) == 0 then
  return 0
end
keepSets(redis.call('PTTL', KEYS[1]))
return 1
`);

/**
 * Sessions in Redis: one key per session, its expiry Redis's own (PX).
 *
 * The bounds hold for every process together: each session is also a member of two sorted sets
 * (its address's sessions of its stream, and all sessions) scored by its last request, and a new
 * one is admitted by one script (ADMIT) that makes room or refuses, atomically. Each request
 * moves its session's score (TOUCH, in the save's script, and in the background after a get).
 *
 * A Redis outage must not stop the viewers: each process also keeps the last copy it wrote of
 * the sessions it serves (bounded, the least recently saved dropped first), and serves it when
 * Redis fails or is slow to answer (down, restarting: the writes of that time stay local), or
 * answers that it has no such key although the copy has not expired (a Redis restarted without
 * persistence, or failed over, lost it): the copy is then put back in Redis for the other
 * processes, admitted within the bounds like a new session (a session another process made give
 * way may so come back once, in the place of another idle one; one that finds no room is gone).
 * Sessions opened while Redis is down are this process's alone, outside the bounds. What Redis
 * holds always wins over the copy, which may be one request behind another process's. A session
 * this process has no copy of is a 503 while Redis is down (players retry a 5xx, and the process
 * that has its copy may answer), and a 404 once Redis answers without it. Whoever passed the
 * connection closes it (it is shared with the rate limits).
 *
 * The key prefix may change while running (the platform configuration's redisKey): new writes go
 * under the new prefix, and a session this process kept a copy of is put back under it when first
 * missed there; sessions only other processes kept are not found under the new prefix.
 */
export class RedisSessionStore implements SessionStore {
  private readonly local = new Map<string, LocalCopy>();
  private readonly commandTimeoutMs: number;
  private readonly maxLocalCopies: number;
  private readonly bounds: SessionBounds;

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
    this.bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
  }

  async create(input: NewViewerSession, ttlMs: number) {
    const now = this.now();
    const session: ViewerSession = { ...input, id: newSessionId(), createdAt: now };
    const json = JSON.stringify(session);
    const ttl = Math.max(1, Math.round(ttlMs));
    const keys = this.keysOf(session);
    try {
      this.admitted(await this.admit(keys, json, ttl, now, false), now);
    } catch (error) {
      if (error instanceof SessionRefused) throw error;
      // Redis is down or slow: this process's copy serves the viewer meanwhile (see the class).
      await this.withoutScript(error, () => this.redis.set(keys.session, json, 'PX', ttl));
    }
    this.remember(session.id, { json, expiresAt: now + ttl });
    return session;
  }

  async get(id: string) {
    if (!isSessionId(id)) return undefined;
    const keys = this.keysOf({ id });
    let raw: string | null;
    try {
      raw = await this.command(this.redis.get(keys.session));
    } catch (error) {
      const copy = this.copyOf(id);
      if (!copy) throw new SessionStoreUnavailable(error);
      return parseSession(copy.json, id);
    }
    if (raw !== null) {
      const session = parseSession(raw, id);
      // Counts as a request now; not waited for (the save of the same request moves it again).
      if (session) this.touch(this.keysOf(session), this.now()).catch(() => undefined);
      return session;
    }
    const copy = this.copyOf(id);
    const session = copy && parseSession(copy.json, id);
    if (!copy || !session) return undefined;
    // Redis lost it (or another process made it give way): put it back, within the bounds.
    const now = this.now();
    const ttl = Math.max(1, copy.expiresAt - now);
    const full = this.keysOf(session);
    try {
      this.admitted(await this.admit(full, copy.json, ttl, now, true), now);
    } catch (error) {
      if (error instanceof SessionRefused) {
        this.local.delete(id);
        return undefined;
      }
      await this.withoutScript(error, () => this.redis.set(full.session, copy.json, 'PX', ttl, 'NX'));
    }
    return session;
  }

  async save(session: ViewerSession, ttlMs: number) {
    const json = JSON.stringify(session);
    const ttl = Math.max(1, Math.round(ttlMs));
    const now = this.now();
    this.remember(session.id, { json, expiresAt: now + ttl });
    const keys = this.keysOf(session);
    try {
      // 0: Redis has it no more (it expired, or gave way during this request): it stays gone.
      if ((await this.touch(keys, now, json, ttl)) === 0) this.local.delete(session.id);
    } catch (error) {
      // Redis is down or slow: the copy just kept serves this viewer meanwhile (see the class).
      await this.withoutScript(error, () => this.redis.set(keys.session, json, 'PX', ttl));
    }
  }

  async delete(id: string) {
    if (!isSessionId(id)) return;
    const copy = this.local.get(id);
    this.local.delete(id);
    const keys = this.keysOf({ id });
    await this.command(this.redis.del(keys.session));
    const session = copy && parseSession(copy.json, id);
    if (!session) return; // Its set members go when they would have to give way.
    const full = this.keysOf(session);
    try {
      await this.command(this.redis.multi().zrem(full.group, full.member).zrem(full.all, full.member).exec());
    } catch {
      // They go when they would have to give way.
    }
  }

  /** The connection is the caller's (shared with rate limits): closing the store leaves it open. */
  async close() {
    this.local.clear();
  }

  /** Sessions this process holds a copy of (expired ones included until they are dropped). */
  get localCopies() {
    return this.local.size;
  }

  /** The Redis keys of a session (its sets' only when its stream and viewer are known). */
  private keysOf(session: { id: string } & Partial<Pick<ViewerSession, 'kind' | 'streamId' | 'viewer'>>) {
    const prefix = this.prefixOf();
    const group = session.kind && session.streamId && session.viewer ? groupOf(session as ViewerSession) : '';
    return {
      prefix,
      session: prefix + session.id,
      group: `${prefix}by-address:${group}`,
      all: `${prefix}all`,
      member: `${session.id} ${group}`,
    };
  }

  private admit(
    keys: ReturnType<RedisSessionStore['keysOf']>,
    json: string,
    ttl: number,
    now: number,
    ifAbsent: boolean,
  ) {
    const { perAddress, maxSessions, playingMs } = this.bounds;
    return this.run(
      ADMIT,
      [keys.session, keys.group, keys.all],
      [json, ttl, now, perAddress, maxSessions, playingMs, keys.member, keys.prefix, ifAbsent ? '1' : '0'],
    );
  }

  /** ADMIT's answer: the copies of the sessions that gave way are dropped; a refusal is thrown. */
  private admitted(answer: unknown, now: number) {
    const [verdict, seenAt, ...gone] = Array.isArray(answer) ? (answer as unknown[]) : [];
    for (const id of gone) this.local.delete(String(id));
    if (verdict === 'address' || verdict === 'full') {
      const limit = verdict === 'address' ? this.bounds.perAddress : this.bounds.maxSessions;
      throw new SessionRefused(verdict, limit, this.bounds.playingMs, Number(seenAt), now);
    }
  }

  private touch(keys: ReturnType<RedisSessionStore['keysOf']>, now: number, json = '', ttl?: number) {
    return this.run(TOUCH, [keys.session, keys.group, keys.all], [keys.member, now, json, ttl ?? '']);
  }

  /** A script, by its SHA-1 (sent whole when Redis does not know it yet). */
  private async run(which: { lua: string; sha: string }, keys: string[], args: (string | number)[]) {
    try {
      return await this.command(this.redis.evalsha(which.sha, keys.length, ...keys, ...args));
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.command(this.redis.eval(which.lua, keys.length, ...keys, ...args));
    }
  }

  /**
   * After a script failed: a Redis that answered (it cannot run scripts) gets the plain command,
   * outside the bounds; one that did not answer in time is not asked again (the copy serves).
   */
  private async withoutScript(error: unknown, plain: () => Promise<unknown>) {
    if (error instanceof RedisTimeout) return;
    try {
      await this.command(plain());
    } catch {
      // Down: the local copy serves this viewer meanwhile.
    }
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
        () => reject(new RedisTimeout(`Redis did not answer within ${this.commandTimeoutMs} ms`)),
        this.commandTimeoutMs,
      );
    });
    // A command given up on may still fail later: that is no unhandled rejection.
    pending.catch(() => undefined);
    return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
  }
}
