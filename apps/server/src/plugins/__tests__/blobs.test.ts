import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/helpers.ts';
import { makeGif, makePng } from '../../test/images.ts';

describe('GET /files/:key (public blobs)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('keeps the blobs under DATA_DIR/blobs', async () => {
    expect((await readdir(join(app.dataDir, 'blobs'))).sort()).toEqual(['private', 'public']);
  });

  it('serves a public file with its type, a year of immutable caching, nosniff and no auth', async () => {
    const png = makePng(300, 240);
    const key = await app.blobs.put('public', 'png', png);
    const res = await app.inject({ url: `/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.rawPayload.equals(png)).toBe(true);

    const gif = await app.blobs.put('public', 'gif', makeGif(3, 3));
    expect((await app.inject({ url: `/files/${gif}` })).headers['content-type']).toBe('image/gif');
    const jpg = await app.blobs.put('public', 'jpg', Buffer.from([0xff, 0xd8]));
    expect((await app.inject({ url: `/files/${jpg}` })).headers['content-type']).toBe('image/jpeg');
  });

  it('answers 304 to a revalidation with its ETag', async () => {
    const key = await app.blobs.put('public', 'png', makePng(1, 1));
    const first = await app.inject({ url: `/files/${key}` });
    const again = await app.inject({
      url: `/files/${key}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for an unknown key, a deleted file, and a malformed one', async () => {
    const key = await app.blobs.put('public', 'png', makePng(1, 1));
    await app.blobs.delete('public', key);
    for (const url of [
      '/files/00000000-0000-4000-8000-000000000000.png',
      `/files/${key}`,
      '/files/not-a-key.png',
      '/files/..%2F..%2Fsecret.key',
      '/files/%2e%2e%2fblobs%2fprivate',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('never serves a private file, even by its key', async () => {
    const key = await app.blobs.put('private', 'pem', Buffer.from('-----BEGIN PRIVATE KEY-----'));
    expect((await app.inject({ url: `/files/${key}` })).statusCode).toBe(404);
    const png = await app.blobs.put('private', 'png', makePng(1, 1));
    expect((await app.inject({ url: `/files/${png}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/files/../private/${key}` })).statusCode).toBe(404);
  });
});
