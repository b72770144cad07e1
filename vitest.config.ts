import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One test run for every workspace. The server suite runs once on a fresh embedded PGlite per
// test file and, when TEST_DATABASE_URL is set, a second time on PostgreSQL (a fresh database
// per test file, created from that URL's server and dropped afterwards).
const postgres = process.env.TEST_DATABASE_URL;

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // A worker keeps the modules it has loaded from one test file to the next: each file builds
    // its own app on its own database and no module keeps a test's state, so loading the app's
    // few hundred modules again for each of the 120 files bought nothing and cost 40% of the
    // suite's time (on 2 cores: 305 s against 177 s on PGlite). The console's project keeps
    // vitest's isolation (each file its own jsdom).
    isolate: false,
    env: { CUEPOINT_TEST_DB: db },
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // A worker per core: vitest's default leaves one core to its main process, which only
    // collects results (on CI's 2 cores that halved the suite's speed).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'core', root: './packages/core', include: ['src/**/*.test.ts'] } },
      { test: { name: 'stitcher', root: './packages/stitcher', include: ['src/**/*.test.ts'] } },
      serverProject('server:pglite', 'pglite'),
      ...(postgres ? [serverProject('server:postgres', 'postgres')] : []),
      './apps/web/vitest.config.ts',
      // The repository's own tooling (the import rules of .dependency-cruiser.cjs).
      {
        test: { name: 'tools', root: './scripts', include: ['__tests__/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
