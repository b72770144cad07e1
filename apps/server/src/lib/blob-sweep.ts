/**
 * The sweep of uploaded files nothing refers to (run at start-up and every
 * BLOB_SWEEP_INTERVAL_MS by plugins/blobs.ts). Anything younger than the grace period is left
 * alone: a video uploaded in the slate form is not referenced until the form is saved.
 *
 * Older than the grace period:
 * - a row whose file is gone is deleted;
 * - a row whose file no customer account or resource refers to is deleted with its file;
 * - a file without a row is recorded under the customer whose record refers to it (account files,
 *   which the account dialog stores without a row, and files stored before the `blobs` table
 *   existed), or deleted when nothing refers to it;
 * - what an interrupted upload left behind (temporary files) is deleted.
 *
 * Referenced files are recorded whatever their age, so the quota counts them.
 */
import type { Db } from '../db/client.ts';
import {
  adoptFiles,
  customerFileReferences,
  type FileReference,
  forgetBlobOlderThan,
  isReferenced,
  listBlobs,
  resourceFileReferences,
} from '../repositories/blobs.ts';
import { BLOB_NAMESPACES, type BlobInfo, type BlobNamespace, type BlobStore } from './blob-store.ts';

/** Unreferenced files younger than this are kept (an upload not yet saved into its form). */
export const BLOB_SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
/** How often a running server sweeps. */
export const BLOB_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface SweepOptions {
  /** The clock (tests move it forward). */
  now?: () => Date;
  graceMs?: number;
}

export interface SweepResult {
  /** Rows added for referenced files that had none. */
  recorded: number;
  /** Rows deleted with their file (nothing referred to it). */
  deletedBlobs: number;
  /** Rows deleted because their file was gone. */
  deletedRows: number;
  /** Files without a row deleted (nothing referred to them). */
  deletedFiles: number;
  /** Leftovers of interrupted uploads deleted. */
  deletedTemporary: number;
}

export async function sweepBlobs(db: Db, store: BlobStore, options: SweepOptions = {}): Promise<SweepResult> {
  const now = options.now?.() ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? BLOB_SWEEP_GRACE_MS));
  const result: SweepResult = {
    recorded: 0,
    deletedBlobs: 0,
    deletedRows: 0,
    deletedFiles: 0,
    deletedTemporary: 0,
  };

  // The files on disk first: a file stored after this listing is not looked at (so a fresh
  // upload whose row is written meanwhile is never mistaken for a file without one).
  const files = new Map<string, BlobInfo & { namespace: BlobNamespace }>();
  for (const namespace of BLOB_NAMESPACES) {
    for (const info of await store.list(namespace)) files.set(info.key, { ...info, namespace });
  }

  // Referenced files: accounts first, so an account file is recorded under its account.
  const references: FileReference[] = [
    ...(await customerFileReferences(db)),
    ...(await resourceFileReferences(db)),
  ];
  const referenced = new Set(references.map((r) => r.key));
  result.recorded = await adoptFiles(
    db,
    store,
    references.filter((r) => files.get(r.key)?.namespace === r.namespace),
  );

  const rows = await listBlobs(db);
  const recorded = new Set(rows.map((row) => row.key));
  for (const row of rows) {
    if (row.createdAt >= cutoff) continue;
    const file = files.get(row.key);
    if (!file) {
      // Gone, unless it was stored after the listing: deleted only if still absent.
      if ((await store.size(row.namespace as BlobNamespace, row.key)) !== null) continue;
      if (await forgetBlobOlderThan(db, row.key, cutoff)) result.deletedRows += 1;
      continue;
    }
    // Checked again just before deleting: a record may have started referring to it meanwhile.
    if (referenced.has(row.key) || (await isReferenced(db, row.key))) continue;
    if (await forgetBlobOlderThan(db, row.key, cutoff)) {
      await store.delete(file.namespace, row.key);
      result.deletedBlobs += 1;
    }
  }

  for (const file of files.values()) {
    if (recorded.has(file.key) || referenced.has(file.key) || file.modifiedAt >= cutoff) continue;
    if (await isReferenced(db, file.key)) continue;
    await store.delete(file.namespace, file.key);
    result.deletedFiles += 1;
  }

  result.deletedTemporary = await store.purgeTemporary(cutoff);
  return result;
}
