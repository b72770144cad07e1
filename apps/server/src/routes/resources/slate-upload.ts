import { finished } from 'node:stream/promises';
import {
  API_PATHS,
  errorResponseSchema,
  routePattern,
  SLATE_TEXTS,
  SLATE_VIDEO_EXTENSIONS,
  SLATE_VIDEO_MAX_BYTES,
} from '@cuepoint/core';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentTypeOf, type StoredBlob } from '../../lib/blob-store.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
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
const isVideoExtension = (ext: string): ext is VideoContainer =>
  (SLATE_VIDEO_EXTENSIONS as readonly string[]).includes(ext);

/**
 * The chunks of a file part, ending in a refusal once the part went past the multipart limit
 * (busboy cuts it at the limit and flags it `truncated`). Leaving the loop early does not destroy
 * the part: the route reads the rest of it away, so the client still gets its answer.
 */
async function* chunksWithinLimit(file: MultipartFile['file']): AsyncGenerator<Uint8Array> {
  for await (const chunk of file.iterator({ destroyOnReturn: false })) {
    if (file.truncated) throw refusal(SLATE_TEXTS.videoTooLarge);
    yield chunk as Uint8Array;
  }
  if (file.truncated) throw refusal(SLATE_TEXTS.videoTooLarge);
}

/** Reads and drops what is left of a part (a refused upload), so the request can end normally. */
async function discard(file: MultipartFile['file']): Promise<void> {
  if (file.destroyed || file.readableEnded) return;
  file.resume();
  await finished(file).catch(() => undefined);
}

/**
 * POST /ssai/slate/upload: a slate's video file (multipart field `file`, .mp4 or .ts, at most
 * SLATE_VIDEO_MAX_BYTES), streamed to a temporary file in the public file store (never held in
 * memory whole), checked there as the container its name says (lib/video-container.ts: the whole
 * box structure of an MP4, every packet of a transport stream), then recorded against the
 * customer's storage quota and answered as an absolute URL on PUBLIC_URL to put in the slate's
 * videoUrl. The quota is checked while the bytes arrive and once more, with the account locked,
 * when the file is recorded: concurrent uploads cannot together overshoot it (413 naming `file`).
 */
export const slateUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: SLATE_VIDEO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    routePattern(API_PATHS.slateUpload),
    {
      onRequest: requireNavigationEntry(
        'slates',
        app.runtimeConfig,
        'Slates are not available to this account',
      ),
      schema: {
        tags: [API_PATHS.resources.slate],
        summary: 'Upload a slate video (multipart field `file`, .mp4 or .ts); answers its URL',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ url: z.url() }),
          400: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw refusal(SLATE_TEXTS.videoRequired);
      const part = await request.file();
      if (!part) throw refusal(SLATE_TEXTS.videoRequired);
      const named = part.filename.toLowerCase().slice(part.filename.lastIndexOf('.'));
      if (part.fieldname !== 'file' || !isVideoExtension(named)) {
        await discard(part.file);
        throw refusal(part.fieldname !== 'file' ? SLATE_TEXTS.videoRequired : SLATE_TEXTS.videoType);
      }

      const customerId = request.auth!.customer.id;
      const { quotaBytes } = app.blobStorage;
      await recordCustomerFiles(app.db, app.blobs, customerId);
      const used = await storageUsed(app.db, customerId);
      const overQuota = () => refusal(UPLOAD_MESSAGES.quota(quotaBytes), 413);

      let stored: StoredBlob;
      try {
        stored = await app.blobs.putStream('public', named, chunksWithinLimit(part.file), {
          onProgress: (written) => {
            if (used + written > quotaBytes) throw overQuota();
          },
          verify: async (file) => {
            if (file.size === 0) throw refusal(SLATE_TEXTS.videoRequired);
            const problem = await checkVideoContainer(file, named);
            if (problem !== null) {
              request.log.info({ problem, filename: part.filename }, 'slate upload is not a valid video');
              throw refusal(SLATE_TEXTS.videoType);
            }
          },
        });
      } catch (error) {
        // The rest of a refused part is read away first, so the client gets its answer.
        if (error instanceof RequestProblem) await discard(part.file);
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
      return reply.code(201).send({ url: app.blobStorage.publicFileUrl(stored.key) });
    },
  );
};
