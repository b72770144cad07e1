import type { generateTokenResponseSchema } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshCustomer } from './edit-customer.ts';

export type GenerateTokenResponse = z.infer<typeof generateTokenResponseSchema>;

/** POST /customer/generateToken/{id}: enableAPI true makes a token, false deletes it. */
export const generateToken = (customerId: string, enableAPI: boolean) =>
  apiRequest<GenerateTokenResponse>(apiPath(API_PATHS.customer.generateToken, { id: customerId }), {
    method: 'POST',
    body: { enableAPI, customerId },
  });

export const useGenerateToken = (ids: { customerId: string; userId: string }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enableAPI: boolean) => generateToken(ids.customerId, enableAPI),
    onSuccess: (answer) => refreshCustomer(queryClient, ids, answer?.customer),
  });
};
