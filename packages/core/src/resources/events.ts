/**
 * The log viewer's events (the Kibana-style routes of spec section 2): what happened to a
 * resource (created, updated with the changed fields, deleted, and who did it), later also the
 * data plane's events. GET /events lists them newest first with a time range, level, text
 * search and pages; `after` gives the events newer than one already seen (live tail).
 */
import { z } from 'zod';
import { DATA_PLANE_ACTIONS } from '../schemas/playback-stats.ts';
import { textSchema } from '../validation/field-schemas.ts';
import { PAGE_SIZE_VALUES, pageSchema, unknownParameters } from './list.ts';
import { RESOURCE_KINDS } from './registry.ts';

export const EVENT_LEVELS = ['debug', 'info', 'warning', 'error'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];
export const EVENT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'restored',
  'started',
  'stopped',
  'ad-break',
  'error',
  // The data plane's.
  ...DATA_PLANE_ACTIONS,
] as const;

/**
 * Totals stop counting here (as a search engine's hit count does; Kibana's Discover shows 500
 * documents): the answer says "at least". Counting costs a scan of that many index entries on
 * every page, so it stays small; older events are reached by narrowing the time range.
 */
export const EVENT_TOTAL_CAP = 1_000;
/**
 * A search with no three letters or digits in a row ("ne", "a b", "f_t") has no trigram for the
 * search index to look up: it reads events one by one. It reads the newest this many of those the
 * other filters select (15 to 21 ms at a million events), and the answer says so
 * (`searchedNewest`); three letters or digits search them all through the index. Kibana's Discover
 * likewise shows a sample of the newest documents (500 by default).
 */
export const SHORT_SEARCH_WINDOW = 2_000;
/** Most events one live-tail answer carries. */
export const EVENT_TAIL_LIMIT = 200;
/** How often the console's live tail asks for new events. */
export const EVENT_TAIL_INTERVAL_MS = 2000;

export const fieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const resourceEventSchema = z.object({
  /** Increasing id (a cursor for the live tail). */
  _id: z.string(),
  at: z.iso.datetime(),
  kind: z.enum(RESOURCE_KINDS),
  resourceId: z.string().nullable(),
  resourceName: z.string(),
  customerId: z.uuid(),
  action: z.string(),
  level: z.enum(EVENT_LEVELS),
  message: z.string(),
  changes: z.array(fieldChangeSchema),
  /** Who did it (email); during login-as also the administrator. */
  actor: z.string().nullable(),
  actingAdmin: z.string().nullable(),
  /** Data-plane events: the viewer session and the ad break (avail) it concerns, and its details. */
  sessionId: z.string().nullable().optional(),
  availId: z.string().nullable().optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ResourceEvent = z.infer<typeof resourceEventSchema>;

export const eventListQuerySchema = z.strictObject(
  {
    kind: z.enum(RESOURCE_KINDS, { error: `kind must be one of ${RESOURCE_KINDS.join(', ')}` }),
    resourceId: z.uuid({ error: 'Invalid UUID' }).optional(),
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
    level: z.enum(EVENT_LEVELS, { error: `level must be one of ${EVENT_LEVELS.join(', ')}` }).optional(),
    q: textSchema().trim().max(200, { error: 'q must be at most 200 characters' }).optional(),
    page: pageSchema,
    pageSize: z
      .enum(PAGE_SIZE_VALUES.filter((v) => v !== 'All') as ['10', '20', '50', '100'], {
        error: 'pageSize must be 10, 20, 50 or 100',
      })
      .default('50'),
    /** Live tail: only events with an id above this one, oldest first. */
    // Event ids are bigserials read as JavaScript numbers: a cursor beyond the safe integers is no id.
    after: z
      .string()
      .regex(/^\d{1,16}$/, { error: 'after must be an event id', abort: true })
      .refine((v) => Number(v) <= Number.MAX_SAFE_INTEGER, { error: 'after must be an event id' })
      .optional(),
    customerId: z.uuid({ error: 'Invalid UUID' }).optional(),
  },
  { error: unknownParameters },
);
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventListResponseSchema = z.object({
  data: z.array(resourceEventSchema),
  /** Matching events, counted up to EVENT_TOTAL_CAP; `capped` says there are at least that many. */
  total: z.number().int().nonnegative(),
  capped: z.boolean(),
  /**
   * Set when a short search (see SHORT_SEARCH_WINDOW) read only the newest this many events of
   * the other filters' selection: older ones may match too.
   */
  searchedNewest: z.number().int().positive().optional(),
});
export type EventListResponse = z.infer<typeof eventListResponseSchema>;
