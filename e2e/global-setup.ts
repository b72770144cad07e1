import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, SERVER_ENTRY, WEB_DIST, waitForOk } from '../scripts/lib.mjs';

/**
 * The runtime flags the e2e server runs with: the tests check the console received them.
 * ALARMTIMEOUT is shortened so that a new alarm reaches the bell within a test.
 */
export const E2E_FLAGS = {
  MONITOR: '0',
  PLAYOUT: '1',
  SHOWPODS: '0',
  UI_TIMEOUT: '12345',
  ALARMTIMEOUT: '1500',
};

/**
 * Starts the production server as a real process on a free port, with a temporary DATA_DIR and
 * the built console, and stops it (gracefully) when the run ends.
 */
export default async function globalSetup() {
  const port: number = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-e2e-'));
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
      ...E2E_FLAGS,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/api/health`, 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${output}\n${String(err)}`);
  }
  process.env.CUEPOINT_E2E_URL = url;
  process.env.CUEPOINT_E2E_DATA_DIR = dataDir;

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    await rm(dataDir, { recursive: true, force: true });
  };
}
