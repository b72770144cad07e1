// zod for the console, configured before any schema is built (issue 46). vite.config.ts aliases
// the bare `zod` import to this module for the console's build, dev server and tests: every
// module that imports zod (core's schemas, the console's own) imports it from here, so this
// module runs before any of them, whatever chunk the bundler puts them in. (A first import of
// main.tsx was not enough: a shared chunk that holds core's schemas runs before the entry's own
// code.) zod itself is imported as `zod/v4`, the same modules the alias does not catch.
import { z } from 'zod/v4';

/**
 * By default zod compiles a fast parser for each object schema with `new Function`, and probes
 * once whether it may (`new Function('')`, its throw caught) as the first object schema is built.
 * The console's CSP has no 'unsafe-eval' (apps/server/src/lib/security-headers.ts), so the probe
 * raised a `script-src` eval violation on every page load, noise in every CSP report. Under
 * `jitless` zod neither probes nor compiles; the console's forms and answers are small, so the
 * compiled parsers bought nothing here. e2e/tests/csp.spec.ts checks no console page raises a CSP
 * violation.
 *
 * The server keeps the compiled parsers: Node has no CSP, and the server parses every request
 * and answer through these schemas (its zod is the plain package: this alias is the console's).
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
