import type { deactivateAccountResponseSchema } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /auth/deactivateAccount: ends the account and its sessions (the console then logs out). */
export const deactivateAccount = () =>
  apiRequest<z.infer<typeof deactivateAccountResponseSchema>>(apiPath(API_PATHS.auth.deactivateAccount), {
    method: 'POST',
  });

export const useDeactivateAccount = () => useMutation({ mutationFn: deactivateAccount });
