import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';

/** The committed migrations in journal order (apps/server/drizzle/meta/_journal.json). */
export async function journalEntries(): Promise<{ idx: number; tag: string; when: number }[]> {
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  return journal.entries;
}

/**
 * A migrations folder holding only migrations 0..n, as a release that ended at n shipped it: the
 * database it migrates is what a user of that release has (drizzle records the same hashes and
 * timestamps, so the real folder later applies only what follows n).
 */
export async function migrationsUpTo(n: number): Promise<string> {
  const entries = (await journalEntries()).slice(0, n + 1);
  const folder = await mkdtemp(join(tmpdir(), `cuepoint-migrations-${n}-`));
  await mkdir(join(folder, 'meta'));
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    await copyFile(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** Applies migrations 0..n (only) to a database. */
export async function migrateUpTo(database: Database, n: number) {
  const migrationsFolder = await migrationsUpTo(n);
  if (database.driver === 'pglite') await migratePglite(database.db as never, { migrationsFolder });
  else await migratePg(database.db as never, { migrationsFolder });
}

/**
 * Empties a database the way a fresh one is: every schema but the system ones dropped (the
 * migrations' tables, drizzle's journal, extensions), an empty `public` left.
 */
export async function dropAllSchemas(database: Database) {
  const result = (await database.db.execute(
    sql.raw(`select nspname as name from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\\_%'`),
  )) as unknown as { rows: { name: string }[] };
  for (const { name } of result.rows) await database.db.execute(sql.raw(`drop schema "${name}" cascade`));
  await database.db.execute(sql.raw('create schema public'));
}

let emptyPglite: Promise<Blob> | undefined;
/**
 * An empty PGlite data directory (tar): the run's template (test/global-setup.ts) with every schema
 * dropped, since a new PGlite's initdb costs seconds of CPU and loading a dump far less.
 */
export function emptyPgliteDump(): Promise<Blob> {
  emptyPglite ??= (async () => {
    const database = await openDatabase({
      driver: 'pglite',
      loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
    });
    try {
      await dropAllSchemas(database);
      if (database.queueTarget.driver !== 'pglite') throw new Error('expected PGlite');
      return await database.queueTarget.client.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return emptyPglite;
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server: its URL and a function dropping it. */
export async function emptyPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test project');
  const name = `cuepoint_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
