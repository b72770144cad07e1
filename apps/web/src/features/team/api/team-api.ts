/** The team screen's calls: API_PATHS.team (the list, the invite, and an owner's changes to a member). */
import {
  API_PATHS,
  apiPath,
  type TeamInviteRequest,
  type TeamListResponse,
  type TeamMember,
  type TeamRole,
  type User,
} from '@cuepoint/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserKey } from '../../../lib/session.ts';

/** Every query of this screen starts with this key (a write refreshes it). */
export const TEAM_KEY = ['team'] as const;

/** GET team/members. */
export const useTeam = () =>
  useQuery({
    queryKey: [...TEAM_KEY, 'members'],
    queryFn: () => apiRequest<TeamListResponse>(apiPath(API_PATHS.team.members)),
  });

/** POST team/members: the invited member. */
export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamInviteRequest) =>
      apiRequest<TeamMember>(apiPath(API_PATHS.team.members), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

/** An owner's change to one member; each answers the member as changed. */
export type TeamCommand =
  | { kind: 'role'; id: string; role: TeamRole }
  | { kind: 'deactivate'; id: string }
  | { kind: 'reactivate'; id: string }
  | { kind: 'resendInvite'; id: string };

const commandRequest = (command: TeamCommand) =>
  command.kind === 'role'
    ? apiRequest<TeamMember>(apiPath(API_PATHS.team.role, { id: command.id }), {
        method: 'POST',
        body: { role: command.role },
      })
    : apiRequest<TeamMember>(apiPath(API_PATHS.team[command.kind], { id: command.id }), { method: 'POST' });

/**
 * A member's change. A change of one's own role goes into the session's profile (what the console
 * offers follows it once the router revalidates: `onSelfChanged`).
 */
export function useTeamCommand(selfId: string, onSelfChanged: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commandRequest,
    onSuccess: (member, command) => {
      if (command.id !== selfId) return;
      client.setQueryData<User>(currentUserKey(selfId), (old) => (old ? { ...old, role: member.role } : old));
      onSelfChanged();
    },
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}
