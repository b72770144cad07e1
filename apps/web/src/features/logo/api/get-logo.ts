import { API_PATHS, apiPath } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /logo/updateLogo (spec section 7): the signed-in customer's logo, `[0].url`; with a
 * customer id (a main administrator's LIVE Demo), that customer's.
 */
export const getLogo = (customerId?: string) =>
  apiRequest<{ url: string }[]>(apiPath(API_PATHS.logo.current, undefined, customerId ? { customerId } : {}));

export const useCustomerLogo = (enabled: boolean, customerId?: string | null) =>
  useQuery({
    queryKey: customerId ? ['logo', customerId] : ['logo'],
    queryFn: () => getLogo(customerId ?? undefined),
    enabled,
    select: (list) => list[0]?.url ?? null,
  });
