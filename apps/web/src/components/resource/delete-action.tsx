/**
 * Delete behind a confirm dialog that names the record. A resource another one uses is refused with 409; its message
 * names what uses it and shows as an error toast when the answer says showMessage (spec section 8).
 */
import { RESOURCE_TEXTS, type ResourceKind } from '@cuepoint/core';
import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import type { ResourceApi, ResourceSpecOf } from '../../lib/resource-api.ts';
import { toastServerError } from '../../lib/server-error.ts';
import { toast } from '../../lib/toast.ts';
import classes from './delete-action.module.css';
import { KIT_TEXTS } from './texts.ts';

export interface DeleteActionProps<K extends ResourceKind> {
  spec: ResourceSpecOf<K>;
  api: ResourceApi<K>;
  /** The record: its id, and its name for the question. */
  row: { _id: string; name?: unknown };
  /** After a delete (e.g. go back to the list from a detail screen; the record is forgotten once it settles). */
  onDeleted?: () => void | Promise<void>;
  /** A small subtle button (in a table row) instead of a filled one. */
  compact?: boolean;
  /** The trigger button's own props (size, variant, disabled…). */
  buttonProps?: ButtonProps;
}

export function DeleteAction<K extends ResourceKind>({
  spec,
  api,
  row,
  onDeleted,
  compact = false,
  buttonProps,
}: DeleteActionProps<K>) {
  const [opened, setOpened] = useState(false);
  const name = recordLabel(row);
  return (
    <>
      <Button
        color="red.9"
        variant={compact ? 'subtle' : 'filled'}
        size={compact ? 'xs' : 'sm'}
        className={compact ? classes.compact : undefined}
        aria-label={KIT_TEXTS.deleteNamed(spec.label, name)}
        aria-haspopup="dialog"
        {...buttonProps}
        onClick={() => setOpened(true)}
      >
        {KIT_TEXTS.delete}
      </Button>
      <DeleteDialog
        spec={spec}
        api={api}
        row={row}
        opened={opened}
        onClose={() => setOpened(false)}
        onDeleted={onDeleted}
      />
    </>
  );
}

/** The name a record goes by in a question (its id when it has none). */
const recordLabel = (row: { _id: string; name?: unknown }) =>
  typeof row.name === 'string' && row.name !== '' ? row.name : row._id;

export interface DeleteDialogProps<K extends ResourceKind>
  extends Pick<DeleteActionProps<K>, 'spec' | 'api' | 'row' | 'onDeleted'> {
  opened: boolean;
  onClose: () => void;
}

/**
 * The confirm dialog of a delete, opened by its caller (a button, a detail page's More menu): its
 * title and question name the record; Delete removes it, toasts, and refreshes the lists.
 */
export function DeleteDialog<K extends ResourceKind>({
  spec,
  api,
  row,
  opened,
  onClose,
  onDeleted,
}: DeleteDialogProps<K>) {
  const queryClient = useQueryClient();
  const name = recordLabel(row);
  const remove = useMutation({ mutationFn: () => api.remove(row._id) });

  const confirm = async () => {
    try {
      await remove.mutateAsync();
      onClose();
      toast.success(RESOURCE_TEXTS.deleted(spec.label));
      void queryClient.invalidateQueries({ queryKey: api.keys.lists() });
      // Leave the record's page first: while it shows, its query would ask for the record again.
      await onDeleted?.();
      removeWhenUnobserved(queryClient, api.keys.detail(row._id));
    } catch (error) {
      onClose();
      // The API client ended the session and left the page: nothing to add.
      if (error instanceof ApiError && error.redirectTo) return;
      // 409: the server's message names what uses it; 404: someone deleted it already (each
      // shown when the answer says showMessage, spec section 8).
      toastServerError(error);
      if (error instanceof ApiError && error.status === 404)
        void queryClient.invalidateQueries({ queryKey: api.keys.lists() });
    }
  };

  return (
    <ConfirmDeleteModal
      opened={opened}
      title={RESOURCE_TEXTS.deleteTitle(spec.label, name)}
      question={RESOURCE_TEXTS.deleteConfirm(spec.label, name)}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
    />
  );
}

/**
 * The confirmation before a delete: its question, Cancel (focused: a stray Enter keeps the record)
 * and Delete (busy while the call runs; the dialog cannot be closed meanwhile).
 */
export function ConfirmDeleteModal(props: {
  opened: boolean;
  title: string;
  question: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { opened, title, question, pending, onClose, onConfirm } = props;
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{question}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {KIT_TEXTS.cancel}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending}>
            {KIT_TEXTS.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Drops the query of `queryKey` once nothing shows it. The navigation away from a deleted
 * record's page may resolve before React has unmounted the page: a query removed while its page
 * still observes it is fetched again at once (a 404 for the deleted record).
 */
function removeWhenUnobserved(queryClient: QueryClient, queryKey: readonly unknown[]) {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query) return;
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    unsubscribe();
    cache.remove(query);
  });
}
