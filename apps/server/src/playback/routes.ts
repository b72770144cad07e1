/**
 * The playback routes (the data plane), at the root, MediaTailor-like:
 *
 *   GET  /play/live/:streamId/master.m3u8                   a new session, its multivariant playlist
 *   POST /play/live/:streamId/session                       a new session: { manifestUrl, trackingUrl }
 *   GET  /play/live/:streamId/s/:sessionId/master.m3u8      the session's multivariant playlist
 *   GET  /play/live/:streamId/s/:sessionId/r/:n.m3u8        the session's stitched media playlist n
 *   GET  /play/live/:streamId/s/:sessionId/tracking         the session's avails and ads (JSON)
 *
 * Public (a player has no token) and left out of the OpenAPI document (not part of the API).
 * Answers are never cached (each is one viewer's) and may be read from any origin (players run
 * on customers' pages), errors included.
 */

import type { ErrorResponse } from '@cuepoint/core';
import { PLAYBACK_PATHS, playbackPath } from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { httpReason } from '../lib/request-problem.ts';
import { playbackPolicy } from './fetch-policy.ts';
import { PLAYBACK_LIMITS, type PlaybackLimits } from './limits.ts';
import { LivePlayback } from './live-playback.ts';
import { OriginProblem, unknownRendition } from './problems.ts';
import type { FetchPolicy } from './safe-fetch.ts';
import { MemorySessionStore, RedisSessionStore, type SessionStore } from './sessions.ts';

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
}

const MPEGURL = 'application/vnd.apple.mpegurl';
const HIDDEN = { hide: true } as const;
/**
 * Not in the OpenAPI document, and no automatic HEAD route: a GET here opens a session or moves
 * a viewer's state, which a HEAD must not do.
 */
const GET_OPTIONS = { schema: HIDDEN, exposeHeadRoute: false } as const;
/** `<n>.m3u8`: a rendition index, nothing else (no path, no sign, no leading zero). */
const RENDITION_FILE = /^(0|[1-9][0-9]{0,3})\.m3u8$/;
const MAX_USER_AGENT = 512;

interface StreamParams {
  streamId: string;
}
interface SessionParams extends StreamParams {
  sessionId: string;
}
interface RenditionParams extends SessionParams {
  file: string;
}

/** Who opens a session: forwarded to the ad server (VAST macros and headers). */
function viewerOf(request: FastifyRequest) {
  const userAgent = request.headers['user-agent']?.slice(0, MAX_USER_AGENT);
  return { address: request.ip, ...(userAgent ? { userAgent } : {}) };
}

export async function playbackRoutes(app: FastifyInstance, opts: PlaybackPluginOptions) {
  const now = opts.now ?? Date.now;
  const limits = { ...PLAYBACK_LIMITS, ...opts.limits };
  const sessions =
    opts.sessions ?? (opts.redis ? new RedisSessionStore(opts.redis) : new MemorySessionStore(now));
  app.addHook('onClose', async () => sessions.close());
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const playback = new LivePlayback({
    db: app.db,
    sessions,
    policy: playbackPolicy({ publicUrl, allowHosts: opts.allowHosts, lookup: opts.lookup }),
    limits,
    now,
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'access-control-allow-origin': '*',
      // Safari plays a cross-origin playlist as a no-cors load, which same-origin would block.
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'no-store',
    });
  });

  // The shared handler hides every 5xx message; an origin failure's must reach whoever runs the
  // player. Anything else goes on to the shared handler.
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof OriginProblem)) throw error;
    request.log.warn({ err: error }, 'playback: origin failure');
    const body: ErrorResponse = {
      statusCode: 502,
      error: httpReason(502),
      message: error.message,
      requestId: request.id,
    };
    return reply.code(502).send(body);
  });

  const playlist = (reply: FastifyReply, body: string) => reply.type(MPEGURL).send(body);
  const sessionUrls = (streamId: string, sessionId: string) => ({
    manifestUrl: `${publicUrl}${playbackPath(PLAYBACK_PATHS.liveSessionMaster, { streamId, sessionId })}`,
    trackingUrl: `${publicUrl}${playbackPath(PLAYBACK_PATHS.liveTracking, { streamId, sessionId })}`,
  });

  app.get<{ Params: StreamParams }>(PLAYBACK_PATHS.liveMaster, GET_OPTIONS, async (request, reply) => {
    const { body } = await playback.openSession(request.params.streamId, viewerOf(request));
    return playlist(reply, body);
  });

  app.post<{ Params: StreamParams }>(PLAYBACK_PATHS.liveSession, { schema: HIDDEN }, async (request) => {
    const { session } = await playback.openSession(request.params.streamId, viewerOf(request));
    return sessionUrls(request.params.streamId, session.id);
  });

  // A page's player posting JSON asks first (CORS preflight).
  app.options(PLAYBACK_PATHS.liveSession, { schema: HIDDEN }, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send(),
  );

  app.get<{ Params: SessionParams }>(
    PLAYBACK_PATHS.liveSessionMaster,
    GET_OPTIONS,
    async (request, reply) => {
      const { streamId, sessionId } = request.params;
      return playlist(reply, await playback.sessionMaster(streamId, sessionId));
    },
  );

  app.get<{ Params: RenditionParams }>(PLAYBACK_PATHS.liveRendition, GET_OPTIONS, async (request, reply) => {
    const { streamId, sessionId, file } = request.params;
    const index = RENDITION_FILE.exec(file)?.[1];
    if (index === undefined) throw unknownRendition();
    const served = await playback.mediaPlaylist(streamId, sessionId, Number(index));
    if (served.stale) request.log.warn({ streamId }, 'playback: origin failing, last good window served');
    return playlist(reply, served.body);
  });

  app.get<{ Params: SessionParams }>(PLAYBACK_PATHS.liveTracking, GET_OPTIONS, async (request) =>
    playback.tracking(request.params.streamId, request.params.sessionId),
  );
}
