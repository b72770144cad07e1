/**
 * The sweep of unreferenced uploads, on the real database (PGlite, and PostgreSQL in the
 * server:postgres project) with an injected clock: the grace period is crossed by moving `now`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blobs, customers } from '../../db/schema/index.ts';
import { blobsPlugin } from '../../plugins/blobs.ts';
import { insertResource } from '../../repositories/resources.ts';
import { blobFiles, createAccount, type TestAccount } from '../../test/account-fixtures.ts';
import { type TestApp, testApp } from '../../test/helpers.ts';
import { makeMp4 } from '../../test/videos.ts';
import { storedFileRef } from '../blob-store.ts';
import { BLOB_SWEEP_GRACE_MS, sweepBlobs } from '../blob-sweep.ts';

const HOUR = 60 * 60 * 1000;

describe('sweeping unreferenced uploads', () => {
  let app: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    // The start-up sweep (plugins/blobs.ts) is done before this test arranges anything.
    await app.blobStorage.settled();
    account = await createAccount(app);
    other = await createAccount(app);
  });
  afterAll(() => app.close());

  const later = (ms: number) => () => new Date(Date.now() + ms);
  const sweep = (ms: number) => sweepBlobs(app.db, app.blobs, { now: later(ms) });
  /** A stored file with a row (an upload through the slate route writes both). */
  const recorded = async (who: TestAccount, size = 1000) => {
    const key = await app.blobs.put('public', 'mp4', makeMp4(size));
    await app.db.insert(blobs).values({
      key,
      namespace: 'public',
      customerId: who.customer.id,
      sizeBytes: size,
      contentType: 'video/mp4',
    });
    return key;
  };
  const slateOn = (who: TestAccount, key: string, name: string) =>
    insertResource(app.db, 'slate', {
      customerId: who.customer.id,
      data: {
        name,
        sourceType: 'upload',
        videoUrl: `http://console.test/files/${key}`,
        duration: 10,
        status: 'active',
      },
      updatedBy: null,
    });
  const rowOf = async (key: string) => (await app.db.select().from(blobs).where(eq(blobs.key, key)))[0];
  const onDisk = async (key: string) =>
    (await blobFiles(app, 'public')).includes(key) || (await blobFiles(app, 'private')).includes(key);

  it('keeps what is referenced or fresh, records referenced files without a row, deletes the rest after the grace period', async () => {
    expect(BLOB_SWEEP_GRACE_MS).toBe(24 * HOUR);
    // Referenced by a slate, with a row: kept.
    const used = await recorded(account);
    await slateOn(account, used, 'Sweep used');
    // A row and a file nothing refers to: the upload was never saved into a slate.
    const orphan = await recorded(account);
    // A row whose file is gone.
    const gone = await recorded(account);
    await app.blobs.delete('public', gone);
    await app.db.insert(blobs).values({
      key: gone,
      namespace: 'public',
      customerId: account.customer.id,
      sizeBytes: 1000,
      contentType: 'video/mp4',
    });
    // Files from before the blobs table: one a slate of `other` uses, one nothing uses.
    const legacyUsed = await app.blobs.put('public', 'mp4', makeMp4(3000));
    await slateOn(other, legacyUsed, 'Sweep legacy');
    const legacyOrphan = await app.blobs.put('public', 'ts', Buffer.alloc(188, 0x47));
    // Account files, stored by the account dialog without a row: a logo and a certificate.
    const logo = await app.blobs.put('public', 'png', Buffer.alloc(500, 1));
    const certificate = await app.blobs.put('private', 'crt', Buffer.from('-----BEGIN CERTIFICATE-----'));
    await app.db
      .update(customers)
      .set({ logo, certificate: storedFileRef(certificate, 'domain.crt') })
      .where(eq(customers.id, account.customer.id));
    // What an interrupted upload left.
    const temporary = join(app.dataDir, 'blobs', 'public', `.${orphan.replace('-', '-')}.999.tmp`);
    await writeFile(temporary, 'half a video');

    // Within the grace period: nothing is deleted; referenced files get their rows.
    const early = await sweep(HOUR);
    expect(early).toMatchObject({ deletedBlobs: 0, deletedRows: 0, deletedFiles: 0, deletedTemporary: 0 });
    expect(early.recorded).toBe(3);
    expect(await rowOf(legacyUsed)).toMatchObject({
      customerId: other.customer.id,
      sizeBytes: 3000,
      namespace: 'public',
    });
    expect(await rowOf(logo)).toMatchObject({
      customerId: account.customer.id,
      sizeBytes: 500,
      contentType: 'image/png',
    });
    expect(await rowOf(certificate)).toMatchObject({
      customerId: account.customer.id,
      namespace: 'private',
      contentType: 'application/octet-stream',
    });
    for (const key of [used, orphan, legacyOrphan]) expect(await onDisk(key)).toBe(true);
    expect(await rowOf(gone)).toBeDefined();

    // Past the grace period: the unreferenced go, the referenced stay.
    const late = await sweep(BLOB_SWEEP_GRACE_MS + HOUR);
    expect(late).toMatchObject({
      recorded: 0,
      deletedBlobs: 1,
      deletedRows: 1,
      deletedFiles: 1,
      deletedTemporary: 1,
    });
    expect(await onDisk(orphan)).toBe(false);
    expect(await rowOf(orphan)).toBeUndefined();
    expect(await rowOf(gone)).toBeUndefined();
    expect(await onDisk(legacyOrphan)).toBe(false);
    expect((await blobFiles(app, 'public')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    for (const key of [used, legacyUsed, logo, certificate]) {
      expect(await onDisk(key)).toBe(true);
      expect(await rowOf(key)).toBeDefined();
    }

    // A second sweep has nothing left to do.
    expect(await sweep(BLOB_SWEEP_GRACE_MS + 2 * HOUR)).toEqual({
      recorded: 0,
      deletedBlobs: 0,
      deletedRows: 0,
      deletedFiles: 0,
      deletedTemporary: 0,
    });
  });

  it('deletes a file once its customer is deleted (the row goes with the customer)', async () => {
    const leaving = await createAccount(app);
    const key = await recorded(leaving);
    await app.db.delete(customers).where(eq(customers.id, leaving.customer.id));
    expect(await rowOf(key)).toBeUndefined();
    expect((await sweep(HOUR)).deletedFiles).toBe(0);
    expect(await onDisk(key)).toBe(true);
    expect((await sweep(BLOB_SWEEP_GRACE_MS + HOUR)).deletedFiles).toBe(1);
    expect(await onDisk(key)).toBe(false);
  });

  it('judges files without a row by their age on disk', async () => {
    const key = await app.blobs.put('public', 'mp4', makeMp4(2000));
    // Written two days ago: past the grace period even by the real clock.
    const past = new Date(Date.now() - 2 * BLOB_SWEEP_GRACE_MS);
    await utimes(join(app.dataDir, 'blobs', 'public', key), past, past);
    expect((await sweep(0)).deletedFiles).toBe(1);
    expect(await onDisk(key)).toBe(false);
  });

  it('runs at start-up (an old file nothing refers to is gone once the app is ready)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-sweep-'));
    await mkdir(join(dataDir, 'blobs', 'public'), { recursive: true });
    const key = `${randomUUID()}.mp4`;
    await writeFile(join(dataDir, 'blobs', 'public', key), makeMp4(2000));
    const past = new Date(Date.now() - 2 * BLOB_SWEEP_GRACE_MS);
    await utimes(join(dataDir, 'blobs', 'public', key), past, past);
    // Same database, its own DATA_DIR.
    const own = await testApp({ database: app.database, env: { DATA_DIR: dataDir } });
    await own.blobStorage.settled();
    expect(await readdir(join(dataDir, 'blobs', 'public'))).toEqual([]);
    await own.close();
  });

  it('sweeps every interval until the app closes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-sweep-'));
    const small = Fastify();
    small.decorate('db', app.db);
    await small.register(blobsPlugin, { dataDir, publicUrl: 'http://console.test', sweepIntervalMs: 40 });
    await small.ready();
    const oldFile = async () => {
      const key = await small.blobs.put('public', 'mp4', makeMp4(2000));
      const past = new Date(Date.now() - 2 * BLOB_SWEEP_GRACE_MS);
      await utimes(join(dataDir, 'blobs', 'public', key), past, past);
      return key;
    };
    const listed = () => readdir(join(dataDir, 'blobs', 'public'));
    for (let round = 0; round < 2; round += 1) {
      const key = await oldFile();
      await vi.waitFor(async () => expect(await listed()).not.toContain(key), {
        timeout: 10_000,
        interval: 20,
      });
    }
    await small.close();
    const kept = await oldFile();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listed()).toContain(kept);
  });
});
