import { parseMultivariantPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/helpers.ts';

// The demo as the real server registers it (app.ts): PUBLIC_URL, the security headers, the rate
// limit and the OpenAPI document around it.
let app: TestApp;
beforeAll(async () => {
  app = await testApp({ env: { RATE_LIMIT_MAX: '3' } });
});
afterAll(() => app.close());

describe('demo plugin in the app', () => {
  it('builds its URLs on PUBLIC_URL', async () => {
    const res = await app.inject('/demo/origin/live/cue/master.m3u8');
    expect(res.statusCode).toBe(200);
    expect(parseMultivariantPlaylist(res.body).variants[0]!.uri).toBe(
      'http://console.test/demo/origin/live/cue/144p.m3u8',
    );
  });

  it('lets players on other origins load what it serves, errors included', async () => {
    for (const url of [
      '/demo/origin/live/daterange/240p.m3u8',
      '/demo/media/content/240p/seg-000.ts',
      '/demo/ads/vast?dur=10',
      '/demo/media/nothing.ts',
    ]) {
      const res = await app.inject({ url, headers: { origin: 'https://player.example' } });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      // The console's same-origin policy would stop a cross-origin <video> from reading it.
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/demo/origin/live/cue/master.m3u8',
      headers: { origin: 'https://player.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/demo'))).toEqual([]);
  });

  it('is not rate-limited per address, except the slow answer', async () => {
    // RATE_LIMIT_MAX is 3 a minute here: a player polls more often than that.
    for (let i = 0; i < 6; i++) {
      expect((await app.inject('/demo/origin/live/oatcls/144p.m3u8')).statusCode).toBe(200);
      expect((await app.inject('/demo/media/content/144p/seg-001.ts')).statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.inject('/demo/ads/slow?delay=0')).statusCode);
    // (Other requests of this file, such as the OpenAPI document, count towards the same limit.)
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });
});
