/**
 * One repository for every customer resource (live streams, VOD, slates, streamer channels,
 * encoders): list with page/sort/search/filters, read, insert, update, delete, references and
 * the event log. Functions take the database (or a transaction) first; every query is scoped by
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
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  customers,
  encoders,
  liveStreams,
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
};

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
): Promise<ListResult> {
  const t = RESOURCE_TABLES[kind];
  const { list } = RESOURCES[kind];
  const conditions: SQL[] = [];
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
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.order === 'asc' ? asc : desc;
  const rowsQuery = db
    .select({ row: t, customerName: customers.name })
    .from(t)
    .innerJoin(customers, eq(customers.id, t.customerId))
    .where(where)
    .orderBy(direction(sortExpression(kind, t, query.sort)), direction(t.id));
  const size = pageSizeRows(query.pageSize);
  const page = await rowsQuery.limit(size).offset((query.page - 1) * size);
  const [counted] = await db.select({ n: count() }).from(t).where(where);
  return {
    rows: page.map(({ row, customerName }) => ({ ...row, customerName })),
    total: counted?.n ?? 0,
  };
}

/** One resource, within the customer (or any customer's, with `customerId` null); `lock` for update. */
export async function findResource(
  db: DbOrTx,
  kind: ResourceKind,
  id: string,
  customerId: string | null,
  lock = false,
): Promise<ResourceRow | undefined> {
  const t = RESOURCE_TABLES[kind];
  const where = customerId === null ? eq(t.id, id) : and(eq(t.id, id), eq(t.customerId, customerId));
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
  const conditions = [eq(t.customerId, customerId), sql`lower(${field(t, 'name')}) = lower(${name})`];
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

export async function deleteResource(db: DbOrTx, kind: ResourceKind, id: string): Promise<void> {
  const t = RESOURCE_TABLES[kind];
  await db.delete(t).where(eq(t.id, id));
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
    const list = /^(\w+)\[\]\.(\w+)$/.exec(reference.field);
    const refers = list
      ? sql`${t.data} -> ${list[1]!} @> ${JSON.stringify([{ [list[2]!]: id }])}::jsonb`
      : sql`${field(t, reference.field)} = ${id}`;
    const rows = await db
      .select({ id: t.id, name: field(t, 'name').mapWith(String) })
      .from(t)
      .where(and(eq(t.customerId, customerId), refers))
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
): Promise<{ field: string; to: ResourceKind }[]> {
  const missing: { field: string; to: ResourceKind }[] = [];
  for (const reference of RESOURCE_REFERENCES.filter((r) => r.from === kind)) {
    const ids = [...new Set(referencedIds(data, reference.field))];
    if (ids.length === 0) continue;
    const t = RESOURCE_TABLES[reference.to];
    const found = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.customerId, customerId), inArray(t.id, ids)))
      .for('share');
    if (found.length < ids.length)
      missing.push({ field: reference.field.replace('[].', '.').split('.')[0]!, to: reference.to });
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
      .where(customerId === null ? undefined : eq(t.customerId, customerId));
    counts[kind] = row?.n ?? 0;
  }
  return counts;
}
