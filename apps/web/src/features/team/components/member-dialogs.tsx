/**
 * The questions before an owner's change to a member: a demotion (from owner, or from editor to
 * viewer), de-activating, re-activating, and sending the invite again. Each names the member, puts
 * the focus on Cancel and shows the server's refusal (the last-owner rule) in the dialog.
 */
import { TEAM_ROLE_LABELS, TEAM_TEXTS, type TeamMember, type TeamRole } from '@cuepoint/core';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TeamCommand } from '../api/team-api.ts';
import { TEAM_SCREEN_TEXTS as T } from '../texts.ts';

export type MemberDialog =
  | { kind: 'role'; member: TeamMember; role: TeamRole }
  | { kind: 'deactivate' | 'reactivate' | 'resendInvite'; member: TeamMember };

export const memberName = (member: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** What a dialog asks, what its button says, the call and the toast after it. */
function questionOf(dialog: MemberDialog, selfId: string) {
  const name = memberName(dialog.member);
  switch (dialog.kind) {
    case 'role': {
      const from = TEAM_ROLE_LABELS[dialog.member.role];
      const to = TEAM_ROLE_LABELS[dialog.role];
      return {
        title: T.demoteTitle(name),
        body: dialog.member._id === selfId ? T.demoteSelfBody(from, to) : T.demoteBody(name, from, to),
        confirm: T.changeRole,
        destructive: true,
        command: { kind: 'role', id: dialog.member._id, role: dialog.role } satisfies TeamCommand,
        done: T.roleChanged(name, to),
      };
    }
    case 'deactivate':
      return {
        title: T.deactivateTitle(name),
        body: T.deactivateBody(name),
        confirm: T.deactivate,
        destructive: true,
        command: { kind: 'deactivate', id: dialog.member._id } satisfies TeamCommand,
        done: T.deactivated(name),
      };
    case 'reactivate':
      return {
        title: T.reactivateTitle(name),
        body: T.reactivateBody(name),
        confirm: T.reactivate,
        destructive: false,
        command: { kind: 'reactivate', id: dialog.member._id } satisfies TeamCommand,
        done: T.reactivated(name),
      };
    case 'resendInvite':
      return {
        title: T.resendTitle(dialog.member.email),
        body: T.resendBody,
        confirm: T.send,
        destructive: false,
        command: { kind: 'resendInvite', id: dialog.member._id } satisfies TeamCommand,
        done: TEAM_TEXTS.inviteResent(dialog.member.email),
      };
  }
}

export interface MemberConfirmProps {
  dialog: MemberDialog;
  opened: boolean;
  selfId: string;
  pending: boolean;
  /** The server's refusal of the last attempt, shown in the dialog. */
  error: string | null;
  onConfirm: (command: TeamCommand, done: string) => void;
  onClose: () => void;
}

export function MemberConfirmDialog({
  dialog,
  opened,
  selfId,
  pending,
  error,
  onConfirm,
  onClose,
}: MemberConfirmProps) {
  const question = questionOf(dialog, selfId);
  return (
    <Modal opened={opened} onClose={onClose} title={question.title}>
      <Stack>
        <Text size="sm">{question.body}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {T.cancel}
          </Button>
          <Button
            color={question.destructive ? 'red.9' : undefined}
            loading={pending}
            onClick={() => onConfirm(question.command, question.done)}
          >
            {question.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
