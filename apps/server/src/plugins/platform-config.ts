import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PlatformConfigService, platformConfigDefaults } from '../services/platform-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The platform configuration in force for this server's cluster (services/platform-config.ts):
     * the data plane reads it (CDN base, ad handler base, Redis key prefix) through its cache, and
     * the Configuration routes invalidate it after a save.
     */
    platformConfig: PlatformConfigService;
  }
}

export interface PlatformConfigPluginOptions {
  /** PUBLIC_URL (or http://localhost:PORT): the default ad handler. */
  publicUrl: string;
  version: string;
  ttlMs?: number | undefined;
  now?: (() => number) | undefined;
}

/** Decorates `app.platformConfig` (needs `app.db`). */
export const platformConfigPlugin = fp(async (app: FastifyInstance, opts: PlatformConfigPluginOptions) => {
  const defaults = platformConfigDefaults({ publicUrl: opts.publicUrl, version: opts.version });
  app.decorate(
    'platformConfig',
    new PlatformConfigService(app.db, defaults, {
      ...(opts.ttlMs !== undefined ? { ttlMs: opts.ttlMs } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    }),
  );
});
