import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/request-problem.ts';
import { PLAYLIST_TYPE, type Rendition, renditionOf, timelineOf } from './catalog.ts';
import { CACHE, type DemoContext, mediaUrl } from './context.ts';
import {
  CUE_FORMS,
  isCueForm,
  liveMediaPlaylist,
  multivariantPlaylist,
  vodMediaPlaylist,
} from './playlists.ts';
import { CADENCE_LIMITS, type Cadence, cadenceProblems, DEFAULT_CADENCE, liveWindow } from './schedule.ts';

/**
 * The demo origin: the committed content loop as a live channel with SCTE-35 ad breaks
 * (`/demo/origin/live/<form>/master.m3u8`, or `<form>/every-24-for-10/master.m3u8` for another
 * cadence) and as a VOD (`/demo/origin/vod/master.m3u8`).
 */

export const VOD_LOOPS = { default: 3, max: 30 };

/** A cadence written as a folder: `every-<seconds>-for-<seconds>`. */
const CADENCE_FOLDER = /^every-(\d{1,5})-for-(\d{1,5})$/;

const wholeSeconds = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of seconds')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min} s`).max(max, `must be at most ${max} s`));

const playlistParams = z.object({ playlist: z.string() });

/** `<rendition>.m3u8` of an asset, or a 404 naming the renditions there are. */
function renditionFor(ctx: DemoContext, playlist: string): Rendition {
  const name = /^([a-z0-9-]+)\.m3u8$/.exec(playlist)?.[1];
  const rendition = name === undefined ? undefined : renditionOf(ctx.catalog.content, name);
  if (!rendition) {
    const names = ctx.catalog.content.renditions.map((r) => `${r.name}.m3u8`).join(', ');
    throw notFound(`No playlist "${playlist}" here: there are master.m3u8, ${names}`);
  }
  return rendition;
}

export const originRoutes: FastifyPluginAsyncZod<{ ctx: DemoContext }> = async (app, { ctx }) => {
  const segment = ctx.catalog.segmentDuration;
  const cadenceQuery = z
    .object({
      every: wholeSeconds(3 * segment, CADENCE_LIMITS.everyMax).optional(),
      length: wholeSeconds(segment, CADENCE_LIMITS.lengthMax).optional(),
    })
    .transform((q, check) => {
      const cadence: Cadence = {
        every: q.every ?? DEFAULT_CADENCE.every,
        length: q.length ?? DEFAULT_CADENCE.length,
      };
      for (const [field, message] of cadenceProblems(cadence, segment)) {
        check.addIssue({ code: 'custom', path: [field], message });
      }
      return cadence;
    });
  const timeline = timelineOf(ctx.catalog);

  /** The cadence carried from the master playlist into its media playlists' URIs. */
  const cadenceSuffix = (c: Cadence) =>
    c.every === DEFAULT_CADENCE.every && c.length === DEFAULT_CADENCE.length
      ? ''
      : `?every=${c.every}&length=${c.length}`;

  /** One live playlist of a cue form at a cadence; `prefix` is where its media playlists live. */
  const livePlaylist = (form: string, playlist: string, cadence: Cadence, prefix: string, suffix: string) => {
    if (!isCueForm(form)) {
      throw notFound(`No live demo stream "${form}": the cue forms are ${CUE_FORMS.join(', ')}`);
    }
    if (playlist === 'master.m3u8') {
      return multivariantPlaylist(ctx.catalog.content, (r) => `${prefix}/${r.name}.m3u8${suffix}`);
    }
    const rendition = renditionFor(ctx, playlist);
    const window = liveWindow(ctx.now(), timeline, cadence);
    return liveMediaPlaylist({
      window,
      form,
      rendition,
      catalog: ctx.catalog,
      mediaUrl: (file) => mediaUrl(ctx, file),
    });
  };

  app.get(
    '/origin/live/:form/:playlist',
    {
      schema: { hide: true, params: playlistParams.extend({ form: z.string() }), querystring: cadenceQuery },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const { form, playlist } = request.params;
      reply.type(PLAYLIST_TYPE).header('cache-control', CACHE.live);
      return livePlaylist(
        form,
        playlist,
        request.query,
        `${ctx.base}/origin/live/${form}`,
        cadenceSuffix(request.query),
      );
    },
  );

  // The cadence in the path (`every-24-for-10`): a stream's source URL is a folder that the data
  // plane appends `master.m3u8` to, so a query cannot carry it.
  app.get(
    '/origin/live/:form/:cadence/:playlist',
    {
      schema: { hide: true, params: playlistParams.extend({ form: z.string(), cadence: z.string() }) },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const { form, cadence: folder, playlist } = request.params;
      const parts = CADENCE_FOLDER.exec(folder);
      const parsed = parts ? cadenceQuery.safeParse({ every: parts[1], length: parts[2] }) : undefined;
      if (!parsed?.success) {
        throw notFound(
          `No cadence "${folder}": write every-<seconds>-for-<seconds> (${parsed ? parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`).join('; ') : 'e.g. every-24-for-10'})`,
        );
      }
      reply.type(PLAYLIST_TYPE).header('cache-control', CACHE.live);
      return livePlaylist(form, playlist, parsed.data, `${ctx.base}/origin/live/${form}/${folder}`, '');
    },
  );

  app.get(
    '/origin/vod/:playlist',
    {
      schema: {
        hide: true,
        params: playlistParams,
        querystring: z.object({
          loops: z
            .string()
            .regex(/^\d{1,3}$/, 'must be a whole number')
            .transform(Number)
            .pipe(
              z.number().min(1, 'must be at least 1').max(VOD_LOOPS.max, `must be at most ${VOD_LOOPS.max}`),
            )
            .optional(),
        }),
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const loops = request.query.loops ?? VOD_LOOPS.default;
      const suffix = loops === VOD_LOOPS.default ? '' : `?loops=${loops}`;
      reply.type(PLAYLIST_TYPE).header('cache-control', CACHE.playlist);
      if (request.params.playlist === 'master.m3u8') {
        return multivariantPlaylist(
          ctx.catalog.content,
          (r) => `${ctx.base}/origin/vod/${r.name}.m3u8${suffix}`,
        );
      }
      const rendition = renditionFor(ctx, request.params.playlist);
      return vodMediaPlaylist(rendition, loops, ctx.catalog, (file) => mediaUrl(ctx, file));
    },
  );
};
