import { startServer } from './server.ts';

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
  const server = await startServer('suite', E2E_FLAGS);
  process.env.CUEPOINT_E2E_URL = server.url;
  process.env.CUEPOINT_E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
