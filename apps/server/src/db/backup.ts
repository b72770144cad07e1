import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadEnv } from '../config/env.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { MIGRATIONS_FOLDER, openDatabase } from './client.ts';

/**
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs).
 *
 * One archive: a plain tar (`tar -tf` lists it) holding
 * - `manifest.json`: format and version, when, which database kind, the schema's last migration;
 * - the database: `database.tar.gz` (the embedded PGlite's data directory, from its own
 *   `dumpDataDir`, taken with the server stopped: the DATA_DIR lock) or `database.pgdump`
 *   (`pg_dump -Fc`: one consistent snapshot while the servers keep running);
 * - the files kept outside the database, from DATA_DIR: `blobs/` (uploaded logos, certificates,
 *   slates), `creatives/` (conditioned ads) and `secret.key` (the key that opens the sealed
 *   columns, when SECRET_KEY is not set). The archive is therefore as secret as the database.
 *
 * Restore reads the manifest first and refuses a backup of a newer schema than this code knows,
 * a backup of the other database kind, and a target that already holds data (unless `force`);
 * after loading an older schema it runs the pending migrations.
 */

const run = promisify(execFile);

export const BACKUP_FORMAT = 'cuepoint-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** What of DATA_DIR a backup carries besides the database (the mail outbox and lock are left out). */
export const BACKUP_FILES = ['blobs', 'creatives', 'secret.key'] as const;

export interface SchemaVersion {
  /** Applied migrations (rows of drizzle.__drizzle_migrations). */
  applied: number;
  /** The journal index and tag of the last applied migration; null when this code does not know it. */
  index: number | null;
  tag: string | null;
  /** The migration's timestamp in the journal (`when`): what drizzle compares. 0 when none ran. */
  when: number;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; file: string };
  schema: SchemaVersion;
  files: string[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupTarget {
  /** DATA_DIR: the embedded database lives in DATA_DIR/db; the files always live here. */
  dataDir: string;
  /** PostgreSQL (DATABASE_URL); unset means the embedded database. */
  databaseUrl?: string | undefined;
}

/** DATA_DIR and DATABASE_URL as the server reads them (the same defaults, the same checks). */
export function loadBackupEnv(source: NodeJS.ProcessEnv = process.env): BackupTarget {
  const env = loadEnv(source);
  return { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL };
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

export async function readJournal(folder = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function schemaVersion(query: Query): Promise<SchemaVersion> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!exists.rows[0]?.exists) return { applied: 0, index: null, tag: null, when: 0 };
  const { rows } = await query(
    'select count(*)::int as "applied", coalesce(max(created_at), 0)::text as "when" from drizzle.__drizzle_migrations',
  );
  const applied = Number(rows[0]?.applied ?? 0);
  const when = Number(rows[0]?.when ?? 0);
  const entry = (await readJournal()).find((e) => e.when === when);
  return { applied, index: entry?.idx ?? null, tag: entry?.tag ?? null, when };
}

const describe = (schema: SchemaVersion) =>
  schema.tag
    ? `migration ${schema.tag}`
    : schema.applied === 0
      ? 'no migration'
      : `an unknown migration (${schema.when})`;

async function isNonEmptyDir(path: string) {
  return (await readdir(path).catch(() => [] as string[])).length > 0;
}

async function tar(args: string[]) {
  try {
    await run('tar', args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    throw new BackupError(
      `tar ${args[0]} failed: ${(err as { stderr?: string }).stderr || (err as Error).message}`,
    );
  }
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(name, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new BackupError(
        `${name} was not found. A PostgreSQL backup needs the PostgreSQL client programs of your ` +
          "server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client).",
      );
    }
    throw new BackupError(`${name} failed: ${e.stderr?.trim() || e.message}`);
  }
}

async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Writes one backup archive to `out`; answers its manifest. The embedded database must not be in use. */
export async function createBackup(target: BackupTarget & { out: string }): Promise<BackupManifest> {
  const dataDir = resolve(target.dataDir);
  const out = resolve(target.out);
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another file name.`);
  const staging = await mkdtemp(join(tmpdir(), 'cuepoint-backup-'));
  try {
    let manifest: BackupManifest;
    const base = {
      format: BACKUP_FORMAT as typeof BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
    };
    const files = [] as string[];
    if (target.databaseUrl) {
      const url = target.databaseUrl;
      const schema = await withPgClient(url, (c) => schemaVersion((text) => c.query(text)));
      // One snapshot of the whole database (the job queue's schema included), compressed.
      await tool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(staging, 'database.pgdump')}`,
        url,
      ]);
      for (const name of BACKUP_FILES) if (existsSync(join(dataDir, name))) files.push(name);
      manifest = { ...base, database: { kind: 'postgres', file: 'database.pgdump' }, schema, files };
    } else {
      const dbDir = join(dataDir, 'db');
      if (!(await isNonEmptyDir(dbDir))) throw new BackupError(`There is no embedded database in ${dbDir}.`);
      // The same lock as the server's: a running server makes the backup refuse (and vice versa).
      const release = lockDataDir(dataDir);
      try {
        // Opened as the server opens it (the same extensions).
        const database = await openDatabase({ driver: 'pglite', dataDir: dbDir });
        try {
          if (database.queueTarget.driver !== 'pglite') throw new Error('expected PGlite');
          const client = database.queueTarget.client;
          const schema = await schemaVersion((text) => client.query(text));
          const dump = await client.dumpDataDir('gzip');
          await writeFile(join(staging, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
          for (const name of BACKUP_FILES) if (existsSync(join(dataDir, name))) files.push(name);
          manifest = { ...base, database: { kind: 'pglite', file: 'database.tar.gz' }, schema, files };
        } finally {
          await database.close();
        }
      } finally {
        release();
      }
    }
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(resolve(out, '..'), { recursive: true });
    await tar([
      '-cf',
      out,
      // Unfinished uploads and conditioning work directories are not part of the data.
      '--exclude=*.tmp',
      '--exclude=.work-*',
      '-C',
      staging,
      'manifest.json',
      manifest.database.file,
      ...(files.length > 0 ? ['-C', dataDir, ...files] : []),
    ]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The manifest of an archive, checked for its format. */
export async function readManifest(archive: string): Promise<BackupManifest> {
  const dir = await mkdtemp(join(tmpdir(), 'cuepoint-manifest-'));
  try {
    if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
    await tar(['-xf', resolve(archive), '-C', dir, 'manifest.json']);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${archive} is not a Cuepoint backup.`);
    if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
      throw new BackupError(
        `${archive} has backup format ${manifest.formatVersion}; this Cuepoint reads up to ${BACKUP_FORMAT_VERSION}. Upgrade Cuepoint first.`,
      );
    }
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL: true when any table exists outside the system schemas. */
async function postgresHasData(client: pg.Client) {
  const { rows } = await client.query(
    `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return Number(rows[0]?.n) > 0;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations run after loading (an older backup). */
  migrated: number;
  schema: SchemaVersion;
}

/**
 * Restores an archive into the target (an empty one, or any with `force`: its data is replaced),
 * then runs the migrations this code has and the backup had not.
 */
export async function restoreBackup(
  target: BackupTarget & { archive: string; force?: boolean },
): Promise<RestoreResult> {
  const dataDir = resolve(target.dataDir);
  const manifest = await readManifest(target.archive);
  const journal = await readJournal();
  const latest = journal.at(-1)?.when ?? 0;
  if (manifest.schema.when > latest || (manifest.schema.applied > 0 && manifest.schema.index === null)) {
    throw new BackupError(
      `This backup's schema (${describe(manifest.schema)}) is newer than this Cuepoint knows ` +
        `(${journal.at(-1)?.tag ?? 'none'}). Restore it with the Cuepoint version that made it, or a newer one.`,
    );
  }
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This backup is of the embedded database: restore it with DATABASE_URL unset.'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    );
  }
  // Every kind of file a backup may carry, whether this one does or not: a restore replaces them.
  const fileTargets = BACKUP_FILES.map((name) => join(dataDir, name));
  const nonEmptyFiles = [] as string[];
  for (const path of fileTargets) {
    if (path.endsWith('secret.key') ? existsSync(path) : await isNonEmptyDir(path)) nonEmptyFiles.push(path);
  }

  await mkdir(dataDir, { recursive: true });
  const release = kind === 'pglite' ? lockDataDir(dataDir) : undefined;
  const staging = await mkdtemp(join(tmpdir(), 'cuepoint-restore-'));
  try {
    // Refuse before changing anything.
    const dbDir = join(dataDir, 'db');
    const dbHasData =
      kind === 'pglite'
        ? await isNonEmptyDir(dbDir)
        : await withPgClient(target.databaseUrl as string, postgresHasData);
    if (!target.force && (dbHasData || nonEmptyFiles.length > 0)) {
      const what = [
        ...(dbHasData ? [kind === 'pglite' ? dbDir : 'the PostgreSQL database (it has tables)'] : []),
        ...nonEmptyFiles,
      ];
      throw new BackupError(
        `The target is not empty (${what.join(', ')}). Add --force to replace what it holds.`,
      );
    }
    await tar(['-xf', resolve(target.archive), '-C', staging]);

    if (kind === 'pglite') {
      await rm(dbDir, { recursive: true, force: true });
      await mkdir(dbDir, { recursive: true });
      const dump = new Blob([await readFile(join(staging, manifest.database.file))]);
      // Unpacked by PGlite itself; the migrations below open it as the server does.
      const client = new PGlite(dbDir, { loadDataDir: dump });
      await client.waitReady;
      await client.close();
    } else {
      const url = target.databaseUrl as string;
      if (dbHasData) await withPgClient(url, dropEverything);
      await tool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${url}`,
        join(staging, manifest.database.file),
      ]);
    }
    for (const path of fileTargets) await rm(path, { recursive: true, force: true });
    for (const name of manifest.files) await run('cp', ['-a', join(staging, name), join(dataDir, name)]);
  } finally {
    release?.();
    await rm(staging, { recursive: true, force: true });
  }

  // Pending migrations: the same code path as a server start.
  const database =
    kind === 'pglite'
      ? await openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'db') })
      : await openDatabase({ driver: 'postgres', url: target.databaseUrl as string, poolSize: 1 });
  try {
    await database.migrate();
    const query: Query = async (text) => {
      const result = (await database.db.execute(sql.raw(text))) as unknown as {
        rows: Record<string, unknown>[];
      };
      return { rows: result.rows };
    };
    const schema = await schemaVersion(query);
    return { manifest, migrated: schema.applied - manifest.schema.applied, schema };
  } finally {
    await database.close();
  }
}

/** --force on PostgreSQL: every schema but the system ones goes, and an empty `public` is left. */
async function dropEverything(client: pg.Client) {
  const { rows } = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\\_%'`,
  );
  for (const { name } of rows) await client.query(`drop schema "${name.replaceAll('"', '""')}" cascade`);
  await client.query('create schema if not exists public');
}
