import { API_PATHS, apiPath, type MonitoringPeriod, type SeriesResponse } from '@cuepoint/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /monitoring/series/:id?period=: one channel's points over the period, and its totals. */
export const getSeries = (id: string, period: MonitoringPeriod) =>
  apiRequest<SeriesResponse>(apiPath(API_PATHS.monitoring.series, { id }, { period }));

export const seriesQuery = (id: string, period: MonitoringPeriod) =>
  queryOptions({ queryKey: ['monitoring', 'series', id, period], queryFn: () => getSeries(id, period) });

/** One channel's charts; the previous period stays on screen while the next one loads. */
export const useSeries = (id: string, period: MonitoringPeriod, enabled = true) =>
  useQuery({ ...seriesQuery(id, period), enabled, placeholderData: keepPreviousData });
