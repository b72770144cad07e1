import { AUTH_PATHS, type MessageResponse, type NewPasswordRequest } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const newPassword = (body: NewPasswordRequest) =>
  apiRequest<MessageResponse>(AUTH_PATHS.newPassword, { method: 'POST', body });

export const useNewPassword = () => useMutation({ mutationFn: newPassword });
