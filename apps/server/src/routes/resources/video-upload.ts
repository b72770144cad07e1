/**
 * What the video uploads share (POST /ssai/slate/upload, /ssai/creative/upload): a multipart
 * `file` part streamed to a temporary file in the public file store (never held in memory whole),
 * checked there as the container its name says (lib/video-container.ts), recorded against the
 * customer's storage quota (checked while the bytes arrive and once more, with the account locked,
 * when the file is recorded: concurrent uploads cannot together overshoot it; 413 naming `file`)
 * and answered as an absolute URL on PUBLIC_URL. The rules every upload route shares (issue 46):
 * a file past its size limit is a 413 naming its field, as the account's logos are, and a second
 * file a 400 naming it (nothing is kept); a malformed body is the error handler's 400
 * (lib/multipart-problems.ts).
 */
import { finished } from 'node:stream/promises';
import { errorResponseSchema } from '@cuepoint/core';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentTypeOf, type StoredBlob } from '../../lib/blob-store.ts';
import { fieldProblem, RequestProblem } from '../../lib/request-problem.ts';
import { checkVideoContainer, type VideoContainer } from '../../lib/video-container.ts';
import {
  recordBlob,
  recordCustomerFiles,
  StorageQuotaExceeded,
  storageUsed,
} from '../../repositories/blobs.ts';
import { UPLOAD_MESSAGES } from '../customer/uploads.ts';

const refusal = (message: string, status = 400) => fieldProblem('file', message, status);

/** The answers of a video upload route (its OpenAPI responses). */
export const VIDEO_UPLOAD_RESPONSES = {
  201: z.object({ url: z.url() }),
  400: errorResponseSchema,
  403: errorResponseSchema,
  413: errorResponseSchema,
};

export interface VideoUploadRules {
  /** The extensions taken (lower case, with the dot). */
  extensions: readonly string[];
  /** The container a file of an accepted extension is checked as. */
  containerOf: (extension: string) => VideoContainer;
  /** The field's messages: no file, not a video of the kinds taken, past the size limit, two files. */
  texts: { videoRequired: string; videoType: string; videoTooLarge: string; videoOneFile: string };
  /** What the log calls the upload ('slate', 'creative'). */
  what: string;
}

/**
 * The chunks of a file part, ending in a refusal (413, as an oversize logo) once the part went
 * past the multipart limit (busboy cuts it at the limit and flags it `truncated`). Leaving the
 * loop early does not destroy the part: the route reads the rest of it away, so the client still
 * gets its answer.
 */
async function* chunksWithinLimit(file: MultipartFile['file'], tooLarge: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of file.iterator({ destroyOnReturn: false })) {
    if (file.truncated) throw refusal(tooLarge, 413);
    yield chunk as Uint8Array;
  }
  if (file.truncated) throw refusal(tooLarge, 413);
}

/** Reads and drops what is left of a part (a refused upload), so the request can end normally. */
async function discard(file: MultipartFile['file']): Promise<void> {
  if (file.destroyed || file.readableEnded) return;
  file.resume();
  await finished(file).catch(() => undefined);
}

/**
 * Refuses a form that holds another file after the video (400 naming `file`): read to its end,
 * where a second file part shows (the routes' parser takes one file, so it answers its files
 * limit). Any other refusal of the rest of the body (its fields limit, a malformed end) is
 * rethrown as it is.
 */
async function expectNoOtherFile(
  app: FastifyInstance,
  files: AsyncIterator<MultipartFile>,
  oneFile: string,
): Promise<void> {
  try {
    const next = await files.next();
    if (next.done) return;
    await discard(next.value.file);
  } catch (error) {
    if (!(error instanceof app.multipartErrors.FilesLimitError)) throw error;
  }
  throw refusal(oneFile);
}

/** Stores the request's video `file` for the signed-in customer; answers its public URL. */
export async function storeVideoUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  rules: VideoUploadRules,
): Promise<string> {
  const { texts } = rules;
  if (!request.isMultipart()) throw refusal(texts.videoRequired);
  // Every file part of the form, in order: the video, then (refused) any other.
  const files = request.files();
  const first = await files.next();
  if (first.done) throw refusal(texts.videoRequired);
  const part = first.value;
  const named = part.filename.toLowerCase().slice(part.filename.lastIndexOf('.'));
  if (part.fieldname !== 'file' || !rules.extensions.includes(named)) {
    await discard(part.file);
    throw refusal(part.fieldname !== 'file' ? texts.videoRequired : texts.videoType);
  }

  const customerId = request.auth!.customer.id;
  const { quotaBytes } = app.blobStorage;
  await recordCustomerFiles(app.db, app.blobs, customerId);
  const used = await storageUsed(app.db, customerId);
  const overQuota = () => refusal(UPLOAD_MESSAGES.quota(quotaBytes), 413);

  let stored: StoredBlob;
  try {
    stored = await app.blobs.putStream('public', named, chunksWithinLimit(part.file, texts.videoTooLarge), {
      onProgress: (written) => {
        if (used + written > quotaBytes) throw overQuota();
      },
      verify: async (file) => {
        if (file.size === 0) throw refusal(texts.videoRequired);
        const problem = await checkVideoContainer(file, rules.containerOf(named));
        if (problem !== null) {
          request.log.info({ problem, filename: part.filename }, `${rules.what} upload is not a valid video`);
          throw refusal(texts.videoType);
        }
      },
    });
  } catch (error) {
    // The rest of a refused part is read away first, so the client gets its answer.
    if (error instanceof RequestProblem) await discard(part.file);
    throw error;
  }

  try {
    await expectNoOtherFile(app, files, texts.videoOneFile);
  } catch (error) {
    await app.blobs.delete('public', stored.key);
    throw error;
  }

  try {
    await recordBlob(
      app.db,
      {
        key: stored.key,
        namespace: 'public',
        customerId,
        sizeBytes: stored.size,
        contentType: contentTypeOf(stored.key),
      },
      quotaBytes,
    );
  } catch (error) {
    await app.blobs.delete('public', stored.key);
    if (error instanceof StorageQuotaExceeded) throw overQuota();
    throw error;
  }
  return app.blobStorage.publicFileUrl(stored.key);
}
