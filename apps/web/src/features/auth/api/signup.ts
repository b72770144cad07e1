import { API_PATHS, apiPath, type MessageResponse, type SignupRequest } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const signup = (body: SignupRequest) =>
  apiRequest<MessageResponse>(apiPath(API_PATHS.auth.signup), { method: 'POST', body });

export const useSignup = () => useMutation({ mutationFn: signup });
