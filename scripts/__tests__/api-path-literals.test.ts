// API paths are declared once (packages/core/src/api/paths.ts): the console's calls and the
// server's routes take them from there. This scan keeps it so: no source file outside core (tests
// aside, which state the contract in their own words) writes a declared path as a literal.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allApiPaths } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../lib.mjs';

const SOURCES = ['apps/web/src', 'apps/server/src/routes', 'apps/server/src/services'];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__' && entry.name !== 'test') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** `'auth/login'`, `"/auth/login"`, `` `auth/login/${…}` ``: a declared path's fixed head, quoted. */
function literalPattern(path: string): RegExp {
  const head = path.split('/:')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A one-word path ('events', 'health') is also a word: only its slash or query form counts.
  if (!head.includes('/')) return new RegExp(`['"\`](?:/${head}(?:['"\`?]|/\\$\\{)|${head}\\?)`);
  return new RegExp(`['"\`]/?${head}(?:['"\`?]|/\\$\\{|/:)`);
}

describe('API path literals', () => {
  it('no console call or server route writes a declared path by hand', () => {
    const patterns = allApiPaths().map((path) => ({ path, pattern: literalPattern(path) }));
    const found: string[] = [];
    for (const dir of SOURCES) {
      for (const file of sourceFiles(join(ROOT, dir))) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, index) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments may name a path
          for (const { path, pattern } of patterns) {
            if (pattern.test(line)) found.push(`${relative(ROOT, file)}:${index + 1} writes ${path}`);
          }
        });
      }
    }
    expect(found).toEqual([]);
  });

  it('the scan finds a literal (it can fail)', () => {
    const pattern = literalPattern('customer/getCustomer/:id');
    expect(pattern.test(`apiRequest(\`customer/getCustomer/\${id}\`)`)).toBe(true);
    expect(literalPattern('auth/login').test("app.post('/auth/login', …)")).toBe(true);
    expect(literalPattern('events').test(`apiRequest(\`events?\${query}\`)`)).toBe(true);
    expect(literalPattern('events').test("app.get('/events', …)")).toBe(true);
    expect(literalPattern('events').test("const key = ['events', 'list']")).toBe(false);
  });
});
