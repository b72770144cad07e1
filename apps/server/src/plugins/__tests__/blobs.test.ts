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

describe('GET and HEAD /files/:key with byte ranges (RFC 9110)', () => {
  let app: TestApp;
  /** Larger than one read-stream chunk (64 KiB), every byte position distinguishable. */
  const video = Buffer.alloc(200_000 + 17);
  for (let i = 0; i < video.length; i += 1) video[i] = (i * 31 + (i >> 8)) % 256;
  let url: string;
  let etag: string;
  let lastModified: string;

  beforeAll(async () => {
    app = await testApp();
    const key = await app.blobs.put('public', 'mp4', video);
    url = `/files/${key}`;
    const whole = await app.inject({ url });
    etag = String(whole.headers.etag);
    lastModified = String(whole.headers['last-modified']);
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });
  const expectPartial = (res: Awaited<ReturnType<typeof get>>, start: number, end: number) => {
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    // The caching headers of a whole answer stay.
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
  };
  const expectWhole = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(video.length));
    expect(res.rawPayload.equals(video)).toBe(true);
  };

  it('answers the whole file with Accept-Ranges, Last-Modified and its length without a Range', async () => {
    const res = await get({});
    expectWhole(res);
    expect(Date.parse(lastModified)).not.toBeNaN();
  });

  it('answers bytes=a-b with exactly those bytes (206), across stream chunks', async () => {
    expectPartial(await get({ range: 'bytes=0-0' }), 0, 0);
    expectPartial(await get({ range: 'bytes=65530-131080' }), 65530, 131080);
    // A last position past the end is cut at the end.
    expectPartial(await get({ range: `bytes=199990-${video.length + 5000}` }), 199990, video.length - 1);
    // Whitespace around the range and a differently cased unit are fine.
    expectPartial(await get({ range: 'Bytes= 10-20' }), 10, 20);
  });

  it('answers bytes=a- (to the end) and bytes=-n (the last n)', async () => {
    expectPartial(await get({ range: 'bytes=100000-' }), 100000, video.length - 1);
    expectPartial(await get({ range: 'bytes=-500' }), video.length - 500, video.length - 1);
    // A suffix longer than the file is the whole file, as a range.
    expectPartial(await get({ range: `bytes=-${video.length * 2}` }), 0, video.length - 1);
  });

  it('answers 416 with bytes */size for an unsatisfiable range', async () => {
    for (const range of [
      `bytes=${video.length}-`,
      `bytes=${video.length + 10}-${video.length + 20}`,
      'bytes=-0',
    ]) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${video.length}`);
      expect(res.headers['accept-ranges'], range).toBe('bytes');
      expect(res.rawPayload.length, range).toBe(0);
    }
  });

  it('answers 416 for any range of an empty file', async () => {
    const key = await app.blobs.put('public', 'mp4', Buffer.alloc(0));
    const res = await app.inject({ url: `/files/${key}`, headers: { range: 'bytes=-1' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */0');
  });

  it('ignores a syntactically invalid Range (200, whole)', async () => {
    for (const range of [
      'bytes=abc',
      'bytes=20-10',
      'bytes=',
      'bytes=-',
      'bytes=1-2-3',
      'items=0-10',
      '0-10',
    ]) {
      expectWhole(await get({ range }));
    }
  });

  it('answers several ranges with the whole file (200)', async () => {
    expectWhole(await get({ range: 'bytes=0-10, 20-30' }));
    expectWhole(await get({ range: 'bytes=0-10,-5' }));
  });

  it('honours If-Range with the current strong ETag or the Last-Modified date, else answers whole', async () => {
    expectPartial(await get({ range: 'bytes=5-9', 'if-range': etag }), 5, 9);
    expectPartial(await get({ range: 'bytes=5-9', 'if-range': lastModified }), 5, 9);
    expectWhole(await get({ range: 'bytes=5-9', 'if-range': '"another-version"' }));
    expectWhole(await get({ range: 'bytes=5-9', 'if-range': `W/${etag}` }));
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expectWhole(await get({ range: 'bytes=5-9', 'if-range': earlier }));
    expectWhole(await get({ range: 'bytes=5-9', 'if-range': 'not a date' }));
  });

  it('answers HEAD with the headers of the GET and no body, ranged or not', async () => {
    const whole = await get({}, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(video.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.length).toBe(0);
    const part = await get({ range: 'bytes=10-19' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${video.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.length).toBe(0);
    expect((await get({ range: `bytes=${video.length}-` }, 'HEAD')).statusCode).toBe(416);
    expect(
      (await app.inject({ method: 'HEAD', url: '/files/00000000-0000-4000-8000-000000000000.mp4' }))
        .statusCode,
    ).toBe(404);
  });

  it('revalidates before ranging (304), and still 404s unknown keys with a Range', async () => {
    expect((await get({ range: 'bytes=0-10', 'if-none-match': etag })).statusCode).toBe(304);
    const res = await app.inject({
      url: '/files/00000000-0000-4000-8000-000000000000.mp4',
      headers: { range: 'bytes=0-10' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-range']).toBeUndefined();
  });

  it('serves ranges over a real connection too', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${url}`, { headers: { range: 'bytes=70000-140000' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 70000-140000/${video.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(video.subarray(70000, 140001))).toBe(true);
  });
});
