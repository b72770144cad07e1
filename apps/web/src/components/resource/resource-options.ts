/**
 * The choices of a picker of records (a live stream's or a channel's slate, a programme's VOD
 * assets): every record of the account, by name, from one query per resource whichever screen
 * asks. Its key starts with the resource's list key, so a write to that resource (which
 * invalidates its lists) refreshes the choices too.
 */
import type { ResourceKind } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ListParams,
  type ResourceApi,
  type ResourceDto,
  type ResourceSpecOf,
  resourceApi,
} from '../../lib/resource-api.ts';

/** A record as a picker offers it: its id and name, and the record (for what else the picker shows). */
export interface ResourceOption<K extends ResourceKind> {
  value: string;
  label: string;
  record: ResourceDto<K>;
}

/** GET {path}?pageSize=All sorted by name: all of the account's records (up to the All cap). */
const ALL_BY_NAME: ListParams = { page: 1, pageSize: 'All', sort: 'name', order: 'asc', filters: {} };

/** Before anything is loaded: one empty list, the same at every render. */
const NONE: never[] = [];

const apis = new Map<ResourceKind, unknown>();
const apiOf = <K extends ResourceKind>(spec: ResourceSpecOf<K>): ResourceApi<K> => {
  if (!apis.has(spec.kind)) apis.set(spec.kind, resourceApi<K>(spec));
  return apis.get(spec.kind) as ResourceApi<K>;
};

export function resourceOptionsQuery<K extends ResourceKind>(spec: ResourceSpecOf<K>) {
  const api = apiOf(spec);
  return queryOptions({
    queryKey: [...api.keys.lists(), 'options'] as const,
    queryFn: async (): Promise<ResourceOption<K>[]> =>
      (await api.list(ALL_BY_NAME)).data.map((record) => ({
        value: record._id,
        label: (record as { name: string }).name,
        record,
      })),
  });
}

/** The picker's choices (`data`, empty until loaded) and whether they could not be loaded. */
export function useResourceOptions<K extends ResourceKind>(spec: ResourceSpecOf<K>) {
  const query = useQuery(resourceOptionsQuery(spec));
  return { options: query.data ?? NONE, failed: query.isError };
}
