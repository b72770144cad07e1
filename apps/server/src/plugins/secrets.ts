import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSecretBox, loadSecretKey, type SecretBox } from '../lib/secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Seals secrets kept in the database (API tokens); see lib/secret-box.ts. */
    secretBox: SecretBox;
  }
}

export const secretsPlugin = fp(
  async (app: FastifyInstance, opts: { secretKey?: string; dataDir: string }) => {
    app.decorate('secretBox', createSecretBox(loadSecretKey(opts.secretKey, opts.dataDir)));
  },
);
