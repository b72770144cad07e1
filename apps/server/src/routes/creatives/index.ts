/**
 * Creatives beyond the generic resource calls: their conditioning (one creative's, or a list
 * page's at once), and the hook that queues a creative's conditioning as soon as it is created or
 * its video changes, so it is ready before the ad server first plays it.
 */
import {
  API_PATHS,
  conditioningBatchQuerySchema,
  conditioningBatchSchema,
  creativeConditioningSchema,
  errorResponseSchema,
  idParamsSchema,
  isHlsVideoUrl,
  itemPath,
  RESOURCE_TEXTS,
  RESOURCES,
  routePattern,
} from '@cuepoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { notFound } from '../../lib/request-problem.ts';
import { findCreativeVideos } from '../../repositories/creative-videos.ts';
import { findResource } from '../../repositories/resources.ts';
import { CREATIVE_LADDER, conditioningOf } from './conditioning.ts';

export { CREATIVE_LADDER };

const spec = RESOURCES.creative;
const tags = [API_PATHS.resources.creative];
const security = [{ bearer: [] }];

export const creativeRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireNavigationEntry(
    spec.navigationEntry,
    app.runtimeConfig,
    `${spec.plural} are not available to this account`,
  );
  /** Another customer's creative, for anyone but a main administrator, is no creative. */
  const scopeOf = (request: FastifyRequest) =>
    request.auth!.user.isMainAdmin ? null : request.auth!.customer.id;

  app.get(
    routePattern(API_PATHS.creativeConditioning),
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Whether a creative’s video is conditioned into HLS yet: ready, queued (with progress while transcoding), failed (with the reason), not-needed (HLS already) or unavailable; and the playlist to play',
        security,
        params: idParamsSchema,
        response: {
          200: creativeConditioningSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await findResource(app.db, 'creative', request.params.id, scopeOf(request));
      if (!row) throw notFound(RESOURCE_TEXTS.notFound(spec.label), { showMessage: true });
      return conditioningOf(app.conditioner, String(row.data.videoUrl ?? ''));
    },
  );

  app.get(
    routePattern(API_PATHS.creativeConditionings),
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'The conditioning of several creatives (?ids=a,b: up to 100), keyed by id; ids of no creative of the caller’s are left out',
        security,
        querystring: conditioningBatchQuerySchema,
        response: { 200: conditioningBatchSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const videos = await findCreativeVideos(app.db, request.query.ids, scopeOf(request));
      const answers = await Promise.all(
        videos.map(
          async (video) => [video.id, await conditioningOf(app.conditioner, video.videoUrl)] as const,
        ),
      );
      return { data: Object.fromEntries(answers) };
    },
  );
};

/** The generic calls that write a creative: create, replace and update (`/api/ssai/creative[/:id]`). */
const COLLECTION = routePattern(API_PATHS.resources.creative);
const ITEM = routePattern(itemPath(API_PATHS.resources.creative));
function isCreativeWrite(route: RouteOptions): boolean {
  const methods = [route.method].flat();
  if (route.url.endsWith(ITEM)) return methods.includes('PUT') || methods.includes('POST');
  return route.url.endsWith(COLLECTION) && methods.includes('POST');
}

/**
 * Queues a saved creative's conditioning once the answer is out (never delaying the save): every
 * generic creative write registered after this plugin, in its scope, gets an onSend hook reading
 * the saved record from its answer. An HLS video, a refused write or a server that conditions
 * nothing queues nothing.
 */
export const creativeConditioningHooks = fp(async (app: FastifyInstance) => {
  const queueSaved = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if ((reply.statusCode === 200 || reply.statusCode === 201) && typeof payload === 'string') {
      const videoUrl = readVideoUrl(payload);
      if (videoUrl && !isHlsVideoUrl(videoUrl) && app.conditioner.status.available)
        app.afterReply('queue creative conditioning', () => conditioningOf(app.conditioner, videoUrl));
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (!isCreativeWrite(route)) return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), queueSaved] as RouteOptions['onSend'];
  });
});

function readVideoUrl(payload: string): string | null {
  try {
    const body = JSON.parse(payload) as { videoUrl?: unknown };
    return typeof body.videoUrl === 'string' && body.videoUrl !== '' ? body.videoUrl : null;
  } catch {
    return null;
  }
}
