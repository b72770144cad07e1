/**
 * A list screen's view (page, page size, sort, order, search text and the list shape's filters)
 * kept in the URL's search params, so that a link reproduces the view. Defaults are left out of
 * the URL; a value the list would refuse (an unknown sort key, a page size of 7, a filter value
 * that does not exist) falls back to its default instead of reaching the server.
 */
import {
  DEFAULT_PAGE_SIZE,
  type ListShape,
  PAGE_SIZE_VALUES,
  type PageSizeValue,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  type SortOrder,
} from '@cuepoint/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../../lib/resource-api.ts';

/** The URL parameters of a list besides its filters. */
export const LIST_PARAM_NAMES = ['page', 'pageSize', 'sort', 'order', 'q'] as const;

/** A change of the view: any of the params, filters merged into the current ones ('' or null clears one). */
export type ListParamsChange = Partial<Omit<ListParams, 'filters'>> & {
  filters?: Record<string, string | null | undefined>;
};

/** The view a list shows when the URL says nothing. */
export const defaultListParams = (list: ListShape): ListParams => ({
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: list.defaultSort,
  order: list.defaultOrder,
  filters: {},
});

const isPageSize = (value: string | null): value is PageSizeValue =>
  value !== null && (PAGE_SIZE_VALUES as readonly string[]).includes(value);
const isOrder = (value: string | null): value is SortOrder =>
  value !== null && (SORT_ORDERS as readonly string[]).includes(value);

/** The list's view from search params; each invalid or missing value is its default. */
export function parseListParams(search: URLSearchParams | string, list: ListShape): ListParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const defaults = defaultListParams(list);
  const pageText = params.get('page');
  const page = pageText !== null && /^\d+$/.test(pageText) ? Number(pageText) : Number.NaN;
  const pageSize = params.get('pageSize');
  const sort = params.get('sort');
  const order = params.get('order');
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const filters: Record<string, string> = {};
  for (const [name, values] of Object.entries(list.filters)) {
    const value = params.get(name);
    if (value !== null && values.includes(value)) filters[name] = value;
  }
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : defaults.page,
    pageSize: isPageSize(pageSize) ? pageSize : defaults.pageSize,
    sort: sort !== null && list.sortKeys.includes(sort) ? sort : defaults.sort,
    order: isOrder(order) ? order : defaults.order,
    ...(q ? { q } : {}),
    filters,
  };
}

/** The search params of a view: only what differs from the defaults, in a stable order. */
export function toSearchParams(params: ListParams, list: ListShape): URLSearchParams {
  const defaults = defaultListParams(list);
  const search = new URLSearchParams();
  if (params.page !== defaults.page) search.set('page', String(params.page));
  if (params.pageSize !== defaults.pageSize) search.set('pageSize', params.pageSize);
  if (params.sort !== defaults.sort) search.set('sort', params.sort);
  if (params.order !== defaults.order) search.set('order', params.order);
  const q = params.q?.trim();
  if (q) search.set('q', q);
  for (const name of Object.keys(list.filters)) {
    const value = params.filters[name];
    if (value) search.set(name, value);
  }
  return search;
}

/**
 * The next view after a change. Changing what the rows are (search text, filters, page size,
 * sort or order) goes back to page 1 unless the change names a page itself.
 */
export function applyListChange(current: ListParams, change: ListParamsChange): ListParams {
  const filters: Record<string, string> = { ...current.filters };
  for (const [name, value] of Object.entries(change.filters ?? {})) {
    if (value) filters[name] = value;
    else delete filters[name];
  }
  const { filters: _ignored, ...rest } = change;
  const next: ListParams = { ...current, ...rest, filters };
  if (next.q !== undefined && next.q.trim() === '') delete next.q;
  const same = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);
  const reshaped =
    (next.q ?? '') !== (current.q ?? '') ||
    next.pageSize !== current.pageSize ||
    next.sort !== current.sort ||
    next.order !== current.order ||
    !same(next.filters, current.filters);
  if (reshaped && change.page === undefined) next.page = 1;
  return next;
}

/** The number of filters that are set, for the "Filters (n)" button. */
export const activeFilterCount = (params: ListParams) => Object.keys(params.filters).length;

export interface ListParamsState {
  params: ListParams;
  /** Changes the view (see `applyListChange`); `replace` keeps the browser history entry (typing). */
  setParams: (change: ListParamsChange, options?: { replace?: boolean }) => void;
  /** Back to the default view (search params that are not the list's are kept). */
  reset: () => void;
}

/** The list view of the URL, and how to change it. Other search params (`?edit=`) are left alone. */
export function useListParams(list: ListShape): ListParamsState {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the search params' content.
  const params = useMemo(() => parseListParams(search, list), [key, list]);

  const write = useCallback(
    (next: (current: ListParams) => ListParams | null, replace: boolean) =>
      setSearch(
        (current) => {
          const view = next(parseListParams(current, list));
          const copy = new URLSearchParams(current);
          for (const name of [...LIST_PARAM_NAMES, ...Object.keys(list.filters)]) copy.delete(name);
          if (view) for (const [name, value] of toSearchParams(view, list)) copy.set(name, value);
          return copy;
        },
        { replace },
      ),
    [list, setSearch],
  );

  const setParams = useCallback(
    (change: ListParamsChange, options: { replace?: boolean } = {}) =>
      write((current) => applyListChange(current, change), options.replace ?? false),
    [write],
  );
  const reset = useCallback(() => write(() => null, false), [write]);
  return { params, setParams, reset };
}
