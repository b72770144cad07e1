import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * The customer resources of spec section 2 (live streams, VOD, slates, streamer channels,
 * encoders): one table each, all of one shape, so one generic repository serves them. `data`
 * holds the resource's fields exactly as its zod schema in packages/core outputs them (validated
 * on every write); lists filter, search and sort on `data` fields, always within one customer.
 * `version` starts at 1 and grows by one per update: an update names the version it edited.
 */
function resourceTable(name: string) {
  return pgTable(
    name,
    {
      id: uuid().primaryKey().defaultRandom(),
      customerId: uuid()
        .notNull()
        .references(() => customers.id, { onDelete: 'cascade' }),
      version: integer().notNull().default(1),
      data: jsonb().$type<Record<string, unknown>>().notNull(),
      createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
      /** Email of who last changed it. */
      updatedBy: text(),
      /**
       * When it was deleted, for a kind whose deletes can be undone (RESOURCES[kind].restorable):
       * such a record stays, out of every list and lookup but the trash, until it is restored.
       */
      deletedAt: timestamp({ withTimezone: true }),
    },
    (t) => [
      index(`${name}_customer_updated_idx`).on(t.customerId, t.updatedAt.desc()),
      // Names are unique within an account, whatever their letter case (deleted records aside).
      uniqueIndex(`${name}_customer_name_key`)
        .on(t.customerId, sql`lower(${t.data} ->> 'name')`)
        .where(sql`${t.deletedAt} is null`),
    ],
  );
}

export const liveStreams = resourceTable('live_streams');
export const vodAssets = resourceTable('vod_assets');
export const slates = resourceTable('slates');
export const streamerChannels = resourceTable('streamer_channels');
export const encoders = resourceTable('encoders');
// Demand: the built-in ad server's resources.
export const advertisers = resourceTable('advertisers');
export const campaigns = resourceTable('campaigns');
export const creatives = resourceTable('creatives');
export const placements = resourceTable('placements');
export const bundles = resourceTable('bundles');
export const pods = resourceTable('pods');

export type ResourceTable = typeof liveStreams;
export type ResourceRow = typeof liveStreams.$inferSelect;

/**
 * The log viewer's events: what happened to a resource (created, updated with its changed fields,
 * deleted, who did it) and, later, the data plane's events. No foreign key to the resource: the
 * log outlives it. Listed newest first within a customer and a kind, optionally one resource, so
 * both indexes end in (at desc, id desc) and a page is an index range scan even at millions of rows.
 */
export const resourceEvents = pgTable(
  'resource_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    resourceId: uuid(),
    resourceName: text().notNull(),
    action: text().notNull(),
    level: text().notNull().default('info'),
    message: text().notNull(),
    changes: jsonb().$type<{ field: string; from: unknown; to: unknown }[]>().notNull().default([]),
    actor: text(),
    actingAdmin: text(),
    /** Data-plane events: the viewer session, the ad break (avail) and the event's details. */
    sessionId: text(),
    availId: text(),
    data: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('resource_events_kind_idx').on(t.customerId, t.kind, t.at.desc(), t.id.desc()),
    index('resource_events_resource_idx').on(t.customerId, t.kind, t.resourceId, t.at.desc(), t.id.desc()),
    // A main administrator's view across customers.
    index('resource_events_platform_idx').on(t.kind, t.at.desc(), t.id.desc()),
    // One ad break's diagnostics (every viewer's decision and beacons of that avail).
    index('resource_events_avail_idx')
      .on(t.resourceId, t.availId, t.at.desc())
      .where(sql`${t.availId} is not null`),
    // Retention deletes the oldest data-plane events in bulk.
    index('resource_events_at_idx').on(t.at),
    // The log viewer's text search (a substring, any case, of the message, the resource's name or
    // the actor): trigrams of the three together (pg_trgm, migration 0015), which
    // repositories/resource-events.ts matches with EVENT_SEARCH_TEXT before the exact test.
    index('resource_events_search_idx').using(
      'gin',
      sql`(${t.message} || ' ' || ${t.resourceName} || ' ' || coalesce(${t.actor}, '')) gin_trgm_ops`,
    ),
  ],
);
export type ResourceEventRow = typeof resourceEvents.$inferSelect;
