import type { EditCustomerFields, editCustomerResponseSchema } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, apiUpload } from '../../../lib/api-client.ts';
import { currentUserKey } from '../../../lib/session.ts';
import { customerKey } from './get-customer.ts';

export type EditCustomerResponse = z.infer<typeof editCustomerResponseSchema>;

/** The files of an account edit, by the multipart field names of the contract. */
export interface EditCustomerFiles {
  logo?: File | null;
  loginLogo?: File | null;
  certificate?: File | null;
  privateKey?: File | null;
}

export interface EditCustomerInput {
  fields: EditCustomerFields;
  files?: EditCustomerFiles;
}

/**
 * PUT /customer/editCustomer/{id}: multipart form data when a file is chosen (logo, login logo,
 * certificate, private key), plain JSON otherwise (the plan upgrade, an edit without files).
 */
export const editCustomer = (id: string, { fields, files = {} }: EditCustomerInput) => {
  const path = apiPath(API_PATHS.customer.edit, { id });
  const chosen = Object.values(files).some(Boolean);
  return chosen
    ? apiUpload<EditCustomerResponse>(path, { method: 'PUT', fields: { ...fields }, files: { ...files } })
    : apiRequest<EditCustomerResponse>(path, { method: 'PUT', body: fields });
};

/**
 * After a change to the customer: the account query takes the server's customer, and what shows
 * customer data is marked stale: the customer, the session's profile (its `customerId`) and the
 * header's logo.
 */
export async function refreshCustomer(
  queryClient: QueryClient,
  ids: { customerId: string; userId: string },
  customer: unknown,
) {
  if (customer && typeof customer === 'object')
    queryClient.setQueryData(customerKey(ids.customerId), customer);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: customerKey(ids.customerId), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: currentUserKey(ids.userId) }),
    queryClient.invalidateQueries({ queryKey: ['logo'] }),
  ]);
}

export const useEditCustomer = (ids: { customerId: string; userId: string }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditCustomerInput) => editCustomer(ids.customerId, input),
    onSuccess: (answer) => refreshCustomer(queryClient, ids, answer?.customerId),
  });
};
