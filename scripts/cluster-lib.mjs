// The parts of `npm run cluster` (scripts/cluster.mjs): Cuepoint processes of each role, a private
// redis-server, and nginx in front, all as child processes of the caller. The cluster test
// (scripts/__tests__/cluster.test.ts) starts the same cluster through these functions.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, ROOT, SERVER_ENTRY, waitForOk } from './lib.mjs';

export const NGINX_TEMPLATE = join(ROOT, 'deploy/nginx/cuepoint.conf.template');
const KEEP_OUTPUT = 64 * 1024;
/** The address nginx connects to the processes from (all on loopback): their one trusted proxy. */
export const NGINX_ADDRESS = '127.0.0.1';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The first program of `names` found on PATH (or as an absolute path), else undefined. */
export function findProgram(...names) {
  const dirs = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin', '/sbin']);
  for (const name of names) {
    if (name.startsWith('/')) {
      if (existsSync(name)) return name;
      continue;
    }
    for (const dir of dirs) if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/**
 * A child process whose output goes to `logFile` (the last 64 KB also kept in memory). Started in
 * its own process group, so a Ctrl-C reaches only the caller, which stops everything in order.
 */
class Child {
  constructor(name, command, args, { env, logFile, cwd = ROOT }) {
    this.name = name;
    this.command = command;
    this.args = args;
    this.env = env;
    this.logFile = logFile;
    this.cwd = cwd;
    this.tail = '';
    /** @type {import('node:child_process').ChildProcess | undefined} */
    this.child = undefined;
    /** @type {Promise<number | string | null>} */
    this.exited = Promise.resolve(null);
  }

  spawn() {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(this.command, this.args, {
      cwd: this.cwd,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const keep = (chunk) => {
      log.write(chunk);
      this.tail = (this.tail + chunk.toString()).slice(-KEEP_OUTPUT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        log.end();
        resolve(code ?? signal);
      }),
    );
    child.once('error', (err) => keep(`${this.name}: ${err.message}\n`));
    this.child = child;
    return this;
  }

  get pid() {
    return this.child?.pid;
  }

  get running() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  output() {
    return this.tail;
  }

  /**
   * Sends `signal` and waits for the exit (SIGKILL after `graceMs`).
   * @param {NodeJS.Signals} [signal]
   * @param {number} [graceMs]
   */
  async stop(signal = 'SIGTERM', graceMs = 12_000) {
    if (!this.running) return;
    const exited = this.exited;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  /** kill -9: no shutdown at all (a crash, an out-of-memory kill, a pulled plug). */
  async kill() {
    await this.stop('SIGKILL');
  }
}

/** A redis-server without persistence on `port` (the cluster's own when REDIS_URL is not given). */
export class RedisServer extends Child {
  constructor(port, dir) {
    const program = findProgram('redis-server');
    if (!program) throw new Error('redis-server not found: set REDIS_URL or apt-get install -y redis-server');
    super(
      'redis',
      program,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { env: process.env, logFile: join(dir, 'redis.log') },
    );
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
  }

  /** Starts (again, on the same port) and waits until it accepts connections. */
  async start() {
    this.spawn();
    const deadline = Date.now() + 20_000;
    while (!this.tail.includes('Ready to accept connections')) {
      if (!this.running || Date.now() > deadline)
        throw new Error(`redis-server did not start:\n${this.tail}`);
      await sleep(50);
    }
    return this;
  }
}

/** One Cuepoint process: `node --import tsx apps/server/src/main.ts` with its role and port. */
export class ServerProcess extends Child {
  constructor(name, role, port, env, logDir) {
    super(name, process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: { ...process.env, ...env, ROLE: role, PORT: String(port), HOST: '127.0.0.1' },
      logFile: join(logDir, `${name}.log`),
    });
    this.role = role;
    this.port = port;
    this.address = `127.0.0.1:${port}`;
    this.origin = `http://${this.address}`;
  }

  /** Starts and waits for the banner and a 200 from its health check. */
  async start(timeoutMs = 90_000) {
    this.spawn();
    const deadline = Date.now() + timeoutMs;
    while (!this.tail.includes('Press Ctrl-C to stop')) {
      if (!this.running) throw new Error(`${this.name} exited:\n${this.tail}`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not start:\n${this.tail}`);
      await sleep(100);
    }
    await waitForOk(`${this.origin}/api/health`, Math.max(1_000, deadline - Date.now()));
    return this;
  }
}

/** deploy/nginx/cuepoint.conf.template with its placeholders filled. */
export function renderNginxConfig({
  prefix,
  listen,
  api,
  edge,
  workerProcesses = 1,
  trustProxy = NGINX_ADDRESS,
}) {
  const servers = (addresses) =>
    addresses.map((a) => `    server ${a} max_fails=1 fail_timeout=5s;`).join('\n');
  const values = {
    PREFIX: prefix,
    LISTEN: listen,
    API_SERVERS: servers(api),
    EDGE_SERVERS: servers(edge),
    WORKER_PROCESSES: String(workerProcesses),
    TRUST_PROXY: trustProxy,
  };
  const text = readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_, key) => {
    if (!(key in values)) throw new Error(`${NGINX_TEMPLATE}: unknown placeholder {{${key}}}`);
    return values[key];
  });
  return text;
}

/**
 * nginx from its own prefix (config, pid, logs, temporary files), in the foreground: no root, no
 * /etc/nginx, no system service. The configuration is checked (`nginx -t`) first.
 */
export class Nginx extends Child {
  constructor(prefix) {
    const program = findProgram('nginx', '/usr/sbin/nginx');
    if (!program) throw new Error('nginx not found: apt-get install -y nginx');
    const config = join(prefix, 'nginx.conf');
    super(
      'nginx',
      program,
      ['-p', prefix, '-e', join(prefix, 'logs/error.log'), '-c', config, '-g', 'daemon off;'],
      {
        env: process.env,
        logFile: join(prefix, 'logs/nginx.out'),
      },
    );
    this.prefix = prefix;
    this.config = config;
    this.accessLog = join(prefix, 'logs/access.log');
    for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir), { recursive: true });
  }

  write(text) {
    writeFileSync(this.config, text);
  }

  async check() {
    const test = new Child('nginx -t', this.command, [...this.args.slice(0, 6), '-t'], {
      env: process.env,
      logFile: join(this.prefix, 'logs/nginx-test.out'),
    }).spawn();
    const code = await test.exited;
    if (code !== 0) throw new Error(`nginx -t failed:\n${test.output()}`);
  }

  async start(url) {
    await this.check();
    this.spawn();
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        await fetch(url);
        return this;
      } catch {
        if (!this.running || Date.now() > deadline) throw new Error(`nginx did not start:\n${this.tail}`);
        await sleep(50);
      }
    }
  }

  /** The access log's lines (see log_format cuepoint in the template). */
  accessLines() {
    return existsSync(this.accessLog) ? readFileSync(this.accessLog, 'utf8').split('\n').filter(Boolean) : [];
  }

  /**
   * SIGQUIT: finish the requests in flight, then exit.
   * @override
   */
  async stop() {
    await super.stop('SIGQUIT', 5_000);
  }
}

/**
 * Starts the whole cluster in `dir`:
 * 1. the first API process alone: it runs the migrations and seeds an empty database once;
 * 2. the other API process and the edge processes, which find the schema current;
 * 3. nginx in front, its upstreams filled with the processes' ports.
 *
 * Every process gets the same DATABASE_URL, REDIS_URL (sessions of viewers, rate limits, the
 * events broker), PUBLIC_URL (nginx: the links the console and the playlists carry), DATA_DIR
 * (uploaded files and the generated SECRET_KEY: shared storage) and TRUST_PROXY=127.0.0.1 (nginx,
 * the one trusted proxy, replaces X-Forwarded-For with the client's address).
 */
export async function startCluster({
  dir,
  databaseUrl,
  redisUrl,
  port,
  apis = 2,
  edges = 2,
  dataDir = join(dir, 'data'),
  env = {},
  onProgress = (_line) => {},
}) {
  for (const sub of ['logs', 'nginx']) mkdirSync(join(dir, sub), { recursive: true });
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const common = {
    NODE_ENV: 'production',
    LOG_FORMAT: 'json',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    EVENTS_BROKER: 'redis',
    PUBLIC_URL: url,
    TRUST_PROXY: NGINX_ADDRESS,
    DATA_DIR: dataDir,
    ...env,
  };
  const logDir = join(dir, 'logs');
  const processes = [];
  const cluster = {
    url,
    dir,
    processes,
    apis: [],
    edges: [],
    nginx: undefined,
    async stop() {
      await cluster.nginx?.stop();
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
  try {
    for (let i = 1; i <= apis; i += 1) {
      const p = new ServerProcess(`api-${i}`, 'api', await freePort(), common, logDir);
      cluster.apis.push(p);
      processes.push(p);
    }
    for (let i = 1; i <= edges; i += 1) {
      const p = new ServerProcess(`edge-${i}`, 'edge', await freePort(), common, logDir);
      cluster.edges.push(p);
      processes.push(p);
    }
    const [first, ...rest] = processes;
    onProgress(`starting ${first.name} (migrations, first-run seed) on ${first.address}`);
    await first.start();
    onProgress(`starting ${rest.map((p) => `${p.name} on ${p.address}`).join(', ')}`);
    await Promise.all(rest.map((p) => p.start()));

    const nginx = new Nginx(join(dir, 'nginx'));
    nginx.write(
      renderNginxConfig({
        prefix: nginx.prefix,
        listen: `127.0.0.1:${listenPort}`,
        api: cluster.apis.map((p) => p.address),
        edge: cluster.edges.map((p) => p.address),
      }),
    );
    onProgress(`starting nginx on ${url} (${nginx.config})`);
    cluster.nginx = nginx;
    await nginx.start(url);
    return cluster;
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}
