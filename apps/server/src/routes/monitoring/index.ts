import {
  API_PATHS,
  errorResponseSchema,
  idParamsSchema,
  MONITOR_WINDOW_MINUTES,
  MONITORING_TEXTS,
  monitorResponseSchema,
  routePattern,
  seriesQuerySchema,
  seriesResponseSchema,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { notFound } from '../../lib/request-problem.ts';
import { channelSeries, monitorChannels } from '../../repositories/playback-minutes.ts';

/**
 * Main administrator: the monitor (every channel's figures of the last minutes, polled) and one
 * channel's charts over a period, read from the data plane's per-minute counters.
 */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.monitoring.channels),
    {
      onRequest: requireNavigationEntry(
        'streams-monitor',
        app.runtimeConfig,
        MONITORING_TEXTS.monitorForbidden,
      ),
      schema: {
        tags: ['monitoring'],
        summary: `Main administrator (MONITOR=1): every live stream and VOD asset with its figures of the last ${MONITOR_WINDOW_MINUTES} minutes and a sparkline of requests per minute`,
        security: [{ bearer: [] }],
        response: { 200: monitorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => ({ windowMinutes: MONITOR_WINDOW_MINUTES, data: await monitorChannels(app.db, new Date()) }),
  );

  app.get(
    routePattern(API_PATHS.monitoring.series),
    {
      onRequest: requireNavigationEntry('monitoring', app.runtimeConfig, MONITORING_TEXTS.seriesForbidden),
      schema: {
        tags: ['monitoring'],
        summary:
          'Main administrator: one live stream’s or VOD asset’s figures over a period (1h, 6h, 24h, 7d), one point per step, and the totals',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        querystring: seriesQuerySchema,
        response: {
          200: seriesResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const series = await channelSeries(app.db, request.params.id, request.query.period, new Date());
      if (!series) throw notFound(MONITORING_TEXTS.notFound);
      return series;
    },
  );
};
