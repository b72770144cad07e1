import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/**
 * What repositories take: the database or a transaction opened on it (a Drizzle PgTransaction is a
 * PgDatabase, so a transaction needs no cast). PGlite and PostgreSQL share the type.
 */
export type DbOrTx = PgDatabase<PgQueryResultHKT, Schema>;
/** The database itself (app.db); its transactions are DbOrTx too. */
export type Db = DbOrTx;
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** Round-trips a trivial query; resolves to the latency in milliseconds or throws. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** How the job queue (pg-boss) reaches the same database: the embedded client, or the URL. */
  queueTarget: { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; url: string };
}

export const MIGRATIONS_FOLDER = new URL('../../drizzle', import.meta.url).pathname;

export type DatabaseOptions =
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { driver: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    // No dataDir: an in-memory database (tests).
    // `loadDataDir`: start from a dumped data directory (the tests' migrated template).
    // pg_trgm: the log viewer's text search index (migration 0015); PostgreSQL ships it too.
    const extensions = { pg_trgm };
    const client = options.dataDir
      ? new PGlite(options.dataDir, { extensions })
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions });
    await client.waitReady;
    const db: Db = drizzlePglite({ client, schema, casing: 'snake_case' });
    return {
      db,
      driver: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: () => timed(db),
      close: () => client.close(),
      queueTarget: { driver: 'pglite', client },
    };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  const lost = (msg: string) => (error: Error) => {
    process.stderr.write(`${JSON.stringify({ level: 40, msg, err: error.message })}\n`);
  };
  // A connection the server closed (restart, failover, admin command, network cut) must not take
  // the process down. Idle: the pool drops it and opens a new one on the next query. Checked out
  // (a query or transaction in progress): the pool listens no more, and an 'error' event nobody
  // listens to is an uncaught exception, so every connection gets its own listener; its query
  // fails with the error (a 503 to the caller) and the pool drops it when it is released.
  pool.on('error', lost('idle PostgreSQL connection lost'));
  pool.on('connect', (client) => {
    client.on('error', lost('PostgreSQL connection lost'));
  });
  // `as never`: drizzle-orm reads the pool through another copy of @types/pg than ours.
  const db: Db = drizzlePg(pool as never, { schema, casing: 'snake_case' });
  return {
    db,
    driver: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => timed(db),
    close: () => pool.end(),
    queueTarget: { driver: 'postgres', url: options.url },
  };
}

async function timed(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
