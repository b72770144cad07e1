/**
 * The trash of deleted campaigns: GET /ssai/campaign/deleted pages it like the list (same query,
 * same answer), POST /ssai/campaign/{id}/restore takes one back (400 naming `name` when another
 * campaign took its name meanwhile).
 */
import { API_PATHS, apiPath } from '@cuepoint/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import {
  type ListParams,
  type ListResult,
  listQueryString,
  type ResourceDto,
} from '../../../lib/resource-api.ts';
import { campaignApi } from './campaign-api.ts';

const TRASH = API_PATHS.resourceTrash.campaign;

export const trashKeys = {
  all: [...campaignApi.keys.all, 'deleted'] as const,
  list: (params: ListParams) => [...campaignApi.keys.all, 'deleted', params] as const,
};

export const deletedCampaignsOptions = (params: ListParams) =>
  queryOptions({
    queryKey: trashKeys.list(params),
    queryFn: () =>
      apiRequest<ListResult<'campaign'>>(
        apiPath(TRASH.list, undefined, new URLSearchParams(listQueryString(params))),
      ),
  });

export const restoreCampaign = (id: string) =>
  apiRequest<ResourceDto<'campaign'>>(apiPath(TRASH.restore, { id }), { method: 'POST' });
