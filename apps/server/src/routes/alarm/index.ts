import { randomUUID } from 'node:crypto';
import {
  ALARM_RESOLVE_TIMEOUT_MS,
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
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { conflict, fieldProblem, notFound } from '../../lib/request-problem.ts';
import {
  acknowledgeAlarm,
  extendAlarm,
  insertAlarm,
  listAlarms,
  lockAlarm,
  lockAlarmIdentity,
  resolveEndedAlarms,
  toAlarmDto,
} from '../../repositories/alarms.ts';
import { customerExists } from '../../repositories/customers.ts';
import { auditRequest } from '../../services/audit.ts';
import { mailAfterReply, NOTHING_NOTIFIED, notifyAlarms } from '../../services/notifications.ts';
import { alarmRuleRoutes } from './rules.ts';

export const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  const resolveEnded = async (log: FastifyBaseLogger) => {
    const cleared = await resolveEndedAlarms(app.db, new Date(app.alarmEvaluator.now()));
    if (cleared.length > 0) log.info({ cleared: cleared.length }, 'ended API alarms cleared');
  };

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
      // API alarms whose end has passed are cleared first: the list is never behind the clock
      // (the evaluator clears them too, every ALARM_EVALUATION_MS, when no one is looking).
      await resolveEnded(request.log);
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
          'Main administrator (and the data plane, with its API token): raise an alarm (201); time_on defaults to now, uuid to a new one, no customerId is a platform alarm. It is cleared at endsAt, by default 5 minutes (ALARM_RESOLVE_TIMEOUT_MS) after its last raise: raising an open alarm of the same uuid and customer again is a heartbeat that moves its end and answers it (200), as Alertmanager does',
        security: [{ bearer: [] }],
        body: alarmCreateBodySchema,
        response: {
          200: alarmSchema,
          201: alarmSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customerId = body.customerId ?? null;
      const now = new Date(app.alarmEvaluator.now());
      const endsAt = body.endsAt ? new Date(body.endsAt) : new Date(now.getTime() + ALARM_RESOLVE_TIMEOUT_MS);
      // As Alertmanager's startsAt: now, or the end when that has passed (an alarm reported ended).
      const timeOn = body.time_on ? new Date(body.time_on) : endsAt < now ? endsAt : now;
      if (endsAt < timeOn) throw fieldProblem('endsAt', ALARM_TEXTS.endsAtBeforeTimeOn);
      const ended = endsAt <= now;
      const { row, created, notified } = await app.db.transaction(async (tx) => {
        // Thrown: the transaction ends before the answer.
        if (customerId !== null && !(await customerExists(tx, customerId))) {
          throw fieldProblem('customerId', ALARM_TEXTS.unknownCustomer);
        }
        // The caller's uuid names the alarm: an open one is extended (a heartbeat, neither
        // audited nor notified again). Without a uuid every raise is a new alarm.
        if (body.uuid !== undefined) {
          const identity = { uuid: body.uuid, customerId };
          await lockAlarmIdentity(tx, identity);
          const extended = await extendAlarm(tx, identity, endsAt, now);
          if (extended) return { row: extended, created: false, notified: NOTHING_NOTIFIED };
          // Its last alarm ended but is not cleared yet: cleared now, before its successor.
          await resolveEndedAlarms(tx, now, identity);
        }
        const alarm = await insertAlarm(tx, {
          severity: body.severity,
          type: body.type,
          name: body.name,
          message: body.message,
          moduleObjectId: body.module_object_id ?? null,
          customerId,
          timeOn,
          uuid: body.uuid ?? randomUUID(),
          endsAt,
          // Raised already ended (Alertmanager's resolved alert): listed cleared, notifying no one.
          clearedAt: ended ? endsAt : null,
        });
        await auditRequest(tx, request, {
          action: 'alarm.raise',
          customerId,
          target: alarm.id,
          details: { severity: alarm.severity, type: alarm.type, uuid: alarm.uuid },
        });
        // A customer's alarm is also its users' notification (mailed to those who chose so).
        const notified = ended ? NOTHING_NOTIFIED : await notifyAlarms(tx, [alarm]);
        return { row: alarm, created: true, notified };
      });
      mailAfterReply(app, notified);
      return reply.code(created ? 201 : 200).send(toAlarmDto(row));
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
