import { type AcceptInviteRequest, API_PATHS, apiPath, type MessageResponse } from '@cuepoint/core';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST team/accept-invite (public): the invite link's email and token, and the password twice. */
export const acceptInvite = (body: AcceptInviteRequest) =>
  apiRequest<MessageResponse>(apiPath(API_PATHS.team.acceptInvite), { method: 'POST', body });

export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });
