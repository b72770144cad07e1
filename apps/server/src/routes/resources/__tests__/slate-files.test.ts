/**
 * Uploaded slate videos are deleted once no record refers to them: the slate is deleted, or its
 * videoUrl moves to another file (lib/blob-references.ts, after the write committed).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs } from '../../../db/schema/index.ts';
import { blobFiles, createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { type TestApp, testApp } from '../../../test/helpers.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { makeMp4 } from '../../../test/videos.ts';

describe('deleting slate videos no record refers to', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    account = await createAccount(app);
  });
  afterAll(() => app.close());

  const uploadAs = async (who: TestAccount) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate/upload',
      headers: who.headers,
      payload: multipartForm({}, { file: { name: 'slate.mp4', data: makeMp4(2048) } }),
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().url as string;
    return { url, key: new URL(url).pathname.replace('/files/', '') };
  };
  let counter = 0;
  const createSlate = async (who: TestAccount, videoUrl: string) => {
    counter += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/ssai/slate',
      headers: who.headers,
      payload: { name: `Slate ${counter}`, sourceType: 'upload', videoUrl, duration: 10 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; version: number };
  };
  const update = (who: TestAccount, id: string, version: number, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/ssai/slate/${id}`,
      headers: who.headers,
      payload: { version, ...body },
    });
  const remove = (who: TestAccount, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/ssai/slate/${id}`, headers: who.headers });
  /** Whether the file and its row are still there, once the releases after the answers ran. */
  const exists = async (key: string) => {
    // The release starts in the onResponse hook, as the answer finishes.
    await new Promise((resolve) => setImmediate(resolve));
    await app.blobStorage.settled();
    const [row] = await app.db.select({ key: blobs.key }).from(blobs).where(eq(blobs.key, key));
    const file = (await blobFiles(app, 'public')).includes(key);
    expect(Boolean(row)).toBe(file);
    return file;
  };

  it('deletes the old video when videoUrl moves to another file, and the video of a deleted slate', async () => {
    const first = await uploadAs(account);
    const second = await uploadAs(account);
    const slate = await createSlate(account, first.url);
    // Saved without changing the video: kept.
    const renamed = await update(account, slate._id, slate.version, { name: 'Renamed slate' });
    expect(renamed.statusCode).toBe(200);
    expect(await exists(first.key)).toBe(true);

    const moved = await update(account, slate._id, renamed.json().version, { videoUrl: second.url });
    expect(moved.statusCode).toBe(200);
    expect(await exists(first.key)).toBe(false);
    expect(await exists(second.key)).toBe(true);
    expect((await app.inject({ url: `/files/${first.key}` })).statusCode).toBe(404);

    expect((await remove(account, slate._id)).statusCode).toBe(200);
    expect(await exists(second.key)).toBe(false);
  });

  it('keeps a video another record still refers to, until the last one goes', async () => {
    const shared = await uploadAs(account);
    const one = await createSlate(account, shared.url);
    const two = await createSlate(account, shared.url);
    // A VOD pointing at the same file (pasted URL) counts as a reference too.
    const vod = await app.inject({
      method: 'POST',
      url: '/api/ssai/vod',
      headers: account.headers,
      payload: { name: `Vod ${shared.key}`, sourceUrl: shared.url, duration: 60 },
    });
    expect(vod.statusCode, vod.body).toBe(201);
    await remove(account, one._id);
    expect(await exists(shared.key)).toBe(true);
    await remove(account, two._id);
    expect(await exists(shared.key)).toBe(true);
    await app.inject({ method: 'DELETE', url: `/api/ssai/vod/${vod.json()._id}`, headers: account.headers });
    expect(await exists(shared.key)).toBe(false);
  });

  it('never deletes another customer’s file, nor anything on a refused write', async () => {
    const owner = await createAccount(app);
    const theirs = await uploadAs(owner);
    const mine = await createSlate(account, theirs.url);
    await remove(account, mine._id);
    expect(await exists(theirs.key)).toBe(true);

    const own = await uploadAs(account);
    const slate = await createSlate(account, own.url);
    const stale = await update(account, slate._id, slate.version + 5, {
      videoUrl: 'https://cdn.example/x.mp4',
    });
    expect(stale.statusCode).toBe(409);
    const invalid = await update(account, slate._id, slate.version, {
      videoUrl: 'https://cdn.example/x.mp4',
      duration: -1,
    });
    expect(invalid.statusCode).toBe(400);
    expect(await exists(own.key)).toBe(true);
    // To an external URL: the upload goes.
    const external = await update(account, slate._id, slate.version, {
      sourceType: 'url',
      videoUrl: 'https://cdn.example/x.mp4',
    });
    expect(external.statusCode).toBe(200);
    expect(await exists(own.key)).toBe(false);
  });
});
