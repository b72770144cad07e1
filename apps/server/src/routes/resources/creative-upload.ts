import {
  API_PATHS,
  CREATIVE_TEXTS,
  CREATIVE_VIDEO_EXTENSIONS,
  CREATIVE_VIDEO_MAX_BYTES,
  RESOURCES,
  routePattern,
} from '@cuepoint/core';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { storeVideoUpload, VIDEO_UPLOAD_RESPONSES } from './video-upload.ts';

/**
 * POST /ssai/creative/upload: a creative's video file (multipart field `file`: .mp4, .mov or .ts,
 * at most CREATIVE_VIDEO_MAX_BYTES), handled as a slate's video is (slate-upload.ts): streamed to a
 * temporary file in the public file store, checked there as the container its name says (a .mov
 * as the ISO-BMFF boxes it shares with MP4), recorded against the customer's storage quota (413
 * naming `file` past it, concurrent uploads included) and answered as an absolute URL on
 * PUBLIC_URL to put in the creative's videoUrl. Saving the creative then queues its conditioning
 * into HLS (routes/creatives/).
 */
export const creativeUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: CREATIVE_VIDEO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    routePattern(API_PATHS.creativeUpload),
    {
      onRequest: requireNavigationEntry(
        RESOURCES.creative.navigationEntry,
        app.runtimeConfig,
        `${RESOURCES.creative.plural} are not available to this account`,
      ),
      schema: {
        tags: [API_PATHS.resources.creative],
        summary: 'Upload a creative video (multipart field `file`, .mp4, .mov or .ts); answers its URL',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: VIDEO_UPLOAD_RESPONSES,
      },
    },
    async (request, reply) => {
      const url = await storeVideoUpload(app, request, {
        extensions: CREATIVE_VIDEO_EXTENSIONS,
        // A QuickTime movie has the MP4's box structure (ISO-BMFF grew out of it): checked the same way.
        containerOf: (extension) => (extension === '.ts' ? '.ts' : '.mp4'),
        texts: CREATIVE_TEXTS,
        what: 'creative',
      });
      return reply.code(201).send({ url });
    },
  );
};
