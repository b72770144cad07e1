import {
  alarmListQuerySchema,
  alarmListResponseSchema,
  errorResponseSchema,
  type NavigationFlags,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { listAlarms, toAlarmDto } from '../../repositories/alarms.ts';

export const alarmRoutes: FastifyPluginAsyncZod<{ flags: NavigationFlags }> = async (app, opts) => {
  app.get(
    '/alarm/alarms',
    {
      onRequest: requireNavigationEntry('alarms', opts.flags, 'Only a main administrator may see alarms'),
      schema: {
        tags: ['alarm'],
        summary:
          'Main administrator: alarms of the whole platform, newest first (the alarm bell polls it every ALARMTIMEOUT ms)',
        security: [{ bearer: [] }],
        querystring: alarmListQuerySchema,
        response: { 200: alarmListResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { limit, since } = request.query;
      const rows = await listAlarms(app.db, { limit, since: since ? new Date(since) : undefined });
      return rows.map(toAlarmDto);
    },
  );
};
