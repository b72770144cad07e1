// `npm run bench -- replay [--against <commit>] [--refreshes N]`: the serving path replayed on two
// commits (apps/server/bench/replay.ts), and whether every answer a viewer got is byte-identical.
// Each commit is checked out in a worktree of its own (this checkout's node_modules linked in,
// its workspace packages its own), the replay runs there under vitest with that commit's test
// harness, and the two digests are compared. Exit code 1 when they differ.
// --against: the commit to compare with (default: HEAD~1); the other side is HEAD, or the working
// tree with --working-tree.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from './lib.mjs';

const HARNESSES = [
  'apps/server/src/edge/playback/__tests__/live-harness.ts',
  'apps/server/src/playback/__tests__/live-harness.ts',
];

const git = (...args) => {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};

/** This checkout's node_modules, entry by entry, but the workspace's own packages from `tree`. */
function linkModules(tree) {
  const modules = join(tree, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    // Not the tools' caches (vite's bundled config goes to .vite-temp: the tree's own).
    if (entry === '@cuepoint' || (entry.startsWith('.') && entry !== '.bin')) continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  // A workspace's own dependencies (apps/web's vite and React plugin).
  for (const workspace of ['apps/server', 'apps/web', 'packages/core', 'packages/stitcher', 'e2e'])
    if (
      existsSync(join(ROOT, workspace, 'node_modules')) &&
      !existsSync(join(tree, workspace, 'node_modules'))
    )
      symlinkSync(join(ROOT, workspace, 'node_modules'), join(tree, workspace, 'node_modules'));
  // Workspace links are relative (../../packages/core): made again here, they name the tree's own.
  mkdirSync(join(modules, '@cuepoint'));
  for (const entry of readdirSync(join(ROOT, 'node_modules/@cuepoint')))
    symlinkSync(readlinkSync(join(ROOT, 'node_modules/@cuepoint', entry)), join(modules, '@cuepoint', entry));
}

/** Runs the replay in `tree` (a checkout of some commit) and answers its result. */
function replayIn(tree, label, refreshes) {
  const harness = HARNESSES.find((path) => existsSync(join(tree, path)));
  if (!harness) throw new Error(`${label}: no live playback harness (${HARNESSES.join(', ')})`);
  // The replay itself is this checkout's, the same for both sides.
  cpSync(join(ROOT, 'apps/server/bench/replay.ts'), join(tree, 'apps/server/src/replay-run.ts'));
  const out = join(tree, 'replay-result.json');
  const file = join(tree, 'apps/server/src/replay-run.test.ts');
  const fromSrc = (path) => `./${relative(join(tree, 'apps/server/src'), join(tree, path))}`;
  writeFileSync(
    file,
    `import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import * as harness from '${fromSrc(harness)}';
import { replay } from './replay-run.ts';

it('replays the serving path', async () => {
  writeFileSync(${JSON.stringify(out)}, JSON.stringify(await replay(harness, ${refreshes})));
}, 1_800_000);
`,
  );
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server:pglite', file],
    { cwd: tree, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CI: 'true' } },
  );
  if (run.status !== 0 || !existsSync(out))
    throw new Error(`${label}: the replay failed (exit ${run.status})`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

function checkout(commit, workingTree) {
  const tree = mkdtempSync(join(tmpdir(), 'cuepoint-replay-'));
  if (workingTree) {
    // The working tree as it is (tracked and new files, not what git ignores).
    const files = git('ls-files', '--cached', '--others', '--exclude-standard').split('\n');
    for (const path of files)
      if (existsSync(join(ROOT, path))) cpSync(join(ROOT, path), join(tree, path), { recursive: true });
  } else {
    git('worktree', 'add', '--detach', tree, commit);
  }
  linkModules(tree);
  return tree;
}

function drop(tree, workingTree) {
  if (!workingTree) spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT });
  rmSync(tree, { recursive: true, force: true });
}

export function replayMain(args) {
  const value = (flag, fallback) => {
    const i = args.indexOf(flag);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const against = git('rev-parse', '--short', value('--against', 'HEAD~1'));
  const workingTree = args.includes('--working-tree');
  const ours = workingTree ? 'the working tree' : git('rev-parse', '--short', 'HEAD');
  const refreshes = Number(value('--refreshes', '30000'));
  const results = [];
  for (const [label, commit, wt] of [
    [against, against, false],
    [ours, 'HEAD', workingTree],
  ]) {
    const tree = checkout(commit, wt);
    try {
      console.log(`--- replay on ${label}`);
      results.push({ label, ...replayIn(tree, label, refreshes) });
    } finally {
      drop(tree, wt);
    }
  }
  console.table(results);
  const same = results[0].digest === results[1].digest && results[0].refreshes === results[1].refreshes;
  console.log(
    same
      ? `byte-identical: ${results[1].refreshes} refreshes of ${against} and ${ours}`
      : `DIFFERENT: ${against} and ${ours} answered differently`,
  );
  return same ? 0 : 1;
}
