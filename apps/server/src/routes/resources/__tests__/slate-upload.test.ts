import { SLATE_TEXTS, SLATE_VIDEO_MAX_BYTES, storageQuotaExceeded } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blobs, users } from '../../../db/schema/index.ts';
import { MULTIPART_MESSAGES } from '../../../lib/multipart-problems.ts';
import { storageUsed } from '../../../repositories/blobs.ts';
import { blobFiles, createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { loginAs, type TestApp, testApp } from '../../../test/helpers.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { makeMp4, makeTs, mp4Box } from '../../../test/videos.ts';

/** A real-shaped MP4 (ftyp, moov, mdat tiling the file) and an MPEG-TS file of three packets. */
const mp4 = () => makeMp4(4096);
const ts = () => makeTs(3);
const keyOf = (url: string) => new URL(url).pathname.replace('/files/', '');

describe('POST /api/ssai/slate/upload', () => {
  let app: TestApp;
  let demo: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    // PUBLIC_URL is http://console.test (test/helpers.ts).
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
  ) =>
    app.inject({ method: 'POST', url: '/api/ssai/slate/upload', headers, payload: multipartForm({}, files) });

  it('stores an MP4 and answers a URL on PUBLIC_URL that serves it as video/mp4', async () => {
    const res = await upload({ file: { name: 'Slate.MP4', data: mp4(), type: 'video/mp4' } });
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^http:\/\/console\.test\/files\/[0-9a-f-]{36}\.mp4$/);
    const served = await app.inject({ url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['content-length']).toBe('4096');
    expect(served.rawPayload.equals(mp4())).toBe(true);
  });

  it('records the file under the customer, with its size and type', async () => {
    const res = await upload({ file: { name: 'slate.mp4', data: makeMp4(10_000) } });
    const key = keyOf(res.json().url);
    const [owner] = await app.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.id, demo.userId));
    const [row] = await app.db.select().from(blobs).where(eq(blobs.key, key));
    expect(row).toMatchObject({
      namespace: 'public',
      customerId: owner!.customerId,
      sizeBytes: 10_000,
      contentType: 'video/mp4',
    });
  });

  it('builds the URL from PUBLIC_URL, never from a forged Host or forwarded header', async () => {
    const res = await upload(
      { file: { name: 'slate.ts', data: ts() } },
      {
        ...demo.headers,
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    );
    expect(res.statusCode).toBe(201);
    expect(new URL(res.json().url).origin).toBe('http://console.test');
  });

  it('stores an MPEG-TS file as video/mp2t', async () => {
    const res = await upload({ file: { name: 'slate.ts', data: ts() } });
    expect(res.statusCode).toBe(201);
    const served = await app.inject({ url: new URL(res.json().url).pathname });
    expect(served.headers['content-type']).toBe('video/mp2t');
  });

  it('refuses a file whose bytes or name are not a video, naming the field, and stores nothing', async () => {
    const before = await blobFiles(app, 'public');
    const junkAfterFtyp = Buffer.concat([mp4().subarray(0, 32), Buffer.alloc(2000, 0xa7)]);
    const truncated = mp4().subarray(0, 4000);
    const badSize = mp4();
    badSize.writeUInt32BE(3, 148);
    const noMovie = Buffer.concat([mp4().subarray(0, 32), mp4Box('mdat', Buffer.alloc(500))]);
    const badSync = makeTs(300);
    badSync[188 * 150] = 0x48;
    for (const file of [
      { name: 'slate.mp4', data: Buffer.from('just text, not a video at all'.repeat(20)) },
      { name: 'slate.mp4', data: junkAfterFtyp },
      { name: 'slate.mp4', data: truncated },
      { name: 'slate.mp4', data: badSize },
      { name: 'slate.mp4', data: noMovie },
      { name: 'slate.ts', data: badSync },
      { name: 'slate.ts', data: ts().subarray(0, 500) },
      { name: 'slate.mov', data: mp4() },
      { name: 'slate.ts', data: mp4() },
      { name: 'slate.mp4', data: ts() },
    ]) {
      const res = await upload({ file });
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoType }]);
    }
    expect(await blobFiles(app, 'public')).toEqual(before);
  });

  it('refuses a missing or empty file', async () => {
    const none = await upload({ other: { name: 'slate.mp4', data: mp4() } });
    expect(none.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoRequired }]);
    const empty = await upload({ file: { name: 'slate.mp4', data: new Uint8Array() } });
    expect(empty.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoRequired }]);
    const json = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate/upload',
      headers: demo.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoRequired }]);
  });

  it('refuses a file over the per-file limit with 413 and the too-large message, leaving no file, temporary or row', async () => {
    const before = await blobFiles(app, 'public');
    const rowsBefore = (await app.db.select({ key: blobs.key }).from(blobs)).length;
    const big = makeMp4(SLATE_VIDEO_MAX_BYTES + 1);
    const large = await upload({ file: { name: 'slate.mp4', data: big } });
    // One rule for every upload route (issue 46): an oversize file is a 413, as a logo is.
    expect(large.statusCode).toBe(413);
    expect(large.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoTooLarge }]);
    expect(await blobFiles(app, 'public')).toEqual(before);
    expect((await app.db.select({ key: blobs.key }).from(blobs)).length).toBe(rowsBefore);
    // The limit itself is accepted.
    const exact = await upload({ file: { name: 'slate.mp4', data: makeMp4(SLATE_VIDEO_MAX_BYTES) } });
    expect(exact.statusCode).toBe(201);
  });

  it('refuses a second file naming the field, keeping neither (issue 46: the first was kept)', async () => {
    const before = await blobFiles(app, 'public');
    const rowsBefore = (await app.db.select({ key: blobs.key }).from(blobs)).length;
    for (const files of [
      {
        file: [
          { name: 'a.mp4', data: mp4() },
          { name: 'b.mp4', data: mp4() },
        ],
      },
      {
        file: [
          { name: 'a.mp4', data: mp4() },
          { name: 'b.ts', data: ts() },
          { name: 'c.ts', data: ts() },
        ],
      },
      { file: { name: 'a.mp4', data: mp4() }, other: { name: 'b.mp4', data: mp4() } },
    ] as Parameters<typeof multipartForm>[1][]) {
      const res = await upload(files);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'file', message: SLATE_TEXTS.videoOneFile }]);
    }
    expect(await blobFiles(app, 'public')).toEqual(before);
    expect((await app.db.select({ key: blobs.key }).from(blobs)).length).toBe(rowsBefore);
    // Text fields beside the one file are no second file.
    const withField = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate/upload',
      headers: demo.headers,
      payload: multipartForm({ note: 'x' }, { file: { name: 'a.mp4', data: mp4() } }),
    });
    expect(withField.statusCode).toBe(201);
  });

  it('answers a malformed multipart body with 400 naming it, storing nothing (issue 46: was 500)', async () => {
    const before = await blobFiles(app, 'public');
    const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="slate.mp4"\r\n\r\n';
    for (const [contentType, payload, message] of [
      ['multipart/form-data; boundary=x', 'junk body', MULTIPART_MESSAGES.unterminated],
      ['multipart/form-data; boundary=x', part + mp4().toString('latin1'), MULTIPART_MESSAGES.unterminated],
      ['multipart/form-data', 'junk body', MULTIPART_MESSAGES.noBoundary],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'junk body', MULTIPART_MESSAGES.boundaryTooLong],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/ssai/slate/upload',
        headers: { ...demo.headers, 'content-type': contentType },
        payload: Buffer.from(payload, 'latin1'),
      });
      expect(res.statusCode, `${contentType} ${payload.slice(0, 20)}`).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: `body: ${message}`,
        fields: [{ field: 'body', message }],
        requestId: expect.any(String),
      });
    }
    expect(await blobFiles(app, 'public')).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const res = await upload({ file: { name: 'slate.mp4', data: mp4() } }, {});
    expect(res.statusCode).toBe(401);
  });

  describe('storage quota', () => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await createAccount(app);
    });

    it('refuses, with 413 naming the file, an upload that would exceed the quota; what is stored counts', async () => {
      app.blobStorage.quotaBytes = 10 * 1024;
      const first = await upload({ file: { name: 'slate.mp4', data: makeMp4(6000) } }, account.headers);
      expect(first.statusCode).toBe(201);
      expect(await storageUsed(app.db, account.customer.id)).toBe(6000);
      const before = await blobFiles(app, 'public');
      // Alone it would fit; with the first it would not (checked while streaming).
      const second = await upload({ file: { name: 'slate.mp4', data: makeMp4(6000) } }, account.headers);
      expect(second.statusCode).toBe(413);
      expect(second.json().fields).toEqual([
        { field: 'file', message: 'This upload would exceed your storage quota of 10 KB' },
      ]);
      expect(second.json().fields[0].message).toBe(storageQuotaExceeded('10 KB'));
      // Far over the quota: aborted mid-stream.
      const huge = await upload({ file: { name: 'slate.mp4', data: makeMp4(3_000_000) } }, account.headers);
      expect(huge.statusCode).toBe(413);
      expect(await blobFiles(app, 'public')).toEqual(before);
      expect(await storageUsed(app.db, account.customer.id)).toBe(6000);
      // Another customer is not affected by this one's usage.
      const other = await createAccount(app);
      const theirs = await upload({ file: { name: 'slate.mp4', data: makeMp4(6000) } }, other.headers);
      expect(theirs.statusCode).toBe(201);
    });

    it('lets concurrent uploads not together overshoot the quota', async () => {
      const fresh = await createAccount(app);
      app.blobStorage.quotaBytes = 100_000;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          upload({ file: { name: 'slate.mp4', data: makeMp4(40_000) } }, fresh.headers),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 201, 413, 413]);
      expect(await storageUsed(app.db, fresh.customer.id)).toBe(80_000);
      const keys = answers.filter((a) => a.statusCode === 201).map((a) => keyOf(a.json().url));
      const files = await blobFiles(app, 'public');
      expect(files).toEqual(expect.arrayContaining(keys));
      expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    });
  });
});
