import { API_PATHS, apiPath, type EmailRequest, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resetPassword = (body: EmailRequest) =>
  apiRequest<MessageResponse>(apiPath(API_PATHS.auth.resetPassword), { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
