import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHE, type DemoContext } from './context.ts';
import { DEFAULT_CADENCE } from './schedule.ts';
import {
  BEACON_EVENTS,
  type BeaconEvent,
  emptyVast,
  fillPod,
  inlineVast,
  MAX_POD_SECONDS,
  type VastUrls,
  wrapperVast,
} from './vast.ts';

/**
 * The demo ad server: `/demo/ads/vast` (an inline pod filling `dur` seconds), `/demo/ads/wrapper`
 * (a wrapper around it), `/demo/ads/empty` (no ad), `/demo/ads/slow` (the pod, late), and the
 * beacons their tracking URLs point at, counted in memory (`/demo/ads/beacons`).
 */

export const SLOW_DELAY = { defaultSeconds: 3, maxSeconds: 10 };
const VAST_TYPE = 'application/xml; charset=utf-8';

/** A session id as an SSAI sends it ([A-Za-z0-9._:-], e.g. a UUID): safe in a URL and in XML. */
const SESSION = /^[A-Za-z0-9._:-]{1,128}$/;
const session = z.string().regex(SESSION, 'must be 1 to 128 letters, digits or . _ : -');

const decimalSeconds = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,4}(\.\d{1,3})?$/, 'must be a number of seconds')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min} s`).max(max, `must be at most ${max} s`));

/** The macros an SSAI fills in an ad tag; other query parameters are ignored. */
const adRequest = z.object({
  dur: decimalSeconds(1, MAX_POD_SECONDS).optional(),
  sid: session.optional(),
  // A cache buster: accepted so that tags can carry it, and never written anywhere.
  cb: z.string().max(64, 'must be at most 64 characters').optional(),
});
type AdRequest = z.infer<typeof adRequest>;

const beaconQuery = z.object({
  ev: z.enum(BEACON_EVENTS, { message: `must be one of ${BEACON_EVENTS.join(', ')}` }),
  ad: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be an ad id such as ad1 or wrapper'),
  seq: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'must be a sequence number (1 to 999)')
    .transform(Number)
    .optional(),
  sid: session.optional(),
  // [ERRORCODE] as the player filled it in (or left it, when it did not).
  code: z.string().max(32, 'must be at most 32 characters').optional(),
  cb: z.string().max(64, 'must be at most 64 characters').optional(),
});

export const adRoutes: FastifyPluginAsyncZod<{ ctx: DemoContext }> = async (app, { ctx }) => {
  const q = encodeURIComponent;

  /** URLs for one request: its session id rides along on every beacon. */
  const urlsFor = (sid: string | undefined): VastUrls => ({
    beacon: (event: BeaconEvent, ad: string, sequence?: number) => {
      let url = `${ctx.base}/ads/beacon?ev=${q(event)}&ad=${q(ad)}`;
      if (sequence !== undefined) url += `&seq=${sequence}`;
      if (sid !== undefined) url += `&sid=${q(sid)}`;
      // VAST macros, left for whoever fires the beacon to fill.
      if (event === 'error') url += '&code=[ERRORCODE]';
      return `${url}&cb=[CACHEBUSTING]`;
    },
    media: (file: string) => `${ctx.base}/ads/media/${file.replace(/^ads\//, '')}`,
  });

  const inlineTag = (query: AdRequest) => {
    let url = `${ctx.base}/ads/vast?dur=${query.dur ?? DEFAULT_CADENCE.length}`;
    if (query.sid !== undefined) url += `&sid=${q(query.sid)}`;
    return url;
  };

  const sendVast = (reply: FastifyReply, body: string) =>
    reply.type(VAST_TYPE).header('cache-control', CACHE.dynamic).send(body);

  const pod = (query: AdRequest) =>
    inlineVast(
      fillPod(ctx.catalog.ads, query.dur ?? DEFAULT_CADENCE.length),
      urlsFor(query.sid),
      randomUUID(),
    );

  const vastRoute = { schema: { hide: true, querystring: adRequest }, config: { rateLimit: false } };

  app.get('/ads/vast', vastRoute, async (request, reply) => sendVast(reply, pod(request.query)));

  app.get('/ads/wrapper', vastRoute, async (request, reply) =>
    sendVast(reply, wrapperVast(`${inlineTag(request.query)}&cb=[CACHEBUSTING]`, urlsFor(request.query.sid))),
  );

  app.get('/ads/empty', vastRoute, async (_request, reply) => sendVast(reply, emptyVast()));

  // Rate-limited like the API (the default), unlike the other demo routes: each request holds a
  // timer for up to SLOW_DELAY.maxSeconds.
  app.get(
    '/ads/slow',
    {
      schema: {
        hide: true,
        querystring: adRequest.extend({ delay: decimalSeconds(0, SLOW_DELAY.maxSeconds).optional() }),
      },
    },
    async (request, reply) => {
      const delayMs = Math.round((request.query.delay ?? SLOW_DELAY.defaultSeconds) * 1000);
      // A timer, not a busy wait; it stops when the client hangs up (the response's socket
      // closes before anything was sent) or when the server shuts down (then the answer goes now).
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', onClose);
      ctx.beacons.slow.pending++;
      try {
        await sleep(delayMs, undefined, { signal: AbortSignal.any([gone.signal, ctx.closing]) });
      } catch {
        // Aborted: one of the two cases below.
      } finally {
        ctx.beacons.slow.pending--;
        reply.raw.off('close', onClose);
      }
      if (gone.signal.aborted) {
        ctx.beacons.slow.aborted++;
        request.log.info({ delayMs }, 'slow demo VAST: the client went away before the answer');
        // Nothing to send to: Fastify sends nothing for an aborted request that returns undefined.
        return undefined;
      }
      ctx.beacons.slow.answered++;
      return sendVast(reply, pod(request.query));
    },
  );

  app.get(
    '/ads/beacon',
    { schema: { hide: true, querystring: beaconQuery }, config: { rateLimit: false } },
    async (request, reply) => {
      const { ev, ad, seq, sid, code } = request.query;
      ctx.beacons.record({
        at: new Date(ctx.now()).toISOString(),
        event: ev,
        ad,
        ...(seq !== undefined ? { sequence: seq } : {}),
        ...(sid !== undefined ? { session: sid } : {}),
        ...(code !== undefined ? { code } : {}),
      });
      return reply.code(204).header('cache-control', CACHE.dynamic).send();
    },
  );

  app.get(
    '/ads/beacons',
    {
      schema: { hide: true, querystring: z.object({ sid: session.optional() }) },
      config: { rateLimit: false },
    },
    async (request, reply) =>
      reply.header('cache-control', CACHE.dynamic).send(ctx.beacons.report(request.query.sid)),
  );

  app.delete(
    '/ads/beacons',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (_request, reply) => {
      ctx.beacons.clear();
      return reply.code(204).send();
    },
  );
};
