import {
  API_PATHS,
  apiPath,
  type InsightsGroup,
  type InsightsResponse,
  type InventoryResponse,
} from '@cuepoint/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /demand/inventory: the account's avails, forecast and booked impressions. */
export const useInventory = () =>
  useQuery({
    queryKey: ['demand', 'inventory'],
    queryFn: () => apiRequest<InventoryResponse>(apiPath(API_PATHS.demand.inventory)),
  });

export interface InsightsParams {
  from: string;
  to: string;
  groupBy: InsightsGroup;
}

/** GET /demand/insights (main administrator); the previous answer stays while the next loads. */
export const useInsights = (params: InsightsParams) =>
  useQuery({
    queryKey: ['demand', 'insights', params],
    queryFn: () => apiRequest<InsightsResponse>(apiPath(API_PATHS.demand.insights, undefined, { ...params })),
    placeholderData: keepPreviousData,
  });
