import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIME_CONFIG_GLOBAL } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestApp, testApp } from '../../test/helpers.ts';

describe('console under /app/', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp({ env: { MONITOR: '0', UI_TIMEOUT: '15000' } });
  });
  afterAll(() => app.close());

  it('redirects / to /app/', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/');
  });

  it.each([
    '/app/',
    '/app/login',
    '/app/streams-live/abc/kibana',
    '/app/monitoring/42',
    // A dotted console route is not a file.
    '/app/campaign-manager/index.deleted',
  ])('answers index.html for the client route %s, revalidated on every load', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves a hashed asset pre-compressed with brotli, else gzip, else plain, cached immutably', async () => {
    const br = await app.inject({
      url: '/app/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli-bytes');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await app.inject({ url: '/app/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip-bytes');

    const plain = await app.inject({
      url: '/app/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log("app")');
    expect(plain.headers['content-type']).toContain('javascript');
  });

  it('answers a real 404, not index.html, for a missing asset', async () => {
    for (const url of [
      '/app/assets/missing-123.js',
      '/app/logo.png',
      '/app/assets/app-abc123.css',
      '/app/assets/no-extension',
      '/app/fonts/inter.woff2',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('writes the runtime configuration as a script for the console to read before rendering', async () => {
    const res = await app.inject('/app/runtime-config.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    const sandbox: Record<string, unknown> = {};
    new Function('window', res.body)(sandbox);
    expect(sandbox[RUNTIME_CONFIG_GLOBAL]).toMatchObject({
      MONITOR: 0,
      PLAYOUT: 1,
      UI_TIMEOUT: 15000,
      BASE_URL: '/api/',
    });
  });

  it('sends a CSP under which the console runs: scripts from this origin only', async () => {
    const res = await app.inject('/app/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('console not built', () => {
  it('answers 503 with what to run, while the API keeps working', async () => {
    const database = await freshDatabase();
    const app = await testApp({ database, webDist: await mkdtemp(join(tmpdir(), 'cuepoint-empty-')) });
    try {
      const res = await app.inject('/app/login');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain('npm run build');
      expect((await app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
