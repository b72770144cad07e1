/**
 * POST /api/ssai/creative/upload: a creative's video (MP4, QuickTime or MPEG-TS), checked by its
 * bytes, stored in the public file store under the customer's quota and answered as a URL; the
 * creative that names it keeps the file, and deleting the creative releases it.
 */
import { Readable } from 'node:stream';
import {
  CREATIVE_TEXTS,
  CREATIVE_VIDEO_EXTENSIONS,
  CREATIVE_VIDEO_MAX_BYTES,
  storageQuotaExceeded,
} from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blobs } from '../../../db/schema/index.ts';
import { MULTIPART_MESSAGES } from '../../../lib/multipart-problems.ts';
import { storageUsed } from '../../../repositories/blobs.ts';
import { blobFiles, createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { customerIdOf } from '../../../test/accounts.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { makeMp4, makeTs, mp4Box } from '../../../test/videos.ts';

const URL_PATH = '/api/ssai/creative/upload';
const keyOf = (url: string) => new URL(url).pathname.replace('/files/', '');
/** A QuickTime movie: the MP4 box layout with the 'qt  ' brand. */
const makeMov = (size = 2048) => {
  const mov = makeMp4(size);
  mov.write('qt  ', 8, 'latin1');
  return mov;
};

describe('POST /api/ssai/creative/upload', () => {
  let app: TestApp;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    app = await testApp();
    demo = await loginAs(app, 'customer');
  });
  afterEach(() => {
    app.blobStorage.quotaBytes = Number.MAX_SAFE_INTEGER;
  });
  afterAll(() => app.close());

  const upload = (
    files: Parameters<typeof multipartForm>[1],
    headers: Record<string, string> = demo.headers,
  ) => app.inject({ method: 'POST', url: URL_PATH, headers, payload: multipartForm({}, files) });

  it('accepts the extensions core names', () => {
    expect(CREATIVE_VIDEO_EXTENSIONS).toEqual(['.mp4', '.mov', '.ts']);
  });

  it('stores an MP4, a QuickTime movie and an MPEG-TS file, each served with its type from PUBLIC_URL', async () => {
    for (const [name, data, type] of [
      ['Spot.MP4', makeMp4(4096), 'video/mp4'],
      ['spot.mov', makeMov(), 'video/quicktime'],
      ['spot.ts', makeTs(5), 'video/mp2t'],
    ] as const) {
      const res = await upload({ file: { name, data } });
      expect(res.statusCode, name).toBe(201);
      const { url } = res.json() as { url: string };
      expect(url).toMatch(/^http:\/\/console\.test\/files\/[0-9a-f-]{36}\.(mp4|mov|ts)$/);
      const served = await app.inject({ url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      // Media for players on other origins too (an ad's MP4 is in the VAST answers).
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
  });

  it('records the file under the caller’s customer, counted in its storage', async () => {
    const customerId = await customerIdOf(app, 'demo-broadcasting');
    const before = await storageUsed(app.db, customerId);
    const res = await upload({ file: { name: 'spot.mp4', data: makeMp4(10_000) } });
    const [row] = await app.db
      .select()
      .from(blobs)
      .where(eq(blobs.key, keyOf(res.json().url)));
    expect(row).toMatchObject({
      namespace: 'public',
      customerId,
      sizeBytes: 10_000,
      contentType: 'video/mp4',
    });
    expect(await storageUsed(app.db, customerId)).toBe(before + 10_000);
  });

  it('keeps the file a creative names, and releases it when the creative is deleted', async () => {
    const { url } = (await upload({ file: { name: 'kept.mp4', data: makeMp4(3000) } })).json() as {
      url: string;
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/ssai/creative',
      headers: demo.headers,
      payload: { name: 'Uploaded spot', sourceType: 'upload', videoUrl: url, duration: 15 },
    });
    expect(created.statusCode).toBe(201);
    expect(await blobFiles(app, 'public')).toContain(keyOf(url));
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/ssai/creative/${created.json()._id}`,
      headers: demo.headers,
    });
    expect(removed.statusCode).toBe(200);
    // Released once the answer is out.
    await app.blobStorage.settled();
    expect(await blobFiles(app, 'public')).not.toContain(keyOf(url));
  });

  it('refuses a file whose bytes or name are not a video, naming the field, and stores nothing', async () => {
    const before = await blobFiles(app, 'public');
    const noMovie = Buffer.concat([makeMp4().subarray(0, 32), mp4Box('mdat', Buffer.alloc(500))]);
    for (const file of [
      { name: 'spot.mp4', data: Buffer.from('just text, not a video at all'.repeat(20)) },
      { name: 'spot.mp4', data: makeMp4().subarray(0, 400) },
      { name: 'spot.mp4', data: noMovie },
      { name: 'spot.mov', data: makeTs(4) },
      { name: 'spot.ts', data: makeTs(4).subarray(0, 500) },
      { name: 'spot.ts', data: makeMp4() },
      { name: 'spot.mkv', data: makeMp4() },
      { name: 'spot.m3u8', data: '#EXTM3U\n' },
      { name: 'spot', data: makeMp4() },
    ]) {
      const res = await upload({ file });
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'file', message: CREATIVE_TEXTS.videoType }]);
    }
    expect(await blobFiles(app, 'public')).toEqual(before);
  });

  it('refuses a missing, misnamed or empty file: choose a video', async () => {
    for (const res of [
      await upload({ video: { name: 'spot.mp4', data: makeMp4() } }),
      await upload({ file: { name: 'spot.mp4', data: new Uint8Array() } }),
      await app.inject({ method: 'POST', url: URL_PATH, headers: demo.headers, payload: {} }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'file', message: CREATIVE_TEXTS.videoRequired }]);
    }
  });

  it('refuses a file past CREATIVE_VIDEO_MAX_BYTES while it streams with 413, leaving nothing behind', async () => {
    const before = await blobFiles(app, 'public');
    const rows = (await app.db.select({ key: blobs.key }).from(blobs)).length;
    // The multipart body is streamed: 500 MB never sits in memory.
    const boundary = 'cuepointboundary';
    const head = makeMp4(1024);
    const size = CREATIVE_VIDEO_MAX_BYTES + 1;
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      yield head;
      const chunk = Buffer.alloc(4 * 1024 * 1024, 0x11);
      for (let sent = head.length; sent < size; sent += chunk.length) {
        yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: { ...demo.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    // One rule for every upload route (issue 46): an oversize file is a 413, as a logo is.
    expect(res.statusCode).toBe(413);
    expect(res.json().fields).toEqual([{ field: 'file', message: CREATIVE_TEXTS.videoTooLarge }]);
    expect(await blobFiles(app, 'public')).toEqual(before);
    expect((await app.db.select({ key: blobs.key }).from(blobs)).length).toBe(rows);
  }, 120_000);

  it('refuses a second file naming the field, keeping neither (issue 46: the first was kept)', async () => {
    const before = await blobFiles(app, 'public');
    const rows = (await app.db.select({ key: blobs.key }).from(blobs)).length;
    for (const files of [
      {
        file: [
          { name: 'a.mp4', data: makeMp4() },
          { name: 'b.mov', data: makeMov() },
        ],
      },
      { file: { name: 'a.ts', data: makeTs(4) }, video: { name: 'b.mp4', data: makeMp4() } },
    ] as Parameters<typeof multipartForm>[1][]) {
      const res = await upload(files);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'file', message: CREATIVE_TEXTS.videoOneFile }]);
    }
    expect(await blobFiles(app, 'public')).toEqual(before);
    expect((await app.db.select({ key: blobs.key }).from(blobs)).length).toBe(rows);
  });

  it('answers a malformed multipart body with 400 naming it, storing nothing (issue 46: was 500)', async () => {
    const before = await blobFiles(app, 'public');
    const head = '--x\r\nContent-Disposition: form-data; name="file"; filename="spot.mp4"\r\n\r\n';
    for (const [contentType, payload, message] of [
      ['multipart/form-data; boundary=x', Buffer.from('junk body'), MULTIPART_MESSAGES.unterminated],
      [
        'multipart/form-data; boundary=x',
        Buffer.concat([Buffer.from(head), makeMp4(4096)]),
        MULTIPART_MESSAGES.unterminated,
      ],
      ['multipart/form-data', Buffer.from('junk body'), MULTIPART_MESSAGES.noBoundary],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: URL_PATH,
        headers: { ...demo.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toMatchObject({ message: `body: ${message}`, fields: [{ field: 'body', message }] });
    }
    expect(await blobFiles(app, 'public')).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const res = await upload({ file: { name: 'spot.mp4', data: makeMp4() } }, {});
    expect(res.statusCode).toBe(401);
    const forged = await upload(
      { file: { name: 'spot.mp4', data: makeMp4() } },
      { authorization: 'Bearer nope' },
    );
    expect(forged.statusCode).toBe(401);
  });

  describe('storage quota', () => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await createAccount(app);
    });

    it('refuses with 413 naming the file an upload past the customer’s quota; another customer is not affected', async () => {
      app.blobStorage.quotaBytes = 10 * 1024;
      const first = await upload({ file: { name: 'a.mp4', data: makeMp4(6000) } }, account.headers);
      expect(first.statusCode).toBe(201);
      const second = await upload({ file: { name: 'b.mp4', data: makeMp4(6000) } }, account.headers);
      expect(second.statusCode).toBe(413);
      expect(second.json().fields).toEqual([{ field: 'file', message: storageQuotaExceeded('10 KB') }]);
      expect(await storageUsed(app.db, account.customer.id)).toBe(6000);
      const other = await createAccount(app);
      expect((await upload({ file: { name: 'c.mp4', data: makeMp4(6000) } }, other.headers)).statusCode).toBe(
        201,
      );
    });
  });
});
