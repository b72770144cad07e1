import { API_PATHS, apiPath, type CampaignDeliveryList } from '@cuepoint/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignApi } from './campaign-api.ts';

/** How often the campaign manager's figures refresh while it is open. */
export const DELIVERY_REFRESH_MS = 60_000;

/** GET /ssai/campaign-delivery: each campaign's delivery so far (the caller's account's). */
export const deliveryOptions = () =>
  queryOptions({
    queryKey: [...campaignApi.keys.all, 'delivery'] as const,
    queryFn: () => apiRequest<CampaignDeliveryList>(apiPath(API_PATHS.campaignDelivery)),
    refetchInterval: DELIVERY_REFRESH_MS,
  });
