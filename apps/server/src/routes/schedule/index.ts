/**
 * The Event Scheduler's API (main administrator: the sidebar entry 'event-scheduler'): scheduled
 * events of live streams and their ad breaks. The stream may be any customer's (the
 * administrator schedules for customers); the event belongs to the stream's customer. Every
 * write is one transaction with its audit row. The data plane reads the events itself
 * (playback/live-config.ts), so a change reaches viewers within the config's time to live.
 *
 * `POST schedule/events/:id/trigger` fires a DTMF event's break now (the way an encoder's DTMF
 * or GPI contact is wired): a main administrator, or the API token of the stream's customer.
 */
import {
  API_PATHS,
  conflictResponseSchema,
  EVENT_SCHEDULE_LIMITS,
  EVENT_SCHEDULE_TEXTS,
  errorResponseSchema,
  idParamsSchema,
  parseSpecDateTime,
  RESOURCE_TEXTS,
  routePattern,
  type ScheduledEventFields,
  scheduledEventData,
  scheduledEventInputSchema,
  scheduledEventListQuerySchema,
  scheduledEventListResponseSchema,
  scheduledEventSchema,
  scheduledEventTriggerResponseSchema,
  scheduledEventUpdateSchema,
} from '@cuepoint/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { canSeeEntry, requireNavigationEntry } from '../../lib/navigation-access.ts';
import { conflict, fieldProblem, forbidden, notFound } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  deleteScheduledEvent,
  findScheduledEvent,
  insertScheduledEvent,
  type ListedScheduledEventRow,
  listScheduledEvents,
  toScheduledEventDto,
  updateScheduledEvent,
} from '../../repositories/event-schedule.ts';
import { findResource } from '../../repositories/resources.ts';
import { auditRequest } from '../../services/audit.ts';

const ENTRY = 'event-scheduler';
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The live stream an event names, any customer's: its customer; a 400 on `streamId` when unknown. */
async function streamCustomer(tx: DbOrTx, streamId: string): Promise<string> {
  const stream = await findResource(tx, 'liveStream', streamId, null);
  if (!stream) throw fieldProblem('streamId', EVENT_SCHEDULE_TEXTS.unknownStream);
  return stream.customerId;
}

const audit = (
  tx: DbOrTx,
  request: FastifyRequest,
  action: string,
  row: { id: string; customerId: string },
  details: Record<string, unknown>,
) => auditRequest(tx, request, { action, customerId: row.customerId, target: row.id, details });

const writer = (auth: AuthContext) => auth.signedInAdmin?.email ?? auth.user.email;

/** The event, or 404. */
async function existing(tx: DbOrTx, id: string, lock = false): Promise<ListedScheduledEventRow> {
  const row = await findScheduledEvent(tx, id, lock);
  if (!row) throw notFound(EVENT_SCHEDULE_TEXTS.notFound);
  return row;
}

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireNavigationEntry(ENTRY, app.runtimeConfig, EVENT_SCHEDULE_TEXTS.adminOnly);

  app.get(
    routePattern(API_PATHS.schedule.events),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['schedule'],
        summary: 'Main administrator: scheduled events, of every stream or of one (streamId), by name',
        security: [{ bearer: [] }],
        querystring: scheduledEventListQuerySchema,
        response: { 200: scheduledEventListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listScheduledEvents(app.db, { streamId: request.query.streamId });
      return { data: rows.map(toScheduledEventDto) };
    },
  );

  app.get(
    routePattern(API_PATHS.schedule.event),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['schedule'],
        summary: 'Main administrator: one scheduled event',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: scheduledEventSchema, ...errors },
      },
    },
    async (request) => toScheduledEventDto(await existing(app.db, request.params.id)),
  );

  app.post(
    routePattern(API_PATHS.schedule.events),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['schedule'],
        summary:
          'Main administrator: schedule an event of a live stream (trigger 0 fixed times, 1 interval, 2 DTMF); dates MM-DD-YYYYTHH:mm:ss UTC',
        security: [{ bearer: [] }],
        body: scheduledEventInputSchema,
        response: { 201: scheduledEventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body as ScheduledEventFields;
      const id = await app.db.transaction(async (tx) => {
        const customerId = await streamCustomer(tx, body.streamId);
        const row = await insertScheduledEvent(tx, {
          customerId,
          streamId: body.streamId,
          data: scheduledEventData(body),
          by: writer(request.auth!),
        });
        await audit(tx, request, 'schedule.create', row, { name: body.name, streamId: body.streamId });
        return row.id;
      });
      return reply.code(201).send(toScheduledEventDto((await findScheduledEvent(app.db, id))!));
    },
  );

  app.put(
    routePattern(API_PATHS.schedule.event),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['schedule'],
        summary: 'Main administrator: replace a scheduled event, naming the version read (409 when stale)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: scheduledEventUpdateSchema,
        response: { 200: scheduledEventSchema, 409: conflictResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...body } = request.body as ScheduledEventFields & { version: number };
      await app.db.transaction(async (tx) => {
        const current = await existing(tx, request.params.id, true);
        if (current.version !== version) {
          throw conflict(RESOURCE_TEXTS.staleVersion('Event'), { currentVersion: current.version });
        }
        const customerId = await streamCustomer(tx, body.streamId);
        const row = await updateScheduledEvent(tx, current.id, {
          customerId,
          streamId: body.streamId,
          // A DTMF event keeps the triggers it fired; other triggers have none.
          data: scheduledEventData(body, current.data.fired),
          by: writer(request.auth!),
        });
        await audit(tx, request, 'schedule.update', row, { name: body.name, version: row.version });
      });
      return toScheduledEventDto((await findScheduledEvent(app.db, request.params.id))!);
    },
  );

  app.delete(
    routePattern(API_PATHS.schedule.event),
    {
      onRequest: adminOnly,
      schema: {
        tags: ['schedule'],
        summary: 'Main administrator: delete a scheduled event (its breaks are no longer triggered)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: z.object({ _id: z.uuid() }), ...errors },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const current = await existing(tx, request.params.id, true);
        await deleteScheduledEvent(tx, current.id);
        await audit(tx, request, 'schedule.delete', current, { name: current.data.name });
      });
      return { _id: request.params.id };
    },
  );

  /** A main administrator, or an API token (its customer is checked against the event's). */
  const administratorOrToken = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent) return;
    const auth = request.auth;
    if (auth?.kind === 'apiToken') return;
    if (!auth || !canSeeEntry(auth, ENTRY, app.runtimeConfig))
      throw forbidden(EVENT_SCHEDULE_TEXTS.adminOnly);
  };

  app.post(
    routePattern(API_PATHS.schedule.trigger),
    {
      onRequest: administratorOrToken,
      schema: {
        tags: ['schedule'],
        summary: `A DTMF event's break, now: it starts ${EVENT_SCHEDULE_LIMITS.triggerLeadSeconds} s from now (the data plane's next schedule read). A main administrator, or the API token of the stream's customer`,
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: scheduledEventTriggerResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const now = Date.now();
      const breakAt = now + EVENT_SCHEDULE_LIMITS.triggerLeadSeconds * 1000;
      await app.db.transaction(async (tx) => {
        const current = await existing(tx, request.params.id, true);
        // A token sees only its own customer's events: another's is no event of its.
        if (auth.kind === 'apiToken' && current.customerId !== auth.customer.id)
          throw notFound(EVENT_SCHEDULE_TEXTS.notFound);
        const { data } = current;
        if (data.trigger !== 2) throw conflict(EVENT_SCHEDULE_TEXTS.notDtmf, { showMessage: true });
        if (data.status !== 'active') throw conflict(EVENT_SCHEDULE_TEXTS.inactive, { showMessage: true });
        const start = parseSpecDateTime(data.startDate) ?? 0;
        const end = parseSpecDateTime(data.endDate) ?? 0;
        if (breakAt < start || breakAt > end)
          throw conflict(EVENT_SCHEDULE_TEXTS.notOnAir, { showMessage: true });
        const fired = [...data.fired, breakAt].slice(-EVENT_SCHEDULE_LIMITS.fired);
        const row = await updateScheduledEvent(tx, current.id, {
          customerId: current.customerId,
          streamId: current.streamId,
          data: { ...data, fired },
          by: writer(auth),
        });
        await audit(tx, request, 'schedule.trigger', row, { breakAt: new Date(breakAt).toISOString() });
      });
      const event = toScheduledEventDto((await findScheduledEvent(app.db, request.params.id))!);
      return { event, breakAt };
    },
  );
};
