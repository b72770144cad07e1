/**
 * The built-in ad server's public routes, at the root like /play and /demo (core ADS_PATHS):
 *
 *   GET /ads/vast        VAST 4.2: one avail's pod for a stream (`stream=`) or asset (`vod=`)
 *   GET /ads/vmap        VMAP 1.0: a stream's or asset's breaks, each pod inline as VAST 4.2
 *   GET /ads/impression  the impression beacon the answers carry (signed): counts it and its revenue
 *
 * Query of /ads/vast and /ads/vmap: `stream` or `vod` (the id names the account and its demand),
 * `dur` (the avail's seconds), `pos` (pre, mid or post; /ads/vast), and the viewer when an SSAI asks
 * for one: `ip`, `ua`, `country`, `sid` (a session id: what frequency caps count); `avail` names the
 * break in the diagnostics. Without them the caller's own address and user agent are the viewer's.
 *
 * Public (a player or an SSAI has no token), hidden from the OpenAPI document, never cached, open to
 * any origin, and not under the API's limit per address. Decisions have their own throttle instead:
 * ADS_DECISIONS_PER_MINUTE per client address and stream or asset (429 with Retry-After beyond),
 * so that one anonymous caller cannot hold a campaign's bookings; an SSAI that asks for every
 * viewer from one address is named in ADS_TRUSTED_CALLERS and counted per viewer address it
 * passes (`ip=`). Playback's own decisions (ads/playback.ts) are in-process and not throttled. An
 * unknown id is answered 404, bad input 400 naming the field (/ads/vast's as a VAST document whose
 * `<Error>` names it: players and SSAIs read VAST); an inactive stream or asset, or one of a
 * de-activated account, gets the empty VAST.
 *
 * An impression beacon counts once per serving id, whoever sends it how often (ads/counters.ts):
 * a replay answers 204 and counts nothing.
 */

import { BlockList, isIP } from 'node:net';
import { ADS_PATHS, type AdDecisionData, type BreakOutcome, COUNTRY_CODES } from '@cuepoint/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { keyedLimiter, type LimitVerdict, rateLimitKey } from '../../lib/rate-limit.ts';
import { forbidden, joinFields, notFound, RequestProblem } from '../../lib/request-problem.ts';
import { decisionMessage } from '../events/decision-message.ts';
import { AdServer } from './ad-server.ts';
import type { CampaignDecision } from './decision.ts';
import { drawDemand } from './demand-draw.ts';
import type { CountryLookup } from './geo.ts';
import type { ImpressionClaim } from './impressions.ts';
import type { AdTarget } from './targets.ts';
import { vastAdsOf, vastClock, vastDocument, vastErrorDocument, vmapDocument } from './vast.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in ad server (ads/ad-server.ts): its decisions, for playback's internal demand too. */
    adServer: AdServer;
  }
}

export interface AdsPluginOptions {
  publicUrl: string;
  now?: (() => number) | undefined;
  /** The weighted draws (tests give a seeded one). */
  random?: (() => number) | undefined;
  /** The viewer's country from its address; none: only a `country` given in the query counts. */
  countryOf?: CountryLookup | undefined;
  catalogTtlMs?: number | undefined;
  /** Decisions a minute per client address and stream or asset (ADS_DECISIONS_PER_MINUTE). */
  decisionsPerMinute?: number | undefined;
  /** Addresses and CIDR ranges of trusted SSAIs (ADS_TRUSTED_CALLERS). */
  trustedCallers?: readonly string[] | undefined;
  /** The throttle's counts are shared by every process through it; this process's without. */
  redis?: Redis | undefined;
  /** Key prefix of the throttle in Redis (tests give each app its own). */
  rateLimitNamespace?: string | undefined;
}

/** The default of ADS_DECISIONS_PER_MINUTE. */
export const DECISIONS_PER_MINUTE = 120;

/** A BlockList of the addresses and CIDR ranges (validated by the env's schema). */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

const VAST_TYPE = 'application/xml; charset=utf-8';
const MAX_USER_AGENT = 512;
/** The longest avail asked for (seconds). */
export const MAX_AVAIL_SECONDS = 3_600;

const uuid = z.uuid({ error: 'must be a live stream or VOD asset id (a UUID)' });
const seconds = z
  .string()
  .regex(/^\d{1,5}(\.\d{1,3})?$/, 'must be a number of seconds')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, 'must be at least 1 s')
      .max(MAX_AVAIL_SECONDS, `must be at most ${MAX_AVAIL_SECONDS} s`),
  );
const viewerShape = {
  ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).optional(),
  ua: z.string().max(MAX_USER_AGENT, `must be at most ${MAX_USER_AGENT} characters`).optional(),
  country: z
    .string()
    .transform((c) => c.toUpperCase())
    .refine((c) => COUNTRY_CODES.has(c), 'must be an ISO 3166-1 alpha-2 country code')
    .optional(),
  sid: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1 to 128 letters, digits or . _ : -')
    .optional(),
  avail: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1 to 128 letters, digits or . _ : -')
    .optional(),
  // A cache buster: accepted so that tags can carry it, never read.
  cb: z.string().max(64, 'must be at most 64 characters').optional(),
};
const ONE_OF = 'give either stream or vod';
const targetShape = { stream: uuid.optional(), vod: uuid.optional() };
const oneTarget = (q: { stream?: string | undefined; vod?: string | undefined }, ctx: z.RefinementCtx) => {
  if ((q.stream === undefined) === (q.vod === undefined))
    ctx.addIssue({ code: 'custom', path: [q.stream === undefined ? 'stream' : 'vod'], message: ONE_OF });
};
const vastQuery = z
  .object({
    ...targetShape,
    dur: seconds,
    pos: z.enum(['pre', 'mid', 'post'], { error: 'must be pre, mid or post' }).optional(),
    ...viewerShape,
  })
  .superRefine(oneTarget);
const vmapQuery = z.object({ ...targetShape, dur: seconds, ...viewerShape }).superRefine(oneTarget);
type ViewerQuery = {
  ip?: string | undefined;
  ua?: string | undefined;
  country?: string | undefined;
  sid?: string | undefined;
};

const impressionQuery = z.object({
  c: z.uuid({ error: 'must be a campaign id' }),
  u: z.uuid({ error: 'must be an account id' }),
  r: z.uuid({ error: 'must be a stream or asset id' }),
  m: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a whole number')
    .transform(Number),
  t: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a whole number')
    .transform(Number),
  i: z.uuid({ error: 'must be a serving id' }),
  s: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the beacon’s signature'),
});

/**
 * A bad /ads/vast query: a 400 whose body is VAST, its root `<Error>` naming each field as the
 * JSON problem would (`dur: must be a number of seconds`), since players and SSAIs read VAST.
 * Route-level, the one error body built outside plugins/errors.ts: the shared handler answers in
 * core's JSON error shape for every route, and only this route's bad request is a VAST document
 * (its 404 and 429 stay JSON, thrown like everywhere else). Anything else goes on to the shared
 * handler.
 */
function vastBadRequest(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const fields = error.validation.map((v) => {
    const path = (v.instancePath || '').split('/').filter(Boolean).map(decodeURIComponent);
    return { field: path.join('.') || 'querystring', message: v.message ?? 'Invalid value' };
  });
  return reply
    .code(400)
    .type(VAST_TYPE)
    .send(vastErrorDocument(joinFields(fields)));
}

interface RoutesOptions {
  server: AdServer;
  random: () => number;
  now: () => number;
  /** Counts one decision of a caller (its throttle key); refused beyond the limit. */
  throttle: (key: string) => Promise<LimitVerdict>;
  trusted: BlockList;
}

const routes: FastifyPluginAsyncZod<RoutesOptions> = async (
  app,
  { server, random, now, throttle, trusted },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'no-store',
    });
  });
  const options = (querystring: z.ZodType) =>
    ({ schema: { hide: true, querystring }, exposeHeadRoute: false, config: { rateLimit: false } }) as const;

  /** The stream or asset asked for; a 404 when there is none. */
  const targetOf = async (q: { stream?: string; vod?: string }) => {
    const kind = q.stream !== undefined ? 'liveStream' : 'vod';
    const id = (q.stream ?? q.vod)!;
    const target = await server.target(kind, id);
    if (!target) throw notFound(`No ${kind === 'liveStream' ? 'live stream' : 'VOD asset'} ${id}`);
    return target;
  };

  const viewerOf = (request: FastifyRequest, q: ViewerQuery) => {
    const userAgent = q.ua ?? request.headers['user-agent']?.slice(0, MAX_USER_AGENT);
    return {
      address: q.ip ?? request.ip,
      ...(userAgent ? { userAgent } : {}),
      ...(q.country ? { country: q.country } : {}),
      ...(q.sid ? { key: `session:${q.sid}` } : {}),
    };
  };

  /** One break's pod for the target (its demand drawn), recorded for the break's diagnostics. */
  const decideBreak = async (
    request: FastifyRequest,
    target: AdTarget,
    q: ViewerQuery & { dur: number; avail?: string | undefined },
    position: 'pre' | 'mid' | 'post',
    availId: string,
    startsIn = 0,
  ): Promise<CampaignDecision> => {
    const started = performance.now();
    let decision: CampaignDecision;
    if (!target.active) {
      decision = {
        ads: [],
        candidates: [],
        filled: 0,
        remainder: q.dur,
        slateFallback: true,
        reason: 'no-ad-source',
        notes: [
          `the ${target.kind === 'liveStream' ? 'live stream' : 'VOD asset'} or its account is inactive: no ads`,
        ],
      };
    } else {
      const demand = drawDemand(target, random);
      decision =
        demand.campaignIds === null
          ? {
              ads: [],
              candidates: [],
              filled: 0,
              remainder: q.dur,
              slateFallback: demand.pod?.slateFallback ?? true,
              reason: 'no-demand',
              notes: [demand.none ?? 'no built-in demand'],
            }
          : await server.decide({
              customerId: target.customerId,
              resource: { kind: target.kind, id: target.id },
              position,
              duration: q.dur,
              viewer: viewerOf(request, q),
              podLength: target.podLength,
              pod: demand.pod,
              campaignIds: demand.campaignIds,
              random,
              startsIn,
            });
      if (demand.bundle) decision.notes.unshift(`bundle ${demand.bundle.name}`);
    }
    const data = decisionData(decision, q.dur, request.url, performance.now() - started);
    app.events.record({
      subject: {
        kind: target.kind,
        resourceId: target.id,
        customerId: target.customerId,
        resourceName: target.name,
      },
      action: 'ad-decision',
      level: data.outcome === 'filled' ? 'info' : 'warning',
      message: decisionMessage(data),
      ...(q.sid ? { sessionId: q.sid } : {}),
      availId,
      data,
    });
    return decision;
  };

  /**
   * The throttle: a decision counted per client address and stream or asset; a trusted SSAI's per
   * the viewer address it passes (none passed: not counted). Refused: a 429 with Retry-After.
   */
  const admit = async (
    request: FastifyRequest,
    q: { stream?: string | undefined; vod?: string | undefined; ip?: string | undefined },
  ): Promise<void> => {
    const ip = request.ip;
    const isTrusted = trusted.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
    const address = isTrusted ? q.ip : ip;
    if (address === undefined) return;
    const target = q.stream !== undefined ? `s:${q.stream}` : `v:${q.vod}`;
    const verdict = await throttle(`${rateLimitKey(address)}|${target}`);
    if (verdict.allowed) return;
    throw new RequestProblem(
      429,
      `Too many ad requests for this ${q.stream !== undefined ? 'live stream' : 'VOD asset'}, please retry in ${verdict.retryAfterSeconds} seconds`,
      { headers: { 'retry-after': String(verdict.retryAfterSeconds) } },
    );
  };

  /** A break's id in the diagnostics: given, or the position and the minute (calls then group). */
  const availIdOf = (q: { avail?: string | undefined }, position: string) =>
    q.avail ?? `ads-${position}-${Math.floor(now() / 60_000)}`;

  app.get(ADS_PATHS.vast, { ...options(vastQuery), errorHandler: vastBadRequest }, async (request, reply) => {
    const q = request.query as z.infer<typeof vastQuery>;
    await admit(request, q);
    const target = await targetOf(q);
    const position = q.pos ?? (target.kind === 'vod' ? 'pre' : 'mid');
    const decision = await decideBreak(request, target, q, position, availIdOf(q, position));
    return reply.type(VAST_TYPE).send(vastDocument(vastAdsOf(decision)));
  });

  app.get(ADS_PATHS.vmap, options(vmapQuery), async (request, reply) => {
    const q = request.query as z.infer<typeof vmapQuery>;
    await admit(request, q);
    const target = await targetOf(q);
    const lastCue = target.cuePoints.at(-1) ?? 0;
    const breaks: {
      timeOffset: string;
      breakId: string;
      position: 'pre' | 'mid' | 'post';
      /** Seconds into the content (the post-roll: after the last cue point at least). */
      startsIn: number;
    }[] = [
      { timeOffset: 'start', breakId: 'preroll', position: 'pre', startsIn: 0 },
      ...target.cuePoints.map((s, i) => ({
        timeOffset: vastClock(s),
        breakId: `midroll-${i + 1}`,
        position: 'mid' as const,
        startsIn: s,
      })),
      ...(target.kind === 'vod'
        ? [{ timeOffset: 'end', breakId: 'postroll', position: 'post' as const, startsIn: lastCue }]
        : []),
    ];
    const decided = [];
    // One after the other: each reservation counts before the next break is decided.
    for (const b of breaks) {
      const availId = q.avail ? `${q.avail}-${b.breakId}` : availIdOf({}, b.breakId);
      const decision = await decideBreak(request, target, q, b.position, availId, b.startsIn);
      decided.push({ timeOffset: b.timeOffset, breakId: b.breakId, ads: vastAdsOf(decision) });
    }
    return reply.type(VAST_TYPE).send(vmapDocument(decided));
  });

  app.get(ADS_PATHS.impression, options(impressionQuery), async (request, reply) => {
    const q = request.query as z.infer<typeof impressionQuery>;
    const claim: ImpressionClaim = { c: q.c, u: q.u, r: q.r, m: q.m, t: q.t, i: q.i };
    const verdict = server.verifyImpression(claim, q.s);
    if (verdict === 'forged') throw forbidden('This impression beacon is not one of ours');
    if (verdict === 'expired') throw new RequestProblem(410, 'This impression beacon has expired');
    try {
      // Once per serving id: a replay is answered alike and counts nothing.
      await server.countImpression(claim);
    } catch (error) {
      // The account is gone (its counters with it): nothing to count.
      request.log.warn({ err: error }, 'ads: an impression was not counted');
    }
    return reply.code(204).send();
  });
};

/** A break's decision as the data plane's events keep it (the diagnostics screen reads them). */
export function decisionData(
  decision: CampaignDecision,
  availSeconds: number,
  requestUrl: string,
  latencyMs: number,
): AdDecisionData {
  const adSeconds = decision.filled;
  let outcome: BreakOutcome;
  if (decision.ads.length === 0) outcome = decision.slateFallback ? 'slate' : 'content';
  else if (adSeconds < availSeconds - 0.5) outcome = 'partial';
  else outcome = 'filled';
  return {
    requestUrl: requestUrl.slice(0, 2000),
    latencyMs: Math.round(latencyMs),
    availSeconds,
    adSeconds,
    outcome,
    reason: outcome === 'filled' ? null : (decision.reason ?? null),
    candidates: decision.candidates.slice(0, 50),
    notes: decision.notes.slice(0, 20),
  };
}

/** The ad server (app.adServer) and its routes. */
export const adsPlugin = fp(async (app: FastifyInstance, opts: AdsPluginOptions) => {
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const server = new AdServer({
    db: app.db,
    exclusive: app.database.driver === 'pglite',
    publicUrl: opts.publicUrl,
    // The platform configuration's ADHANDLER, when the app has one (its cache: no wait).
    adHandlerBase: app.hasDecorator('platformConfig') ? () => app.platformConfig.peek().ADHANDLER : undefined,
    now,
    random,
    signer: app.secretBox,
    countryOf: opts.countryOf,
    ...(opts.catalogTtlMs !== undefined ? { catalogTtlMs: opts.catalogTtlMs } : {}),
  });
  app.decorate('adServer', server);
  const throttle = keyedLimiter({
    max: opts.decisionsPerMinute ?? DECISIONS_PER_MINUTE,
    redis: opts.redis,
    nameSpace: `cuepoint-ads:${opts.rateLimitNamespace ?? ''}`,
  });
  await app.register(routes, {
    server,
    random,
    now,
    throttle,
    trusted: addressList(opts.trustedCallers ?? []),
  });
});
