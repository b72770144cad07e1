import { API_PATHS, apiPath, type EventListResponse } from '@cuepoint/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import {
  eventListParams,
  eventTailParams,
  invalidCustomRange,
  type LogParams,
  type LogScope,
} from '../log-params.ts';

const withQuery = (params: Record<string, string>) => apiPath(API_PATHS.events, undefined, params);

/**
 * GET /events: one page of a log view, newest first, with the total (counted up to
 * EVENT_TOTAL_CAP; `capped` when there are more). A relative time range is measured when the
 * request goes out, so a refetch moves it forward.
 */
export const getEvents = (scope: LogScope, params: LogParams, now = Date.now()) =>
  apiRequest<EventListResponse>(withQuery(eventListParams(scope, params, now)));

/** GET /events?after=<id>: the live tail, the events newer than `after`, oldest first. */
export const getNewerEvents = (scope: LogScope, params: LogParams, after: string, now = Date.now()) =>
  apiRequest<EventListResponse>(withQuery(eventTailParams(scope, params, after, now)));

/** The key holds the view as the URL states it (a range's name, not its moving start). */
export const eventsQuery = (scope: LogScope, params: LogParams) =>
  queryOptions({
    queryKey: ['events', 'list', scope, params],
    queryFn: () => getEvents(scope, params),
    staleTime: 0,
  });

/** One page of a log view; the previous page stays on screen while the next one loads. */
export const useEvents = (scope: LogScope, params: LogParams, enabled = true) =>
  useQuery({
    ...eventsQuery(scope, params),
    enabled: enabled && !invalidCustomRange(params),
    placeholderData: keepPreviousData,
  });
