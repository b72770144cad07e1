import { type ActivateRequest, API_PATHS, apiPath, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const activate = (body: ActivateRequest) =>
  apiRequest<MessageResponse>(apiPath(API_PATHS.auth.activate), { method: 'POST', body });

export const useActivate = () => useMutation({ mutationFn: activate });
