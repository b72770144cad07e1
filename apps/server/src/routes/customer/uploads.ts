import {
  CERTIFICATE_EXTENSIONS,
  FILE_FIELD_LABELS,
  LOGIN_LOGO_EXTENSIONS,
  LOGO_EXTENSIONS,
  PRIVATE_KEY_EXTENSIONS,
  storageQuotaExceeded,
  UPLOAD_LIMITS,
} from '@cuepoint/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { BlobNamespace } from '../../lib/blob-store.ts';
import type { FieldProblem } from '../../lib/request-problem.ts';
import { recordCustomerFiles, storageUsed } from '../../repositories/blobs.ts';

/** The files PUT /customer/editCustomer/{id} takes, by multipart field name. */
export const FILE_FIELDS = {
  logo: {
    label: FILE_FIELD_LABELS.logo,
    maxBytes: UPLOAD_LIMITS.imageBytes,
    extensions: LOGO_EXTENSIONS,
    namespace: 'public',
  },
  loginLogo: {
    label: FILE_FIELD_LABELS.loginLogo,
    maxBytes: UPLOAD_LIMITS.imageBytes,
    extensions: LOGIN_LOGO_EXTENSIONS,
    namespace: 'public',
  },
  certificate: {
    label: FILE_FIELD_LABELS.certificateUrl,
    maxBytes: UPLOAD_LIMITS.pemBytes,
    extensions: CERTIFICATE_EXTENSIONS,
    namespace: 'private',
  },
  privateKey: {
    label: FILE_FIELD_LABELS.privateKeyUrl,
    maxBytes: UPLOAD_LIMITS.pemBytes,
    extensions: PRIVATE_KEY_EXTENSIONS,
    namespace: 'private',
  },
} as const satisfies Record<
  string,
  { label: string; maxBytes: number; extensions: readonly string[]; namespace: BlobNamespace }
>;
export type FileField = keyof typeof FILE_FIELDS;
const isFileField = (name: string): name is FileField => Object.hasOwn(FILE_FIELDS, name);

export interface UploadedFile {
  /** The name the browser sent ('domain.crt'). */
  filename: string;
  data: Buffer;
}

export interface Uploads {
  files: Map<FileField, UploadedFile>;
  /** Refusals found while reading the parts; `tooLarge` makes the answer a 413. */
  problems: FieldProblem[];
  tooLarge: boolean;
}

/** '2 GB', '2 MB', '64 KB'. */
export const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0
    ? `${bytes / 1024 ** 3} GB`
    : bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
      ? `${bytes / (1024 * 1024)} MB`
      : `${Math.round(bytes / 1024)} KB`;

export const UPLOAD_MESSAGES = {
  tooLarge: (field: FileField) =>
    `${FILE_FIELDS[field].label} must be at most ${formatBytes(FILE_FIELDS[field].maxBytes)}`,
  empty: (field: FileField) => `${FILE_FIELDS[field].label} is an empty file`,
  duplicate: (field: FileField) => `${FILE_FIELDS[field].label}: send one file only`,
  unexpected: (name: string) =>
    `${name} does not take a file (files: ${Object.keys(FILE_FIELDS).join(', ')})`,
  /** The account's storage quota (plugins/blobs.ts) would be exceeded: a 413 naming the field. */
  quota: (quotaBytes: number) => storageQuotaExceeded(formatBytes(quotaBytes)),
} as const;

/**
 * Limits of the multipart parser: the largest file any field takes (each field's own, smaller
 * limit is checked while reading), a few file parts beyond the four fields (so a stray or repeated
 * one is refused by name), and the text fields of the account form.
 */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.imageBytes,
  files: 8,
  fields: 50,
  fieldSize: 16 * 1024,
  parts: 60,
} as const;

const uploadsByRequest = new WeakMap<FastifyRequest, Uploads>();
/** Bytes the account stores plus the files of this request kept so far. */
const storageByRequest = new WeakMap<FastifyRequest, { used: number }>();

/**
 * The account's stored bytes, summed once per request: its account files are recorded first
 * (the account dialog stores them without a row; repositories/blobs.ts), so they count.
 */
async function storageOf(request: FastifyRequest): Promise<{ used: number } | null> {
  let storage = storageByRequest.get(request);
  if (storage) return storage;
  const customerId = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof customerId !== 'string') return null;
  const { db, blobs } = request.server;
  await recordCustomerFiles(db, blobs, customerId);
  storage = { used: await storageUsed(db, customerId) };
  storageByRequest.set(request, storage);
  return storage;
}

/** The files of a multipart request (none for a JSON one). */
export const uploadsOf = (request: FastifyRequest): Uploads =>
  uploadsByRequest.get(request) ?? { files: new Map(), problems: [], tooLarge: false };

/**
 * @fastify/multipart's `onFile`: reads each file part into memory, at most its field's limit
 * (an oversized file is read to its end and dropped, so parsing can go on and every problem is
 * reported at once), and refuses a file that would take the account (the `:id` edited) past its
 * storage quota. Nothing is stored here: the handler decides once the whole form is known.
 * The quota is checked against what the account stores now (a replaced file counts until it is
 * replaced); account edits store at most a few megabytes, so two at once can overshoot the quota
 * by no more than that.
 */
export async function collectFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  let uploads = uploadsByRequest.get(this);
  if (!uploads) {
    uploads = { files: new Map(), problems: [], tooLarge: false };
    uploadsByRequest.set(this, uploads);
  }
  const name = part.fieldname;
  const field = isFileField(name) ? name : null;
  const max = field ? FILE_FIELDS[field].maxBytes : 0;
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (over || !field) continue;
    if (size > max) {
      over = true;
      chunks.length = 0;
    } else {
      chunks.push(chunk);
    }
  }
  if (!field) {
    uploads.problems.push({ field: name, message: UPLOAD_MESSAGES.unexpected(name) });
    return;
  }
  // A browser submits an empty file input as a part without a name or bytes: no file chosen.
  if (!part.filename && size === 0) return;
  if (uploads.files.has(field)) {
    uploads.problems.push({ field, message: UPLOAD_MESSAGES.duplicate(field) });
    return;
  }
  if (over || part.file.truncated) {
    uploads.tooLarge = true;
    uploads.problems.push({ field, message: UPLOAD_MESSAGES.tooLarge(field) });
    return;
  }
  if (size === 0) {
    uploads.problems.push({ field, message: UPLOAD_MESSAGES.empty(field) });
    return;
  }
  const storage = await storageOf(this);
  const { quotaBytes } = this.server.blobStorage;
  if (storage && storage.used + size > quotaBytes) {
    uploads.tooLarge = true;
    uploads.problems.push({ field, message: UPLOAD_MESSAGES.quota(quotaBytes) });
    return;
  }
  if (storage) storage.used += size;
  uploads.files.set(field, { filename: part.filename, data: Buffer.concat(chunks) });
}
