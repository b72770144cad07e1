/**
 * Deleting an uploaded file once no record refers to it any more: a slate is deleted, or its
 * videoUrl is changed to another file. The resource write notes, inside its transaction, which
 * files the record stopped mentioning (`releaseFilesAfterCommit`); once the answer is out (so the
 * transaction committed: plugins/blobs.ts runs `releaseUnreferenced` from an onResponse hook),
 * each of those files is deleted if it belongs to that customer and nothing refers to it.
 *
 * Files without a row (uploaded before the `blobs` table) and files of another customer are
 * never deleted here: the sweep (lib/blob-sweep.ts) decides about them.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { findBlob, forgetBlob, isReferenced } from '../repositories/blobs.ts';
import { type BlobNamespace, type BlobStore, isBlobKey } from './blob-store.ts';

const FILE_URL =
  /\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.[a-z0-9]{1,10})?)/g;

/** The keys of the uploaded files a resource's data mentions ('/files/<key>' in any string). */
export function fileKeysIn(data: unknown, found = new Set<string>()): Set<string> {
  if (typeof data === 'string') {
    for (const match of data.matchAll(FILE_URL)) if (isBlobKey(match[1]!)) found.add(match[1]!);
  } else if (Array.isArray(data)) {
    for (const item of data) fileKeysIn(item, found);
  } else if (data !== null && typeof data === 'object') {
    for (const value of Object.values(data)) fileKeysIn(value, found);
  }
  return found;
}

export interface PendingRelease {
  customerId: string;
  keys: string[];
}

const pendingByRequest = new WeakMap<FastifyRequest, PendingRelease[]>();

/**
 * Called by a resource write inside its transaction: the files `before` mentions and `after`
 * (null for a delete) no longer does are released once the request succeeded.
 */
export function releaseFilesAfterCommit(
  request: FastifyRequest,
  customerId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown> | null,
): void {
  const kept = after === null ? new Set<string>() : fileKeysIn(after);
  const keys = [...fileKeysIn(before)].filter((key) => !kept.has(key));
  if (keys.length === 0) return;
  const pending = pendingByRequest.get(request) ?? [];
  pending.push({ customerId, keys });
  pendingByRequest.set(request, pending);
}

/** The releases a request noted (once: they are forgotten). */
export function takePendingReleases(request: FastifyRequest): PendingRelease[] {
  const pending = pendingByRequest.get(request) ?? [];
  pendingByRequest.delete(request);
  return pending;
}

/**
 * Deletes each file (row and bytes) that is recorded as the customer's and that no customer
 * account or resource refers to any more; answers the keys deleted.
 */
export async function releaseUnreferenced(
  db: Db,
  store: BlobStore,
  release: PendingRelease,
): Promise<string[]> {
  const deleted: string[] = [];
  for (const key of release.keys) {
    const row = await findBlob(db, key);
    if (!row || row.customerId !== release.customerId) continue;
    if (await isReferenced(db, key)) continue;
    await forgetBlob(db, key);
    await store.delete(row.namespace as BlobNamespace, key);
    deleted.push(key);
  }
  return deleted;
}
