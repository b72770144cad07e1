import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /logo/updateLogo (spec section 7): the signed-in customer's logo, `[0].url`. */
export const getLogo = () => apiRequest<{ url: string }[]>('logo/updateLogo');

export const useCustomerLogo = (enabled: boolean) =>
  useQuery({ queryKey: ['logo'], queryFn: getLogo, enabled, select: (list) => list[0]?.url ?? null });

/** GET /logo/login?host=: public; the login logo of the customer served on this host. */
export const getLoginLogo = (host: string) =>
  apiRequest<{ url: string | null }>(`logo/login?host=${encodeURIComponent(host)}`);

export const useLoginLogo = (host: string) =>
  useQuery({
    queryKey: ['logo', 'login', host],
    queryFn: () => getLoginLogo(host),
    retry: false,
    staleTime: 300_000,
  });
