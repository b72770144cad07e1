import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** Writes .br and .gz beside every compressible file of the build, for the server to send as is. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cuepoint-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> =>
        (
          await Promise.all(
            (
              await readdir(dir, { withFileTypes: true })
            ).map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
          )
        ).flat();
      const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 256) return;
          const source = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * The runtime configuration script the server writes (flags, BASE_URL, time-outs). Deferred and
 * module scripts run in document order, so it is set before the console's first render without
 * blocking the parser. Injected here rather than written in index.html so that Vite leaves its
 * URL alone in dev as in build. (The path is core's RUNTIME_CONFIG_PATH; this file is loaded by
 * Node before any TypeScript workspace, so it cannot import it; the e2e suite checks the two agree.)
 */
function runtimeConfigScript(): Plugin {
  return {
    name: 'cuepoint-runtime-config',
    transformIndexHtml: () => [
      { tag: 'script', attrs: { defer: true, src: '/app/runtime-config.js' }, injectTo: 'head-prepend' },
    ],
  };
}

const apiTarget = process.env.CUEPOINT_API_ORIGIN ?? 'http://localhost:8080';

/**
 * React Router 7's package exports point at its development build for every condition
 * (remix-run/react-router#12532, #14753): production bundles carried the development code and
 * its warnings. The build takes the production build it ships beside it (about 20 kB less
 * minified on every page); dev server and tests keep the development build and its warnings.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

function reactRouterProductionBuild(): Plugin {
  return {
    name: 'cuepoint-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } }),
  };
}

/**
 * Every bare `zod` import of the console (core's schemas, the console's own) goes through
 * src/lib/zod-jitless.ts, which configures zod before any schema is built: no `new Function`
 * probe, so no CSP eval violation on every page (issue 46). In build, dev server and tests alike.
 */
const zodJitless = { find: /^zod$/, replacement: join(import.meta.dirname, 'src/lib/zod-jitless.ts') };

export default defineConfig({
  base: '/app/',
  plugins: [react(), runtimeConfigScript(), precompress(), reactRouterProductionBuild()],
  resolve: { alias: [zodJitless] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/api_v1': { target: apiTarget, changeOrigin: false },
      '/app/runtime-config.js': { target: apiTarget, changeOrigin: false },
    },
  },
});
