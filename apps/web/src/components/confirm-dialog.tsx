import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { KIT_TEXTS } from './resource/texts.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  question: ReactNode;
  confirm: string;
  /** Red, for what cannot be undone by the user (a delete). */
  destructive?: boolean;
  pending: boolean;
  /** The server's refusal of the last attempt, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A question before an irreversible step (issuing an invoice, deleting a draft): it names what it
 * acts on, puts the focus on Cancel (a stray Enter changes nothing) and shows the server's refusal inside.
 */
export function ConfirmDialog({
  opened,
  title,
  question,
  confirm,
  destructive = false,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered>
      <Stack gap="md">
        {typeof question === 'string' ? <Text size="sm">{question}</Text> : question}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {KIT_TEXTS.cancel}
          </Button>
          <Button color={destructive ? 'red.9' : undefined} onClick={onConfirm} loading={pending}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
