import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib.mjs';

export default defineConfig({
  testDir: './tests',
  outputDir: '../node_modules/.cache/cuepoint-e2e',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  // CI runs these on 2 cores right after the server suites, sometimes beside other work: a page
  // that loads in 1 s alone can take several. The limits bound a hang, not a slow page.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '../node_modules/.cache/cuepoint-e2e/report.json',
      },
    ],
  ],
  use: {
    // Set by global-setup once the server is up on its free port.
    baseURL: process.env.CUEPOINT_E2E_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
});
