import { type ActivateRequest, AUTH_PATHS, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const activate = (body: ActivateRequest) =>
  apiRequest<MessageResponse>(AUTH_PATHS.activate, { method: 'POST', body });

export const useActivate = () => useMutation({ mutationFn: activate });
