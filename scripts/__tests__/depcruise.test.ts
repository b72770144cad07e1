// The import rules of .dependency-cruiser.cjs fail on a violation: the real config and the real
// CLI run on a small tree laid out like this repository, with one deliberate violation of each
// rule beside imports every rule allows. A rule that stopped matching (a renamed folder, a typo
// in a pattern) would pass the repository silently; here it fails.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib.mjs';

const CONFIG = '.dependency-cruiser.cjs';
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const ruleNames: string[] = createRequire(import.meta.url)(join(ROOT, CONFIG)).forbidden.map(
  (rule: { name: string }) => rule.name,
);

/** Each rule, and the file of the tree that breaks it (the import is in `FILES`). */
const VIOLATIONS: Record<string, string> = {
  'apps-are-independent': 'apps/web/src/lib/uses-server.ts',
  'packages-import-no-app': 'packages/core/src/uses-web.ts',
  'stitcher-imports-no-workspace': 'packages/stitcher/src/uses-core.ts',
  'core-imports-no-react': 'packages/core/src/uses-react.ts',
  'core-imports-no-database': 'packages/core/src/uses-drizzle.ts',
  'web-feature-imports-no-other-feature': 'apps/web/src/features/alpha/routes/uses-beta.tsx',
  'web-feature-imports-no-app': 'apps/web/src/features/alpha/uses-app.ts',
  'web-components-import-only-lib': 'apps/web/src/components/uses-feature.ts',
  'web-lib-imports-only-lib': 'apps/web/src/lib/uses-component.ts',
  'server-routes-import-no-db-schema': 'apps/server/src/routes/area/uses-schema.ts',
  'server-lib-imports-no-plugins': 'apps/server/src/lib/uses-plugin.ts',
  'server-api-imports-edge-only-through-its-surface': 'apps/server/src/routes/area/uses-edge.ts',
  'server-edge-imports-no-api-internals': 'apps/server/src/edge/ads/uses-service.ts',
  'server-edge-shared-imports-no-edge-area': 'apps/server/src/edge/events/uses-playback.ts',
  'server-edge-ads-imports-no-playback': 'apps/server/src/edge/ads/uses-playback.ts',
  'server-edge-conditioning-imports-no-caller': 'apps/server/src/edge/conditioning/uses-ads.ts',
};

const use = (from: string) => `import { value } from '${from}';\nexport const copy = value;\n`;
const LEAF = 'export const value = 1;\n';

/** The tree: leaves, the violations above, and imports the rules allow. */
const FILES: Record<string, string> = {
  'node_modules/react/package.json': '{ "name": "react", "main": "index.js" }',
  'node_modules/react/index.js': 'exports.value = 1;\n',
  'node_modules/drizzle-orm/package.json': '{ "name": "drizzle-orm", "main": "index.js" }',
  'node_modules/drizzle-orm/index.js': 'exports.value = 1;\n',
  'packages/core/src/index.ts': LEAF,
  'packages/stitcher/src/index.ts': LEAF,
  'apps/server/src/db/schema/index.ts': LEAF,
  'apps/server/src/plugins/auth.ts': LEAF,
  'apps/server/src/repositories/users.ts': use('../db/schema/index.ts'),
  'apps/server/src/services/billing.ts': LEAF,
  'apps/server/src/lib/shared.ts': LEAF,
  'apps/server/src/edge/ads/engine.ts': use('../../lib/shared.ts'),
  'apps/server/src/edge/events/pipeline.ts': use('../../lib/shared.ts'),
  'apps/server/src/edge/conditioning/ffmpeg.ts': use('../events/pipeline.ts'),
  // Inside the edge, one way: playback uses ads and conditioning, ads use conditioning.
  'apps/server/src/edge/playback/live.ts': `${use('../ads/engine.ts')}${use('../conditioning/ffmpeg.ts').replace(/value|copy/g, '$&2')}`,
  'apps/server/src/edge/ads/uses-conditioning.ts': use('../conditioning/ffmpeg.ts'),
  'apps/server/src/edge/index.ts': use('./ads/engine.ts'),
  'apps/web/src/app/screens.ts': use('../features/alpha/paths.ts'),
  'apps/web/src/features/alpha/paths.ts': use('../../lib/paths.ts'),
  'apps/web/src/features/beta/api.ts': use('../../components/shared.ts'),
  'apps/web/src/components/shared.ts': use('../lib/paths.ts'),
  'apps/web/src/lib/paths.ts': use('../../../../packages/core/src/index.ts'),

  [VIOLATIONS['apps-are-independent']!]: use('../../../server/src/db/schema/index.ts'),
  [VIOLATIONS['packages-import-no-app']!]: use('../../../apps/web/src/lib/paths.ts'),
  [VIOLATIONS['stitcher-imports-no-workspace']!]: use('../../core/src/index.ts'),
  [VIOLATIONS['core-imports-no-react']!]: use('react'),
  [VIOLATIONS['core-imports-no-database']!]: use('drizzle-orm'),
  [VIOLATIONS['web-feature-imports-no-other-feature']!]: use('../../beta/api.ts'),
  [VIOLATIONS['web-feature-imports-no-app']!]: use('../../app/screens.ts'),
  [VIOLATIONS['web-components-import-only-lib']!]: use('../features/beta/api.ts'),
  [VIOLATIONS['web-lib-imports-only-lib']!]: use('../components/shared.ts'),
  [VIOLATIONS['server-routes-import-no-db-schema']!]: use('../../db/schema/index.ts'),
  [VIOLATIONS['server-lib-imports-no-plugins']!]: use('../plugins/auth.ts'),
  [VIOLATIONS['server-api-imports-edge-only-through-its-surface']!]: use('../../edge/ads/engine.ts'),
  [VIOLATIONS['server-edge-imports-no-api-internals']!]: use('../../services/billing.ts'),
  [VIOLATIONS['server-edge-shared-imports-no-edge-area']!]: use('../playback/live.ts'),
  [VIOLATIONS['server-edge-ads-imports-no-playback']!]: use('../playback/live.ts'),
  [VIOLATIONS['server-edge-conditioning-imports-no-caller']!]: use('../ads/engine.ts'),

  // Allowed: a feature's own files, components, lib and core; the shell assembling features;
  // tests reaching further (the console, the tables they count); a type from a plugin.
  'apps/web/src/features/alpha/routes/screen.tsx': `${use('../paths.ts')}${use('../../../components/shared.ts').replace(/value|copy/g, '$&2')}`,
  'apps/web/src/app/shell.ts': use('../features/beta/api.ts'),
  'apps/web/src/features/alpha/__tests__/screen.test.ts': use('../../../app/screens.ts'),
  'apps/server/src/routes/area/handler.ts': use('../../repositories/users.ts'),
  'apps/server/src/routes/area/__tests__/handler.test.ts': use('../../../db/schema/index.ts'),
  // The edge's surface, from a console route and from app.ts; an edge test using a service.
  'apps/server/src/routes/area/uses-edge-surface.ts': use('../../edge/index.ts'),
  'apps/server/src/app.ts': use('./edge/index.ts'),
  'apps/server/src/edge/ads/__tests__/engine.test.ts': use('../../../services/billing.ts'),
  'apps/server/src/lib/names-a-type.ts':
    "import type { value } from '../plugins/auth.ts';\nexport type Copy = typeof value;\n",
};

let tree = '';

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'cuepoint-depcruise-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  copyFileSync(join(ROOT, CONFIG), join(tree, CONFIG));
  copyFileSync(join(ROOT, 'tsconfig.base.json'), join(tree, 'tsconfig.base.json'));
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** The CLI as `npm run lint` runs it, with the given reporter. */
const cruise = (outputType: 'json' | 'err') =>
  spawnSync(process.execPath, [CLI, 'apps', 'packages', '--config', CONFIG, '--output-type', outputType], {
    cwd: tree,
    encoding: 'utf8',
  });

describe('the import rules (.dependency-cruiser.cjs)', () => {
  it('each fails on its violation, and on nothing the rules allow', () => {
    const { summary } = JSON.parse(cruise('json').stdout) as { summary: { violations: Violation[] } };
    expect(summary.violations.map((v) => [v.rule.name, v.from]).sort()).toEqual(
      Object.entries(VIOLATIONS).sort(),
    );
  });

  it('fails the lint step (a non-zero exit) naming the rule and the files', () => {
    const run = cruise('err');
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain(
      `web-feature-imports-no-other-feature: ${VIOLATIONS['web-feature-imports-no-other-feature']} → apps/web/src/features/beta/api.ts`,
    );
  });

  it('has a violation here for every rule of the config', () => {
    expect(Object.keys(VIOLATIONS).sort()).toEqual([...ruleNames].sort());
  });
});
