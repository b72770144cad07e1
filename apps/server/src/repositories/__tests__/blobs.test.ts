import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { storedFileRef } from '../../lib/blob-store.ts';
import { createAccount, type TestAccount } from '../../test/account-fixtures.ts';
import { type TestApp, testApp } from '../../test/helpers.ts';
import { isReferenced, recordBlob, StorageQuotaExceeded, storageUsed } from '../blobs.ts';
import { insertResource } from '../resources.ts';

describe('blobs repository', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    account = await createAccount(app);
  });
  afterAll(() => app.close());

  const blob = (size: number, customerId = account.customer.id) => ({
    key: `${randomUUID()}.mp4`,
    namespace: 'public' as const,
    customerId,
    sizeBytes: size,
    contentType: 'video/mp4',
  });

  it('records files while they fit the quota; concurrent records are counted one after the other', async () => {
    const own = await createAccount(app);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => recordBlob(app.db, blob(300, own.customer.id), 1000)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(StorageQuotaExceeded);
    }
    expect(await storageUsed(app.db, own.customer.id)).toBe(900);
    // Exactly up to the quota is allowed.
    await recordBlob(app.db, blob(100, own.customer.id), 1000);
    expect(await storageUsed(app.db, own.customer.id)).toBe(1000);
    await expect(recordBlob(app.db, blob(1, own.customer.id), 1000)).rejects.toBeInstanceOf(
      StorageQuotaExceeded,
    );
  });

  it('sums sizes beyond 32 bits', async () => {
    const own = await createAccount(app);
    await recordBlob(app.db, blob(3 * 1024 ** 3, own.customer.id), 10 * 1024 ** 3);
    await recordBlob(app.db, blob(3 * 1024 ** 3, own.customer.id), 10 * 1024 ** 3);
    expect(await storageUsed(app.db, own.customer.id)).toBe(6 * 1024 ** 3);
  });

  it('finds references from account files and from any resource', async () => {
    const [logo, cert, slate, vod, none] = Array.from({ length: 5 }, () => `${randomUUID()}.mp4`);
    await app.db
      .update(customers)
      .set({ logo, privateKey: storedFileRef(cert!, 'domain.key') })
      .where(eq(customers.id, account.customer.id));
    await insertResource(app.db, 'slate', {
      customerId: account.customer.id,
      data: { name: `S ${slate}`, videoUrl: `https://anywhere.example/files/${slate}` },
      updatedBy: null,
    });
    await insertResource(app.db, 'vod', {
      customerId: account.customer.id,
      data: { name: `V ${vod}`, sourceUrl: `http://console.test/files/${vod}?x=1` },
      updatedBy: null,
    });
    for (const key of [logo, cert, slate, vod]) expect(await isReferenced(app.db, key!)).toBe(true);
    expect(await isReferenced(app.db, none!)).toBe(false);
    expect(await isReferenced(app.db, '%')).toBe(false);
  });
});
