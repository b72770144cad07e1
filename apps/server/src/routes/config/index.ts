/**
 * The platform's cluster configuration (sidebar entry `configuration`, main administrator only:
 * refused with 403 to anyone else, during login-as too, before the input is read):
 *
 *   GET  config/get?cluster=                    the version in force (spec section 7; 0: the defaults)
 *   PUT  config/save                            a new version { cluster, version read, values, note }
 *   GET  config/versions?cluster=               the history, newest first
 *   GET  config/versions/:version?cluster=      one version with its values
 *   GET  config/compare?cluster=&from=&to=      two versions and the keys that differ
 *   POST config/restore                         an earlier version's values as a new version
 *
 * Every write runs in one transaction holding the newest row of the cluster `for update`: the
 * version read must still be the one in force (409 with `currentVersion` otherwise) and the new
 * number is the next one, so the numbers have no gaps; two first saves of a cluster (no row to
 * lock) are decided by the unique (cluster, version) index, the loser answered 409 too. After the
 * commit this process's cached configuration is dropped, so the data plane uses it at once
 * (other processes within their cache's few seconds).
 */
import {
  API_PATHS,
  configMapOf,
  conflictResponseSchema,
  diffPlatformConfig,
  errorResponseSchema,
  PLATFORM_CONFIG_MAP_KEYS,
  type PlatformConfig,
  type PlatformConfigValues,
  platformConfigCompareQuerySchema,
  platformConfigCompareSchema,
  platformConfigHistorySchema,
  platformConfigQuerySchema,
  platformConfigRestoreSchema,
  platformConfigSaveSchema,
  platformConfigSchema,
  platformConfigVersionParamsSchema,
  routePattern,
  PLATFORM_CONFIG_TEXTS as T,
} from '@cuepoint/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { onUniqueViolation } from '../../lib/database-errors.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { conflict, notFound } from '../../lib/request-problem.ts';
import {
  currentConfigVersion,
  findConfigVersion,
  insertConfigVersion,
  listConfigVersions,
  lockCurrentConfigVersion,
  type PlatformConfigVersionRow,
} from '../../repositories/platform-config.ts';
import { auditRequest } from '../../services/audit.ts';
import { valuesOfRow } from '../../services/platform-config.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireNavigationEntry('configuration', app.runtimeConfig, T.onlyAdmin);
  const common = { tags: ['config'], security: [{ bearer: [] }] };
  const defaults = app.platformConfig.defaults;

  const infoOf = (row: PlatformConfigVersionRow) => ({
    cluster: row.cluster,
    version: row.version,
    changedBy: row.changedBy || row.changedByEmail ? { _id: row.changedBy, email: row.changedByEmail } : null,
    note: row.note,
    restoredFrom: row.restoredFrom,
    createdAt: iso(row.createdAt),
  });
  const recordOf = (row: PlatformConfigVersionRow): PlatformConfig => ({
    ...infoOf(row),
    values: valuesOfRow(row, defaults),
    defaults,
  });
  /** Version 0 of a cluster: the defaults, never stored. */
  const defaultsOf = (cluster: string): PlatformConfig => ({
    cluster,
    version: 0,
    changedBy: null,
    note: null,
    restoredFrom: null,
    createdAt: null,
    values: defaults,
    defaults,
  });
  /** One version (0: the defaults); 404 when there is no such version. */
  const versionOf = async (db: DbOrTx, cluster: string, version: number) => {
    if (version === 0) return defaultsOf(cluster);
    const row = await findConfigVersion(db, cluster, version);
    if (!row) throw notFound(T.versionNotFound(version));
    return recordOf(row);
  };

  /**
   * Writes `values` as the cluster's next version, if `expected` is still the version in force;
   * answers the new version. Then drops this process's cached configuration.
   */
  const writeVersion = async (
    request: FastifyRequest,
    input: { cluster: string; expected: number; note?: string | undefined; restoredFrom?: number },
    values: (tx: DbOrTx, current: number) => Promise<PlatformConfigValues>,
  ) => {
    const actor = request.auth!.signedInAdmin ?? request.auth!.user;
    const record = await onUniqueViolation(
      () =>
        app.db.transaction(async (tx) => {
          const current = await lockCurrentConfigVersion(tx, input.cluster);
          const currentVersion = current?.version ?? 0;
          if (currentVersion !== input.expected) {
            throw conflict(T.stale, currentVersion > 0 ? { currentVersion } : {});
          }
          const next = await values(tx, currentVersion);
          const row = await insertConfigVersion(tx, {
            cluster: input.cluster,
            version: currentVersion + 1,
            values: next,
            changedBy: actor.id,
            changedByEmail: actor.email,
            note: input.note?.trim() || null,
            restoredFrom: input.restoredFrom ?? null,
          });
          const before = current ? valuesOfRow(current, defaults) : defaults;
          await auditRequest(tx, request, {
            action: input.restoredFrom === undefined ? 'config.save' : 'config.restore',
            customerId: request.auth!.user.customerId,
            target: `${input.cluster}#${row.version}`,
            details: { changed: diffPlatformConfig(before, next).map((c) => c.key) },
          });
          return recordOf(row);
        }),
      // Two first saves of one cluster at once: the other one got the number.
      () => conflict(T.stale),
    );
    // In force in this process at once: the next playlist and beacon read it (other processes
    // within their cache's time to live).
    app.platformConfig.invalidate();
    await app.platformConfig.current();
    return record;
  };

  app.get(
    routePattern(API_PATHS.config.get),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: the cluster’s configuration in force (ADHANDLER, ADREPORTURL, AWSTOTFURL, OLTOTFURL, OLADHANDLER, CDNBASE, cuemana_in, nodepool, version, redisKey, user_handler); version 0 is the server’s defaults',
        querystring: platformConfigQuerySchema,
        response: { 200: platformConfigSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { cluster } = request.query;
      const row = await currentConfigVersion(app.db, cluster);
      return row ? recordOf(row) : defaultsOf(cluster);
    },
  );

  app.put(
    routePattern(API_PATHS.config.save),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: save the cluster’s configuration as a new version, naming the version read (0: the defaults) and an optional note; in force at once',
        body: platformConfigSaveSchema,
        response: {
          200: platformConfigSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          409: conflictResponseSchema,
        },
      },
    },
    async (request) => {
      const { cluster, version, values, note } = request.body as z.output<typeof platformConfigSaveSchema>;
      const stored = {
        ...values,
        ...Object.fromEntries(PLATFORM_CONFIG_MAP_KEYS.map((key) => [key, configMapOf(values[key])])),
      } as PlatformConfigValues;
      return writeVersion(request, { cluster, expected: version, note }, async () => stored);
    },
  );

  app.get(
    routePattern(API_PATHS.config.versions),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: the versions of the cluster’s configuration, newest first (who, when, note)',
        querystring: platformConfigQuerySchema,
        response: { 200: platformConfigHistorySchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { cluster } = request.query;
      const { rows, total } = await listConfigVersions(app.db, cluster);
      return { cluster, current: rows[0]?.version ?? 0, versions: rows.map(infoOf), total };
    },
  );

  app.get(
    routePattern(API_PATHS.config.version),
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Main administrator: one version of the cluster’s configuration with its values',
        params: platformConfigVersionParamsSchema,
        querystring: platformConfigQuerySchema,
        response: {
          200: platformConfigSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => versionOf(app.db, request.query.cluster, request.params.version),
  );

  app.get(
    routePattern(API_PATHS.config.compare),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: two versions of the cluster’s configuration (0: the defaults) and the keys whose values differ',
        querystring: platformConfigCompareQuerySchema,
        response: {
          200: platformConfigCompareSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { cluster, from, to } = request.query;
      const [a, b] = [await versionOf(app.db, cluster, from), await versionOf(app.db, cluster, to)];
      return { cluster, from: a, to: b, changes: diffPlatformConfig(a.values, b.values) };
    },
  );

  app.post(
    routePattern(API_PATHS.config.restore),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: restore an earlier version: its values become a new version (restoredFrom), naming the version in force when read',
        body: platformConfigRestoreSchema,
        response: {
          200: platformConfigSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: conflictResponseSchema,
        },
      },
    },
    async (request) => {
      const { cluster, version, restore, note } = request.body as z.output<
        typeof platformConfigRestoreSchema
      >;
      return writeVersion(
        request,
        { cluster, expected: version, note, restoredFrom: restore },
        async (tx, current) => {
          if (restore === current) throw conflict(T.restoreCurrent);
          const row = await findConfigVersion(tx, cluster, restore);
          if (!row) throw notFound(T.versionNotFound(restore));
          return valuesOfRow(row, defaults);
        },
      );
    },
  );
};
