import {
  errorResponseSchema,
  type NavigationFlags,
  SLATE_TEXTS,
  SLATE_VIDEO_EXTENSIONS,
  SLATE_VIDEO_MAX_BYTES,
} from '@cuepoint/core';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicFileUrl } from '../../lib/blob-store.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { RequestProblem, sendProblem } from '../../lib/request-problem.ts';

/** What a slate video's first bytes must look like: an MP4 'ftyp' box, or MPEG-TS sync bytes every 188. */
export function videoKind(bytes: Buffer): '.mp4' | '.ts' | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return '.mp4';
  if (bytes.length >= 188 && bytes[0] === 0x47 && (bytes.length < 377 || bytes[188] === 0x47)) return '.ts';
  return null;
}

/**
 * POST /ssai/slate/upload: a slate's video file (multipart field `file`, .mp4 or .ts, at most
 * SLATE_VIDEO_MAX_BYTES, checked by its bytes too), stored in the public file store. Answers the
 * absolute URL to put in the slate's videoUrl.
 */
export const slateUploadRoutes: FastifyPluginAsyncZod<{ flags: NavigationFlags }> = async (app, opts) => {
  await app.register(multipart, {
    limits: { fileSize: SLATE_VIDEO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    '/ssai/slate/upload',
    {
      onRequest: requireNavigationEntry('slates', opts.flags, 'Slates are not available to this account'),
      schema: {
        tags: ['ssai/slate'],
        summary: 'Upload a slate video (multipart field `file`, .mp4 or .ts); answers its URL',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ url: z.url() }), 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const problem = (message: string) =>
        sendProblem(reply, request, new RequestProblem(400, [{ field: 'file', message }]));
      if (!request.isMultipart()) return problem(SLATE_TEXTS.videoRequired);
      const part = await request.file();
      if (part?.fieldname !== 'file') return problem(SLATE_TEXTS.videoRequired);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return problem(SLATE_TEXTS.videoTooLarge);
        throw error;
      }
      if (bytes.length === 0) return problem(SLATE_TEXTS.videoRequired);
      const named = part.filename.toLowerCase().slice(part.filename.lastIndexOf('.'));
      const kind = videoKind(bytes);
      if (!kind || !(SLATE_VIDEO_EXTENSIONS as readonly string[]).includes(named) || named !== kind) {
        return problem(SLATE_TEXTS.videoType);
      }
      const key = await app.blobs.put('public', kind, bytes);
      return reply.code(201).send({ url: `${request.protocol}://${request.host}${publicFileUrl(key)}` });
    },
  );
};
