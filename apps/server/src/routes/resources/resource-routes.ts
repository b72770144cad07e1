/**
 * The generic resource calls of spec section 7, built once from a resource's definition in
 * packages/core (RESOURCES): GET {path} (page, pageSize, sort, order, q, filters), GET {path}/{id},
 * POST {path}, PUT {path}/{id} (full replace), POST {path}/{id} (partial update), DELETE {path}/{id}.
 *
 * - Who: whoever sees the resource's sidebar entry (spec section 2; the encoder needs ENCODER=1),
 *   then `can()` on the record: a main administrator any customer's, everyone else their own.
 * - Writes run in one transaction with the row locked; what they check and write, and the event
 *   the log viewer shows, is services/resources.ts (the version an update edited: a stale one is
 *   409 with the current version; the shared schema; the name; references; a resource another one
 *   uses cannot be deleted: 409 naming the users). Nothing is half-written.
 * - A restorable kind (the campaign) also has its trash: GET {trash list} pages the deleted
 *   records like the list, POST {restore} takes one back (API_PATHS.resourceTrash). A deleted
 *   record is gone from every other call and from references.
 * - Admin-only fields (an advertiser's admin note) read as '' in every answer to anyone but a main
 *   administrator (login-as reads as the customer), whose writes alone change them.
 */
import {
  API_PATHS,
  can,
  conflictResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  RESOURCE_TEXTS,
  RESOURCES,
  type ResourceActor,
  type ResourceKind,
  resourceListMetaSchema,
  resourceMetaSchema,
  routePattern,
  VALIDATION_MESSAGES,
  versionSchema,
} from '@cuepoint/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { releaseFilesAfterCommit } from '../../lib/blob-references.ts';
import { onUniqueViolation } from '../../lib/database-errors.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { fieldProblem, notFound } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { customerExists } from '../../repositories/customers.ts';
import {
  findResource,
  type ListedResourceRow,
  listResources,
  type ResourceRow,
} from '../../repositories/resources.ts';
import {
  createResource,
  duplicateName,
  editResource,
  type ResourceWriter,
  removeResource,
  restoreResource,
  visibleData,
  writerOf,
} from '../../services/resources.ts';

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

/** A listed resource: the DTO and the name of its customer. */
const toListedDto = (row: ListedResourceRow) => ({ ...toResourceDto(row), customerName: row.customerName });

const dtoSchema = z.looseObject(resourceMetaSchema.shape);
const listItemSchema = z.looseObject(resourceListMetaSchema.shape);
const bodySchema = z.record(z.string(), z.unknown(), { error: 'The body must be a JSON object' });
const updateBodySchema = z.looseObject({ version: versionSchema });
const createQuerySchema = z.strictObject({
  customerId: z.uuid({ error: VALIDATION_MESSAGES.invalidUuid }).optional(),
});

const actorOf = (auth: AuthContext): ResourceActor => ({
  isMainAdmin: auth.user.isMainAdmin,
  customerId: auth.customer.id,
  role: auth.user.role,
});
const whoOf = (auth: AuthContext): ResourceWriter => writerOf(auth);

/** The customer a main administrator's list is limited to (any, unless asked); others their own. */
const listScope = (auth: AuthContext, customerId: string | undefined): string | null =>
  auth.user.isMainAdmin ? (customerId ?? null) : auth.customer.id;
const recordScope = (auth: AuthContext): string | null => (auth.user.isMainAdmin ? null : auth.customer.id);
/** Who reads and writes admin-only fields: a main administrator, not during login-as (auth.user is then the customer's). */
const adminFieldsOf = (auth: AuthContext): boolean => auth.user.isMainAdmin;

/** The trash calls of a restorable kind (API_PATHS.resourceTrash), if it has them. */
const trashPaths = (kind: ResourceKind) =>
  (API_PATHS.resourceTrash as Partial<Record<ResourceKind, (typeof API_PATHS.resourceTrash)['campaign']>>)[
    kind
  ];

export const resourceRoutes: FastifyPluginAsyncZod<{ kind: ResourceKind }> = async (app, opts) => {
  const { kind } = opts;
  const spec = RESOURCES[kind];
  const label = spec.label;
  const path = spec.apiPath;
  const tags = [spec.apiPath.replace(/^\//, '')];
  const security = [{ bearer: [] }];
  const guard = requireNavigationEntry(
    spec.navigationEntry,
    app.runtimeConfig,
    `${spec.plural} are not available to this account`,
  );
  /**
   * No such resource for this caller. Thrown inside a transaction and answered after it ended: a
   * reply sent inside it keeps the transaction open until the answer is out (a reply is awaited as
   * a thenable), and an onSend hook's query (the login-as audit) then waits for it forever on PGlite.
   */
  // Shown to the user as is (showMessage): the record is gone, say so rather than a blank toast.
  const missing = () => notFound(RESOURCE_TEXTS.notFound(label), { showMessage: true });
  /** Two writes with one name at once: the unique index decides. */
  const nameRace = () => duplicateName(kind);
  /** A record as this caller may see it (admin-only fields hidden from all but a main administrator). */
  const dto = (row: ResourceRow, auth: AuthContext) =>
    toResourceDto({ ...row, data: visibleData(kind, row.data, adminFieldsOf(auth)) });
  const listedDto = (row: ListedResourceRow, auth: AuthContext) =>
    toListedDto({ ...row, data: visibleData(kind, row.data, adminFieldsOf(auth)) });

  const update = (mode: 'replace' | 'merge') =>
    async function updateHandler(request: FastifyRequest) {
      const auth = request.auth!;
      // Validated by the route's params and body schemas.
      const { id } = request.params as { id: string };
      const { version, ...input } = request.body as { version: number } & Record<string, unknown>;
      return onUniqueViolation(
        () =>
          app.db.transaction(async (db) => {
            const current = await findResource(db, kind, id, recordScope(auth), true);
            if (!current || !can(actorOf(auth), 'update', kind, current)) throw missing();
            const row = await editResource(db, kind, current, { version, input, mode }, whoOf(auth), {
              adminFields: adminFieldsOf(auth),
            });
            // Uploaded files the record no longer mentions are deleted after the commit.
            releaseFilesAfterCommit(request, row.customerId, current.data, row.data);
            return dto(row, auth);
          }),
        nameRace,
      );
    };

  const listRoute = (url: string, summary: string, deleted: boolean) =>
    app.get(
      url,
      {
        onRequest: guard,
        schema: {
          tags,
          summary,
          security,
          querystring: listQuerySchema(spec.list),
          response: {
            200: listResponseSchema(listItemSchema),
            400: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const auth = request.auth!;
        const query = request.query as Parameters<typeof listResources>[3];
        const scope = listScope(auth, query.customerId);
        const { rows, total } = await listResources(app.db, kind, scope, query, { deleted });
        return { data: rows.map((row) => listedDto(row, auth)), total };
      },
    );
  listRoute(path, `${spec.plural}: one page, sorted, searched and filtered; answers { data, total }`, false);

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
    async (request) => {
      const auth = request.auth!;
      const row = await findResource(app.db, kind, request.params.id, recordScope(auth));
      if (!row || !can(actorOf(auth), 'read', kind, row)) throw missing();
      return dto(row, auth);
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
      const created = await onUniqueViolation(
        () =>
          app.db.transaction(async (db) => {
            if (requested !== undefined && requested !== auth.customer.id) {
              if (!auth.user.isMainAdmin) {
                throw fieldProblem('customerId', RESOURCE_TEXTS.customerNotAllowed);
              }
              if (!(await customerExists(db, requested)))
                throw fieldProblem('customerId', RESOURCE_TEXTS.unknownCustomer);
            }
            const customerId = requested ?? auth.customer.id;
            if (!can(actorOf(auth), 'create', kind, { customerId })) {
              throw fieldProblem('customerId', RESOURCE_TEXTS.customerNotAllowed);
            }
            const row = await createResource(db, kind, customerId, request.body, whoOf(auth), {
              adminFields: adminFieldsOf(auth),
            });
            return dto(row, auth);
          }),
        nameRace,
      );
      // Answered after the commit (see `missing`).
      return reply.code(201).send(created);
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
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      return app.db.transaction(async (db) => {
        const current = await findResource(db, kind, id, recordScope(auth), true);
        if (!current || !can(actorOf(auth), 'delete', kind, current)) throw missing();
        await removeResource(db, kind, current, whoOf(auth));
        // A record in the trash keeps its files: it may be restored.
        if (!spec.restorable) releaseFilesAfterCommit(request, current.customerId, current.data, null);
        return { _id: id };
      });
    },
  );

  const trash = trashPaths(kind);
  if (!spec.restorable || !trash) return;
  listRoute(
    routePattern(trash.list),
    `Deleted ${spec.plural.toLowerCase()} (the trash): one page, as the list answers it`,
    true,
  );
  app.post(
    routePattern(trash.restore),
    {
      onRequest: guard,
      schema: {
        tags,
        summary: `Take a deleted ${label.toLowerCase()} out of the trash; 400 if its name was taken meanwhile`,
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
    async (request) => {
      const auth = request.auth!;
      const { id } = request.params;
      return onUniqueViolation(
        () =>
          app.db.transaction(async (db) => {
            const current = await findResource(db, kind, id, recordScope(auth), true, true);
            if (!current || !can(actorOf(auth), 'update', kind, current)) throw missing();
            return dto(await restoreResource(db, kind, current, whoOf(auth)), auth);
          }),
        nameRace,
      );
    },
  );
};
