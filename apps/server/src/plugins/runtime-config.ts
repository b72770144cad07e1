import type { RuntimeConfig } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The runtime flags (runtimeConfigOf(env)): the console reads them from
     * /app/runtime-config.js, and calls behind a sidebar entry follow the entry's visibility
     * under them (requireNavigationEntry, canSeeEntry), so the server refuses hidden areas too.
     */
    runtimeConfig: Readonly<RuntimeConfig>;
  }
}

/** Decorates the app with the runtime flags, once, for the console and every route. */
export const runtimeConfigPlugin = fp(
  async (app: FastifyInstance, opts: { runtimeConfig: RuntimeConfig }) => {
    app.decorate('runtimeConfig', Object.freeze({ ...opts.runtimeConfig }));
  },
);
