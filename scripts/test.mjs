// `npm test`: format/lint, the import rules, type-check every workspace, unit and server tests (vitest: PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), a production build, and end-to-end tests in Chromium.
// Outside CI a missing Chromium or PostgreSQL skips that part with a one-line notice; with CI=true
// either missing is a failure. Ends with one line: "N passed, N failed".
// Vitest runs twice, on different projects: on Node 24 when one is installed (.ci/run) and on this
// machine's node (see findNode24 below).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildConsole, CHROMIUM_PATH as CHROMIUM, ROOT, run } from './lib.mjs';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const reports = join(ROOT, 'node_modules/.cache/cuepoint-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
/** The failed tests by name: CI keeps only the end of the output, so the summary repeats them. */
const failedTests = [];

/** How long each step took, printed at the end: CI should stay under 30 minutes on 2 cores. */
const timings = [];

async function timed(name, work) {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push(`${name}: ${Math.round((performance.now() - started) / 1000)} s`);
  }
}

async function step(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name}\n`);
  const code = await timed(name, () => run(command, args, { env: { ...process.env, ...env } }));
  if (code !== 0) problems.push(`${name} (exit ${code})`);
  return code;
}

/** A Node 24 binary other than this one: CUEPOINT_NODE24, or where .ci/run installs it. */
function findNode24() {
  const path =
    process.env.CUEPOINT_NODE24 ?? join(homedir(), '.cache/cuepoint-node24/node_modules/node/bin/node');
  if (!existsSync(path)) return null;
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const version = probe.status === 0 ? probe.stdout.trim().replace(/^v/, '') : '';
  return version.startsWith('24.') ? { path, version } : null;
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
// Two Node versions without running the suite twice: the unit suites of core, the stitcher and the
// scripts and the server suite on PGlite run on Node 24 (.ci/run installs it; CUEPOINT_NODE24 or
// its cache path); the server suite on PostgreSQL and the console's component tests (jsdom: code
// that runs in a browser, never on Node) on this machine's node. Without a Node 24 everything
// runs on this node. (The console's suite passes on Node 24 as well; it runs once, here, because
// it tests code that runs in a browser.)
const here = `Node ${process.versions.node}`;
const node24 = findNode24();
const vitestRuns = [];
if (node24) {
  vitestRuns.push({
    name: `unit tests and server tests on PGlite (vitest, Node ${node24.version})`,
    node: node24.path,
    projects: ['core', 'stitcher', 'tools', 'server:pglite'],
  });
  vitestRuns.push({
    name: `console component tests${process.env.TEST_DATABASE_URL ? ' and server tests on PostgreSQL' : ''} (vitest, ${here})`,
    node: process.execPath,
    projects: ['web', ...(process.env.TEST_DATABASE_URL ? ['server:postgres'] : [])],
  });
} else {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    const hint = 'npm install --prefix ~/.cache/cuepoint-node24 --no-save node@24, or set CUEPOINT_NODE24';
    if (CI) {
      problems.push(`Node 24 is missing (${hint})`);
      failed += 1;
    } else {
      process.stdout.write(`\nNotice: Node 24 not available, running every suite on ${here} (${hint}).\n`);
    }
  }
  vitestRuns.push({ name: `unit and server tests (vitest, ${here})`, node: process.execPath, projects: [] });
}
for (const [index, { name, node, projects }] of vitestRuns.entries()) {
  const vitestReport = join(reports, `vitest-${index}.json`);
  await step(
    name,
    node,
    [
      join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...projects.map((project) => `--project=${project}`),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    // Whatever the tests start by name (node, npx) is the same version.
    { PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` },
  );
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults ?? []) {
      const where = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length + 1) : file.name;
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed')
          failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages)}`);
      }
      // A file that failed to load (a syntax error, a hook that threw) has no failed test of its own.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failedTests.push(`${where}: ${firstLine([file.message])}`);
      }
    }
    if (report.numTotalTests === 0) problems.push(`${name}: vitest ran no test`);
  } else {
    problems.push(`${name}: vitest wrote no report`);
  }
}

process.stdout.write('\n=== production build of the console\n');
try {
  await timed('production build of the console', buildConsole);
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
    const e2e = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const { stats } = e2e;
    collectPlaywrightFailures(e2e.suites ?? []);
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    if (stats.expected + stats.unexpected + stats.flaky === 0) problems.push('Playwright ran no test');
  } else {
    problems.push('Playwright wrote no report');
  }
}

process.stdout.write(`\nStep times:\n${timings.map((t) => `- ${t}`).join('\n')}\n`);
if (failedTests.length > 0)
  process.stdout.write(`\nFailed tests:\n${failedTests.map((t) => `- ${t}`).join('\n')}\n`);
if (problems.length > 0) process.stdout.write(`\nFailed: ${problems.join('; ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);

/** The first line of the first message, at most 300 characters (the whole report is above it). */
function firstLine(messages) {
  const text = (messages ?? []).find((m) => typeof m === 'string' && m.trim()) ?? '';
  return stripVTControlCharacters(text).trim().split('\n')[0].slice(0, 300);
}

function collectPlaywrightFailures(suites, titles = []) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = (test.results ?? []).at(-1);
        failedTests.push(`${[...path, spec.title].join(' › ')}: ${firstLine([result?.error?.message])}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}
