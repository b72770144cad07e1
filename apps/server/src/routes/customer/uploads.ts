import {
  CERTIFICATE_EXTENSIONS,
  FILE_FIELD_LABELS,
  LOGIN_LOGO_EXTENSIONS,
  LOGO_EXTENSIONS,
  PRIVATE_KEY_EXTENSIONS,
  UPLOAD_LIMITS,
} from '@cuepoint/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { BlobNamespace } from '../../lib/blob-store.ts';
import type { FieldProblem } from '../../lib/request-problem.ts';

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

/** '2 MB', '64 KB'. */
export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;

export const UPLOAD_MESSAGES = {
  tooLarge: (field: FileField) =>
    `${FILE_FIELDS[field].label} must be at most ${formatBytes(FILE_FIELDS[field].maxBytes)}`,
  empty: (field: FileField) => `${FILE_FIELDS[field].label} is an empty file`,
  duplicate: (field: FileField) => `${FILE_FIELDS[field].label}: send one file only`,
  unexpected: (name: string) =>
    `${name} does not take a file (files: ${Object.keys(FILE_FIELDS).join(', ')})`,
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

/** The files of a multipart request (none for a JSON one). */
export const uploadsOf = (request: FastifyRequest): Uploads =>
  uploadsByRequest.get(request) ?? { files: new Map(), problems: [], tooLarge: false };

/**
 * @fastify/multipart's `onFile`: reads each file part into memory, at most its field's limit
 * (an oversized file is read to its end and dropped, so parsing can go on and every problem is
 * reported at once). Nothing is stored here: the handler decides once the whole form is known.
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
  uploads.files.set(field, { filename: part.filename, data: Buffer.concat(chunks) });
}
