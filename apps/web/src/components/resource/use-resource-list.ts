/**
 * What a list screen shows, from the URL's view (useListParams): the page of rows the server
 * answers (the previous page stays while the next loads), how many match, how many pages that
 * makes, and whether a search or a filter narrows them.
 */
import { pageSizeRows, type ResourceKind } from '@cuepoint/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResourceApi, ResourceSpecOf } from '../../lib/resource-api.ts';
import { activeFilterCount, useListParams } from './use-list-params.ts';

export function useResourceList<K extends ResourceKind>(spec: ResourceSpecOf<K>, api: ResourceApi<K>) {
  const { params, setParams } = useListParams(spec.list);
  const query = useQuery({ ...api.listOptions(params), placeholderData: keepPreviousData });
  const filterCount = activeFilterCount(params);

  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  // All is capped by the server (LIST_ALL_MAX_ROWS a page); beyond it, All pages too.
  const size = pageSizeRows(params.pageSize);
  const pages = Math.max(1, Math.ceil(total / size));

  // A page beyond the last one (rows deleted meanwhile, an old link): go to the last page.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && params.page > pages)
      setParams({ page: pages }, { replace: true });
  }, [query.data, query.isPlaceholderData, params.page, pages, setParams]);

  return {
    params,
    setParams,
    query,
    rows,
    total,
    /** Rows a page holds. */
    size,
    pages,
    allCapped: params.pageSize === 'All' && total > size,
    filterCount,
    /** A search or a filter narrows the rows (an empty answer is "no match", not "none yet"). */
    searching: filterCount > 0 || Boolean(params.q),
    clearAll: () => setParams({ q: '', filters: clearedFilters(params.filters) }),
  };
}

/** A change that clears every filter that is set. */
export const clearedFilters = (filters: Record<string, string>) =>
  Object.fromEntries(Object.keys(filters).map((name) => [name, null]));
