// The import rules of docs/architecture.md (section 2), checked by dependency-cruiser on every
// `npm run lint` and `npm test`. Each rule names who may not import what, and why; a rule that a
// change breaks fails the lint step with the importing and the imported file.
// scripts/__tests__/depcruise.test.ts proves each rule fails on a violation.

/** React and what is built on it: the console's, never core's. */
const REACT =
  '^node_modules/((react|react-dom|react-router|@tanstack/react-query)(/|$)|@mantine/|@testing-library/)';
/** Database and cache clients: the server's, never core's. */
const DATABASE =
  '^node_modules/(drizzle-orm|drizzle-kit|pg|pg-[^/]+|@electric-sql/pglite|postgres|ioredis|redis)(/|$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'apps-are-independent',
      comment: 'An app never imports another app: what they share lives in packages/core.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-import-no-app',
      comment: 'packages/core and packages/stitcher are imported by the apps, never the reverse.',
      severity: 'error',
      from: { path: '^packages/(core|stitcher)/' },
      to: { path: '^apps/' },
    },
    {
      name: 'stitcher-imports-no-workspace',
      comment: 'The stitcher is a library of its own: it imports no other workspace.',
      severity: 'error',
      from: { path: '^packages/stitcher/' },
      to: { path: '^(apps|packages/(?!stitcher/))' },
    },
    {
      name: 'core-imports-no-react',
      comment: 'Core is shared with the server: no React (nor what is built on it).',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: REACT },
    },
    {
      name: 'core-imports-no-database',
      comment: 'Core is shared with the console: no database or cache client.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: DATABASE },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment:
        'A console feature (src/features/<x>/) imports no other feature: what two features share ' +
        'moves to src/components/ (or src/lib/).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-imports-no-app',
      comment:
        'A feature is what app/ assembles (routes, shell): it does not import app/. Its tests may ' +
        '(they render the whole console).',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '/__tests__/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-components-import-only-lib',
      comment: 'src/components/ holds what features share: it imports lib/, never a feature or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/components/', pathNot: '/__tests__/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-lib-imports-only-lib',
      comment: 'src/lib/ is the bottom layer: it imports nothing else of the console.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: '/__tests__/' },
      to: { path: '^apps/web/src/(features|components|app)/' },
    },
    {
      name: 'server-routes-import-no-db-schema',
      comment:
        'A route reads and writes through src/repositories/, not the tables of src/db/schema. Its ' +
        'tests may: they count rows to prove that a refused call wrote nothing.',
      severity: 'error',
      from: { path: '^apps/server/src/routes/', pathNot: '/__tests__/' },
      to: { path: '^apps/server/src/db/schema' },
    },
    {
      name: 'server-lib-imports-no-plugins',
      comment:
        'src/lib/ holds helpers without Fastify wiring: the plugins use them, not the reverse. ' +
        'A type is not wiring (lib/navigation-access.ts names the AuthContext of plugins/auth.ts), ' +
        'and a test may start a plugin to drive a helper.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: '/__tests__/' },
      to: { path: '^apps/server/src/plugins/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-api-imports-edge-only-through-its-surface',
      comment:
        'The data plane (src/edge/) is a wing of its own: the rest of the server (app.ts mounting ' +
        'its plugins, the console routes using its few shared helpers) imports only ' +
        'src/edge/index.ts, never its internals. Tests and benches may reach further.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/edge/', '/__tests__/', '^apps/server/src/test/'],
      },
      to: { path: '^apps/server/src/edge/', pathNot: '^apps/server/src/edge/index[.]ts$' },
    },
    {
      name: 'server-edge-imports-no-api-internals',
      comment:
        'The edge imports core, the stitcher, shared src/lib/, src/db/ and src/config/, and its ' +
        'own read model: never the console side (routes, services, repositories, plugins, ' +
        'alarms). Its tests may (they sign in and create resources through the API).',
      severity: 'error',
      from: { path: '^apps/server/src/edge/', pathNot: '/__tests__/' },
      to: { path: '^apps/server/src/(routes|services|repositories|plugins|alarms)/' },
    },
    {
      name: 'server-edge-shared-imports-no-edge-area',
      comment:
        'Inside the edge, imports go one way: playout and playback use ads and conditioning, ' +
        'ads use conditioning, and all of them use the shared fetch/, events/ and read-model/. ' +
        'The shared folders import none of the areas. Tests may reach across.',
      severity: 'error',
      from: { path: '^apps/server/src/edge/(fetch|events|read-model)/', pathNot: '/__tests__/' },
      to: { path: '^apps/server/src/edge/(playback|playout|ads|conditioning|demo)/' },
    },
    {
      name: 'server-edge-ads-imports-no-playback',
      comment: 'The ad server decides and counts; playback and playout call it, never the reverse.',
      severity: 'error',
      from: { path: '^apps/server/src/edge/ads/', pathNot: '/__tests__/' },
      to: { path: '^apps/server/src/edge/(playback|playout|demo)/' },
    },
    {
      name: 'server-edge-conditioning-imports-no-caller',
      comment: 'Conditioning transcodes creatives for the ad server and playback, and uses neither.',
      severity: 'error',
      from: { path: '^apps/server/src/edge/conditioning/', pathNot: '/__tests__/' },
      to: { path: '^apps/server/src/edge/(playback|playout|ads|demo)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Not node_modules: its packages stay in the graph (without their own imports), for core's rules.
    exclude: { path: '(^|/)(dist|drizzle|coverage)/' },
    // Workspace packages resolve to their sources (packages/core/src/...), as the apps load them.
    preserveSymlinks: false,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
