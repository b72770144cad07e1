import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run screenshots` (scripts/screenshots.mjs): the screenshot run, on the same server setup
 * as the end-to-end tests. Its one file (tests/screenshots.shots.ts) is not a *.spec.ts, so the
 * default config (`npm test`) never runs it.
 */
export default defineConfig({
  ...base,
  testMatch: 'screenshots.shots.ts',
  outputDir: '../node_modules/.cache/cuepoint-screenshots',
  reporter: [['list']],
  // Pictures, not checks: a run takes minutes on a busy machine.
  timeout: 300_000,
});
