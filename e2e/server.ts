import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, SERVER_ENTRY, WEB_DIST, waitForOk } from '../scripts/lib.mjs';

/**
 * The runtime flags the suite's servers run with (one per Playwright worker, started by
 * tests/fixtures.ts): the tests check the console received them. ALARMTIMEOUT is shortened so
 * that a new alarm reaches the bell within a test.
 */
export const E2E_FLAGS = {
  MONITOR: '0',
  PLAYOUT: '1',
  SHOWPODS: '0',
  UI_TIMEOUT: '12345',
  ALARMTIMEOUT: '1500',
};

export interface E2eServer {
  /** http://127.0.0.1:PORT */
  url: string;
  dataDir: string;
  /** Stops it gracefully (SIGINT, up to 15 s) and removes its data. */
  stop(): Promise<void>;
}

/**
 * The production server as a real process on a free port, with a temporary DATA_DIR (a fresh
 * demo seed), the built console and the embedded database; `env` adds or overrides variables
 * (runtime flags), `ownPublicUrl` makes its address its PUBLIC_URL. Each worker's suite server (tests/fixtures.ts) is one; a spec that
 * needs other flags starts its own.
 */
export async function startServer(
  label: string,
  env: Record<string, string> = {},
  options: { ownPublicUrl?: boolean } = {},
): Promise<E2eServer> {
  const port: number = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), `cuepoint-e2e-${label}-`));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The seeded demo streams' origin: this server's own address rather than localhost.
      ...(options.ownPublicUrl ? { PUBLIC_URL: url } : {}),
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    await waitForOk(`${url}/api/health`, 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${output}\n${String(err)}`);
  }
  return {
    url,
    dataDir,
    async stop() {
      const exited = new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
        else child.once('exit', resolve);
      });
      child.kill('SIGINT');
      const gone = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(r, 15_000, false)),
      ]);
      if (!gone) {
        child.kill('SIGKILL');
        await exited;
      }
      // The server kills its transcodes when it stops, but not when SIGKILLed above: an ffmpeg
      // can then still be writing into the directory for a moment, so rm retries on ENOTEMPTY.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
