import {
  API_PATHS,
  BREAK_TIMELINE_HOURS,
  type BreakListQuery,
  breakDetailQuerySchema,
  breakDetailResponseSchema,
  breakListQuerySchema,
  breakListResponseSchema,
  errorResponseSchema,
  RESOURCES,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canSeeEntry } from '../../lib/navigation-access.ts';
import { fieldProblem, forbidden, notFound } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type BreakScope, breakDetail, listBreaks } from '../../repositories/playback-breaks.ts';
import { findResource } from '../../repositories/resources.ts';

/** Longer path parameters are refused by Fastify (414, its maxParamLength) before this. */
const availParams = z.strictObject({
  availId: z.string().min(1).max(100, { error: 'availId accepts at most 100 characters' }),
});

/**
 * The data plane's ad breaks of one live stream or VOD asset (the stream detail's timeline), and
 * one break's diagnostics: for whoever may see that resource's screen, a customer its own, a
 * main administrator any.
 */
export const playbackBreakRoutes: FastifyPluginAsyncZod = async (app) => {
  async function scopeOf(auth: AuthContext, query: BreakListQuery): Promise<BreakScope> {
    const spec = RESOURCES[query.kind];
    if (!canSeeEntry(auth, spec.navigationEntry, app.runtimeConfig)) {
      throw forbidden(`${spec.plural} are not available to this account`);
    }
    const owner = auth.user.isMainAdmin ? null : auth.customer.id;
    const row = await findResource(app.db, query.kind, query.resourceId, owner);
    if (!row) throw notFound(`${spec.label} not found`);
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from
      ? new Date(query.from)
      : new Date(to.getTime() - BREAK_TIMELINE_HOURS * 3_600_000);
    if (from > to) throw fieldProblem('from', 'from must be before to');
    return { customerId: row.customerId, kind: query.kind, resourceId: row.id, from, to };
  }

  app.get(
    routePattern(API_PATHS.playback.breaks),
    {
      schema: {
        tags: ['playback'],
        summary: `Ad breaks of a live stream or VOD asset (default: the last ${BREAK_TIMELINE_HOURS} hours), newest first, from the data plane's decisions`,
        security: [{ bearer: [] }],
        querystring: breakListQuerySchema,
        response: {
          200: breakListResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await listBreaks(app.db, await scopeOf(request.auth!, request.query)) }),
  );

  app.get(
    routePattern(API_PATHS.playback.break),
    {
      schema: {
        tags: ['playback'],
        summary:
          'One ad break: its summary, the newest viewers’ decisions (request, every candidate ad and why it was placed or skipped) and the beacons sent',
        security: [{ bearer: [] }],
        params: availParams,
        querystring: breakDetailQuerySchema,
        response: {
          200: breakDetailResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const scope = await scopeOf(request.auth!, request.query);
      const detail = await breakDetail(app.db, scope, request.params.availId);
      if (!detail) throw notFound('No ad break with this id in the period');
      return detail;
    },
  );
};
