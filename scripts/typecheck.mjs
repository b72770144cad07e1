// Type-checks every workspace (each has its own tsconfig.json) and the scripts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';

const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
let failed = 0;
for (const dir of [...workspaces, 'scripts']) {
  if (!existsSync(join(ROOT, dir, 'tsconfig.json'))) continue;
  const code = await run('npx', ['tsc', '-p', dir]);
  process.stdout.write(`${code === 0 ? 'ok    ' : 'FAILED'} tsc -p ${dir}\n`);
  if (code !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
