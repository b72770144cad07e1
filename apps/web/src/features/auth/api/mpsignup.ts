import { API_PATHS, apiPath, type MarketplaceSignupRequest, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const marketplaceSignup = (body: MarketplaceSignupRequest) =>
  apiRequest<MessageResponse>(apiPath(API_PATHS.auth.mpsignup), { method: 'POST', body });

export const useMarketplaceSignup = () => useMutation({ mutationFn: marketplaceSignup });
