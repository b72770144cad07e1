/**
 * The generic resource calls of spec section 7 for one resource of core's RESOURCES registry:
 * list (page, pageSize, sort, order, q, filters), one record, create, full replace, partial
 * update and delete, with their TanStack Query keys and query options. Features wrap it once:
 * `export const encoderApi = resourceApi(RESOURCES.encoder)`.
 */
import {
  API_PATHS,
  apiPath,
  itemPath,
  type PageSizeValue,
  RESOURCES,
  type ResourceKind,
  type ResourceMeta,
  type SortOrder,
} from '@cuepoint/core';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { resourceKeys } from './resource-keys.ts';

type Specs = typeof RESOURCES;
/** A resource's definition in core's registry. */
export type ResourceSpecOf<K extends ResourceKind> = Specs[K];
/** The kind a registry entry stands for (`KindOf<typeof RESOURCES.slate>` is 'slate'). */
export type KindOf<S> = { [K in ResourceKind]: S extends Specs[K] ? K : never }[ResourceKind];

/** A resource's data as its schema outputs it (what the server stores). */
export type ResourceData<K extends ResourceKind> = z.output<Specs[K]['schema']>;
/** A resource's data as a create or replace sends it (the schema's input). */
export type ResourceInput<K extends ResourceKind> = z.input<Specs[K]['schema']>;
/** A stored resource as the API answers it: its data and the meta fields. */
export type ResourceDto<K extends ResourceKind> = ResourceData<K> & ResourceMeta;

/** What a list screen asks for; `filters` holds the list shape's filters that are set. */
export interface ListParams {
  page: number;
  pageSize: PageSizeValue;
  sort: string;
  order: SortOrder;
  q?: string;
  filters: Record<string, string>;
}

/** `GET {path}`'s answer: one page of rows and how many match in all. */
export interface ListResult<K extends ResourceKind> {
  data: ResourceDto<K>[];
  total: number;
}

/** The `DELETE {path}/{id}` answer. */
export interface DeleteResult {
  _id: string;
}

/** The meta fields every stored resource carries; never sent back as data. */
export const META_FIELDS = ['_id', 'customerId', 'version', 'createdAt', 'updatedAt', 'updatedBy'] as const;

/** The query string of a list call: every parameter (the server applies the same defaults). */
export function listQueryString(params: ListParams): string {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
  });
  const q = params.q?.trim();
  if (q) search.set('q', q);
  for (const [name, value] of Object.entries(params.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== '') search.set(name, value);
  }
  return search.toString();
}

/** A resource's data without its meta fields (a DTO or form values ready to send). */
export function withoutMeta<T extends Record<string, unknown>>(
  value: T,
): Omit<T, (typeof META_FIELDS)[number]> {
  const copy: Record<string, unknown> = { ...value };
  for (const key of META_FIELDS) delete copy[key];
  return copy as Omit<T, (typeof META_FIELDS)[number]>;
}

function build<K extends ResourceKind>(spec: Specs[K]) {
  const kind = spec.kind as K;
  const base = API_PATHS.resources[kind as ResourceKind];
  const one = (id: string) => apiPath(itemPath(base), { id });

  const keys = resourceKeys(kind);

  const list = (params: ListParams) =>
    apiRequest<ListResult<K>>(apiPath(base, undefined, new URLSearchParams(listQueryString(params))));
  const get = (id: string) => apiRequest<ResourceDto<K>>(one(id));

  return {
    spec,
    kind,
    keys,
    list,
    get,
    listOptions: (params: ListParams) =>
      queryOptions({ queryKey: keys.list(params), queryFn: () => list(params) }),
    detailOptions: (id: string) => queryOptions({ queryKey: keys.detail(id), queryFn: () => get(id) }),
    /** POST {path}: 201 with the stored resource. */
    create: (data: ResourceInput<K>) =>
      apiRequest<ResourceDto<K>>(base, {
        method: 'POST',
        body: withoutMeta(data as Record<string, unknown>),
      }),
    /** PUT {path}/{id}: every field and the version it was read at (409 when stale). */
    replace: (id: string, data: ResourceInput<K> & { version: number }) =>
      apiRequest<ResourceDto<K>>(one(id), {
        method: 'PUT',
        body: { ...withoutMeta(data as Record<string, unknown>), version: data.version },
      }),
    /** POST {path}/{id}: some fields and the version it was read at (409 when stale). */
    patch: (id: string, data: Partial<ResourceInput<K>> & { version: number }) =>
      apiRequest<ResourceDto<K>>(one(id), {
        method: 'POST',
        body: { ...withoutMeta(data as Record<string, unknown>), version: data.version },
      }),
    /** DELETE {path}/{id}: 409 naming what uses it, if anything does. */
    remove: (id: string) => apiRequest<DeleteResult>(one(id), { method: 'DELETE' }),
  };
}

/** The calls, query keys and query options of one resource. */
export type ResourceApi<K extends ResourceKind> = ReturnType<typeof build<K>>;

/**
 * The API of one resource of the registry: `resourceApi(RESOURCES.encoder)`. Query keys start
 * with the resource kind (`['encoder', 'list', params]`, `['encoder', 'detail', id]`).
 */
export function resourceApi<S extends Specs[ResourceKind]>(spec: S): ResourceApi<KindOf<S>>;
export function resourceApi<K extends ResourceKind>(spec: Specs[K]): ResourceApi<K>;
export function resourceApi(spec: Specs[ResourceKind]) {
  if (RESOURCES[spec.kind] !== spec) throw new Error(`Unknown resource ${spec.kind}`);
  return build(spec);
}
