/**
 * A PostgreSQL connection closed by the server while a transaction holds it (a restart, a
 * failover, an administrator's pg_terminate_backend, a network cut) fails that transaction and
 * nothing else: the process lives on and the pool's next query opens a new connection. Without a
 * listener on the checked-out connection, node-postgres emits an 'error' event nobody hears: an
 * uncaught exception that ended the process (found by the cluster test's database cut).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.ts';
import type { Database } from '../client.ts';

// PostgreSQL only: the embedded PGlite has no connections to lose.
describe.skipIf(process.env.CUEPOINT_TEST_DB !== 'postgres')(
  'a PostgreSQL connection lost mid-transaction',
  () => {
    let database: Database;
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);

    beforeAll(async () => {
      database = await freshDatabase();
      process.on('uncaughtException', record);
    });
    afterAll(async () => {
      process.off('uncaughtException', record);
      await database?.close();
    });

    it('fails the transaction, keeps the process, and the next query gets a new connection', async () => {
      const pidOf = async (db: Pick<Database['db'], 'execute'>) =>
        Number(
          ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
            .rows[0]!.pid,
        );
      let held = 0;
      const transaction = database.db.transaction(async (tx) => {
        held = await pidOf(tx);
        // Another connection of the pool ends this one while the transaction holds it, idle: the
        // server's farewell arrives with no query to answer it.
        await database.db.execute(sql`select pg_terminate_backend(${held})`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(held).toBeGreaterThan(0);
      // Let any event still on its way arrive before looking.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);

      const after = await pidOf(database.db);
      expect(after).toBeGreaterThan(0);
      expect(after).not.toBe(held);
    });
  },
);
