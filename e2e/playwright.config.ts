import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib.mjs';

export default defineConfig({
  testDir: './tests',
  outputDir: '../node_modules/.cache/cuepoint-e2e',
  // Each worker has its own server (tests/fixtures.ts), so the files share nothing; a file's
  // tests run in order in one worker unless the file says otherwise. Playwright's default of a
  // worker per two cores: one on CI's 2 cores, where a second made each test about twice as slow
  // (the browsers alone keep both cores busy), more on a developer's machine.
  fullyParallel: false,
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
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
});
