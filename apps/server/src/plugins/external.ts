import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { httpReason } from '../lib/request-problem.ts';
import { API_HEADERS, consoleHeaders } from '../lib/security-headers.ts';

export interface ExternalOptions {
  rateLimitMax: number;
  redis?: Redis | undefined;
  rateLimitNamespace?: string | undefined;
  version: string;
  /** The data plane's origins the console's preview player fetches from (its CSP allows them). */
  playbackOrigins?: readonly string[];
}

/**
 * Third-party plugins, registered first: security headers, rate limit, OpenAPI. (No
 * @fastify/sensible: refusals are thrown as RequestProblems, lib/request-problem.ts.)
 */
export const externalPlugins = fp(async (app: FastifyInstance, opts: ExternalOptions) => {
  // Security headers (helmet's, computed once): API answers get the lean JSON set, everything
  // else (console, API docs) the console's CSP; Swagger UI replaces the CSP on its own pages.
  const CONSOLE_HEADERS = consoleHeaders(opts.playbackOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const isApi = /^\/api(_v1)?\//.test(request.url) && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? API_HEADERS : CONSOLE_HEADERS);
  });
  await app.register(rateLimit, {
    // Applied below as a root onRequest hook rather than per route: route-level hooks run after
    // the authentication hook, so refused (401) requests would never count.
    global: false,
    max: opts.rateLimitMax,
    timeWindow: '1 minute',
    ...(opts.redis ? { redis: opts.redis, nameSpace: `cuepoint-rl:${opts.rateLimitNamespace ?? ''}` } : {}),
    // Redis down or hung: requests go on unlimited for that time rather than failing (500): the
    // data plane's viewers keep playing from their sessions' local copies (playback/sessions.ts).
    skipOnError: true,
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      error: httpReason(429),
      message: `Too many requests, please retry in ${Math.ceil(context.ttl / 1000)} seconds`,
      requestId: request.id,
    }),
  });
  const limit = app.rateLimit();
  app.addHook('onRequest', async function (request, reply) {
    // Routes opt out with config.rateLimit = false (health probes from load balancers).
    if ((request.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit === false) return;
    await limit.call(this, request, reply);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cuepoint API',
        description: 'API of the Cuepoint console: accounts, streams, ad demand and administration.',
        version: opts.version,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    // /api_v1 mirrors /api for the second client: document each route once.
    transform: (input) =>
      input.url.startsWith('/api_v1/')
        ? { schema: { ...input.schema, hide: true }, url: input.url }
        : jsonSchemaTransform(input),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The console may be served over plain HTTP on a private network: do not force HTTPS there.
    // Swagger UI sets inline styles at run time; its scripts stay hash/self-only.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
  });
});
