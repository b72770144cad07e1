import { API_PATHS, apiPath } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /logo/updateLogo (spec section 7): the signed-in customer's logo, `[0].url`. */
export const getLogo = () => apiRequest<{ url: string }[]>(apiPath(API_PATHS.logo.current));

export const useCustomerLogo = (enabled: boolean) =>
  useQuery({ queryKey: ['logo'], queryFn: getLogo, enabled, select: (list) => list[0]?.url ?? null });
