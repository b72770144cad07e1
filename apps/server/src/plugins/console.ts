import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIME_CONFIG_GLOBAL, RUNTIME_CONFIG_PATH } from '@cuepoint/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { exposedProblem } from '../lib/request-problem.ts';

export interface ConsoleOptions {
  /** Directory of the Vite build (index.html, assets/). */
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/**
 * A path that names a file (anything under assets/, or a static file's extension): missing, it is
 * a 404, never index.html. Other dotted paths are console routes (/campaign-manager/index.deleted).
 */
const STATIC_FILE =
  /\.(m?js|css|map|html?|json|txt|xml|webmanifest|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|br|gz)$/i;
const looksLikeFile = (path: string) =>
  path.startsWith('/app/assets/') || STATIC_FILE.test(path.split('/').pop() ?? '');

/**
 * Serves the console under /app/: hashed assets with immutable caching and pre-compressed
 * (brotli, gzip) variants, the runtime configuration script (app.runtimeConfig), and index.html
 * for every client route (SPA fallback). `/` redirects to `/app/`.
 */
export const consolePlugin = fp(async (app: FastifyInstance, opts: ConsoleOptions) => {
  const runtimeScript = `window.${RUNTIME_CONFIG_GLOBAL}=Object.freeze(${JSON.stringify(app.runtimeConfig)});\n`;

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/', 302));

  app.get(`/app/${RUNTIME_CONFIG_PATH}`, { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .send(runtimeScript),
  );

  const built = existsSync(join(opts.distDir, 'index.html'));
  if (!built) {
    app.log.warn({ distDir: opts.distDir }, 'console build not found: /app/ answers 503 until it is built');
  } else {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: '/app/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Only the originals are routes; their .br/.gz siblings are picked by Accept-Encoding.
      globIgnore: ['**/*.br', '**/*.gz', '**/index.html'],
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const sendIndex = (reply: import('fastify').FastifyReply) => {
    // A page, not the API, but its reason must not be hidden: the shared handler shows it.
    if (!built) {
      throw exposedProblem(
        503,
        'The console has not been built yet: run npm start (it builds it) or npm run build',
      );
    }
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  };

  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/', 302));
  app.get('/app/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get('/app/*', { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (looksLikeFile(path)) return reply.callNotFound();
    return sendIndex(reply);
  });
});
