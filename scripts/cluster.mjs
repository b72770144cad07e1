// `npm run cluster`: Cuepoint scaled out on one machine, as a deployment recipe you can read
// (docs/scale-out.md):
//
//   nginx :CLUSTER_PORT ─┬─ /api, /app, /files  ─> api-1, api-2    (ROLE=api)
//                        └─ /play, /ads, /demo…  ─> edge-1, edge-2  (ROLE=edge)
//   all four on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)
//
// Environment:
//   DATABASE_URL   PostgreSQL (required), e.g. postgres://postgres@127.0.0.1:5432/cuepoint
//   REDIS_URL      Redis; when unset, a redis-server of this run is started on a free port
//                  (no persistence: viewer sessions and the events stream live as long as it)
//   CLUSTER_PORT   where nginx listens (default 8080, on 127.0.0.1)
//   CLUSTER_DIR    logs, nginx's prefix and the shared data directory (default ./data-cluster)
//   any server variable (README), passed to every process, e.g. SECRET_KEY, SMTP_URL
//
// Ctrl-C stops nginx, then the processes (each finishes its requests), then the redis-server.
//
// `node scripts/cluster.mjs --nginx-config` only prints nginx.conf from the template, for the
// servers named by API_SERVERS and EDGE_SERVERS (comma-separated host:port), NGINX_LISTEN,
// NGINX_PREFIX and NGINX_TRUSTED (deploy/compose.yaml does this).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RedisServer, renderNginxConfig, startCluster } from './cluster-lib.mjs';
import { buildConsole, consoleBuildIsStale, freePort, ROOT, WEB_DIST } from './lib.mjs';

const say = (line) => process.stdout.write(`${line}\n`);

if (process.argv.includes('--nginx-config')) {
  const list = (name) => (process.env[name] ?? '').split(',').filter(Boolean);
  process.stdout.write(
    renderNginxConfig({
      prefix: process.env.NGINX_PREFIX ?? '/tmp/nginx',
      listen: process.env.NGINX_LISTEN ?? '80',
      api: list('API_SERVERS'),
      edge: list('EDGE_SERVERS'),
      workerProcesses: 2,
      trustProxy: process.env.NGINX_TRUSTED,
    }),
  );
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  say('npm run cluster needs PostgreSQL: set DATABASE_URL, e.g.');
  say('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuepoint npm run cluster');
  process.exit(1);
}
const dir = resolve(process.env.CLUSTER_DIR ?? join(ROOT, 'data-cluster'));
const port = Number(process.env.CLUSTER_PORT ?? 8080);
mkdirSync(dir, { recursive: true });

if (consoleBuildIsStale()) {
  say('Building the console (missing or older than its sources)...');
  await buildConsole();
}

let redis;
let redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  redis = new RedisServer(await freePort(), dir);
  say(`Starting redis-server on port ${redis.port} (REDIS_URL not set)`);
  await redis.start();
  redisUrl = redis.url;
}

let cluster;
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say('\nStopping: nginx, then the processes, then Redis...');
  await cluster?.stop();
  await redis?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  cluster = await startCluster({
    dir,
    databaseUrl,
    redisUrl,
    port,
    env: { WEB_DIST },
    onProgress: (line) => say(`  ${line}`),
  });
} catch (err) {
  say(`The cluster did not start: ${err.message}`);
  await stopAll(1);
}

say('');
say(`  Cuepoint cluster is running at ${cluster.url}/app/`);
for (const p of cluster.processes)
  say(`    ${p.name.padEnd(7)} ROLE=${p.role.padEnd(4)} ${p.origin}  pid ${p.pid}`);
say(`    nginx   ${cluster.nginx.config}`);
say(`  Logs:  ${join(dir, 'logs')} (one JSON line per request) and ${cluster.nginx.accessLog}`);
say('  Press Ctrl-C to stop.');

// A process that dies is reported; nginx keeps sending its traffic to the others.
for (const p of [...cluster.processes, cluster.nginx, ...(redis ? [redis] : [])]) {
  p.exited.then((code) => {
    if (!stopping) say(`  ${p.name} (pid ${p.pid}) exited (${code}); see its log in ${join(dir, 'logs')}`);
  });
}
