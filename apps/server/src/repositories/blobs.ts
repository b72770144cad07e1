/**
 * The `blobs` table (who owns each uploaded file, and its size) and the records that refer to
 * uploaded files: the storage quota counts the rows, the release of replaced files and the sweep
 * of unreferenced ones (lib/blob-references.ts, lib/blob-sweep.ts) look the references up here.
 *
 * References to a file:
 * - a customer's `logo` and `login_logo` (a key), `certificate` and `private_key` ('<key>/<name>');
 * - any customer resource whose data mentions '/files/<key>' (a slate's videoUrl; a VOD whose
 *   source URL was pasted from a slate counts too: any string field of any resource kind).
 */
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { blobs, customers, type NewBlobRow } from '../db/schema/index.ts';
import { type BlobNamespace, type BlobStore, contentTypeOf, isBlobKey } from '../lib/blob-store.ts';
import { RESOURCE_TABLES } from './resources.ts';

/** The upload would take the customer past its storage quota. */
export class StorageQuotaExceeded extends Error {
  constructor(readonly quotaBytes: number) {
    super(`storage quota of ${quotaBytes} bytes exceeded`);
    this.name = 'StorageQuotaExceeded';
  }
}

/** Bytes of all the customer's recorded files. */
export async function storageUsed(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql`coalesce(sum(${blobs.sizeBytes}), 0)`.mapWith(Number) })
    .from(blobs)
    .where(eq(blobs.customerId, customerId));
  return row?.used ?? 0;
}

/**
 * Records a stored file under its owner, unless it would take the owner past `quotaBytes`
 * (StorageQuotaExceeded; nothing recorded). The owner's row is locked while its usage is summed
 * and the file added, so concurrent uploads are counted one after the other and cannot together
 * overshoot. `no key update`: rows referring to the customer can still be inserted meanwhile.
 */
export async function recordBlob(
  db: DbOrTx,
  blob: Omit<NewBlobRow, 'createdAt'>,
  quotaBytes: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, blob.customerId))
      .for('no key update');
    const used = await storageUsed(tx, blob.customerId);
    if (used + blob.sizeBytes > quotaBytes) throw new StorageQuotaExceeded(quotaBytes);
    await tx.insert(blobs).values(blob);
  });
}

/** Drops a file's row (the file itself is the store's). */
export async function forgetBlob(db: DbOrTx, key: string): Promise<void> {
  await db.delete(blobs).where(eq(blobs.key, key));
}

export async function findBlob(db: DbOrTx, key: string) {
  const [row] = await db.select().from(blobs).where(eq(blobs.key, key));
  return row;
}

// ---- References ----------------------------------------------------------------------------

/** '/files/<key>' in a resource's data (as jsonb text): the key is the first group. */
const FILE_URL_PATTERN =
  '/files/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\\.[a-z0-9]{1,10})?)';

export interface FileReference {
  key: string;
  namespace: BlobNamespace;
  customerId: string;
}

/** The key of a stored reference '<key>/<file name>' (lib/blob-store.ts, storedFileRef). */
const keyOfRef = (column: AnyPgColumn) => sql`split_part(${column}, '/', 1)`;

/**
 * The files customers' accounts refer to (logo, login logo, certificate, private key), of one
 * customer or of all.
 */
export async function customerFileReferences(db: DbOrTx, customerId?: string): Promise<FileReference[]> {
  const rows = await db
    .select({
      id: customers.id,
      logo: customers.logo,
      loginLogo: customers.loginLogo,
      certificate: sql<string | null>`${keyOfRef(customers.certificate)}`,
      privateKey: sql<string | null>`${keyOfRef(customers.privateKey)}`,
    })
    .from(customers)
    .where(
      and(
        customerId === undefined ? undefined : eq(customers.id, customerId),
        or(
          isNotNull(customers.logo),
          isNotNull(customers.loginLogo),
          isNotNull(customers.certificate),
          isNotNull(customers.privateKey),
        ),
      ),
    );
  const refs: FileReference[] = [];
  for (const row of rows) {
    for (const [key, namespace] of [
      [row.logo, 'public'],
      [row.loginLogo, 'public'],
      [row.certificate, 'private'],
      [row.privateKey, 'private'],
    ] as const) {
      if (key && isBlobKey(key)) refs.push({ key, namespace, customerId: row.id });
    }
  }
  return refs;
}

/** Every '/files/<key>' any resource of any customer mentions, oldest resource first. */
export async function resourceFileReferences(db: DbOrTx): Promise<FileReference[]> {
  const refs: FileReference[] = [];
  for (const t of Object.values(RESOURCE_TABLES)) {
    const rows = await db
      .select({
        customerId: t.customerId,
        key: sql`(regexp_matches(${t.data}::text, ${FILE_URL_PATTERN}, 'g'))[1]`.mapWith(String),
      })
      .from(t)
      .where(sql`${t.data}::text like '%/files/%'`)
      .orderBy(t.createdAt);
    for (const row of rows) refs.push({ key: row.key, namespace: 'public', customerId: row.customerId });
  }
  return refs;
}

/** Whether any customer account or resource refers to the file (checked just before deleting it). */
export async function isReferenced(db: DbOrTx, key: string): Promise<boolean> {
  if (!isBlobKey(key)) return false;
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      or(
        eq(customers.logo, key),
        eq(customers.loginLogo, key),
        sql`${keyOfRef(customers.certificate)} = ${key}`,
        sql`${keyOfRef(customers.privateKey)} = ${key}`,
      ),
    )
    .limit(1);
  if (customer) return true;
  // Keys are hex digits, dashes and an extension: nothing LIKE would read as a wildcard.
  const pattern = `%/files/${key}%`;
  for (const t of Object.values(RESOURCE_TABLES)) {
    const [row] = await db.select({ id: t.id }).from(t).where(sql`${t.data}::text like ${pattern}`).limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * Records the files a customer's account refers to that have no row yet: logos, certificates
 * and keys stored by the account dialog (routes/customer/edit-customer.ts stores them without a
 * row), and files stored before the `blobs` table existed. Run before the customer's usage is
 * summed, so the quota counts them. Answers how many rows it added.
 */
export async function recordCustomerFiles(
  db: DbOrTx,
  store: BlobStore,
  customerId?: string,
): Promise<number> {
  const refs = await customerFileReferences(db, customerId);
  return adoptFiles(db, store, refs);
}

/**
 * Adds a row for each referenced file that exists in the store but has none, owned by the
 * customer whose record refers to it; files already recorded (or gone) are left alone.
 */
export async function adoptFiles(db: DbOrTx, store: BlobStore, refs: FileReference[]): Promise<number> {
  if (refs.length === 0) return 0;
  const keys = [...new Set(refs.map((r) => r.key))];
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .select({ key: blobs.key })
      .from(blobs)
      .where(inArray(blobs.key, keys.slice(i, i + 500)));
    for (const row of rows) known.add(row.key);
  }
  let added = 0;
  for (const ref of refs) {
    if (known.has(ref.key)) continue;
    known.add(ref.key);
    const size = await store.size(ref.namespace, ref.key);
    if (size === null) continue;
    const inserted = await db
      .insert(blobs)
      .values({
        key: ref.key,
        namespace: ref.namespace,
        customerId: ref.customerId,
        sizeBytes: size,
        contentType: contentTypeOf(ref.key),
      })
      .onConflictDoNothing()
      .returning({ key: blobs.key });
    added += inserted.length;
  }
  return added;
}

/** Every row (the sweep's view). */
export async function listBlobs(db: DbOrTx) {
  return db
    .select({
      key: blobs.key,
      namespace: blobs.namespace,
      customerId: blobs.customerId,
      createdAt: blobs.createdAt,
    })
    .from(blobs);
}

/** Deletes a row only if it is still older than `before`; answers whether it did. */
export async function forgetBlobOlderThan(db: DbOrTx, key: string, before: Date): Promise<boolean> {
  const deleted = await db
    .delete(blobs)
    .where(and(eq(blobs.key, key), lt(blobs.createdAt, before)))
    .returning({ key: blobs.key });
  return deleted.length > 0;
}
