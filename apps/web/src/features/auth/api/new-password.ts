import { API_PATHS, apiPath, type MessageResponse, type NewPasswordRequest } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const newPassword = (body: NewPasswordRequest) =>
  apiRequest<MessageResponse>(apiPath(API_PATHS.auth.newPassword), { method: 'POST', body });

export const useNewPassword = () => useMutation({ mutationFn: newPassword });
