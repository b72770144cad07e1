import type { AccountCustomer } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query key of one customer account; every customer query starts with 'customer'. */
export const customerKey = (id: string) => ['customer', id] as const;

/** GET /customer/getCustomer/{id}: the account dialog's data (plan, logos, domain, CDN, API token). */
export const getCustomer = (id: string) =>
  apiRequest<AccountCustomer>(apiPath(API_PATHS.customer.get, { id }));

export const customerQuery = (id: string) =>
  queryOptions({ queryKey: customerKey(id), queryFn: () => getCustomer(id) });

export const useCustomer = (id: string) => useQuery(customerQuery(id));
