// First, before any other module: keeps Node's nextTick on V8's fast path (see the module).
import './lib/tick-object-shape.ts';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, type Env, loadEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed.ts';
import { seedDemoUsage } from './db/seed-billing.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';
import { wantsPretty } from './lib/logging.ts';
import { trustProxyWarning } from './lib/trust-proxy.ts';

const startedAt = performance.now();

let env: Env;
try {
  env = loadEnv();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`Cuepoint cannot start. ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

const dataDir = resolve(env.DATA_DIR);
await mkdir(dataDir, { recursive: true });
// The embedded database belongs to one process (PostgreSQL takes several).
let releaseDataDir: (() => void) | undefined;
if (!env.DATABASE_URL) {
  try {
    releaseDataDir = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`Cuepoint cannot start. ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
const database = env.DATABASE_URL
  ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ driver: 'pglite', dataDir: resolve(dataDir, 'db') });
await database.migrate();
const seeded = await seedIfEmpty(database.db, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
// The demo customer's last month in the counters, so its invoice has real lines (issue 19).
if (seeded) await seedDemoUsage(database.db);

const redis = env.REDIS_URL
  ? // commandTimeout: a hung Redis (connection open, no answers) fails each command within 1 s
    // instead of holding requests: the rate limit skips, sessions fall back to their local copies.
    new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false, commandTimeout: 1_000 })
  : undefined;

const app = await buildApp({
  env,
  database,
  closeDatabase: true,
  redis,
  webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  logger: { level: env.LOG_LEVEL, pretty: wantsPretty(env.LOG_FORMAT, process.stdout.isTTY) },
});
if (redis) app.addHook('onClose', async () => void (await redis.quit()));
const trustWarning = trustProxyWarning(env.TRUST_PROXY);
if (trustWarning) app.log.warn(trustWarning);

// Ctrl-C / SIGTERM: stop accepting, let in-flight requests finish, close the database.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  releaseDataDir?.();
});

await app.listen({ port: env.PORT, host: env.HOST });

const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
const origin = `http://${shown}:${env.PORT}`;
const banner = [
  '',
  `  Cuepoint is running (${database.driver === 'pglite' ? `embedded database in ${resolve(dataDir, 'db')}` : 'PostgreSQL'}${seeded ? ', demo data seeded' : ''})`,
  `  Console:   ${origin}/app/`,
  `  API docs:  ${origin}/api/docs`,
  '  Demo logins:',
  `    main administrator  ${DEMO_ACCOUNTS.admin.email}  /  ${DEMO_ACCOUNTS.admin.password}`,
  `    customer user       ${DEMO_ACCOUNTS.customer.email}  /  ${DEMO_ACCOUNTS.customer.password}`,
  `  Ready in ${Math.round(performance.now() - startedAt)} ms. Press Ctrl-C to stop.`,
  '',
].join('\n');
process.stdout.write(`${banner}\n`);
