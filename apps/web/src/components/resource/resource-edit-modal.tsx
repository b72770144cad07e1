/**
 * The form dialog of a resource edited on its list screen (`?new=1`, `?edit=<id>`): it loads the
 * record edited (the dialog shows a loader, or the error with Cancel, meanwhile), fills the form
 * from it, or from the defaults to create one, saves it with the version it was read at and
 * closes. Closing it with unsaved changes asks first. The screen gives the titles and the fields.
 */
import type { ResourceKind } from '@cuepoint/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ResourceDto } from '../../lib/resource-api.ts';
import { type FormValues, ResourceFormModal } from './resource-form.tsx';
import { useGuardedClose } from './unsaved-changes-dialog.tsx';
import { type ResourceFormOptions, useResourceForm } from './use-resource-form.ts';

export interface ResourceEditModalProps<K extends ResourceKind, V extends FormValues>
  extends ResourceFormOptions<K, V> {
  /** The record edited; null to create one. */
  id: string | null;
  onClose: () => void;
  /** The form's title: of the record edited, or of the create form (no record). */
  title: (record: ResourceDto<K> | undefined) => string;
  /** The title while the record edited loads (or could not be). */
  loadingTitle: string;
  /** How old a cached record may be to fill the form (the query client's default otherwise). */
  staleTime?: number;
  size?: string | number;
  /** Save cannot be pressed yet (a file is still uploading). */
  saveDisabled?: boolean;
  /** The fields, bound to the form. */
  children: (form: UseFormReturnType<V>) => ReactNode;
}

export function ResourceEditModal<K extends ResourceKind, V extends FormValues>(
  props: ResourceEditModalProps<K, V>,
) {
  const { api, id, onClose, loadingTitle, staleTime } = props;
  const detail = useQuery({
    ...api.detailOptions(id ?? ''),
    enabled: id !== null,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
  if (id !== null && !detail.data)
    return (
      <ResourceFormModal
        opened
        onClose={onClose}
        title={loadingTitle}
        loading={detail.isPending}
        error={detail.error?.message}
      >
        {null}
      </ResourceFormModal>
    );
  return <FormDialog {...props} record={detail.data} />;
}

function FormDialog<K extends ResourceKind, V extends FormValues>(
  props: ResourceEditModalProps<K, V> & { record: ResourceDto<K> | undefined },
) {
  const { record, onClose, title, size, saveDisabled, children } = props;
  const { form, submit } = useResourceForm(props, record, onClose);
  const { requestClose, confirm } = useGuardedClose(form.isDirty, onClose);
  return (
    <ResourceFormModal
      opened
      onClose={requestClose}
      confirm={confirm}
      title={title(record)}
      submit={submit}
      size={size}
      saveDisabled={saveDisabled}
    >
      {children(form)}
    </ResourceFormModal>
  );
}
