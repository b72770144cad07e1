import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { rateLimitHook } from '../lib/rate-limit.ts';
import { API_HEADERS, consoleHeaders } from '../lib/security-headers.ts';

/**
 * The OpenAPI extension of an operation only a main administrator may call (the console's Admin
 * API Documentation lists those; its other documentation pages leave them out).
 */
export const MAIN_ADMIN_ONLY_EXTENSION = 'x-main-admin-only';

/** The name of the hook `requireNavigationEntry` (lib/navigation-access.ts) answers. */
const NAVIGATION_GUARD = 'navigationEntryGuard';

type Guard = (request: unknown, reply: unknown) => Promise<unknown>;

/** A caller as a navigation guard sees it: the effective user's role, its customer, login-as. */
interface Caller {
  isMainAdmin: boolean;
  paymentCustomerId: string | null;
  loginAs: boolean;
}

const MAIN_ADMIN: Caller = { isMainAdmin: true, paymentCustomerId: null, loginAs: false };
/**
 * Everyone else: a customer's user with or without a payment customer id, and such a user acted
 * as by a main administrator (login-as). An API token acts as a customer's user.
 */
const OTHER_CALLERS: readonly Caller[] = [null, 'payment-customer'].flatMap((paymentCustomerId) =>
  [false, true].map((loginAs) => ({ isMainAdmin: false, paymentCustomerId, loginAs })),
);

/** Whether every guard lets the caller through (a guard throws its 403 when not). */
async function admitted(guards: readonly Guard[], caller: Caller): Promise<boolean> {
  const request = {
    auth: {
      user: { isMainAdmin: caller.isMainAdmin },
      customer: { paymentCustomerId: caller.paymentCustomerId },
      actor: caller.loginAs ? { isMainAdmin: true } : null,
    },
  };
  const answers = await Promise.all(
    guards.map((guard) =>
      guard(request, { sent: false }).then(
        () => true,
        () => false,
      ),
    ),
  );
  return answers.every(Boolean);
}

/**
 * Whether a route's own navigation guards (`onRequest: requireNavigationEntry(id, …)`, how a route
 * declares whose sidebar entry it serves) admit a main administrator and refuse every other
 * caller. A guard reads nothing but the caller and the runtime flags, so it is asked directly. A
 * route whose area the flags switch off refuses everyone and is not marked.
 */
async function isMainAdminOnly(route: RouteOptions): Promise<boolean> {
  const guards = [route.onRequest ?? []]
    .flat()
    .filter((hook): hook is Guard => typeof hook === 'function' && hook.name === NAVIGATION_GUARD);
  if (guards.length === 0) return false;
  const others = await Promise.all(OTHER_CALLERS.map((caller) => admitted(guards, caller)));
  return !others.some(Boolean) && (await admitted(guards, MAIN_ADMIN));
}

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
  // Hooks on every request are callback-style where they need not wait: an async hook costs a
  // promise and a microtask per request (docs/scale-out.md, "Authenticated reads against bare Fastify").
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = /^\/api(_v1)?\//.test(request.url) && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? API_HEADERS : CONSOLE_HEADERS);
    done();
  });
  // After the security headers, before everything else: refused (401) requests count too.
  app.addHook(
    'onRequest',
    rateLimitHook({
      max: opts.rateLimitMax,
      redis: opts.redis,
      nameSpace: `cuepoint-rl:${opts.rateLimitNamespace ?? ''}`,
    }),
  );
  // Which routes only a main administrator may call, found once as they are registered (their
  // guards answer asynchronously) and settled before the server answers anything: the document's
  // transform below marks their operations.
  const adminOnlyChecks: Promise<void>[] = [];
  const adminOnlyRoutes = new WeakSet<object>();
  app.addHook('onRoute', (route) => {
    adminOnlyChecks.push(
      isMainAdminOnly(route).then((adminOnly) => {
        if (adminOnly) adminOnlyRoutes.add(route);
      }),
    );
  });
  app.addHook('onReady', async () => {
    await Promise.all(adminOnlyChecks.splice(0));
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
    // /api_v1 mirrors /api for the second client: document each route once. An operation only a
    // main administrator may call carries MAIN_ADMIN_ONLY_EXTENSION.
    transform: (input) => {
      if (input.url.startsWith('/api_v1/'))
        return { schema: { ...input.schema, hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      return adminOnlyRoutes.has(input.route)
        ? { ...transformed, schema: { ...transformed.schema, [MAIN_ADMIN_ONLY_EXTENSION]: true } }
        : transformed;
    },
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
