import { mkdtempSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Env, loadEnv } from '../config/env.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../db/seed.ts';
import type { LoggerChoice } from '../lib/logging.ts';

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite, or (project
 * server:postgres) a new PostgreSQL database created on TEST_DATABASE_URL's server and dropped
 * when the file is done; both copied from the run's template (test/global-setup.ts) unless a
 * `publicUrl` is given. `publicUrl` is where the seeded demo streams find the demo origin.
 */
export async function freshDatabase(publicUrl?: string): Promise<Database> {
  // The run's template (test/global-setup.ts) is seeded for the default public URL.
  const fromTemplate = publicUrl === undefined;
  let database: Database;
  if (process.env.CUEPOINT_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test project');
    const name = `cuepoint_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const template = fromTemplate ? inject('postgresTemplate') : undefined;
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const inner = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 4 });
    database = {
      ...inner,
      close: async () => {
        await inner.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      },
    };
  } else {
    const template = fromTemplate ? await pgliteTemplate() : undefined;
    database = await openDatabase({ driver: 'pglite', ...(template ? { loadDataDir: template } : {}) });
  }
  await database.migrate();
  await seedIfEmpty(database.db, publicUrl);
  return database;
}

let pgliteTemplateBlob: Promise<Blob | undefined> | undefined;
function pgliteTemplate() {
  pgliteTemplateBlob ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return pgliteTemplateBlob;
}

/** A test configuration with its own temporary DATA_DIR (the mail outbox lands there). */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '10000',
    // No job queue or ffmpeg in tests unless one asks (conditioning tests do).
    CONDITIONING: 'off',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'cuepoint-data-')),
    PUBLIC_URL: 'http://console.test',
    ...overrides,
  });
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The messages the real mailer wrote to DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMessage),
  );
}

/** The query of the last link mailed to an address. */
export async function lastLinkTo(dataDir: string, to: string) {
  const mails = (await readOutbox(dataDir)).filter((m) => m.to === to);
  const link = mails.at(-1)?.links[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return new URL(link);
}

/** A stand-in console build: index.html and a hashed asset with its pre-compressed siblings. */
export async function fakeConsoleBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cuepoint-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dir, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(40));
  await writeFile(join(dir, 'assets', 'app-abc123.js.br'), 'brotli-bytes');
  await writeFile(join(dir, 'assets', 'app-abc123.js.gz'), 'gzip-bytes');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export async function testApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    webDist?: string;
    logger?: LoggerChoice;
    /** Shared by apps that are two processes of one deployment (rate limits, throttles). */
    redis?: Redis;
    rateLimitNamespace?: string;
    /** The data plane's clock (buildApp's `clock`). */
    clock?: () => number;
  } = {},
) {
  const database = options.database ?? (await freshDatabase());
  const env = testEnv(options.env);
  const app = await buildApp({
    env,
    database,
    closeDatabase: !options.database,
    webDist: options.webDist ?? (await fakeConsoleBuild()),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.rateLimitNamespace ? { rateLimitNamespace: options.rateLimitNamespace } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return Object.assign(app, { dataDir: env.DATA_DIR });
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** Logs a demo user in through the real route; answers the token and the user's id. */
export async function loginAs(app: TestApp, who: keyof typeof DEMO_ACCOUNTS) {
  const account = DEMO_ACCOUNTS[who];
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; user: { _id: string } };
  return { token: body.token, userId: body.user._id, headers: { authorization: `Bearer ${body.token}` } };
}
