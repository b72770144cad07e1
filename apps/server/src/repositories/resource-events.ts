/** The log viewer's queries over resource_events (see the table's indexes in db/schema/resources.ts). */
import {
  EVENT_TAIL_LIMIT,
  EVENT_TOTAL_CAP,
  type EventListQuery,
  type ResourceEvent,
  SHORT_SEARCH_WINDOW,
} from '@cuepoint/core';
import { and, asc, desc, eq, gt, gte, lte, type SQL, type SQLWrapper, type Subquery, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { resourceEvents as e, type ResourceEventRow } from '../db/schema/index.ts';

export const toEventDto = (row: ResourceEventRow): ResourceEvent => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  kind: row.kind as ResourceEvent['kind'],
  resourceId: row.resourceId,
  resourceName: row.resourceName,
  customerId: row.customerId,
  action: row.action,
  level: row.level as ResourceEvent['level'],
  message: row.message,
  changes: row.changes,
  actor: row.actor,
  actingAdmin: row.actingAdmin,
  sessionId: row.sessionId,
  availId: row.availId,
  data: row.data,
});

/** The expression of resource_events_search_idx (db/schema/resources.ts), as the planner must see it. */
const EVENT_SEARCH_TEXT = sql`(${e.message} || ' ' || ${e.resourceName} || ' ' || coalesce(${e.actor}, ''))`;

/** pg_trgm takes trigrams from runs of letters and digits. */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether a search has no trigram for the search index to look up (see SHORT_SEARCH_WINDOW). */
const isShortSearch = (q: string | undefined): q is string => !!q && !HAS_TRIGRAM.test(q);

/** Everything but the text search. */
function filters(query: EventListQuery, customerId: string | null): SQL[] {
  const where: SQL[] = [eq(e.kind, query.kind)];
  if (customerId !== null) where.push(eq(e.customerId, customerId));
  if (query.resourceId) where.push(eq(e.resourceId, query.resourceId));
  if (query.from) where.push(gte(e.at, new Date(query.from)));
  if (query.to) where.push(lte(e.at, new Date(query.to)));
  if (query.level) where.push(eq(e.level, query.level));
  return where;
}

function conditions(query: EventListQuery, customerId: string | null): SQL[] {
  const where = filters(query, customerId);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    // First the indexed text (resource_events_search_idx: trigrams, so a search of a million events
    // reads only the rows holding the pattern's trigrams), then the exact test: a match in one of
    // the three fields is always a match in the three together, never the other way round.
    // A pattern without three letters or digits in a row has no trigram to look up: the index would
    // be read whole, slower than walking the newest events (resource_events_kind_idx).
    if (HAS_TRIGRAM.test(query.q)) where.push(sql`${EVENT_SEARCH_TEXT} ilike ${pattern}`);
    where.push(matching(query.q, e));
  }
  return where;
}

/** Whether the filters select more than `window` events (walks that many entries of their index). */
async function beyondWindow(db: DbOrTx, query: EventListQuery, customerId: string | null, window: number) {
  const [past] = await db
    .select({ id: e.id })
    .from(e)
    .where(and(...filters(query, customerId)))
    .orderBy(desc(e.at), desc(e.id))
    .limit(1)
    .offset(window);
  return past !== undefined;
}

/** The exact test of a search, on the columns of the table or of a selection of its rows. */
const matching = (q: string, columns: Record<'message' | 'resourceName' | 'actor', SQLWrapper>) => {
  const pattern = `%${escapeLike(q)}%`;
  return sql`(${columns.message} ilike ${pattern} or ${columns.resourceName} ilike ${pattern} or ${columns.actor} ilike ${pattern})`;
};

/**
 * A page of the matches `where` selects `from` the table or a selection of its rows (`rowsOf`
 * reads it), and their number, counted up to EVENT_TOTAL_CAP.
 */
async function pageAndTotal(
  db: DbOrTx,
  from: typeof e | Subquery,
  where: SQL | undefined,
  rowsOf: (size: number, offset: number) => Promise<ResourceEventRow[]>,
  query: EventListQuery,
) {
  const size = Number(query.pageSize);
  const offset = (query.page - 1) * size;
  const rows = await rowsOf(size, offset);
  // A page that is not full is the last one: the total is known without counting (a narrow
  // search, a quiet resource), unless it is empty past the first page.
  if (rows.length < size && (rows.length > 0 || offset === 0)) {
    const seen = offset + rows.length;
    return { rows, total: Math.min(seen, EVENT_TOTAL_CAP), capped: seen > EVENT_TOTAL_CAP };
  }
  const limited = db
    .select({ one: sql`1` })
    .from(from)
    .where(where)
    .limit(EVENT_TOTAL_CAP + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const counted = row?.n ?? 0;
  return { rows, total: Math.min(counted, EVENT_TOTAL_CAP), capped: counted > EVENT_TOTAL_CAP };
}

/**
 * One page, newest first, and the number of matches counted up to EVENT_TOTAL_CAP (counting a
 * million rows for a page header would cost more than the page; past the cap the answer says so).
 * A short search of more events than `shortSearchWindow` reads the newest that many only (one
 * walk of the filters' index), and `searchedNewest` says so.
 */
export async function listEvents(
  db: DbOrTx,
  query: EventListQuery,
  customerId: string | null,
  shortSearchWindow = SHORT_SEARCH_WINDOW,
): Promise<{ rows: ResourceEventRow[]; total: number; capped: boolean; searchedNewest?: number }> {
  if (isShortSearch(query.q) && (await beyondWindow(db, query, customerId, shortSearchWindow))) {
    const recent = db
      .select()
      .from(e)
      .where(and(...filters(query, customerId)))
      .orderBy(desc(e.at), desc(e.id))
      .limit(shortSearchWindow)
      .as('recent');
    const where = matching(query.q, recent);
    const found = await pageAndTotal(
      db,
      recent,
      where,
      (size, offset) =>
        db
          .select()
          .from(recent)
          .where(where)
          .orderBy(desc(recent.at), desc(recent.id))
          .limit(size)
          .offset(offset),
      query,
    );
    return { ...found, searchedNewest: shortSearchWindow };
  }
  const where = and(...conditions(query, customerId));
  return pageAndTotal(
    db,
    e,
    where,
    (size, offset) =>
      db.select().from(e).where(where).orderBy(desc(e.at), desc(e.id)).limit(size).offset(offset),
    query,
  );
}

/** Live tail: events after the id last seen, oldest first. */
export async function tailEvents(
  db: DbOrTx,
  query: EventListQuery,
  customerId: string | null,
  after: number,
) {
  return db
    .select()
    .from(e)
    .where(and(...conditions(query, customerId), gt(e.id, after)))
    .orderBy(asc(e.id))
    .limit(EVENT_TAIL_LIMIT);
}
