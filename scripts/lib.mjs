// Small helpers shared by the start, test and bench scripts (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The built console; CUEPOINT_WEB_DIST points a run at another build (a second checkout's e2e run).
export const WEB_DIST = process.env.CUEPOINT_WEB_DIST
  ? resolve(process.env.CUEPOINT_WEB_DIST)
  : join(ROOT, 'apps/web/dist');
export const SERVER_ENTRY = join(ROOT, 'apps/server/src/main.ts');

/** Debian's Chromium (never a downloaded browser) and the flags this machine needs (STACK.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Runs a command, inheriting stdio; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolvePromise(127));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === '__tests__') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when the console build is missing or older than anything it is built from. */
export function consoleBuildIsStale() {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/postcss.config.cjs',
    'apps/web/package.json',
    'packages/core/src',
    'package-lock.json',
  ].map((p) => join(ROOT, p));
  return sources.some((source) => newestMtime(source) > built);
}

export async function buildConsole() {
  const code = await run('npm', ['run', 'build', '--workspace', '@cuepoint/web', '--silent']);
  if (code !== 0) throw new Error(`the console build failed (exit ${code})`);
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePromise(port));
    });
  });
}

/** Polls a URL until it answers 200 (or the time runs out). */
export async function waitForOk(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}
