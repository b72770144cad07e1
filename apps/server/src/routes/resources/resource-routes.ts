/**
 * The generic resource calls of spec section 7, built once from a resource's definition in
 * packages/core (RESOURCES): GET {path} (page, pageSize, sort, order, q, filters), GET {path}/{id},
 * POST {path}, PUT {path}/{id} (full replace), POST {path}/{id} (partial update), DELETE {path}/{id}.
 *
 * - Who: whoever sees the resource's sidebar entry (spec section 2; the encoder needs ENCODER=1),
 *   then `can()` on the record: a main administrator any customer's, everyone else their own.
 * - Writes run in one transaction with the row locked: validation with the shared zod schema,
 *   unique name per account, references to the account's own resources, the version check (an
 *   update names the version it edited; a stale one is 409 with the current version), and the
 *   event the log viewer shows. Nothing is half-written.
 * - A resource another one uses cannot be deleted: 409 naming the users.
 */
import {
  type ConflictResponse,
  can,
  conflictResponseSchema,
  type ErrorResponse,
  errorResponseSchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  type NavigationFlags,
  RESOURCE_TEXTS,
  RESOURCES,
  type ResourceActor,
  type ResourceKind,
  resourceMetaSchema,
  toFieldIssues,
  versionSchema,
} from '@cuepoint/core';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { customers, type ResourceRow } from '../../db/schema/index.ts';
import { releaseFilesAfterCommit } from '../../lib/blob-references.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { RequestProblem, sendProblem } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  deleteResource,
  diffData,
  findResource,
  findResourceUsers,
  insertResource,
  listResources,
  missingReferences,
  nameTaken,
  recordEvent,
  updateResource,
} from '../../repositories/resources.ts';

/** A stored resource as the API answers it: its data and the meta fields. */
export function toResourceDto(row: ResourceRow) {
  return {
    ...row.data,
    _id: row.id,
    customerId: row.customerId,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

const dtoSchema = z.looseObject(resourceMetaSchema.shape);
const bodySchema = z.record(z.string(), z.unknown(), { error: 'The body must be a JSON object' });
const updateBodySchema = z.looseObject({ version: versionSchema });
const createQuerySchema = z.strictObject({ customerId: z.uuid({ error: 'Invalid UUID' }).optional() });

const actorOf = (auth: AuthContext): ResourceActor => ({
  isMainAdmin: auth.user.isMainAdmin,
  customerId: auth.customer.id,
});
const whoOf = (auth: AuthContext) => ({ actor: auth.user.email, actingAdmin: auth.actor?.email ?? null });

/** The customer a main administrator's list is limited to (any, unless asked); others their own. */
const listScope = (auth: AuthContext, customerId: string | undefined): string | null =>
  auth.user.isMainAdmin ? (customerId ?? null) : auth.customer.id;
const recordScope = (auth: AuthContext): string | null => (auth.user.isMainAdmin ? null : auth.customer.id);

class Conflict extends Error {
  constructor(readonly body: Omit<ConflictResponse, 'statusCode' | 'error' | 'requestId'>) {
    super(body.message);
  }
}

/**
 * No such resource for this caller. Thrown inside a transaction and answered after it ended: a
 * reply sent inside it keeps the transaction open until the answer is out (a reply is awaited as a
 * thenable), and an onSend hook's query (the login-as audit) then waits for it forever on PGlite.
 */
class Missing extends Error {}

export const resourceRoutes: FastifyPluginAsyncZod<{ kind: ResourceKind; flags: NavigationFlags }> = async (
  app,
  opts,
) => {
  const { kind } = opts;
  const spec = RESOURCES[kind];
  const schema = spec.schema as unknown as z.ZodType<Record<string, unknown>>;
  const label = spec.label;
  const path = spec.apiPath;
  const tags = [spec.apiPath.replace(/^\//, '')];
  const security = [{ bearer: [] }];
  const guard = requireNavigationEntry(
    spec.navigationEntry,
    opts.flags,
    `${spec.plural} are not available to this account`,
  );
  const notFound = (reply: FastifyReply, request: FastifyRequest) => {
    const body: ErrorResponse = {
      statusCode: 404,
      error: 'Not Found',
      message: RESOURCE_TEXTS.notFound(label),
      requestId: request.id,
    };
    return reply.code(404).send(body);
  };
  const conflict = (reply: FastifyReply, request: FastifyRequest, error: Conflict) =>
    reply.code(409).send({ statusCode: 409, error: 'Conflict', ...error.body, requestId: request.id });

  /** The data validated by the shared schema, or a 400 naming each field. */
  const validate = (input: unknown): Record<string, unknown> => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw new RequestProblem(400, toFieldIssues(parsed.error));
    return parsed.data;
  };

  /** Name unique in the account, references to the account's own resources. */
  const checkWrite = async (db: Db, customerId: string, data: Record<string, unknown>, exceptId?: string) => {
    const problems = [];
    if (await nameTaken(db, kind, customerId, String(data.name), exceptId)) {
      problems.push({ field: 'name', message: RESOURCE_TEXTS.duplicateName(label) });
    }
    for (const missing of await missingReferences(db, kind, data, customerId)) {
      problems.push({
        field: missing.field,
        message: RESOURCE_TEXTS.unknownReference(RESOURCES[missing.to].label),
      });
    }
    if (problems.length > 0) throw new RequestProblem(400, problems);
  };

  const run = async <T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RequestProblem) return sendProblem(reply, request, error);
      if (error instanceof Conflict) return conflict(reply, request, error);
      if (error instanceof Missing) return notFound(reply, request);
      if (isUniqueViolation(error)) {
        // Two creates with one name at once: the unique index decides.
        return sendProblem(
          reply,
          request,
          new RequestProblem(400, [{ field: 'name', message: RESOURCE_TEXTS.duplicateName(label) }]),
        );
      }
      throw error;
    }
  };

  const update = (mode: 'replace' | 'merge') =>
    async function updateHandler(request: FastifyRequest, reply: FastifyReply) {
      const auth = request.auth!;
      // Validated by the route's params and body schemas.
      const { id } = request.params as { id: string };
      const { version, ...input } = request.body as { version: number } & Record<string, unknown>;
      return run(request, reply, () =>
        app.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          const current = await findResource(db, kind, id, recordScope(auth), true);
          if (!current || !can(actorOf(auth), 'update', kind, current)) throw new Missing();
          // A stale edit is refused before anything else about it: the user reloads first.
          if (current.version !== version) {
            throw new Conflict({
              message: RESOURCE_TEXTS.staleVersion(label),
              currentVersion: current.version,
            });
          }
          const data = validate(mode === 'merge' ? { ...current.data, ...input } : input);
          await checkWrite(db, current.customerId, data, id);
          const changes = diffData(current.data, data);
          const who = whoOf(auth);
          const row = await updateResource(db, kind, id, { data, updatedBy: who.actor });
          // Uploaded files the record no longer mentions are deleted after the commit.
          releaseFilesAfterCommit(request, row.customerId, current.data, data);
          await recordEvent(db, {
            customerId: row.customerId,
            kind,
            resourceId: row.id,
            resourceName: String(data.name),
            action: 'updated',
            message:
              changes.length === 0
                ? `${label} saved without changes`
                : `${label} updated: ${changes.map((c) => c.field).join(', ')}`,
            changes,
            ...who,
          });
          return toResourceDto(row);
        }),
      );
    };

  app.get(
    path,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: `${spec.plural}: one page, sorted, searched and filtered; answers { data, total }`,
        security,
        querystring: listQuerySchema(spec.list),
        response: { 200: listResponseSchema(dtoSchema), 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const query = request.query as Parameters<typeof listResources>[3];
      const { rows, total } = await listResources(app.db, kind, listScope(auth, query.customerId), query);
      return { data: rows.map(toResourceDto), total };
    },
  );

  app.get(
    `${path}/:id`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: `One ${label.toLowerCase()}`,
        security,
        params: idParamsSchema,
        response: {
          200: dtoSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const row = await findResource(app.db, kind, request.params.id, recordScope(auth));
      if (!row || !can(actorOf(auth), 'read', kind, row)) return notFound(reply, request);
      return toResourceDto(row);
    },
  );

  app.post(
    path,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: `Create a ${label.toLowerCase()} (a main administrator may name the customer with ?customerId=)`,
        security,
        querystring: createQuerySchema,
        body: bodySchema,
        response: { 201: dtoSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const requested = request.query.customerId;
      return run(request, reply, async () => {
        const created = await app.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          if (requested !== undefined && requested !== auth.customer.id) {
            if (!auth.user.isMainAdmin) {
              throw new RequestProblem(400, [
                { field: 'customerId', message: RESOURCE_TEXTS.customerNotAllowed },
              ]);
            }
            const [found] = await db
              .select({ id: customers.id })
              .from(customers)
              .where(eq(customers.id, requested))
              .for('share');
            if (!found)
              throw new RequestProblem(400, [
                { field: 'customerId', message: RESOURCE_TEXTS.unknownCustomer },
              ]);
          }
          const customerId = requested ?? auth.customer.id;
          if (!can(actorOf(auth), 'create', kind, { customerId })) {
            throw new RequestProblem(400, [
              { field: 'customerId', message: RESOURCE_TEXTS.customerNotAllowed },
            ]);
          }
          const data = validate(request.body);
          await checkWrite(db, customerId, data);
          const who = whoOf(auth);
          const row = await insertResource(db, kind, { customerId, data, updatedBy: who.actor });
          await recordEvent(db, {
            customerId,
            kind,
            resourceId: row.id,
            resourceName: String(data.name),
            action: 'created',
            message: `${label} created`,
            changes: diffData({}, data),
            ...who,
          });
          return toResourceDto(row);
        });
        // Answered after the commit (see Missing).
        return reply.code(201).send(created);
      });
    },
  );

  const updateSchema = (summary: string) => ({
    onRequest: guard,
    schema: {
      tags,
      summary,
      security,
      params: idParamsSchema,
      body: updateBodySchema,
      response: {
        200: dtoSchema,
        400: errorResponseSchema,
        403: errorResponseSchema,
        404: errorResponseSchema,
        409: conflictResponseSchema,
      },
    },
  });
  app.put(
    `${path}/:id`,
    updateSchema(`Replace a ${label.toLowerCase()}: every field and the version it was read at`),
    update('replace'),
  );
  app.post(
    `${path}/:id`,
    updateSchema(`Update some fields of a ${label.toLowerCase()}, with the version it was read at`),
    update('merge'),
  );

  app.delete(
    `${path}/:id`,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: `Delete a ${label.toLowerCase()}; 409 naming what uses it, if anything does`,
        security,
        params: idParamsSchema,
        response: {
          200: z.object({ _id: z.uuid() }),
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: conflictResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { id } = request.params;
      return run(request, reply, () =>
        app.db.transaction(async (tx) => {
          const db = tx as unknown as Db;
          const current = await findResource(db, kind, id, recordScope(auth), true);
          if (!current || !can(actorOf(auth), 'delete', kind, current)) throw new Missing();
          const users = await findResourceUsers(db, kind, id, current.customerId);
          if (users.length > 0) {
            const named = users.map((u) => ({ kind: RESOURCES[u.kind].label.toLowerCase(), name: u.name }));
            throw new Conflict({ message: RESOURCE_TEXTS.inUse(label, named), usedBy: users });
          }
          await deleteResource(db, kind, id);
          releaseFilesAfterCommit(request, current.customerId, current.data, null);
          await recordEvent(db, {
            customerId: current.customerId,
            kind,
            resourceId: id,
            resourceName: String(current.data.name),
            action: 'deleted',
            level: 'warning',
            message: `${label} deleted`,
            ...whoOf(auth),
          });
          return { _id: id };
        }),
      );
    },
  );
};

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
