/**
 * The storage quota covers the account dialog's files too (logo, login logo, certificate and
 * key): they count against it, and one that would exceed it is refused with 413 naming its field.
 */
import { storageQuotaExceeded } from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blobs, customers } from '../../../db/schema/index.ts';
import { storageUsed } from '../../../repositories/blobs.ts';
import { blobFiles, createAccount, type TestAccount } from '../../../test/account-fixtures.ts';
import { type TestApp, testApp } from '../../../test/helpers.ts';
import { makePng } from '../../../test/images.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { makeMp4 } from '../../../test/videos.ts';
import { formatBytes } from '../uploads.ts';

describe('storage quota of the account dialog uploads', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await testApp();
    account = await createAccount(app);
  });
  afterEach(() => {
    app.blobStorage.quotaBytes = Number.MAX_SAFE_INTEGER;
  });
  afterAll(() => app.close());

  const putLogo = (logo: Buffer, who = account) =>
    app.inject({
      method: 'PUT',
      url: `/api/customer/editCustomer/${who.customer.id}`,
      headers: who.headers,
      payload: multipartForm({ timezone: 2 }, { logo: { name: 'logo.png', data: logo, type: 'image/png' } }),
    });
  const uploadSlate = (size: number, who = account) =>
    app.inject({
      method: 'POST',
      url: '/api/ssai/slate/upload',
      headers: who.headers,
      payload: multipartForm({}, { file: { name: 'slate.mp4', data: makeMp4(size) } }),
    });

  it('formats the quota for the message', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(storageQuotaExceeded(formatBytes(2 * 1024 ** 3))).toBe(
      'This upload would exceed your storage quota of 2 GB',
    );
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
  });

  it('counts a stored logo against the quota, and refuses a logo that would exceed it', async () => {
    const logo = makePng(300, 240);
    const saved = await putLogo(logo);
    expect(saved.statusCode).toBe(200);
    // The account's logo is counted (recorded the first time its usage is summed).
    const [stored] = await app.db.select().from(customers).where(eq(customers.id, account.customer.id));
    const slate = makeMp4(5000);
    app.blobStorage.quotaBytes = logo.length + slate.length - 1;
    const refused = await uploadSlate(slate.length);
    expect(refused.statusCode).toBe(413);
    expect(await storageUsed(app.db, account.customer.id)).toBe(logo.length);
    const [row] = await app.db.select().from(blobs).where(eq(blobs.key, stored!.logo!));
    expect(row).toMatchObject({
      customerId: account.customer.id,
      sizeBytes: logo.length,
      contentType: 'image/png',
    });

    // A slate that fits, then a second logo that does not.
    app.blobStorage.quotaBytes = logo.length + slate.length + logo.length - 1;
    expect((await uploadSlate(slate.length)).statusCode).toBe(201);
    const before = await blobFiles(app, 'public');
    const again = await putLogo(makePng(300, 240));
    expect(again.statusCode).toBe(413);
    expect(again.json().fields).toEqual([
      { field: 'logo', message: storageQuotaExceeded(formatBytes(app.blobStorage.quotaBytes)) },
    ]);
    expect(await blobFiles(app, 'public')).toEqual(before);
    const [unchanged] = await app.db.select().from(customers).where(eq(customers.id, account.customer.id));
    expect(unchanged!.logo).toBe(stored!.logo);
  });

  it('stops counting a replaced logo once it is deleted', async () => {
    const own = await createAccount(app);
    const first = makePng(300, 240);
    expect((await putLogo(first, own)).statusCode).toBe(200);
    await uploadSlate(1000, own); // sums the usage: the logo gets its row
    const second = makePng(320, 240);
    expect((await putLogo(second, own)).statusCode).toBe(200);
    await uploadSlate(1000, own);
    expect(await storageUsed(app.db, own.customer.id)).toBe(second.length + 2000);
  });
});
