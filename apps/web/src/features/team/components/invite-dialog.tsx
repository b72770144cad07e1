/**
 * Invite a member: email, first and last name and a role, checked with core's schema (the server's
 * own); an address of the team already comes back under the Email field (another customer's
 * address is answered as an invite: issue 46). The invite mail is the server's. Closing with
 * something typed asks first.
 */
import {
  TEAM_FIELD_LABELS,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  TEAM_TEXTS,
  type TeamInviteRequest,
  teamInviteRequestSchema,
} from '@cuepoint/core';
import { Box, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useGuardedClose } from '../../../components/resource/unsaved-changes-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { useInvite } from '../api/team-api.ts';
import { TEAM_SCREEN_TEXTS as T } from '../texts.ts';

export const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));

const EMPTY: TeamInviteRequest = { email: '', firstName: '', lastName: '', role: 'viewer' };

export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // A fresh form each time it opens.
  return opened ? <InviteForm onClose={onClose} /> : null;
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const invite = useInvite();
  const form = useZodForm(teamInviteRequestSchema, EMPTY);
  const { requestClose, confirm } = useGuardedClose(form.isDirty, onClose);

  const submit = form.onSubmit(async (values) => {
    try {
      const member = await invite.mutateAsync(teamInviteRequestSchema.parse(values));
      form.resetDirty();
      toast.success(TEAM_TEXTS.invited(member.email));
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else toastServerError(error);
    }
  });

  return (
    <>
      <Modal opened onClose={requestClose} title={T.inviteTitle}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{T.inviteBody}</Text>
            <TextInput
              label={TEAM_FIELD_LABELS.email}
              type="email"
              autoComplete="off"
              dir="ltr"
              required
              data-autofocus
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Group grow align="flex-start">
              <TextInput
                label={TEAM_FIELD_LABELS.firstName}
                required
                key={form.key('firstName')}
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label={TEAM_FIELD_LABELS.lastName}
                required
                key={form.key('lastName')}
                {...form.getInputProps('lastName')}
              />
            </Group>
            <Select
              label={TEAM_FIELD_LABELS.role}
              data={ROLE_OPTIONS}
              allowDeselect={false}
              required
              key={form.key('role')}
              {...form.getInputProps('role')}
            />
            <RoleHelp />
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={requestClose}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {T.sendInvite}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {confirm}
    </>
  );
}

/** What each role may do (core's permission model, in words). */
export function RoleHelp() {
  return (
    <Box component="dl" m={0}>
      {TEAM_ROLES.map((role) => (
        <Group key={role} component="div" gap={4} wrap="nowrap" align="baseline">
          <Text component="dt" size="xs" fw={700}>
            {TEAM_ROLE_LABELS[role]}:
          </Text>
          <Text component="dd" size="xs" c="dimmed" m={0}>
            {T.roleHelp[role]}
          </Text>
        </Group>
      ))}
    </Box>
  );
}
