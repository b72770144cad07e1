import { randomUUID } from 'node:crypto';
import {
  ALARM_TEXTS,
  API_PATHS,
  alarmCreateBodySchema,
  alarmListQuerySchema,
  alarmListResponseSchema,
  alarmSchema,
  errorResponseSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { fieldProblem } from '../../lib/request-problem.ts';
import { insertAlarm, listAlarms, toAlarmDto } from '../../repositories/alarms.ts';
import { recordAudit } from '../../repositories/audit-log.ts';
import { customerExists } from '../../repositories/customers.ts';

export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.alarm.alarms),
    {
      onRequest: requireNavigationEntry(
        'alarms',
        app.runtimeConfig,
        'Only a main administrator may see alarms',
      ),
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

  app.post(
    routePattern(API_PATHS.alarm.alarms),
    {
      onRequest: requireNavigationEntry(
        'alarms',
        app.runtimeConfig,
        'Only a main administrator may raise alarms',
      ),
      schema: {
        tags: ['alarm'],
        summary:
          'Main administrator (and the data plane, with its API token): raise an alarm; time_on defaults to now, uuid to a new one, no customerId is a platform alarm',
        security: [{ bearer: [] }],
        body: alarmCreateBodySchema,
        response: { 201: alarmSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const auth = request.auth!;
      const customerId = body.customerId ?? null;
      const row = await app.db.transaction(async (tx) => {
        // Thrown: the transaction ends before the answer.
        if (customerId !== null && !(await customerExists(tx, customerId))) {
          throw fieldProblem('customerId', ALARM_TEXTS.unknownCustomer);
        }
        const alarm = await insertAlarm(tx, {
          severity: body.severity,
          type: body.type,
          name: body.name,
          message: body.message,
          moduleObjectId: body.module_object_id ?? null,
          customerId,
          timeOn: body.time_on ? new Date(body.time_on) : new Date(),
          uuid: body.uuid ?? randomUUID(),
        });
        await recordAudit(tx, {
          action: 'alarm.raise',
          actorUserId: auth.actor?.id ?? auth.user.id,
          effectiveUserId: auth.user.id,
          customerId,
          target: alarm.id,
          details: { severity: alarm.severity, type: alarm.type, uuid: alarm.uuid },
          requestId: request.id,
          ip: request.ip,
        });
        return alarm;
      });
      return reply.code(201).send(toAlarmDto(row));
    },
  );
};
