import { AUTH_PATHS, type EmailRequest, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resendActivation = (body: EmailRequest) =>
  apiRequest<MessageResponse>(AUTH_PATHS.resendActivation, { method: 'POST', body });

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
