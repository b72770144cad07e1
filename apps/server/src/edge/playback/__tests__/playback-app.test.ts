/**
 * The playback routes as the server registers them (buildApp): public, at the root, outside the
 * OpenAPI document, with the fetch policy built from PUBLIC_URL and PLAYBACK_ALLOW_HOSTS.
 */
import { parseMediaPlaylist } from '@cuepoint/stitcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../../config/env.ts';
import { createResource } from '../../../services/resources.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { type TestApp, testApp } from '../../../test/helpers.ts';
import { PLAYBACK_TEXTS } from '../problems.ts';
import { type FakeMedia, startFakeMedia } from './fake-media.ts';

let media: FakeMedia;
beforeAll(async () => {
  // The wall clock: these tests only open sessions and read one window.
  media = await startFakeMedia(Date.now);
});
afterAll(async () => {
  await media?.close();
});

async function liveStream(app: TestApp, sourceStreamUrl: string, status: 'active' | 'inactive' = 'active') {
  const row = await createResource(
    app.db,
    'liveStream',
    await customerIdOf(app, 'demo-broadcasting'),
    { name: `App stream ${Math.random()}`, sourceStreamUrl, status },
    { actor: 'playback-tests@cuepoint.example', actingAdmin: null },
  );
  return row.id;
}

describe('playback routes in the server', () => {
  it('are public, hidden from the OpenAPI document, and refuse private sources by default', async () => {
    const app = await testApp();
    try {
      const document = (await app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
      // The data plane's paths (/play/…, the playout origin /playout/…) are not the API's
      // (/api/playback/breaks, /api/playout/channels are).
      expect(Object.keys(document.paths).filter((p) => /^\/(play|playout)\//.test(p))).toEqual([]);
      expect(Object.keys(document.paths)).toContain('/api/playback/breaks');

      const unknown = await app.inject('/play/live/3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77/master.m3u8');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        statusCode: 404,
        error: 'Not Found',
        message: PLAYBACK_TEXTS.unknownStream('3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77'),
      });
      expect(unknown.headers['access-control-allow-origin']).toBe('*');
      expect(unknown.headers['cross-origin-resource-policy']).toBe('cross-origin');

      const inactive = await liveStream(app, `${media.base}/live/`, 'inactive');
      expect((await app.inject(`/play/live/${inactive}/master.m3u8`)).statusCode).toBe(404);

      // 127.0.0.1 is neither the public URL's host nor listed: refused, and nothing fetched.
      const before = media.count('/live/master.m3u8');
      const local = await liveStream(app, `${media.base}/live/`);
      const refused = await app.inject({ method: 'POST', url: `/play/live/${local}/session` });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(
        PLAYBACK_TEXTS.refused(`${media.base}/live/master.m3u8: 127.0.0.1 is a private or reserved address`),
      );
      expect(media.count('/live/master.m3u8')).toBe(before);
    } finally {
      await app.close();
    }
  });

  it('fetches from the hosts of PLAYBACK_ALLOW_HOSTS, and gives absolute URLs on PUBLIC_URL', async () => {
    const app = await testApp({ env: { PLAYBACK_ALLOW_HOSTS: `example.org, ${media.hostPort}` } });
    try {
      const streamId = await liveStream(app, `${media.base}/live/`);
      const response = await app.inject({ method: 'POST', url: `/play/live/${streamId}/session` });
      expect(response.statusCode).toBe(200);
      const { manifestUrl, trackingUrl } = response.json() as { manifestUrl: string; trackingUrl: string };
      expect(manifestUrl).toMatch(
        new RegExp(`^http://console\\.test/play/live/${streamId}/s/[\\w-]{22}/master\\.m3u8$`),
      );
      expect(trackingUrl).toBe(manifestUrl.replace('master.m3u8', 'tracking'));
      const master = await app.inject(manifestUrl.replace('http://console.test', ''));
      expect(master.statusCode).toBe(200);
      const uri = master.body.split('\n').find((line) => line.startsWith('/play/'))!;
      const playlist = await app.inject(uri);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['cache-control']).toBe('no-store');
      expect(parseMediaPlaylist(playlist.body).segments[0]?.uri).toMatch(
        new RegExp(`^${media.base}/live/v0/seg-\\d+\\.ts$`),
      );
    } finally {
      await app.close();
    }
  });

  it('always fetches from the server’s own public host (the built-in demo origin)', async () => {
    const app = await testApp({ env: { PUBLIC_URL: media.base } });
    try {
      const streamId = await liveStream(app, `${media.base}/live/`);
      const response = await app.inject(`/play/live/${streamId}/master.m3u8`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/^\/play\/live\/.+\/r\/1\.m3u8$/m);
    } finally {
      await app.close();
    }
  });
});

describe('the per-address rate limit', () => {
  it('applies to the API and not to playback (many viewers share one address)', async () => {
    const app = await testApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const unknown = '/play/live/3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77/master.m3u8';
      const vod = '/play/vod/3f1e9a52-8c1d-4d7e-9b0a-6c2f4e8d1a77/session';
      for (let i = 0; i < 6; i++) {
        expect((await app.inject(unknown)).statusCode).toBe(404);
        expect((await app.inject({ method: 'POST', url: vod })).statusCode).toBe(404);
      }
      const api = [];
      for (let i = 0; i < 4; i++) api.push((await app.inject('/api/ssai/ds')).statusCode);
      expect(api).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('PLAYBACK_ALLOW_HOSTS', () => {
  it('reads a comma-separated list of hosts, lower case', () => {
    expect(
      loadEnv({ PLAYBACK_ALLOW_HOSTS: ' Origin.Lab:8080 ,10.1.2.3,, [fd00::1]:443 ' }).PLAYBACK_ALLOW_HOSTS,
    ).toEqual(['origin.lab:8080', '10.1.2.3', '[fd00::1]:443']);
    expect(loadEnv({}).PLAYBACK_ALLOW_HOSTS).toEqual([]);
    expect(() => loadEnv({ PLAYBACK_ALLOW_HOSTS: 'http://origin.lab/' })).toThrow(ConfigError);
  });
});
