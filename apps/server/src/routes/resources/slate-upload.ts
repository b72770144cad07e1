import {
  API_PATHS,
  routePattern,
  SLATE_TEXTS,
  SLATE_VIDEO_EXTENSIONS,
  SLATE_VIDEO_MAX_BYTES,
} from '@cuepoint/core';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import type { VideoContainer } from '../../lib/video-container.ts';
import { storeVideoUpload, VIDEO_UPLOAD_RESPONSES } from './video-upload.ts';

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
        response: VIDEO_UPLOAD_RESPONSES,
      },
    },
    async (request, reply) => {
      const url = await storeVideoUpload(app, request, {
        extensions: SLATE_VIDEO_EXTENSIONS,
        containerOf: (extension) => extension as VideoContainer,
        texts: SLATE_TEXTS,
        what: 'slate',
      });
      return reply.code(201).send({ url });
    },
  );
};
