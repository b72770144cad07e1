import { AUTH_PATHS, type MessageResponse, type SignupRequest } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const signup = (body: SignupRequest) =>
  apiRequest<MessageResponse>(AUTH_PATHS.signup, { method: 'POST', body });

export const useSignup = () => useMutation({ mutationFn: signup });
