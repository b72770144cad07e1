import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedIfEmpty } from '../db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data directory (tar), which every test file's database starts from. */
    pgliteTemplate: string;
    /** A migrated and seeded PostgreSQL database that every test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database for the whole run, and each test file starts from a copy of it:
 * a new PGlite otherwise runs initdb (about 3 s of CPU each) and a new PostgreSQL database runs
 * every migration. The copy is the same database a fresh migrate and seed would give; the
 * migration and seed tests still start from nothing (`openDatabase`).
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.CUEPOINT_TEST_DB;
  if (driver === 'pglite') {
    const database = await openDatabase({ driver: 'pglite' });
    await database.migrate();
    await seedIfEmpty(database.db);
    if (database.queueTarget.driver !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.queueTarget.client.dumpDataDir('none');
    await database.close();
    const dir = await mkdtemp(join(tmpdir(), 'cuepoint-pglite-template-'));
    const file = join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rm(dir, { recursive: true, force: true });
  }
  if (driver === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test project');
    const name = `cuepoint_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 });
    await database.migrate();
    await seedIfEmpty(database.db);
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
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
