/**
 * The log viewer's view as URL search parameters (range, from, to, level, q, page, pageSize), so
 * that a link reproduces it, and the GET /events query that view stands for.
 */
import { EVENT_LEVELS, type EventLevel, type ResourceKind, SEARCH_MAX_LENGTH } from '@cuepoint/core';
import dayjs from 'dayjs';
import { TIME_RANGES } from './texts.ts';

export type RangeValue = (typeof TIME_RANGES)[number]['value'];
export const EVENT_PAGE_SIZES = ['10', '20', '50', '100'] as const;
export type EventPageSize = (typeof EVENT_PAGE_SIZES)[number];

/** A time range that reaches back far enough for a resource's recent history. */
export const DEFAULT_RANGE: RangeValue = '7d';
export const DEFAULT_EVENT_PAGE_SIZE: EventPageSize = '50';

export interface LogParams {
  range: RangeValue;
  /** ISO date-times of a custom range (either may be open). */
  from?: string | undefined;
  to?: string | undefined;
  level?: EventLevel | undefined;
  q: string;
  page: number;
  pageSize: EventPageSize;
}

/** Which events a log view shows: a kind of resource, or one resource of it. */
export interface LogScope {
  kind: ResourceKind;
  resourceId?: string | undefined;
}

/** The search parameters the log viewer owns, in the order it writes them. */
export const LOG_PARAM_NAMES = ['range', 'from', 'to', 'level', 'q', 'page', 'pageSize'] as const;

const RANGE_VALUES: readonly string[] = TIME_RANGES.map((r) => r.value);

const isoOrUndefined = (value: string | null) => {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

/** The view a URL's search parameters describe; anything unreadable falls back to the default. */
export function readLogParams(search: URLSearchParams): LogParams {
  const from = isoOrUndefined(search.get('from'));
  const to = isoOrUndefined(search.get('to'));
  const rawRange = search.get('range');
  const range: RangeValue =
    rawRange && RANGE_VALUES.includes(rawRange)
      ? (rawRange as RangeValue)
      : from || to
        ? 'custom'
        : DEFAULT_RANGE;
  const level = search.get('level');
  const page = Number(search.get('page'));
  const pageSize = search.get('pageSize');
  return {
    range,
    from: range === 'custom' ? from : undefined,
    to: range === 'custom' ? to : undefined,
    level: (EVENT_LEVELS as readonly string[]).includes(level ?? '') ? (level as EventLevel) : undefined,
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (EVENT_PAGE_SIZES as readonly string[]).includes(pageSize ?? '')
      ? (pageSize as EventPageSize)
      : DEFAULT_EVENT_PAGE_SIZE,
  };
}

/**
 * The search parameters of `current` with `patch` applied. Defaults are left out of the URL; a
 * change of anything but the page goes back to the first page; a quick range drops from/to.
 * Parameters the log viewer does not own are kept.
 */
export function writeLogParams(current: URLSearchParams, patch: Partial<LogParams>): URLSearchParams {
  const next = { ...readLogParams(current), ...patch };
  if (!('page' in patch)) next.page = 1;
  if (next.range !== 'custom') {
    next.from = undefined;
    next.to = undefined;
  }
  // The view's own parameters go last, always in the same order, so one view has one URL.
  const search = new URLSearchParams(current);
  for (const name of LOG_PARAM_NAMES) search.delete(name);
  const put = (name: (typeof LOG_PARAM_NAMES)[number], value: string | undefined, fallback?: string) => {
    if (value !== undefined && value !== '' && value !== fallback) search.set(name, value);
  };
  put('range', next.range, DEFAULT_RANGE);
  put('from', next.from);
  put('to', next.to);
  put('level', next.level);
  put('q', next.q.trim());
  put('page', String(next.page), '1');
  put('pageSize', next.pageSize, DEFAULT_EVENT_PAGE_SIZE);
  return search;
}

/** The ISO start of the view's time range at `now` (undefined: no lower limit). */
export function rangeStart(params: LogParams, now: number): string | undefined {
  if (params.range === 'custom') return params.from;
  const ms = TIME_RANGES.find((r) => r.value === params.range)?.ms;
  return ms ? new Date(now - ms).toISOString() : undefined;
}

/** A custom range whose start is not before its end. */
export const invalidCustomRange = (params: LogParams) =>
  params.range === 'custom' &&
  params.from !== undefined &&
  params.to !== undefined &&
  Date.parse(params.from) >= Date.parse(params.to);

/** A view whose range ends in the past: a live tail would add events outside it. */
export const endsInPast = (params: LogParams) => params.range === 'custom' && params.to !== undefined;

/** The query of GET /events for this view (relative ranges measured from `now`). */
export function eventListParams(scope: LogScope, params: LogParams, now: number): Record<string, string> {
  const query: Record<string, string> = { kind: scope.kind };
  if (scope.resourceId) query.resourceId = scope.resourceId;
  const from = rangeStart(params, now);
  if (from) query.from = from;
  if (params.range === 'custom' && params.to) query.to = params.to;
  if (params.level) query.level = params.level;
  if (params.q) query.q = params.q;
  query.page = String(params.page);
  query.pageSize = params.pageSize;
  return query;
}

/** The live-tail query: the same filters, no end, no pages, only events after `after`. */
export function eventTailParams(
  scope: LogScope,
  params: LogParams,
  after: string,
  now: number,
): Record<string, string> {
  const { page: _page, pageSize: _pageSize, to: _to, ...rest } = eventListParams(scope, params, now);
  return { ...rest, after };
}

/** An ISO date-time as a datetime-local input shows it (local time, minutes). */
export const toLocalInput = (iso: string | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');

/** A datetime-local input's value (local time) as an ISO date-time; empty or unreadable: undefined. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.toDate().toISOString() : undefined;
}
