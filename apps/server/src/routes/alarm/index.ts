import { randomUUID } from 'node:crypto';
import {
  ALARM_TEXTS,
  alarmCreateBodySchema,
  alarmListQuerySchema,
  alarmListResponseSchema,
  alarmSchema,
  type ErrorResponse,
  errorResponseSchema,
  type NavigationFlags,
} from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { insertAlarm, listAlarms, toAlarmDto } from '../../repositories/alarms.ts';
import { recordAudit } from '../../repositories/audit-log.ts';

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

  app.post(
    '/alarm/alarms',
    {
      onRequest: requireNavigationEntry('alarms', opts.flags, 'Only a main administrator may raise alarms'),
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
        const db = tx as unknown as Db;
        if (customerId !== null) {
          const [found] = await tx
            .select({ id: customers.id })
            .from(customers)
            .where(eq(customers.id, customerId))
            .for('share');
          if (!found) return undefined;
        }
        const alarm = await insertAlarm(db, {
          severity: body.severity,
          type: body.type,
          name: body.name,
          message: body.message,
          moduleObjectId: body.module_object_id ?? null,
          customerId,
          timeOn: body.time_on ? new Date(body.time_on) : new Date(),
          uuid: body.uuid ?? randomUUID(),
        });
        await recordAudit(db, {
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
      if (!row) {
        const problem: ErrorResponse = {
          statusCode: 400,
          error: 'Bad Request',
          message: `customerId: ${ALARM_TEXTS.unknownCustomer}`,
          fields: [{ field: 'customerId', message: ALARM_TEXTS.unknownCustomer }],
          requestId: request.id,
        };
        return reply.code(400).send(problem);
      }
      return reply.code(201).send(toAlarmDto(row));
    },
  );
};
