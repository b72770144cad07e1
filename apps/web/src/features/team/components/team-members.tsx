/**
 * The team's members: a table (wider than a phone) or cards (phone width) with each member's name,
 * email, role, status and who invited them when. An owner changes a role with the row's select
 * and finds De-activate, Re-activate and Resend invite in the row's menu; anyone else sees the
 * same rows without those controls.
 */
import { TEAM_ROLE_LABELS, type TeamMember, type TeamMemberStatus, type TeamRole } from '@cuepoint/core';
import { ActionIcon, Badge, Group, Menu, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { ConceptIcon } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../components/resource/format.ts';
import classes from '../../../components/resource/list.module.css';
import { visuallyHidden } from '../../../components/resource/list-table.tsx';
import { TEAM_SCREEN_TEXTS as T } from '../texts.ts';
import { ROLE_OPTIONS } from './invite-dialog.tsx';
import type { MemberDialog } from './member-dialogs.tsx';
import { memberName } from './member-dialogs.tsx';

const STATUS_COLOURS: Record<TeamMemberStatus, string> = {
  active: 'teal',
  invited: 'blue',
  deactivated: 'gray.6',
};

/** A member's status as a dot beside the word in the body colour (like the kit's StatusBadge). */
export function MemberStatusBadge({ status }: { status: TeamMemberStatus }) {
  return (
    <Badge variant="dot" color={STATUS_COLOURS[status]} tt="none" miw="max-content" data-status={status}>
      {T.statuses[status]}
    </Badge>
  );
}

export interface TeamMembersProps {
  members: readonly TeamMember[];
  selfId: string;
  /** The caller may manage the team (an owner, or a main administrator). */
  canManage: boolean;
  /** The caller is a main administrator (it may manage another main administrator). */
  isMainAdmin: boolean;
  layout: 'table' | 'cards';
  /** A role chosen in a row's select (the screen asks first when it is a demotion). */
  onRole: (member: TeamMember, role: TeamRole) => void;
  onAction: (dialog: MemberDialog) => void;
  /** A role change is on its way: the selects wait. */
  busy: boolean;
}

/** What an owner may do to a member from its row's menu. */
function actionsOf(member: TeamMember, selfId: string): MemberDialog['kind'][] {
  if (member.status === 'deactivated') return ['reactivate'];
  const actions: MemberDialog['kind'][] = [];
  if (member.status === 'invited') actions.push('resendInvite');
  if (member._id !== selfId) actions.push('deactivate');
  return actions;
}

const ACTION_LABELS: Record<MemberDialog['kind'], string> = {
  role: T.changeRole,
  deactivate: T.deactivate,
  reactivate: T.reactivate,
  resendInvite: T.resendInvite,
};

export function TeamMembers(props: TeamMembersProps) {
  const { members, layout } = props;
  if (layout === 'cards') {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={T.caption}>
        {members.map((member) => (
          <Paper key={member._id} component="li" withBorder p="sm" radius="md" data-testid="member-card">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <NameCell member={member} {...props} />
                <MemberMenu member={member} {...props} />
              </Group>
              <Text size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Text>
              <Group gap="sm">
                <RoleCell member={member} {...props} />
                <MemberStatusBadge status={member.status} />
              </Group>
              <InvitedCell member={member} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped verticalSpacing="xs">
        <Table.Caption style={visuallyHidden}>{T.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.columns.name}</Table.Th>
            <Table.Th>{T.columns.email}</Table.Th>
            <Table.Th>{T.columns.role}</Table.Th>
            <Table.Th>{T.columns.status}</Table.Th>
            <Table.Th>{T.columns.invited}</Table.Th>
            {props.canManage && (
              <Table.Th>
                <span style={visuallyHidden}>{T.columns.actions}</span>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member._id} data-testid="member-row">
              <Table.Td>
                <NameCell member={member} {...props} />
              </Table.Td>
              <Table.Td dir="ltr">{member.email}</Table.Td>
              <Table.Td>
                <RoleCell member={member} {...props} />
              </Table.Td>
              <Table.Td>
                <MemberStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td>
                <InvitedCell member={member} />
              </Table.Td>
              {props.canManage && (
                <Table.Td>
                  <MemberMenu member={member} {...props} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type CellProps = TeamMembersProps & { member: TeamMember };

/** Whether the caller manages this member (a main administrator's access is the platform's). */
const manages = ({ member, canManage, isMainAdmin }: CellProps) =>
  canManage && (!member.isMainAdmin || isMainAdmin);

function NameCell({ member, selfId }: CellProps) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {memberName(member)}{' '}
        {member._id === selfId && (
          <Text span size="sm" c="dimmed" inherit>
            {T.you}
          </Text>
        )}
      </Text>
      {member.isMainAdmin && (
        <Text size="xs" c="dimmed">
          {T.mainAdmin}
        </Text>
      )}
    </Stack>
  );
}

function RoleCell(props: CellProps) {
  const { member, onRole, busy } = props;
  if (!manages(props)) return <Text size="sm">{TEAM_ROLE_LABELS[member.role]}</Text>;
  return (
    <Select
      size="xs"
      w={130}
      data={ROLE_OPTIONS}
      value={member.role}
      allowDeselect={false}
      disabled={busy}
      aria-label={T.roleOf(memberName(member))}
      onChange={(value) => {
        if (value && value !== member.role) onRole(member, value as TeamRole);
      }}
      comboboxProps={{ withinPortal: false }}
    />
  );
}

function InvitedCell({ member }: { member: TeamMember }) {
  if (!member.invitedAt) return <Text size="sm">{T.notInvited}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">
        <time dateTime={member.invitedAt} dir="ltr">
          {formatDateTime(member.invitedAt)}
        </time>
      </Text>
      {member.invitedBy && (
        <Text size="xs" c="dimmed">
          {T.invitedBy(member.invitedBy.name)}
        </Text>
      )}
    </Stack>
  );
}

function MemberMenu(props: CellProps) {
  const { member, selfId, onAction } = props;
  if (!manages(props)) return null;
  const actions = actionsOf(member, selfId);
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal={false} floatingStrategy="fixed" shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={T.actionsFor(memberName(member))}>
          <ConceptIcon concept="more" size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((kind) => (
          <Menu.Item
            key={kind}
            className={kind === 'deactivate' ? classes.danger : undefined}
            aria-haspopup="dialog"
            onClick={() => onAction({ kind, member } as MemberDialog)}
          >
            {ACTION_LABELS[kind]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
