/**
 * /user (issue 18): the customer's team. Everyone sees who is in it, with their role and status;
 * an owner (or a main administrator) also invites, changes roles (a demotion asks first),
 * de-activates and re-activates members and sends an invite again. What a role may do is core's
 * rule (roleAllows), the one the server enforces; the help under the list says it in words.
 */
import { isDemotion, TEAM_ROLE_LABELS, type TeamMember, type TeamRole } from '@cuepoint/core';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { PHONE_QUERY } from '../../../components/resource/resource-list.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { type TeamCommand, useTeam, useTeamCommand } from '../api/team-api.ts';
import { InviteDialog, RoleHelp } from '../components/invite-dialog.tsx';
import { MemberConfirmDialog, type MemberDialog, memberName } from '../components/member-dialogs.tsx';
import { TeamMembers } from '../components/team-members.tsx';
import { TEAM_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const session = useSession();
  const selfId = session.user._id;
  const canManage = useRoleAllows('manage');
  const team = useTeam();
  const revalidator = useRevalidator();
  const command = useTeamCommand(selfId, () => void revalidator.revalidate());
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [inviting, setInviting] = useState(false);
  // The open question; kept while its dialog closes (the focus goes back where it was).
  const [dialog, setDialog] = useState<{ value: MemberDialog; opened: boolean } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  // The screen's title (app/screens.ts), as the sidebar, the breadcrumb and the document title say it.
  const title = useRouteTitle() ?? T.title;

  const ask = (value: MemberDialog) => {
    command.reset();
    setDialogError(null);
    setDialog({ value, opened: true });
  };
  const closeDialog = () => setDialog((open) => open && { ...open, opened: false });

  const confirm = (cmd: TeamCommand, done: string) =>
    command.mutate(cmd, {
      onSuccess: () => {
        toast.success(done);
        closeDialog();
      },
      onError: (error) => setDialogError(error instanceof ApiError ? error.message : String(error)),
    });

  const changeRole = (member: TeamMember, role: TeamRole) => {
    if (isDemotion(member.role, role)) return ask({ kind: 'role', member, role });
    command.mutate(
      { kind: 'role', id: member._id, role },
      {
        onSuccess: (changed) => toast.success(T.roleChanged(memberName(changed), TEAM_ROLE_LABELS[role])),
        onError: (error) => toastServerError(error),
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {canManage && (
          <Button onClick={() => setInviting(true)} aria-haspopup="dialog">
            {T.invite}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {T.intro}
      </Text>

      {team.isPending && (
        <Group gap="xs" role="status" py="md">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{T.loading}</Text>
        </Group>
      )}
      {team.isError && (
        <Alert color="red" title={T.loadFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{team.error.message}</Text>
            <Button size="xs" variant="filled" color="red.9" onClick={() => void team.refetch()}>
              {T.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {team.data &&
        (team.data.data.length === 0 ? (
          <Text fw={600} py="xl" ta="center">
            {T.empty}
          </Text>
        ) : (
          <TeamMembers
            members={team.data.data}
            selfId={selfId}
            canManage={canManage}
            isMainAdmin={session.user.profile.isMainAdmin}
            layout={phone ? 'cards' : 'table'}
            onRole={changeRole}
            onAction={ask}
            busy={command.isPending}
          />
        ))}

      <RoleHelp />

      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
      {dialog && (
        <MemberConfirmDialog
          key={`${dialog.value.kind}-${dialog.value.member._id}`}
          dialog={dialog.value}
          opened={dialog.opened}
          selfId={selfId}
          pending={command.isPending}
          error={dialogError}
          onConfirm={confirm}
          onClose={closeDialog}
        />
      )}
    </Stack>
  );
}
