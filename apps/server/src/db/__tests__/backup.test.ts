import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createFileBlobStore } from '../../lib/blob-store.ts';
import { lockDataDir } from '../../lib/data-dir-lock.ts';
import { recordBlob } from '../../repositories/blobs.ts';
import { loginAs, testApp } from '../../test/helpers.ts';
import {
  emptyPgliteDump,
  emptyPostgresDatabase,
  journalEntries,
  migrateUpTo,
} from '../../test/migrations.ts';
import { BackupError, createBackup, readManifest, restoreBackup } from '../backup.ts';
import { type Database, openDatabase } from '../client.ts';
import { customers } from '../schema/index.ts';
import { DEMO_ACCOUNTS } from '../seed.ts';

const run = promisify(execFile);
const ROOT = new URL('../../../../../', import.meta.url).pathname;
const onPostgres = process.env.CUEPOINT_TEST_DB === 'postgres';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A target: a new DATA_DIR, and on PostgreSQL a new database; `seeded` starts it from the run's template. */
async function target(start: 'seeded' | 'empty') {
  const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-backup-test-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (onPostgres) {
    const { url, drop } = await emptyPostgresDatabase(
      start === 'seeded' ? inject('postgresTemplate') : undefined,
    );
    cleanups.push(drop);
    return { dataDir, databaseUrl: url };
  }
  if (start === 'seeded') {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const client = new PGlite(join(dataDir, 'db'), { loadDataDir: template });
    await client.waitReady;
    await client.close();
  }
  return { dataDir, databaseUrl: undefined as string | undefined };
}

type Target = Awaited<ReturnType<typeof target>>;

function open(t: Target): Promise<Database> {
  return t.databaseUrl
    ? openDatabase({ driver: 'postgres', url: t.databaseUrl, poolSize: 2 })
    : openDatabase({ driver: 'pglite', dataDir: join(t.dataDir, 'db') });
}

/** Every row of every table of the public and drizzle schemas, in a stable order. */
async function everyRow(database: Database) {
  const rows = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const all: Record<string, unknown[]> = {};
  for (const { s, t } of tables) {
    const content = await rows(`select * from "${s}"."${t}"`);
    all[`${s}.${t}`] = content.map((r) => JSON.stringify(r)).sort();
  }
  return all;
}

const cli = (script: 'backup' | 'restore', args: string[], t: Target) =>
  run(process.execPath, [join(ROOT, `scripts/${script}.mjs`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? '' },
  });

const archiveDir = await mkdtemp(join(tmpdir(), 'cuepoint-archives-'));
cleanups.push(() => rm(archiveDir, { recursive: true, force: true }));
const LOGO = Buffer.from('\x89PNG\r\n\x1a\n not really a png, but bytes to compare');

// A file-backed PGlite is opened and closed several times per test (each open reads the whole data
// directory), and the CLI tests start two processes: slow on a busy machine.
describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, {
  timeout: 300_000,
}, () => {
  it('round-trips the rows, the uploaded files and the secret key through npm run backup / restore', async () => {
    const source = await target('seeded');
    const database = await open(source);
    const store = await createFileBlobStore(join(source.dataDir, 'blobs'));
    const key = await store.put('public', 'png', LOGO);
    const [demo] = await database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.subDomainName, DEMO_ACCOUNTS.customer.customer.subDomainName));
    await recordBlob(
      database.db,
      {
        key,
        namespace: 'public',
        customerId: demo!.id,
        sizeBytes: LOGO.length,
        contentType: 'image/png',
      },
      1_000_000_000,
    );
    await writeFile(join(source.dataDir, 'secret.key'), 'ab'.repeat(32), { mode: 0o600 });
    const before = await everyRow(database);
    await database.close();

    const archive = join(archiveDir, 'round-trip.tar');
    if (!source.databaseUrl) {
      // The embedded database is copied only while no server holds DATA_DIR (this process plays one).
      const release = lockDataDir(source.dataDir);
      try {
        await expect(cli('backup', ['--out', archive], source)).rejects.toMatchObject({
          stderr: expect.stringContaining('Another Cuepoint process'),
        });
      } finally {
        release();
      }
      expect(existsSync(archive)).toBe(false);
    }
    const backup = await cli('backup', ['--out', archive], source);
    expect(backup.stdout).toContain(`Backup written to ${archive}`);
    const manifest = await readManifest(archive);
    const entries = await journalEntries();
    expect(manifest).toMatchObject({
      format: 'cuepoint-backup',
      formatVersion: 1,
      database: { kind: onPostgres ? 'postgres' : 'pglite' },
      schema: { applied: entries.length, index: entries.at(-1)!.idx, tag: entries.at(-1)!.tag },
      files: ['blobs', 'secret.key'],
    });
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 600_000);

    const restored = await target('empty');
    const restore = await cli('restore', [archive], restored);
    expect(restore.stdout).toContain('Restored the backup');
    expect(await readFile(join(restored.dataDir, 'blobs/public', key))).toEqual(LOGO);
    expect(await readFile(join(restored.dataDir, 'secret.key'), 'utf8')).toBe('ab'.repeat(32));

    const again = await open(restored);
    expect(await everyRow(again)).toEqual(before);
    // The restored database serves the app: a seeded user signs in, the file is served.
    const app = await testApp({ database: again, env: { DATA_DIR: restored.dataDir } });
    try {
      await loginAs(app, 'customer');
      const file = await app.inject({ method: 'GET', url: `/files/${key}` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload).toEqual(LOGO);
    } finally {
      await app.close();
      await again.close();
    }

    // A target that holds data is refused, and replaced with --force.
    await expect(cli('restore', [archive], restored)).rejects.toMatchObject({
      stderr: expect.stringContaining('The target is not empty'),
    });
    await expect(restoreBackup({ ...restored, archive })).rejects.toThrow(BackupError);
    const forced = await restoreBackup({ ...restored, archive, force: true });
    expect(forced.migrated).toBe(0);
    const third = await open(restored);
    try {
      expect(await everyRow(third)).toEqual(before);
    } finally {
      await third.close();
    }
  });

  it('restores an older schema and runs the pending migrations', async () => {
    const entries = await journalEntries();
    const older = entries.length - 4;
    const source = await target('empty');
    if (!source.databaseUrl) {
      const client = new PGlite(join(source.dataDir, 'db'), { loadDataDir: await emptyPgliteDump() });
      await client.waitReady;
      await client.close();
    }
    const database = await open(source);
    await migrateUpTo(database, older);
    await database.db.execute(sql`insert into customers (name, sub_domain_name) values ('Old Co', 'oldco')`);
    await database.close();
    const archive = join(archiveDir, 'older.tar');
    const manifest = await createBackup({ ...source, out: archive });
    expect(manifest.schema).toMatchObject({ applied: older + 1, tag: entries[older]!.tag });
    expect(manifest.files).toEqual([]);

    const restored = await target('empty');
    const result = await restoreBackup({ ...restored, archive });
    expect(result.migrated).toBe(entries.length - older - 1);
    expect(result.schema.tag).toBe(entries.at(-1)!.tag);
    const again = await open(restored);
    try {
      const rows = await again.db.select({ name: customers.name }).from(customers);
      expect(rows).toEqual([{ name: 'Old Co' }]);
    } finally {
      await again.close();
    }
  });

  it('refuses a backup of a newer schema and leaves the target untouched', async () => {
    const source = await target('seeded');
    const database = await open(source);
    const latest = (await journalEntries()).at(-1)!.when;
    await database.db.execute(
      sql.raw(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${latest + 1000})`,
      ),
    );
    await database.close();
    const archive = join(archiveDir, 'newer.tar');
    const manifest = await createBackup({ ...source, out: archive });
    expect(manifest.schema).toMatchObject({ index: null, tag: null, when: latest + 1000 });

    const restored = await target('empty');
    await expect(restoreBackup({ ...restored, archive })).rejects.toThrow(/newer than this Cuepoint knows/);
    if (restored.databaseUrl) {
      const check = await open(restored);
      try {
        const tables = (await check.db.execute(
          sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
        )) as unknown as { rows: { n: number }[] };
        expect(tables.rows[0]!.n).toBe(0);
      } finally {
        await check.close();
      }
    } else {
      expect(existsSync(join(restored.dataDir, 'db'))).toBe(false);
    }
  });

  it('refuses a backup of the other database kind and a non-backup file', async () => {
    const archive = join(archiveDir, 'round-trip.tar');
    if (!existsSync(archive)) throw new Error('the round trip test writes this archive first');
    const elsewhere = onPostgres
      ? { dataDir: await mkdtemp(join(tmpdir(), 'cuepoint-backup-test-')) }
      : {
          dataDir: await mkdtemp(join(tmpdir(), 'cuepoint-backup-test-')),
          databaseUrl: 'postgres://127.0.0.1:1/none',
        };
    await expect(restoreBackup({ ...elsewhere, archive })).rejects.toThrow(
      onPostgres ? /restore it with DATABASE_URL set/ : /restore it with DATABASE_URL unset/,
    );
    const junk = join(archiveDir, 'junk');
    await mkdir(junk);
    await writeFile(join(junk, 'manifest.json'), '{"format":"something-else"}');
    await run('tar', ['-cf', join(archiveDir, 'junk.tar'), '-C', junk, 'manifest.json']);
    await expect(restoreBackup({ ...elsewhere, archive: join(archiveDir, 'junk.tar') })).rejects.toThrow(
      /is not a Cuepoint backup/,
    );
    expect(await readdir(elsewhere.dataDir)).toEqual([]);
  });
});
