import { SLATE_TEXTS, SLATE_VIDEO_MAX_BYTES } from '@cuepoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobFiles } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { videoKind } from '../slate-upload.ts';

/** The first bytes of an MP4 file: a 'ftyp' box. */
const mp4 = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(500, 1)]);
/** Three MPEG-TS packets of 188 bytes, each starting with the sync byte. */
const ts = () =>
  Buffer.concat([0, 1, 2].map(() => Buffer.concat([Buffer.from([0x47]), Buffer.alloc(187, 0xff)])));

describe('POST /api/ssai/slate/upload', () => {
  let app: TestApp;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    app = await testApp();
    demo = await loginAs(app, 'customer');
  });
  afterAll(() => app.close());

  const upload = (
    files: Parameters<typeof multipartForm>[1],
    headers: Record<string, string> = demo.headers,
  ) =>
    app.inject({ method: 'POST', url: '/api/ssai/slate/upload', headers, payload: multipartForm({}, files) });

  it('recognises MP4 and MPEG-TS by their bytes', () => {
    expect(videoKind(mp4())).toBe('.mp4');
    expect(videoKind(ts())).toBe('.ts');
    expect(videoKind(Buffer.from('<html>not a video</html>'.repeat(20)))).toBeNull();
  });

  it('stores an MP4 and answers a URL that serves it as video/mp4', async () => {
    const res = await upload({ file: { name: 'Slate.MP4', data: mp4(), type: 'video/mp4' } });
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/files\/[0-9a-f-]{36}\.mp4$/);
    const served = await app.inject({ url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(mp4())).toBe(true);
  });

  it('stores an MPEG-TS file as video/mp2t', async () => {
    const res = await upload({ file: { name: 'slate.ts', data: ts() } });
    expect(res.statusCode).toBe(201);
    const served = await app.inject({ url: new URL(res.json().url).pathname });
    expect(served.headers['content-type']).toBe('video/mp2t');
  });

  it('refuses a file whose bytes or name are not a video, naming the field, and stores nothing', async () => {
    const before = await blobFiles(app, 'public');
    for (const file of [
      { name: 'slate.mp4', data: Buffer.from('just text, not a video at all'.repeat(20)) },
      { name: 'slate.mov', data: mp4() },
      { name: 'slate.ts', data: mp4() },
    ]) {
      const res = await upload({ file });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoType }]);
    }
    expect(await blobFiles(app, 'public')).toEqual(before);
  });

  it('refuses a missing, empty or oversized file', async () => {
    const none = await upload({ other: { name: 'slate.mp4', data: mp4() } });
    expect(none.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoRequired }]);
    const empty = await upload({ file: { name: 'slate.mp4', data: new Uint8Array() } });
    expect(empty.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoRequired }]);
    const big = Buffer.concat([mp4(), Buffer.alloc(SLATE_VIDEO_MAX_BYTES, 0)]);
    const large = await upload({ file: { name: 'slate.mp4', data: big } });
    expect(large.statusCode).toBe(400);
    expect(large.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoTooLarge }]);
    const json = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate/upload',
      headers: demo.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoRequired }]);
  });

  it('needs a signed-in user', async () => {
    const res = await upload({ file: { name: 'slate.mp4', data: mp4() } }, {});
    expect(res.statusCode).toBe(401);
  });
});
