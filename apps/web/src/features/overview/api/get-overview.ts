import type { OverviewResponse } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /overview/summary: counts of the signed-in account (or the platform, for a main admin). */
export const getOverview = () => apiRequest<OverviewResponse>(apiPath(API_PATHS.overview.summary));

export const overviewQuery = () => queryOptions({ queryKey: ['overview', 'summary'], queryFn: getOverview });

export const useOverview = () => useQuery(overviewQuery());
