import { randomUUID } from 'node:crypto';
import {
  ALARM_TEXTS,
  API_PATHS,
  alarmCreateBodySchema,
  alarmIdParamsSchema,
  alarmListQuerySchema,
  alarmListResponseSchema,
  alarmSchema,
  errorResponseSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { conflict, fieldProblem, notFound } from '../../lib/request-problem.ts';
import {
  acknowledgeAlarm,
  insertAlarm,
  listAlarms,
  lockAlarm,
  toAlarmDto,
} from '../../repositories/alarms.ts';
import { customerExists } from '../../repositories/customers.ts';
import { auditRequest } from '../../services/audit.ts';
import { mailAfterReply, notifyAlarms } from '../../services/notifications.ts';
import { alarmRuleRoutes } from './rules.ts';

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
          'Main administrator: alarms of the whole platform, newest first (the alarm bell polls it every ALARMTIMEOUT ms); filters: severity (comma-separated), state (open, acknowledged, cleared), customerId, q (name, message, type or object contains it)',
        security: [{ bearer: [] }],
        querystring: alarmListQuerySchema,
        response: { 200: alarmListResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { since, ...filters } = request.query;
      const rows = await listAlarms(app.db, { ...filters, since: since ? new Date(since) : undefined });
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
      const customerId = body.customerId ?? null;
      const { row, notified } = await app.db.transaction(async (tx) => {
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
        await auditRequest(tx, request, {
          action: 'alarm.raise',
          customerId,
          target: alarm.id,
          details: { severity: alarm.severity, type: alarm.type, uuid: alarm.uuid },
        });
        // A customer's alarm is also its users' notification (mailed to those who chose so).
        return { row: alarm, notified: await notifyAlarms(tx, [alarm]) };
      });
      mailAfterReply(app, notified);
      return reply.code(201).send(toAlarmDto(row));
    },
  );

  app.post(
    routePattern(API_PATHS.alarm.acknowledge),
    {
      onRequest: requireNavigationEntry(
        'alarms',
        app.runtimeConfig,
        'Only a main administrator may acknowledge alarms',
      ),
      schema: {
        tags: ['alarm'],
        summary:
          'Main administrator: acknowledge an alarm (once: 409 when it already is); answers the alarm with who acknowledged it and when',
        security: [{ bearer: [] }],
        params: alarmIdParamsSchema,
        response: {
          200: alarmSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const by = (auth.signedInAdmin ?? auth.user).email;
      const row = await app.db.transaction(async (tx) => {
        const alarm = await lockAlarm(tx, request.params.id);
        if (!alarm) throw notFound(ALARM_TEXTS.notFound);
        if (alarm.acknowledgedAt) throw conflict(ALARM_TEXTS.alreadyAcknowledged);
        const acknowledged = await acknowledgeAlarm(tx, alarm.id, by, new Date());
        await auditRequest(tx, request, {
          action: 'alarm.acknowledge',
          customerId: alarm.customerId,
          target: alarm.id,
          details: { severity: alarm.severity, name: alarm.name, uuid: alarm.uuid },
        });
        return acknowledged;
      });
      return toAlarmDto(row);
    },
  );

  await app.register(alarmRuleRoutes);
};
