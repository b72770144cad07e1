// `npm run screenshots [-- [<out>] [--guide]]`: light, dark, phone-width and right-to-left
// pictures of every built screen (app/screens.ts) and of the dialogs its users open, signed in as
// the demo customer and as the main administrator, plus the states docs/ui.md shows (empty,
// loading, error, validation, unsaved changes, plan lock, login-as, User View). They are written
// to <out> (default docs/ui/screens, not committed) as <user>-<screen>-<light|dark|phone|rtl>.png
// and pattern-<name>.png. With --guide the pictures docs/ui.md uses are then copied from there to
// docs/ui/ (GUIDE below).
//
// The console is built when its build is missing or stale; CUEPOINT_WEB_DIST points the run at
// another build (built there when missing or stale). The server is the end-to-end tests' (a
// temporary data directory, the demo seed): e2e/screenshots.config.ts runs
// e2e/tests/screenshots.shots.ts, which `npm test` never runs.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildConsole, CHROMIUM_PATH, consoleBuildIsStale, ROOT, run, WEB_DIST } from './lib.mjs';

/** The guide's pictures (docs/ui/<name>) and the screenshot each is. */
const GUIDE = {
  'list.png': 'customer-liveStreams-light.png',
  'list-admin.png': 'admin-liveStreams-light.png',
  'list-phone.png': 'customer-liveStreams-phone.png',
  'list-filters.png': 'customer-liveStreams-filters-light.png',
  'list-row-menu.png': 'customer-liveStreams-row-menu-light.png',
  'detail-header.png': 'customer-liveStream-light.png',
  'detail-more.png': 'customer-liveStream-more-light.png',
  'delete-confirm.png': 'customer-liveStreams-delete-light.png',
  'form.png': 'customer-encoder-light.png',
  'form-validation.png': 'pattern-validation.png',
  'unsaved-changes.png': 'pattern-unsaved.png',
  'dialog.png': 'customer-account-profile-light.png',
  'badges.png': 'pattern-badges.png',
  'empty.png': 'pattern-empty.png',
  'loading.png': 'pattern-loading.png',
  'error.png': 'pattern-error.png',
  'plan-lock.png': 'pattern-plan-lock.png',
  'plan-prompt.png': 'pattern-plan-prompt.png',
  'login-as.png': 'pattern-login-as.png',
  'user-view.png': 'pattern-user-view.png',
  'dark.png': 'customer-liveStream-dark.png',
  'rtl.png': 'customer-liveStream-rtl.png',
  'rtl-list.png': 'customer-liveStreams-rtl.png',
};

const args = process.argv.slice(2);
const guide = args.includes('--guide');
const out = resolve(args.find((a) => !a.startsWith('--')) ?? join(ROOT, 'docs/ui/screens'));

if (!existsSync(CHROMIUM_PATH)) {
  process.stderr.write(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium).\n`);
  process.exit(1);
}

if (consoleBuildIsStale()) {
  process.stdout.write(`Building the console (${WEB_DIST})…\n`);
  if (process.env.CUEPOINT_WEB_DIST) {
    const code = await run('npx', ['vite', 'build', '--outDir', WEB_DIST, '--emptyOutDir'], {
      cwd: join(ROOT, 'apps/web'),
    });
    if (code !== 0) process.exit(code);
  } else {
    await buildConsole();
  }
}

mkdirSync(out, { recursive: true });
const code = await run('npx', ['playwright', 'test', '--config', 'e2e/screenshots.config.ts'], {
  env: { ...process.env, CUEPOINT_SCREENSHOTS_DIR: out },
});
if (code !== 0) {
  process.stderr.write(`The screenshot run failed (exit ${code}); what it took is in ${out}.\n`);
  process.exit(code);
}
process.stdout.write(`Screenshots written to ${out}\n`);

if (guide) {
  const docs = join(ROOT, 'docs/ui');
  for (const [name, shot] of Object.entries(GUIDE)) {
    const from = join(out, shot);
    if (!existsSync(from)) {
      process.stderr.write(`The guide's ${name} needs ${shot}, which the run did not take.\n`);
      process.exitCode = 1;
      continue;
    }
    copyFileSync(from, join(docs, name));
  }
  process.stdout.write(`The guide's pictures copied to ${docs}\n`);
}
