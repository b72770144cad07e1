import {
  API_PATHS,
  errorResponseSchema,
  REPORT_TEXTS,
  reportQuerySchema,
  reportResponseSchema,
  routePattern,
  savedReportIdParamsSchema,
  savedReportInputSchema,
  savedReportListSchema,
  savedReportSchema,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { notFound } from '../../lib/request-problem.ts';
import {
  deleteSavedReport,
  findSavedReport,
  insertSavedReport,
  listSavedReports,
  runReport,
  type SavedReportValues,
  toSavedReportDto,
  updateSavedReport,
} from '../../repositories/reports.ts';

const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * Reports (/reports, main administrator; not during login-as, whose effective user is the
 * customer's): the usage report over a period, and the administrator's own saved reports (another
 * administrator's id is a 404), optionally mailed daily or weekly (services/report-schedule.ts).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireNavigationEntry('reports', app.runtimeConfig, REPORT_TEXTS.forbidden);

  app.get(
    routePattern(API_PATHS.reports.run),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Main administrator: impressions, fill rate, ad-server errors and latency (p50, p95), viewer hours and revenue over a period, by period (day, month or year), customer, stream or asset, or campaign, with totals and each bucket’s figures',
        security: [{ bearer: [] }],
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema, ...errors },
      },
    },
    async (request) => runReport(app.db, request.query, new Date()),
  );

  app.get(
    routePattern(API_PATHS.reports.saved),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary: 'Main administrator: the caller’s saved reports, by name',
        security: [{ bearer: [] }],
        response: { 200: savedReportListSchema, ...errors },
      },
    },
    async (request) => ({
      data: (await listSavedReports(app.db, request.auth!.user.id)).map(toSavedReportDto),
    }),
  );

  app.get(
    routePattern(API_PATHS.reports.savedItem),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary: 'Main administrator: one of the caller’s saved reports',
        security: [{ bearer: [] }],
        params: savedReportIdParamsSchema,
        response: { 200: savedReportSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findSavedReport(app.db, request.auth!.user.id, request.params.id);
      if (!row) throw notFound(REPORT_TEXTS.notFound);
      return toSavedReportDto(row);
    },
  );

  app.post(
    routePattern(API_PATHS.reports.saved),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Main administrator: save a report’s query under a name, optionally mailed daily or weekly to up to 5 recipients',
        security: [{ bearer: [] }],
        body: savedReportInputSchema,
        response: { 201: savedReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await app.db.transaction((tx) =>
        insertSavedReport(tx, request.auth!.user.id, request.body as SavedReportValues, new Date()),
      );
      return reply.code(201).send(toSavedReportDto(row));
    },
  );

  app.put(
    routePattern(API_PATHS.reports.savedItem),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Main administrator: replace one of the caller’s saved reports (a changed schedule starts from now)',
        security: [{ bearer: [] }],
        params: savedReportIdParamsSchema,
        body: savedReportInputSchema,
        response: { 200: savedReportSchema, ...errors },
      },
    },
    async (request) => {
      const row = await app.db.transaction(async (tx) => {
        const current = await findSavedReport(tx, request.auth!.user.id, request.params.id, true);
        if (!current) throw notFound(REPORT_TEXTS.notFound);
        return updateSavedReport(tx, current, request.body as SavedReportValues, new Date());
      });
      return toSavedReportDto(row);
    },
  );

  app.delete(
    routePattern(API_PATHS.reports.savedItem),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['reports'],
        summary: 'Main administrator: delete one of the caller’s saved reports (its mails stop)',
        security: [{ bearer: [] }],
        params: savedReportIdParamsSchema,
        response: { 200: z.object({ _id: z.uuid() }), ...errors },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const current = await findSavedReport(tx, request.auth!.user.id, request.params.id, true);
        if (!current) throw notFound(REPORT_TEXTS.notFound);
        await deleteSavedReport(tx, current.id);
      });
      return { _id: request.params.id };
    },
  );
};
