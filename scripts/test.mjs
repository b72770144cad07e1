// `npm test`: format/lint, the import rules, type-check every workspace, unit and server tests (vitest: PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), a production build, and end-to-end tests in Chromium.
// Outside CI a missing Chromium or PostgreSQL skips that part with a one-line notice; with CI=true
// either missing is a failure. Ends with one line: "N passed, N failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildConsole, CHROMIUM_PATH as CHROMIUM, ROOT, run } from './lib.mjs';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const reports = join(ROOT, 'node_modules/.cache/cuepoint-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];

async function step(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name}\n`);
  const code = await run(command, args, { env: { ...process.env, ...env } });
  if (code !== 0) problems.push(`${name} (exit ${code})`);
  return code;
}

function missing(what, hint) {
  if (CI) {
    problems.push(`${what} is missing (${hint})`);
    failed += 1;
  } else {
    process.stdout.write(`\nNotice: ${what} not available, skipping its tests (${hint}).\n`);
  }
}

await step('lint and format (biome)', 'npx', ['biome', 'check', '.']);
await step('import rules (dependency-cruiser)', 'npx', [
  'depcruise',
  'apps',
  'packages',
  '--config',
  '.dependency-cruiser.cjs',
]);
await step('type-check', 'npm', ['run', 'typecheck', '--silent']);

if (!process.env.TEST_DATABASE_URL) {
  missing('PostgreSQL', 'set TEST_DATABASE_URL=postgres://... to run the server suite on it');
}
const vitestReport = join(reports, 'vitest.json');
await step('unit and server tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numTotalTests === 0) problems.push('vitest ran no test');
} else {
  problems.push('vitest wrote no report');
}

process.stdout.write('\n=== production build of the console\n');
try {
  await buildConsole();
} catch (err) {
  problems.push(String(err.message ?? err));
}

if (!existsSync(CHROMIUM)) {
  missing('Chromium', `${CHROMIUM} not found; apt-get install -y chromium`);
} else {
  const e2eReport = join(reports, 'playwright.json');
  await step(
    'end-to-end tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport,
    },
  );
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    if (stats.expected + stats.unexpected + stats.flaky === 0) problems.push('Playwright ran no test');
  } else {
    problems.push('Playwright wrote no report');
  }
}

if (problems.length > 0) process.stdout.write(`\nFailed: ${problems.join('; ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
