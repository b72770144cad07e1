/**
 * The generic resource calls of spec section 7 (`GET {resource}` with params, `GET {resource}/{id}`,
 * `POST {resource}`, `PUT|POST {resource}/{id}`, `DELETE {resource}/{id}`): list parameters, the
 * list answer, and the fields every stored resource carries. The server builds its routes from
 * these; the console's list screens write the same parameters into the URL.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants/index.ts';
import { textSchema } from '../validation/field-schemas.ts';
import { NUMBER_MAX } from '../validation/limits.ts';

/** Page sizes as a query parameter: '10', '20', '50', '100' or 'All' (spec section 3, "Lists"). */
export const PAGE_SIZE_VALUES = PAGE_SIZES.map(String) as ['10', '20', '50', '100', 'All'];
export type PageSizeValue = (typeof PAGE_SIZE_VALUES)[number];
export const DEFAULT_PAGE_SIZE: PageSizeValue = '10';

/**
 * The most rows one answer carries for pageSize All: a list of every row would cost the one
 * process time in proportion to the account's size. Beyond it, All pages by this many.
 */
export const LIST_ALL_MAX_ROWS = 1000;
/** The highest page number a list accepts (a deeper offset is no page of any real list). */
export const LIST_MAX_PAGE = 100_000;

/** 1-based page number of a list query. */
export const pageSchema = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int({ error: 'page must be a whole number from 1', abort: true })
  .min(1, { error: 'page must be a whole number from 1', abort: true })
  .max(LIST_MAX_PAGE, { error: `page must be at most ${LIST_MAX_PAGE}` })
  .default(1);

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The message of a query with parameters the call does not take (a typo in a link). */
export const unknownParameters = (issue: { code?: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' ? `Unknown parameter: ${(issue.keys ?? []).join(', ')}` : undefined;

/** Longest free-text search a list accepts. */
export const SEARCH_MAX_LENGTH = 200;

/** What a list call may say about sorting and filtering, declared once per resource. */
export interface ListShape {
  /** Sort keys: resource fields and the meta fields name, createdAt, updatedAt. */
  readonly sortKeys: readonly [string, ...string[]];
  readonly defaultSort: string;
  readonly defaultOrder: SortOrder;
  /** Filter name -> the values it may take (each a field of the resource's data, matched exactly). */
  readonly filters: Readonly<Record<string, readonly [string, ...string[]]>>;
  /** Fields the free-text search looks in (case-insensitive substring). */
  readonly searchFields: readonly string[];
  /** Sort keys whose values are numbers (sorted as numbers, not as text). */
  readonly numericSortKeys?: readonly string[];
}

/**
 * The query of `GET {resource}`: page (1-based), pageSize, sort, order, q (free text), a
 * customerId (main administrator only) and the resource's own filters. Unknown parameters are
 * refused, so a typo in a link does not silently show everything.
 */
export const listQuerySchema = (shape: ListShape) =>
  z.strictObject(
    {
      page: pageSchema,
      pageSize: z.enum(PAGE_SIZE_VALUES, { error: 'pageSize must be 10, 20, 50, 100 or All' }).default('10'),
      sort: z
        .enum(shape.sortKeys, { error: `sort must be one of ${shape.sortKeys.join(', ')}` })
        .default(shape.defaultSort),
      order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).default(shape.defaultOrder),
      // Filters are enums (only their listed values pass); q is free text, refused when unsafe.
      q: textSchema()
        .trim()
        .max(SEARCH_MAX_LENGTH, { error: `q must be at most ${SEARCH_MAX_LENGTH} characters` })
        .optional(),
      customerId: z.uuid({ error: 'Invalid UUID' }).optional(),
      ...Object.fromEntries(
        Object.entries(shape.filters).map(([name, values]) => [
          name,
          z.enum(values, { error: `${name} must be one of ${values.join(', ')}` }).optional(),
        ]),
      ),
    },
    { error: unknownParameters },
  );
export type ListQuery = {
  page: number;
  pageSize: PageSizeValue;
  sort: string;
  order: SortOrder;
  q?: string | undefined;
  customerId?: string | undefined;
} & Record<string, unknown>;

/** The number of rows a page size stands for; All is LIST_ALL_MAX_ROWS. */
export const pageSizeRows = (pageSize: PageSizeValue): number =>
  pageSize === 'All' ? LIST_ALL_MAX_ROWS : Number(pageSize);

/** Fields every stored resource carries besides its own data. */
export const resourceMetaSchema = z.object({
  _id: z.uuid(),
  customerId: z.uuid(),
  /** Starts at 1; every update adds 1. An update names the version it edited (see `versionSchema`). */
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Email of who last changed it (the administrator's too, during login-as). */
  updatedBy: z.string().nullable(),
});
export type ResourceMeta = z.infer<typeof resourceMetaSchema>;

/**
 * A row of a list answer: the meta fields and the name of the customer that owns the record, so a
 * main administrator's list across customers can show whose each row is (without a call per row).
 */
export const resourceListMetaSchema = resourceMetaSchema.extend({
  customerName: z.string(),
});
export type ResourceListMeta = z.infer<typeof resourceListMetaSchema>;

/** The version an update was made from; a stale one is refused with 409. */
export const versionSchema = z
  .int({ error: 'version is required' })
  .positive({ error: 'version is required' })
  // An integer column: a larger number is no version (and must not reach the database).
  .max(NUMBER_MAX, { error: 'version is required' });

/** `{ data, total }`: one page of rows and how many match in all. */
export const listResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int().nonnegative() });

/** A 409 answer to a stale update: the stored version, so the console can offer to reload. */
export const conflictResponseSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  currentVersion: z.number().int().positive().optional(),
  /** A delete refused because other resources use this one: what uses it. */
  usedBy: z.array(z.object({ kind: z.string(), _id: z.string(), name: z.string() })).optional(),
  /** Spec section 8: the console toasts `message` only when this is true. */
  showMessage: z.boolean().optional(),
});
export type ConflictResponse = z.infer<typeof conflictResponseSchema>;
