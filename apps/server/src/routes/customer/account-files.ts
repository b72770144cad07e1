/**
 * The account dialog's file step: storing the logos, certificate and key an edit brings (inside
 * its transaction, each recorded under the account's storage quota), and deleting files once it
 * is known whether the edit committed.
 */
import { fileExtension } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import {
  type BlobNamespace,
  contentTypeOf,
  parseStoredFileRef,
  safeFileName,
  storedFileRef,
} from '../../lib/blob-store.ts';
import { recordBlob } from '../../repositories/blobs.ts';
import type { CustomerChanges, CustomerRow } from '../../repositories/customers.ts';
import type { AccountEditPlan } from './account-rules.ts';

export interface BlobRef {
  ns: BlobNamespace;
  key: string;
}

/**
 * The files of one edit: those it stored (deleted if the edit fails) and those it replaced
 * (deleted once it has committed). Filled in as files are stored, so a failure half-way still
 * knows what to delete.
 */
export interface FileLedger {
  written: BlobRef[];
  replaced: BlobRef[];
}

/**
 * Stores the plan's files and answers the columns that name them: logos in the public namespace,
 * the certificate and its key in the private one (the key sealed under the secret key). Each file
 * is recorded under the account (its quota) while the caller holds the account row locked, so two
 * edits at once cannot together pass the quota (StorageQuotaExceeded).
 */
export async function storeAccountFiles(
  app: FastifyInstance,
  tx: DbOrTx,
  current: CustomerRow,
  plan: Pick<AccountEditPlan, 'images' | 'certificate'>,
  ledger: FileLedger,
): Promise<CustomerChanges> {
  const changes: CustomerChanges = {};
  const store = async (ns: BlobNamespace, ext: string, data: Buffer) => {
    const key = await app.blobs.put(ns, ext, data);
    ledger.written.push({ ns, key });
    const size = { key, namespace: ns, customerId: current.id, sizeBytes: data.length };
    await recordBlob(tx, { ...size, contentType: contentTypeOf(key) }, app.blobStorage.quotaBytes);
    return key;
  };
  for (const image of plan.images) {
    const key = await store('public', image.ext, image.file.data);
    const old = image.field === 'logo' ? current.logo : current.loginLogo;
    if (old) ledger.replaced.push({ ns: 'public', key: old });
    if (image.field === 'logo') Object.assign(changes, { logo: key, logoAspect: image.aspect });
    else Object.assign(changes, { loginLogo: key, loginLogoAspect: image.aspect });
  }
  if (plan.certificate) {
    for (const field of ['certificate', 'privateKey'] as const) {
      const file = plan.certificate[field];
      const ext = fileExtension(file.filename);
      // The private key is sealed under the secret key (like API tokens): a copy of the blob
      // volume alone does not reveal it. The certificate is public information.
      const data =
        field === 'privateKey'
          ? Buffer.from(app.secretBox.seal(file.data.toString('utf8')), 'utf8')
          : file.data;
      const key = await store('private', ext, data);
      const old = current[field];
      if (old) ledger.replaced.push({ ns: 'private', key: parseStoredFileRef(old).key });
      changes[field] = storedFileRef(key, safeFileName(file.filename, `${field}${ext}`));
    }
  }
  return changes;
}

/**
 * Deletes files without throwing (the sweep removes what is left later); with `failure`, logs each
 * file that could not be deleted under that message.
 */
export async function deleteFiles(
  app: FastifyInstance,
  files: readonly BlobRef[],
  failure?: string,
): Promise<void> {
  for (const result of await Promise.allSettled(files.map((blob) => app.blobs.delete(blob.ns, blob.key)))) {
    if (result.status === 'rejected' && failure) app.log.warn({ err: result.reason }, failure);
  }
}
