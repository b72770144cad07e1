/**
 * One repository for every customer resource (live streams, VOD, slates, streamer channels,
 * encoders, and demand's advertisers, campaigns, creatives, placements, bundles and pods): list
 * with page/sort/search/filters, read, insert, update, delete (or, for a restorable kind, move to
 * the trash and restore), references and the event log. Functions take the database (or a transaction) first; every query is scoped by
 * customer unless the caller passes `null` (a main administrator's platform view).
 */
import {
  type FieldChange,
  type ListQuery,
  pageSizeRows,
  RESOURCE_REFERENCES,
  RESOURCES,
  type ResourceKind,
  referencedIds,
} from '@cuepoint/core';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  advertisers,
  bundles,
  campaigns,
  creatives,
  customers,
  encoders,
  liveStreams,
  placements,
  pods,
  type ResourceRow,
  type ResourceTable,
  resourceEvents,
  slates,
  streamerChannels,
  vodAssets,
} from '../db/schema/index.ts';

export type { ResourceRow };

export const RESOURCE_TABLES: Record<ResourceKind, ResourceTable> = {
  liveStream: liveStreams,
  vod: vodAssets as unknown as ResourceTable,
  slate: slates as unknown as ResourceTable,
  streamer: streamerChannels as unknown as ResourceTable,
  encoder: encoders as unknown as ResourceTable,
  advertiser: advertisers as unknown as ResourceTable,
  campaign: campaigns as unknown as ResourceTable,
  creative: creatives as unknown as ResourceTable,
  placement: placements as unknown as ResourceTable,
  bundle: bundles as unknown as ResourceTable,
  pod: pods as unknown as ResourceTable,
};

/** Records not in the trash (every record of a kind that is not restorable). */
const live = (t: ResourceTable) => isNull(t.deletedAt);

/**
 * A reference field as a SQL/JSON path: 'slateId' -> '$.slateId', 'placementIds[]' ->
 * '$.placementIds[*]', 'items[].vodId' -> '$.items[*].vodId', 'sources[].campaignIds[]' ->
 * '$.sources[*].campaignIds[*]' (core's referencedIds reads the same forms).
 */
export const referencePath = (fieldPath: string) => `$.${fieldPath.replaceAll('[]', '[*]')}`;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const field = (t: ResourceTable, name: string) => sql`(${t.data} ->> ${name})`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function sortExpression(kind: ResourceKind, t: ResourceTable, key: string): SQL {
  if (key === 'createdAt') return sql`${t.createdAt}`;
  if (key === 'updatedAt') return sql`${t.updatedAt}`;
  if (RESOURCES[kind].list.numericSortKeys?.includes(key)) return sql`(${t.data} ->> ${key})::numeric`;
  return sql`lower(${field(t, key)})`;
}

/** A listed row: the stored resource and the name of the customer that owns it. */
export type ListedResourceRow = ResourceRow & { customerName: string };

export interface ListResult {
  rows: ListedResourceRow[];
  total: number;
}

/**
 * One page of a customer's resources (or of every customer's, with `customerId` null), each with
 * its customer's name (a main administrator's list shows whose each row is).
 */
export async function listResources(
  db: DbOrTx,
  kind: ResourceKind,
  customerId: string | null,
  query: ListQuery,
  options: { deleted?: boolean } = {},
): Promise<ListResult> {
  const t = RESOURCE_TABLES[kind];
  const { list } = RESOURCES[kind];
  const conditions: SQL[] = [options.deleted ? isNotNull(t.deletedAt) : live(t)];
  if (customerId !== null) conditions.push(eq(t.customerId, customerId));
  for (const name of Object.keys(list.filters)) {
    const value = query[name];
    if (typeof value === 'string') conditions.push(sql`${field(t, name)} = ${value}`);
  }
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const matches = list.searchFields.map((name) => sql`${field(t, name)} ilike ${pattern}`);
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  // The page and the total in one query: the window's count is taken over every matching row
  // before the limit applies. A query costs most of a list read on the embedded database (about
  // half a millisecond each), so a second one for the total halved the lists' throughput.
  const size = pageSizeRows(query.pageSize);
  const page = await db
    .select({ row: t, customerName: customers.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(t)
    .innerJoin(customers, eq(customers.id, t.customerId))
    .where(where)
    .orderBy(direction(sortExpression(kind, t, query.sort)), direction(t.id))
    .limit(size)
    .offset((query.page - 1) * size);
  // An empty page has no row to carry the total: none match (page 1), or the page is past the end.
  let total = page[0]?.total ?? 0;
  if (page.length === 0 && query.page > 1) {
    const [counted] = await db.select({ n: count() }).from(t).where(where);
    total = counted?.n ?? 0;
  }
  return { rows: page.map(({ row, customerName }) => ({ ...row, customerName })), total };
}

/**
 * One resource, within the customer (or any customer's, with `customerId` null); `lock` for
 * update. A record in the trash is found only with `deleted` (restore).
 */
export async function findResource(
  db: DbOrTx,
  kind: ResourceKind,
  id: string,
  customerId: string | null,
  lock = false,
  deleted = false,
): Promise<ResourceRow | undefined> {
  const t = RESOURCE_TABLES[kind];
  const state = deleted ? isNotNull(t.deletedAt) : live(t);
  const where =
    customerId === null ? and(eq(t.id, id), state) : and(eq(t.id, id), eq(t.customerId, customerId), state);
  const query = db.select().from(t).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether another resource of the kind in the account already has this name (any letter case). */
export async function nameTaken(
  db: DbOrTx,
  kind: ResourceKind,
  customerId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const t = RESOURCE_TABLES[kind];
  const conditions = [
    eq(t.customerId, customerId),
    live(t),
    sql`lower(${field(t, 'name')}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(sql`${t.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertResource(
  db: DbOrTx,
  kind: ResourceKind,
  values: { customerId: string; data: Record<string, unknown>; updatedBy: string | null },
): Promise<ResourceRow> {
  const [row] = await db.insert(RESOURCE_TABLES[kind]).values(values).returning();
  return row!;
}

export async function updateResource(
  db: DbOrTx,
  kind: ResourceKind,
  id: string,
  values: { data: Record<string, unknown>; updatedBy: string | null },
): Promise<ResourceRow> {
  const t = RESOURCE_TABLES[kind];
  const [row] = await db
    .update(t)
    .set({ ...values, version: sql`${t.version} + 1`, updatedAt: sql`now()` })
    .where(eq(t.id, id))
    .returning();
  return row!;
}

/** Deletes a resource; a restorable kind's record goes to the trash instead (deletedAt set). */
export async function deleteResource(db: DbOrTx, kind: ResourceKind, id: string): Promise<void> {
  const t = RESOURCE_TABLES[kind];
  if (RESOURCES[kind].restorable) {
    await db.update(t).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(t.id, id));
    return;
  }
  await db.delete(t).where(eq(t.id, id));
}

/** Takes a record out of the trash (its version grows: a form open on the old one is stale). */
export async function restoreResource(
  db: DbOrTx,
  kind: ResourceKind,
  id: string,
  updatedBy: string | null,
): Promise<ResourceRow> {
  const t = RESOURCE_TABLES[kind];
  const [row] = await db
    .update(t)
    .set({ deletedAt: null, updatedBy, version: sql`${t.version} + 1`, updatedAt: sql`now()` })
    .where(eq(t.id, id))
    .returning();
  return row!;
}

export interface ResourceUser {
  kind: ResourceKind;
  _id: string;
  name: string;
}

/** The resources of the account that refer to this one (a slate used by a stream). */
export async function findResourceUsers(
  db: DbOrTx,
  kind: ResourceKind,
  id: string,
  customerId: string,
): Promise<ResourceUser[]> {
  const users: ResourceUser[] = [];
  for (const reference of RESOURCE_REFERENCES.filter((r) => r.to === kind)) {
    const t = RESOURCE_TABLES[reference.from];
    const path = `${referencePath(reference.field)} ? (@ == $id)`;
    const refers = sql`jsonb_path_exists(${t.data}, ${path}::jsonpath, jsonb_build_object('id', ${id}::text))`;
    const rows = await db
      .select({ id: t.id, name: field(t, 'name').mapWith(String) })
      .from(t)
      .where(and(eq(t.customerId, customerId), live(t), refers))
      .orderBy(asc(t.createdAt), asc(field(t, 'name')), asc(t.id)) // seeded rows share a createdAt
      .limit(20);
    for (const row of rows) users.push({ kind: reference.from, _id: row.id, name: row.name });
  }
  return users;
}

/**
 * The references of `data` that name no resource of the account (field path and id), so a stream
 * cannot point at another customer's slate. Checked inside the write's transaction.
 */
export async function missingReferences(
  db: DbOrTx,
  kind: ResourceKind,
  data: Record<string, unknown>,
  customerId: string,
): Promise<{ field: string; to: ResourceKind; message?: string }[]> {
  const missing: { field: string; to: ResourceKind; message?: string }[] = [];
  for (const reference of RESOURCE_REFERENCES.filter((r) => r.from === kind)) {
    const ids = [...new Set(referencedIds(data, reference.field))];
    if (ids.length === 0) continue;
    const t = RESOURCE_TABLES[reference.to];
    // A schema may let a reference be any text (a campaign's advertiser is 'required *' text):
    // what is not a UUID names no record, and must not reach a uuid comparison.
    const uuids = ids.filter((id) => UUID_PATTERN.test(id));
    const found =
      uuids.length < ids.length
        ? []
        : await db
            .select({ id: t.id })
            .from(t)
            .where(and(eq(t.customerId, customerId), live(t), inArray(t.id, ids)))
            .for('share');
    if (found.length < ids.length)
      missing.push({
        field: reference.field.split(/[.[]/)[0]!,
        to: reference.to,
        ...(reference.message ? { message: reference.message } : {}),
      });
  }
  return missing;
}

export interface NewResourceEvent {
  customerId: string;
  kind: ResourceKind;
  resourceId: string | null;
  resourceName: string;
  action: string;
  level?: 'debug' | 'info' | 'warning' | 'error';
  message: string;
  changes?: FieldChange[];
  actor: string | null;
  actingAdmin: string | null;
  at?: Date;
}

export async function recordEvent(db: DbOrTx, event: NewResourceEvent): Promise<void> {
  await db
    .insert(resourceEvents)
    .values({ ...event, level: event.level ?? 'info', changes: event.changes ?? [] });
}

/** Live channels (live streams and streamer channels) and VOD assets of an account (de-activation rule). */
export async function countChannelsAndVods(db: DbOrTx, customerId: string): Promise<number> {
  let total = 0;
  for (const t of [liveStreams, streamerChannels, vodAssets]) {
    const [row] = await db.select({ n: count() }).from(t).where(eq(t.customerId, customerId));
    total += row?.n ?? 0;
  }
  return total;
}

/** How many resources of each kind an account has (or the platform, with `customerId` null). */
export async function countResources(
  db: DbOrTx,
  customerId: string | null,
): Promise<Record<ResourceKind, number>> {
  const counts = {} as Record<ResourceKind, number>;
  for (const [kind, t] of Object.entries(RESOURCE_TABLES) as [ResourceKind, ResourceTable][]) {
    const [row] = await db
      .select({ n: count() })
      .from(t)
      .where(customerId === null ? live(t) : and(live(t), eq(t.customerId, customerId)));
    counts[kind] = row?.n ?? 0;
  }
  return counts;
}
