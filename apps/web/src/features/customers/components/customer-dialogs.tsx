/**
 * The dialogs of a customer's actions, shared by the list's row menus and the record's page:
 * activate and de-activate ask first (the focus on Cancel), rejecting a sign-up asks for the
 * reason that is mailed, and Login as… lists the account's users.
 */
import type { CustomerStatus } from '@cuepoint/core';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { startLoginAs } from '../../../lib/login-as.ts';
import { toast } from '../../../lib/toast.ts';
import { type CustomerCommand, useCustomerCommand, useCustomerRecord } from '../api/customers-api.ts';
import { CUSTOMER_TEXTS as T } from '../texts.ts';

/** What a dialog acts on. */
export interface CustomerTarget {
  _id: string;
  name: string;
  status: CustomerStatus;
}

export type CustomerDialogKind = 'activate' | 'deactivate' | 'reject' | 'loginAs';

export interface OpenDialog {
  kind: CustomerDialogKind;
  customer: CustomerTarget;
  opened: boolean;
}

/** The dialog state of a screen: which one is open, on what. */
export function useCustomerDialogs() {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  return {
    open: (kind: CustomerDialogKind, customer: CustomerTarget) => setDialog({ kind, customer, opened: true }),
    element: dialog && (
      <CustomerDialog
        key={`${dialog.kind}-${dialog.customer._id}`}
        dialog={dialog}
        onClose={() => setDialog({ ...dialog, opened: false })}
      />
    ),
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function CustomerDialog({ dialog, onClose }: { dialog: OpenDialog; onClose: () => void }) {
  const { kind, customer, opened } = dialog;
  if (kind === 'loginAs') return <LoginAsDialog customer={customer} opened={opened} onClose={onClose} />;
  if (kind === 'reject') return <RejectDialog customer={customer} opened={opened} onClose={onClose} />;
  return <ConfirmDialog kind={kind} customer={customer} opened={opened} onClose={onClose} />;
}

/** Activate or de-activate, after a question naming the account. */
function ConfirmDialog({
  kind,
  customer,
  opened,
  onClose,
}: {
  kind: 'activate' | 'deactivate';
  customer: CustomerTarget;
  opened: boolean;
  onClose: () => void;
}) {
  const command = useCustomerCommand();
  const deactivate = kind === 'deactivate';
  const run = () =>
    command.mutate({ kind, id: customer._id } satisfies CustomerCommand, {
      onSuccess: () => {
        toast.success(deactivate ? T.deactivated(customer.name) : T.activated(customer.name));
        onClose();
      },
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={deactivate ? T.deactivateTitle(customer.name) : T.activateTitle(customer.name)}
    >
      <Stack>
        <Text size="sm">{deactivate ? T.deactivateBody(customer.name) : T.activateBody(customer.name)}</Text>
        {command.isError && (
          <Alert color="red" role="alert">
            {messageOf(command.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {T.cancel}
          </Button>
          <Button color={deactivate ? 'red.9' : undefined} loading={command.isPending} onClick={run}>
            {deactivate ? T.deactivateConfirm : T.activateConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Refuses a sign-up with a reason, which the server mails to the account's users. */
function RejectDialog({
  customer,
  opened,
  onClose,
}: {
  customer: CustomerTarget;
  opened: boolean;
  onClose: () => void;
}) {
  const command = useCustomerCommand();
  const [reason, setReason] = useState('');
  const fieldError = command.error instanceof ApiError ? command.error.fieldErrors.reason : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={T.rejectTitle(customer.name)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          command.mutate(
            { kind: 'reject', id: customer._id, reason },
            {
              onSuccess: () => {
                toast.success(T.rejected(customer.name));
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <Textarea
            label={T.rejectReason}
            description={T.rejectReasonDescription}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={4}
            required
            data-autofocus
            error={fieldError}
          />
          {command.isError && !fieldError && (
            <Alert color="red" role="alert">
              {messageOf(command.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {T.cancel}
            </Button>
            <Button type="submit" color="red.9" loading={command.isPending} disabled={reason.trim() === ''}>
              {T.rejectConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The account's users, each a button that starts the audited login-as. */
function LoginAsDialog({
  customer,
  opened,
  onClose,
}: {
  customer: CustomerTarget;
  opened: boolean;
  onClose: () => void;
}) {
  const record = useCustomerRecord(opened ? customer._id : undefined);
  const users = (record.data?.userList ?? []).filter((user) => !user.isMainAdmin);
  return (
    <Modal opened={opened} onClose={onClose} title={T.loginAsTitle(customer.name)}>
      <Stack>
        {customer.status === 'deactivated' ? (
          <Text size="sm">{T.loginAsDeactivated}</Text>
        ) : record.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{T.loadingRecord}</Text>
          </Group>
        ) : record.isError ? (
          <Alert color="red" role="alert" title={T.recordFailed}>
            {record.error.message}
          </Alert>
        ) : users.length === 0 ? (
          <Text size="sm">{T.loginAsNoUsers}</Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={T.users}>
            {users.map((user) => (
              <li key={user._id}>
                <UnstyledButton
                  onClick={() => startLoginAs(user)}
                  aria-label={T.loginAsUser(user.email)}
                  p="xs"
                  w="100%"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600} truncate>
                      <bdi dir="ltr">{user.email}</bdi>
                    </Text>
                    <Text
                      size="xs"
                      fw={600}
                      c="light-dark(var(--mantine-color-pink-8), var(--mantine-color-pink-3))"
                    >
                      {T.loginAs}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {T.cancel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
