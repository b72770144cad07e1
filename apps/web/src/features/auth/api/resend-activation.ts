import { API_PATHS, apiPath, type EmailRequest, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resendActivation = (body: EmailRequest) =>
  apiRequest<MessageResponse>(apiPath(API_PATHS.auth.resendActivation), { method: 'POST', body });

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
