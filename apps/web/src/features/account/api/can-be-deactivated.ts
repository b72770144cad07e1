import { API_PATHS, apiPath } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /auth/canBeDeactivated: false while the account has configured channels or VODs. */
export const canBeDeactivated = () => apiRequest<boolean>(apiPath(API_PATHS.auth.canBeDeactivated));

/** Asked afresh every time the deactivation starts: never served from the cache. */
export const canBeDeactivatedQuery = () =>
  queryOptions({
    queryKey: ['auth', 'canBeDeactivated'],
    queryFn: canBeDeactivated,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useCanBeDeactivated = (enabled = true) => useQuery({ ...canBeDeactivatedQuery(), enabled });
