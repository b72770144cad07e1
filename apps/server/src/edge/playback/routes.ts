/**
 * The playback routes (the data plane), at the root, MediaTailor-like:
 *
 *   GET  /play/live/:streamId/master.m3u8                   a new session, its multivariant playlist
 *   POST /play/live/:streamId/session                       a new session: { manifestUrl, trackingUrl }
 *   GET  /play/live/:streamId/s/:sessionId/master.m3u8      the session's multivariant playlist
 *   GET  /play/live/:streamId/s/:sessionId/r/:n.m3u8        the session's stitched media playlist n
 *   GET  /play/live/:streamId/s/:sessionId/tracking         the session's avails and ads (JSON)
 *
 * and the same under /play/vod/:vodId/ for VOD assets (core's PLAYBACK_PATHS names them all).
 *
 * Each is refused with a 403 when the live stream's Trusted IPs or Blocked IPs refuse the viewer's
 * address (viewer-access.ts), before anything else is done (no session opened, no viewer counted).
 * The segments are not ours: the origin or the CDN serves them.
 *
 * Public (a player has no token) and left out of the OpenAPI document (not part of the API).
 * Answers are never cached (each is one viewer's) and may be read from any origin (players run
 * on customers' pages), errors included.
 */

import { PLAYBACK_PATHS, playbackPath } from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { baseOf, DEFAULT_REDIS_KEY, type PlatformConfigReader } from '../../lib/platform-config-reader.ts';
import type { AdServer } from '../ads/ad-server.ts';
import { decideFromCampaigns } from '../ads/playback.ts';
import type { Conditioner } from '../conditioning/conditioner.ts';
import { playbackPolicy } from '../fetch/policy.ts';
import type { FetchPolicy } from '../fetch/safe-fetch.ts';
import { setStoredRowLog } from '../read-model/stored.ts';
import { BeaconSender } from './beacons.ts';
import { PLAYBACK_LIMITS, type PlaybackLimits } from './limits.ts';
import { LivePlayback, type ServedPlaylist } from './live-playback.ts';
import { OriginProblem, unknownRendition } from './problems.ts';
import { PlaybackRuntime } from './runtime.ts';
import {
  boundsOf,
  MemorySessionStore,
  RedisSessionStore,
  SessionRefused,
  type SessionStore,
  VIEWER_SESSION_KEY,
  type ViewerSession,
} from './sessions.ts';
import type { TrackingDocument } from './tracking.ts';
import { notAllowedFromAddress, setViewerAccessLog, type ViewerAccess } from './viewer-access.ts';
import { VodPlayback } from './vod-playback.ts';

export interface PlaybackPluginOptions {
  /** PUBLIC_URL (or http://localhost:PORT): absolute URLs given to players, and a host always fetched. */
  publicUrl: string;
  /** PLAYBACK_ALLOW_HOSTS: more hosts fetched whatever they resolve to (`host` or `host:port`). */
  allowHosts?: readonly string[] | undefined;
  /** Name resolution of the fetch policy (tests give their own). */
  lookup?: FetchPolicy['lookup'];
  /** The clock of caches, sessions and VAST timestamps (tests move their own). */
  now?: () => number;
  /** Sessions in Redis when the app has a connection (several processes serve one viewer). */
  redis?: Redis | undefined;
  /** A store of the caller's (tests); otherwise Redis's, else in memory. */
  sessions?: SessionStore;
  limits?: Partial<PlaybackLimits>;
  /** MP4 ad creatives conditioned into HLS (absent: they are skipped). */
  conditioner?: Conditioner | undefined;
  /** The built-in ad server (ads/): internal decisions' demand; absent, they have no ads. */
  adServer?: AdServer | undefined;
  /**
   * The platform configuration in force (app.platformConfig): CDNBASE for segment URLs, redisKey
   * for the session keys in Redis. Absent: no platform CDN, the default key prefix.
   */
  platformConfig?: PlatformConfigReader | undefined;
}

const MPEGURL = 'application/vnd.apple.mpegurl';
const HIDDEN = { hide: true } as const;
/**
 * Not limited per address like the console's API: a data plane serves many viewers behind one
 * address (a home, a campus, carrier-grade NAT), each refreshing every few seconds. Abuse is
 * stopped in front of it (CDN, load balancer); a session id is required for anything costly, and
 * the sessions one address may open are bounded per stream (sessions.ts, SessionBounds).
 */
const UNLIMITED = { rateLimit: false } as const;
/**
 * Not in the OpenAPI document, and no automatic HEAD route: a GET here opens a session or moves
 * a viewer's state, which a HEAD must not do.
 */
const GET_OPTIONS = { schema: HIDDEN, exposeHeadRoute: false, config: UNLIMITED } as const;
/** `<n>.m3u8`: a rendition index, nothing else (no path, no sign, no leading zero). */
const RENDITION_FILE = /^(0|[1-9][0-9]{0,3})\.m3u8$/;
const MAX_USER_AGENT = 512;

/** One kind of playback (live streams, VOD assets): its paths and what serves them. */
interface PlaybackKind {
  /** The name of the id parameter in its paths. */
  param: 'streamId' | 'vodId';
  paths: { master: string; session: string; sessionMaster: string; rendition: string; tracking: string };
  /** The explicit session's answer. */
  urls: (id: string, sessionId: string) => { manifestUrl: string; trackingUrl: string };
  player: {
    openSession(
      id: string,
      viewer: ReturnType<typeof viewerOf>,
    ): Promise<{ session: ViewerSession; body: string }>;
    sessionMaster(id: string, sessionId: string): Promise<string>;
    mediaPlaylist(id: string, sessionId: string, index: number): Promise<ServedPlaylist>;
    tracking(id: string, sessionId: string): Promise<TrackingDocument>;
  };
  /**
   * Who may play the resource, for the kinds that have IP lists (live streams; VOD assets have
   * none). Undefined when the resource is unknown: the route answers its own 404.
   */
  access?: (id: string) => Promise<ViewerAccess | undefined>;
}

/** Who opens a session: forwarded to the ad server (VAST macros and headers). */
function viewerOf(request: FastifyRequest) {
  const userAgent = request.headers['user-agent']?.slice(0, MAX_USER_AGENT);
  return { address: request.ip, ...(userAgent ? { userAgent } : {}) };
}

export async function playbackRoutes(app: FastifyInstance, opts: PlaybackPluginOptions) {
  const now = opts.now ?? Date.now;
  const limits = { ...PLAYBACK_LIMITS, ...opts.limits };
  const platformConfig = opts.platformConfig;
  // A stored row read with core's defaults in place of refused values is told in the server's log.
  setStoredRowLog((message) => app.log.warn(message));
  setViewerAccessLog((message) => app.log.warn(message));
  // The Redis key prefix is the configuration's (read at each command, so a change applies at once).
  const sessionPrefix = () => `${platformConfig?.peek().redisKey || DEFAULT_REDIS_KEY}${VIEWER_SESSION_KEY}`;
  // Bounded per address and stream, and in all (limits.ts; sessions.ts says who gives way).
  const bounds = boundsOf(limits);
  const sessions =
    opts.sessions ??
    (opts.redis
      ? // Redis's expiry runs on the wall clock: so do its sessions' times.
        new RedisSessionStore(opts.redis, sessionPrefix, Date.now, { bounds })
      : new MemorySessionStore(now, undefined, bounds));
  const platformCdnBase = platformConfig
    ? async () => baseOf((await platformConfig.current()).values.CDNBASE)
    : undefined;
  app.addHook('onClose', async () => sessions.close());
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const policy = playbackPolicy({ publicUrl, allowHosts: opts.allowHosts, lookup: opts.lookup });
  const beacons = new BeaconSender({ policy, now, log: app.log, timeoutMs: limits.beaconTimeoutMs });
  app.addHook('onClose', async () => beacons.close());
  // One runtime (origin cache, creatives, decisions, beacons, events) for live and VOD alike.
  const runtime = new PlaybackRuntime({
    beacons,
    events: app.events,
    conditioner: opts.conditioner,
    campaigns: opts.adServer && ((request) => decideFromCampaigns(opts.adServer!, request)),
    db: app.db,
    sessions,
    policy,
    limits,
    now,
    platformCdnBase,
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'access-control-allow-origin': '*',
      // Safari plays a cross-origin playlist as a no-cors load, which same-origin would block.
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'no-store',
    });
  });

  // The shared handler answers both with their messages (exposed problems: a refused session is
  // a 503 with its Retry-After) and logs neither as a failure of ours: the log lines are these.
  app.setErrorHandler((error, request) => {
    if (error instanceof SessionRefused) {
      // A full store is the operator's to hear about; an address at its bound (a client opening
      // session after session, or a crowded NAT) would log once per attempt: its 503s say it.
      const log = error.reason === 'full' ? request.log.warn : request.log.debug;
      log.call(
        request.log,
        { reason: error.reason, limit: error.limit },
        'playback: session refused, no room',
      );
    }
    if (error instanceof OriginProblem) request.log.warn({ err: error }, 'playback: origin failure');
    throw error;
  });

  const playlist = (reply: FastifyReply, body: string) => reply.type(MPEGURL).send(body);
  const live = new LivePlayback(runtime);
  const vod = new VodPlayback(runtime);

  const kinds: PlaybackKind[] = [
    {
      param: 'streamId',
      paths: {
        master: PLAYBACK_PATHS.liveMaster,
        session: PLAYBACK_PATHS.liveSession,
        sessionMaster: PLAYBACK_PATHS.liveSessionMaster,
        rendition: PLAYBACK_PATHS.liveRendition,
        tracking: PLAYBACK_PATHS.liveTracking,
      },
      urls: (id, sessionId) => ({
        manifestUrl: `${publicUrl}${playbackPath(PLAYBACK_PATHS.liveSessionMaster, { streamId: id, sessionId })}`,
        trackingUrl: `${publicUrl}${playbackPath(PLAYBACK_PATHS.liveTracking, { streamId: id, sessionId })}`,
      }),
      player: live,
      // The cached config (read once per TTL) carries the parsed lists; an unknown or failing
      // stream is the route's to answer (404, 502).
      access: (id) =>
        live.config(id).then(
          (config) => config.access,
          () => undefined,
        ),
    },
    {
      param: 'vodId',
      paths: {
        master: PLAYBACK_PATHS.vodMaster,
        session: PLAYBACK_PATHS.vodSession,
        sessionMaster: PLAYBACK_PATHS.vodSessionMaster,
        rendition: PLAYBACK_PATHS.vodRendition,
        tracking: PLAYBACK_PATHS.vodTracking,
      },
      urls: (id, sessionId) => ({
        manifestUrl: `${publicUrl}${playbackPath(PLAYBACK_PATHS.vodSessionMaster, { vodId: id, sessionId })}`,
        trackingUrl: `${publicUrl}${playbackPath(PLAYBACK_PATHS.vodTracking, { vodId: id, sessionId })}`,
      }),
      player: {
        openSession: (id, viewer) => vod.openSession(id, viewer),
        sessionMaster: (id, sessionId) => vod.sessionMaster(id, sessionId),
        mediaPlaylist: async (id, sessionId, index) => ({
          body: await vod.mediaPlaylist(id, sessionId, index),
          stale: false,
        }),
        tracking: (id, sessionId) => vod.tracking(id, sessionId),
      },
    },
  ];

  for (const { param, paths, urls, player, access } of kinds) {
    type Params = Record<string, string>;
    const idOf = (request: FastifyRequest) => (request.params as Params)[param] ?? '';
    const sessionOf = (request: FastifyRequest) => (request.params as Params).sessionId ?? '';
    // Viewer access, before the handler: request.ip is the socket's peer, or X-Forwarded-For's
    // address only behind the proxies TRUST_PROXY trusts (app.ts's trustProxy).
    const viewerGate = async (request: FastifyRequest) => {
      const rule = access && (await access(idOf(request)));
      if (rule && !rule.allows(request.ip)) throw notAllowedFromAddress();
    };
    const GATED = { ...GET_OPTIONS, preHandler: viewerGate };

    app.get(paths.master, GATED, async (request, reply) => {
      const { body } = await player.openSession(idOf(request), viewerOf(request));
      return playlist(reply, body);
    });

    app.post(
      paths.session,
      { schema: HIDDEN, config: UNLIMITED, preHandler: viewerGate },
      async (request) => {
        const { session } = await player.openSession(idOf(request), viewerOf(request));
        return urls(idOf(request), session.id);
      },
    );

    // A page's player posting JSON asks first (CORS preflight).
    app.options(paths.session, { schema: HIDDEN, config: UNLIMITED }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .send(),
    );

    app.get(paths.sessionMaster, GATED, async (request, reply) =>
      playlist(reply, await player.sessionMaster(idOf(request), sessionOf(request))),
    );

    app.get(paths.rendition, GATED, async (request, reply) => {
      const file = (request.params as Params).file ?? '';
      const index = RENDITION_FILE.exec(file)?.[1];
      if (index === undefined) throw unknownRendition();
      const served = await player.mediaPlaylist(idOf(request), sessionOf(request), Number(index));
      if (served.stale)
        request.log.warn({ id: idOf(request) }, 'playback: origin failing, last good window served');
      return playlist(reply, served.body);
    });

    app.get(paths.tracking, GATED, async (request) => player.tracking(idOf(request), sessionOf(request)));
  }
}
