/** The Customers screen's calls (main administrator): API_PATHS.customer. */
import {
  API_PATHS,
  apiPath,
  type CustomerAdminEdit,
  type CustomerListResponse,
  type CustomerRecord,
  type PlanChange,
  UUID_PATTERN,
} from '@cuepoint/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ListParams } from '../../../lib/resource-api.ts';

/** Every query of this screen starts with this key (a write refreshes them all). */
const KEY = ['customers'] as const;

const listQuery = (params: ListParams) => ({
  page: params.page,
  pageSize: params.pageSize,
  sort: params.sort,
  order: params.order,
  q: params.q,
  ...params.filters,
});

/** GET customer/customers with the URL's view. */
export const useCustomerList = (params: ListParams) =>
  useQuery({
    queryKey: [...KEY, 'list', params],
    queryFn: () =>
      apiRequest<CustomerListResponse>(apiPath(API_PATHS.customer.list, undefined, listQuery(params))),
    placeholderData: keepPreviousData,
  });

/** GET customer/customers/:id (disabled without an id). */
export const useCustomerRecord = (id: string | undefined) =>
  useQuery({
    queryKey: [...KEY, 'record', id],
    queryFn: () => apiRequest<CustomerRecord>(apiPath(API_PATHS.customer.record, { id: id! })),
    // Not an id at all (a typed or stale address): nothing to ask the server for.
    enabled: id !== undefined && UUID_PATTERN.test(id),
  });

/** GET customer/plan-changes?customerId= (the existing record of plan changes). */
export const usePlanChanges = (customerId: string) =>
  useQuery({
    queryKey: [...KEY, 'plan-changes', customerId],
    queryFn: () =>
      apiRequest<PlanChange[]>(apiPath(API_PATHS.customer.planChanges, undefined, { customerId })),
  });

/** The review and activation calls, each answering the record (approve answers a count). */
export type CustomerCommand =
  | { kind: 'approve'; id: string }
  | { kind: 'reject'; id: string; reason: string }
  | { kind: 'activate'; id: string }
  | { kind: 'deactivate'; id: string };

const commandRequest = (command: CustomerCommand) => {
  switch (command.kind) {
    case 'approve':
      return apiRequest<unknown>(apiPath(API_PATHS.customer.approve, { id: command.id }), { method: 'POST' });
    case 'reject':
      return apiRequest<unknown>(apiPath(API_PATHS.customer.reject, { id: command.id }), {
        method: 'POST',
        body: { reason: command.reason },
      });
    case 'activate':
      return apiRequest<unknown>(apiPath(API_PATHS.customer.activate, { id: command.id }), {
        method: 'POST',
      });
    case 'deactivate':
      return apiRequest<unknown>(apiPath(API_PATHS.customer.deactivate, { id: command.id }), {
        method: 'POST',
      });
  }
};

export function useCustomerCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commandRequest,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST customer/customers/:id: payment customer id and notes, with the version read. */
export function useSaveCustomer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerAdminEdit) =>
      apiRequest<CustomerRecord>(apiPath(API_PATHS.customer.record, { id }), { method: 'POST', body }),
    onSuccess: (record) => client.setQueryData([...KEY, 'record', id], record),
    onSettled: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}
