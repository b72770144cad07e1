import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONSOLE_HEADERS, CONSOLE_INLINE_SCRIPTS, consoleHeaders } from '../security-headers.ts';

/** The console's page template, which Vite copies into the build with its inline scripts as they are. */
const INDEX_HTML = new URL('../../../../web/index.html', import.meta.url);

describe("the console's CSP", () => {
  it('allows each inline script of index.html by its hash, and nothing else inline', async () => {
    const html = await readFile(INDEX_HTML, 'utf8');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    expect(hashes.sort()).toEqual([...CONSOLE_INLINE_SCRIPTS].sort());
    const scriptSrc = CONSOLE_HEADERS['content-security-policy']!.split(';').find((d) =>
      d.trim().startsWith('script-src'),
    );
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${CONSOLE_INLINE_SCRIPTS.join(' ')}`);
  });

  it('lets the preview player fetch media over HTTPS, from our own playback origins, and its caption tracks', () => {
    const directives = Object.fromEntries(
      consoleHeaders(['http://localhost:8080'])
        ['content-security-policy']!.split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['connect-src']).toEqual(["'self'", 'https:', 'http://localhost:8080']);
    expect(directives['media-src']).toEqual(["'self'", 'blob:', 'data:', 'https:', 'http://localhost:8080']);
    // No other plain-HTTP host.
    expect(directives['connect-src']).not.toContain('http:');
  });
});
