import type { FastifyInstance } from 'fastify';
import { exposedProblem, RequestProblem } from '../../lib/request-problem.ts';
import { adRoutes } from './ad-routes.ts';
import { BeaconLog } from './beacons.ts';
import { type Catalog, CatalogError, DEFAULT_MEDIA_DIR, loadCatalog } from './catalog.ts';
import { DEMO_PREFIX, type DemoContext } from './context.ts';
import { mediaRoutes } from './media-routes.ts';
import { originRoutes } from './origin-routes.ts';

/**
 * The built-in demo, public under /demo/ so that `npm start` plays a stitched stream with no
 * outside service: an origin (the committed content loop as live with SCTE-35 breaks, and as
 * VOD), the committed media files, and an ad server (VAST 4.1 inline, wrapper, empty, slow) with
 * a beacon counter. Hidden from the OpenAPI document: it is a test fixture, not the API.
 *
 * Everything it serves carries `Access-Control-Allow-Origin: *` and a cross-origin resource
 * policy, since players and SSAIs on other origins load it. The routes opt out of the per-address
 * rate limit (a player polls a live playlist every 2 s and fetches a segment as often, and an SSAI
 * on this machine fetches for every viewer from one address), except `slow`, which holds a timer.
 */

export interface DemoPluginOptions {
  /** PUBLIC_URL (or http://localhost:PORT): the origin of every URL in playlists and VAST. */
  publicUrl: string;
  /** The clock, in ms since the epoch; tests pin it. */
  now?: () => number;
  /** The media folder (default apps/server/demo-media). */
  mediaDir?: string;
}

const catalogs = new Map<string, Promise<Catalog>>();

/** The catalog of a media folder, read once per process (apps built in tests share it). */
function catalogOf(dir: string): Promise<Catalog> {
  let loading = catalogs.get(dir);
  if (!loading) {
    loading = loadCatalog(dir);
    catalogs.set(dir, loading);
    loading.catch(() => catalogs.delete(dir));
  }
  return loading;
}

/** The demo's refusals are answered by the shared handler, never cached. */
const NO_STORE = { 'cache-control': 'no-store' } as const;

async function demoRoutes(app: FastifyInstance, opts: DemoPluginOptions) {
  app.addHook('onRequest', async (_request, reply) => {
    // After the root hook's security headers: loosen what would stop a player on another origin.
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  // Preflights, for players that add headers of their own.
  app.options('/*', { schema: { hide: true }, config: { rateLimit: false } }, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', '*')
      .header('access-control-max-age', '86400')
      .send(),
  );
  // Unknown demo paths answer here (with the headers above) rather than in the root handler.
  app.setNotFoundHandler((request) => {
    throw new RequestProblem(404, `No demo route for ${request.method} ${request.url.split('?')[0]}`, {
      headers: NO_STORE,
    });
  });

  let catalog: Catalog;
  const mediaDir = opts.mediaDir ?? DEFAULT_MEDIA_DIR;
  try {
    catalog = await catalogOf(mediaDir);
  } catch (err) {
    // The demo is an extra: the server starts without it, and /demo/* says why (without the
    // folder's path, which only the log shows).
    const why = err instanceof CatalogError ? err.problem : 'its media could not be read';
    app.log.error({ err }, 'demo media unusable: /demo/* answers 503');
    app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, async () => {
      throw exposedProblem(
        503,
        `The demo is unavailable: ${why} (regenerate with: bash scripts/demo-media.sh)`,
        NO_STORE,
      );
    });
    return;
  }

  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  const ctx: DemoContext = {
    catalog,
    base: `${opts.publicUrl.replace(/\/+$/, '')}${DEMO_PREFIX}`,
    now: opts.now ?? Date.now,
    beacons: new BeaconLog(),
    closing: closing.signal,
  };
  await app.register(originRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  await app.register(adRoutes, { ctx });
}

/** Registers the demo under /demo (one line in app.ts). Not wrapped in fastify-plugin: its hooks stay its own. */
export async function demoPlugin(app: FastifyInstance, opts: DemoPluginOptions) {
  await app.register(demoRoutes, { ...opts, prefix: DEMO_PREFIX });
}
