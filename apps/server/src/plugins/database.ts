import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Makes the database available to routes; the owner of the connection closes it on shutdown. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.closeOnShutdown) {
      app.addHook('onClose', async () => {
        // Work queued after answers (mails, file releases) by requests that finished during the
        // shutdown still needs the database: let it end first.
        await app.blobStorage?.settled();
        await app.settled?.();
        await opts.database.close();
      });
    }
  },
);
