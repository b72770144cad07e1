import { AUTH_PATHS, type MarketplaceSignupRequest, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const marketplaceSignup = (body: MarketplaceSignupRequest) =>
  apiRequest<MessageResponse>(AUTH_PATHS.mpsignup, { method: 'POST', body });

export const useMarketplaceSignup = () => useMutation({ mutationFn: marketplaceSignup });
