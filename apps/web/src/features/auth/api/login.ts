import { AUTH_PATHS, type LoginRequest, type LoginResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const login = (body: LoginRequest) =>
  apiRequest<LoginResponse>(AUTH_PATHS.login, { method: 'POST', body });

export const useLogin = () => useMutation({ mutationFn: login });
