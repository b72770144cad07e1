import { createServer, type Server, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../database-errors.ts';

// What a request meets when PostgreSQL's connection is cut while it writes: the cluster test cuts
// it under load and expects every write to answer 201 or 503 (Retry-After), never a 500. These
// cut a real connection (a TCP proxy in front of TEST_DATABASE_URL's server) at each point of a
// transaction and check the error the caller gets is read as "the database is unavailable".
// PostgreSQL's project only: the embedded database has no connection to cut.
const ADMIN_URL = process.env.CUEPOINT_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

/** A proxy in front of PostgreSQL; `cut()` resets every connection through it. */
async function cable(target: URL) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    sockets.add(client);
    sockets.add(upstream);
    upstream.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut() {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!ADMIN_URL)(
  'a PostgreSQL connection cut during a write (the server:postgres project)',
  () => {
    const closing: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const close of closing.splice(0).reverse()) await close().catch(() => {});
    });

    async function throughCable() {
      const target = new URL(ADMIN_URL!);
      const proxy = await cable(target);
      closing.push(proxy.close);
      const url = new URL(ADMIN_URL!);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 });
      closing.push(database.close);
      return { db: database.db, cut: proxy.cut };
    }

    /** The error a transaction ends in when the connection is cut at `when`. */
    async function errorOf(when: 'before a query' | 'during a query' | 'before commit') {
      const { db, cut } = await throughCable();
      await db.execute(sql`select 1`); // a connection in the pool, through the proxy
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          if (when === 'before a query') {
            cut();
            await tx.execute(sql`select 2`);
          } else if (when === 'during a query') {
            const slow = tx.execute(sql`select pg_sleep(2)`);
            setTimeout(cut, 100);
            await slow;
          } else {
            cut();
          }
        });
      } catch (error) {
        return error;
      }
      return null;
    }

    it.each(['before a query', 'during a query', 'before commit'] as const)(
      'cut %s: the transaction fails with an error read as unavailable (503), not a 500',
      async (when) => {
        const error = await errorOf(when);
        expect(error, 'the transaction failed').toBeInstanceOf(Error);
        expect(
          isDatabaseUnavailable(error),
          `${(error as Error).message} / ${((error as Error).cause as Error)?.message}`,
        ).toBe(true);
      },
    );
  },
);
