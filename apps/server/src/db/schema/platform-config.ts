import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The platform's cluster configuration (`GET /config/get?cluster=`), versioned: every change is
 * a new row with who made it and when; the newest version of a cluster is the one in force, and
 * a restore writes the earlier version's values as a new version (`restoredFrom`). No foreign key
 * to users: the history outlives them.
 */
export const platformConfigVersions = pgTable(
  'platform_config_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    cluster: text().notNull(),
    version: integer().notNull(),
    values: jsonb().notNull(),
    changedBy: uuid(),
    changedByEmail: text(),
    note: text(),
    restoredFrom: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_config_versions_cluster_version_key').on(t.cluster, t.version),
    index('platform_config_versions_cluster_created_idx').on(t.cluster, t.createdAt),
  ],
);

export type PlatformConfigVersionRow = typeof platformConfigVersions.$inferSelect;
