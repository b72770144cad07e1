import { randomUUID } from 'node:crypto';
import { API_PREFIX, API_V1_PREFIX } from '@cuepoint/core';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { alarmsPlugin } from './alarms/plugin.ts';
import { type Env, runtimeConfigOf } from './config/env.ts';
import type { Database } from './db/client.ts';
import {
  adsPlugin,
  conditioningPlugin,
  countryLookup,
  demoPlugin,
  eventsPlugin,
  ffmpegOf,
  playbackRoutes,
  playoutOrigin,
  type RetentionSweeps,
} from './edge/index.ts';
import { type LoggerChoice, loggerOptions, OneLinePerRequest, requestLoggerFactory } from './lib/logging.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { WriteBatch } from './lib/write-batching.ts';
import { authPlugin } from './plugins/auth.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { billingPlugin } from './plugins/billing.ts';
import { blobsPlugin } from './plugins/blobs.ts';
import { consolePlugin } from './plugins/console.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandling } from './plugins/errors.ts';
import { externalPlugins } from './plugins/external.ts';
import { healthPlugin } from './plugins/health.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { mailPlugin } from './plugins/mail.ts';
import { platformConfigPlugin } from './plugins/platform-config.ts';
import { resourceCountsPlugin } from './plugins/resource-counts.ts';
import { runtimeConfigPlugin } from './plugins/runtime-config.ts';
import { secretsPlugin } from './plugins/secrets.ts';
import { purgeEndedAuthWindows } from './repositories/auth-failures.ts';
import { healthRoutes } from './routes/health/index.ts';
import { apiRoutes } from './routes/index.ts';
import { mailNotifications, notifyConditioning } from './services/notifications.ts';
import { reportSchedulePlugin } from './services/report-schedule.ts';
import { VERSION } from './version.ts';

/** The API side's rows swept with the data plane's retention (edge/events/retention.ts). */
export const RETENTION_SWEEPS: RetentionSweeps = { authFailures: purgeEndedAuthWindows };

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Close the database when the app closes (the process owns it); tests keep theirs. */
  closeDatabase?: boolean;
  redis?: Redis | undefined;
  /** Key prefix of the Redis rate-limit counters (tests isolate themselves with it). */
  rateLimitNamespace?: string;
  /** Log lines (redacted, one per request); none when unset. */
  logger?: LoggerChoice;
  webDist: string;
  /** The data plane's and the demo's clock (tests move it); the wall clock by default. */
  clock?: () => number;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the server: external plugins, then the app's own, then the routes. */
/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function trusting the nearest
 * `hops` addresses (the socket's peer is hop 0): Fastify 5 takes a bare number as "trust
 * nobody", so every client behind the proxy would share its address (rate and sign-in limits).
 */
export function trustProxyOption(
  value: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ? loggerOptions(opts.logger) : false,
    // One line per request, not Fastify's two.
    logController: new OneLinePerRequest(),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: opts.env.BODY_LIMIT,
    trustProxy: trustProxyOption(opts.env.TRUST_PROXY),
    // An incoming X-Request-Id is kept when well-formed (genReqId), else replaced.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
    // Slow-client limits (a body trickled a byte at a time must not hold a socket for ever).
    requestTimeout: opts.env.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(opts.env.HEADERS_TIMEOUT_MS, opts.env.REQUEST_TIMEOUT_MS),
      // How often Node checks those limits (its default, 30 s, would let them overrun by as much).
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(5_000, Math.floor(opts.env.HEADERS_TIMEOUT_MS / 2)),
      ),
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The console sends Content-Type: application/json on every request (spec section 7), bodiless
  // ones too: an empty body is no body, anything else goes through Fastify's safe JSON parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Answers are written together, once per turn of the event loop (lib/write-batching.ts).
  const writes = new WriteBatch((err) => app.log.error({ err }, 'writing an answer failed'));
  app.addHook('onSend', (_request, _reply, _payload, done) => writes.defer(done));

  // 1. external
  await app.register(externalPlugins, {
    rateLimitMax: opts.env.RATE_LIMIT_MAX,
    redis: opts.redis,
    rateLimitNamespace: opts.rateLimitNamespace,
    version: VERSION,
    playbackOrigins: [opts.env.PUBLIC_URL ?? `http://localhost:${opts.env.PORT}`, opts.env.PLAYBACK_URL]
      .filter((u): u is string => u !== undefined)
      .map((u) => new URL(u).origin),
  });
  // 2. app
  await app.register(errorHandling);
  // Strings no database can store (NUL, lone surrogates) are refused for every route, by field.
  await app.register(inputGuard);
  await app.register(databasePlugin, {
    database: opts.database,
    closeOnShutdown: opts.closeDatabase ?? false,
  });
  await app.register(backgroundPlugin);
  // What /api/health checks (the database, Redis), cached for a second.
  await app.register(healthPlugin, { redis: opts.redis });
  // The platform configuration in force (app.platformConfig): the data plane reads it, cached.
  await app.register(platformConfigPlugin, {
    publicUrl: opts.env.PUBLIC_URL ?? `http://localhost:${opts.env.PORT}`,
    version: VERSION,
  });
  // The data plane's events and per-minute counters (events/), written in batches.
  await app.register(eventsPlugin, {
    env: opts.env,
    redis: opts.redis,
    sweeps: RETENTION_SWEEPS,
    ...(opts.clock ? { now: opts.clock } : {}),
  });
  await app.register(secretsPlugin, { secretKey: opts.env.SECRET_KEY, dataDir: opts.env.DATA_DIR });
  await app.register(blobsPlugin, {
    dataDir: opts.env.DATA_DIR,
    publicUrl: opts.env.PUBLIC_URL ?? `http://localhost:${opts.env.PORT}`,
  });
  await app.register(authPlugin);
  await app.register(resourceCountsPlugin);
  await app.register(mailPlugin, { env: opts.env });
  // Billing's clock, tax rate and payment providers (app.billing).
  await app.register(billingPlugin, { env: opts.env, clock: opts.clock });
  // The runtime flags, decorated once (app.runtimeConfig): the console serves them, and they
  // decide who may call what sits behind a sidebar entry.
  const role = opts.env.ROLE;
  const serves = { api: role !== 'edge', edge: role !== 'api' };
  const publicUrl = opts.env.PUBLIC_URL ?? `http://localhost:${opts.env.PORT}`;
  // ffmpeg, looked for once: the console is told whether MP4 ad creatives can be conditioned.
  const ffmpeg = await ffmpegOf(opts.env);
  await app.register(conditioningPlugin, {
    env: opts.env,
    database: opts.database,
    publicUrl,
    serveFiles: serves.edge,
    ffmpeg,
    // A saved creative's conditioning settled: its customers' users are notified, then mailed.
    notify: async (outcome) => {
      const notified = await opts.database.db.transaction((tx) => notifyConditioning(tx, outcome));
      await mailNotifications(app, notified);
    },
  });
  if (serves.api)
    await app.register(alarmsPlugin, { intervalMs: opts.env.ALARM_EVALUATION_MS, clock: opts.clock });
  // Saved reports mailed on their schedule (daily or weekly), checked every minute.
  if (serves.api) await app.register(reportSchedulePlugin, { intervalMs: 60_000, clock: opts.clock });
  await app.register(runtimeConfigPlugin, {
    runtimeConfig: { ...runtimeConfigOf(opts.env), TRANSCODING: ffmpeg.available ? 1 : 0 },
  });
  if (serves.api) await app.register(consolePlugin, { distDir: opts.webDist });
  // 3. routes
  if (serves.api) {
    await app.register(apiRoutes, { prefix: API_PREFIX, version: VERSION });
    await app.register(apiRoutes, { prefix: API_V1_PREFIX, version: VERSION });
  } else {
    // An edge answers its health check where a load balancer looks for it.
    await app.register(healthRoutes, { prefix: API_PREFIX, version: VERSION });
  }
  if (serves.edge) {
    // The built-in ad server (app.adServer) and its public /ads/ routes (ads/routes.ts).
    await app.register(adsPlugin, {
      publicUrl,
      now: opts.clock,
      countryOf: countryLookup(),
      decisionsPerMinute: opts.env.ADS_DECISIONS_PER_MINUTE,
      trustedCallers: opts.env.ADS_TRUSTED_CALLERS,
      redis: opts.redis,
      rateLimitNamespace: opts.rateLimitNamespace,
    });
    // The data plane: public playback URLs at the root (routes: playback/routes.ts).
    await app.register(playbackRoutes, {
      publicUrl,
      conditioner: app.conditioner,
      adServer: app.adServer,
      platformConfig: app.platformConfig,
      allowHosts: opts.env.PLAYBACK_ALLOW_HOSTS,
      redis: opts.redis,
      limits: {
        sessionsPerAddress: opts.env.PLAYBACK_SESSIONS_PER_ADDRESS,
        maxSessions: opts.env.PLAYBACK_MAX_SESSIONS,
      },
      ...(opts.clock ? { now: opts.clock } : {}),
    });

    await app.register(playoutOrigin, {
      publicUrl,
      allowHosts: opts.env.PLAYBACK_ALLOW_HOSTS,
      now: opts.clock,
    });
    // The built-in demo origin and ad server, public under /demo/ (demo/index.ts).
    await app.register(demoPlugin, {
      publicUrl,
      ...(opts.clock ? { now: opts.clock } : {}),
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
