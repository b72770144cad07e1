/**
 * The detail route of a resource edited on a page of its own (/streams-vod/{detail}), as one
 * component: 'new' creates a record (the resource's defaults) and then opens it; an id loads the
 * record (a loader, then the form, or the not-found message with a way back to the list), edits it
 * and saves it with the version it was read at, with the record's sections and Delete. The screen
 * gives its fields; everything else is the kit's.
 */
import type { ResourceKind } from '@cuepoint/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ResourceDto } from '../../lib/resource-api.ts';
import { DeleteAction } from './delete-action.tsx';
import { ResourceDetail } from './resource-detail.tsx';
import { type FormValues, ResourceFormPage } from './resource-form.tsx';
import { type ResourceFormOptions, recordName, useResourceForm } from './use-resource-form.ts';

export interface ResourceEditPageProps<K extends ResourceKind, V extends FormValues>
  extends ResourceFormOptions<K, V> {
  /** The route's `:detail`: 'new' (with `createTitle`) or a record's id. */
  id: string;
  /** The list (Cancel, and where a delete leads) and a record's page (where a create leads). */
  paths: { list: string; detail: (id: string) => string };
  /** The heading of the create form; without it 'new' is an id like any other (not found). */
  createTitle?: string;
  /** A stored record's sections (DetailTabs), shown while it loads too. */
  tabs?: (id: string) => ReactNode;
  /** Offer Delete on a stored record (the default). */
  deletable?: boolean;
  /** The fields, bound to the form. */
  children: (form: UseFormReturnType<V>) => ReactNode;
}

export function ResourceEditPage<K extends ResourceKind, V extends FormValues>(
  props: ResourceEditPageProps<K, V>,
) {
  const { api, id, paths, createTitle, tabs } = props;
  if (id === 'new' && createTitle !== undefined) return <CreateForm {...props} createTitle={createTitle} />;
  return (
    <ResourceDetail key={id} api={api} id={id} cancelTo={paths.list} tabs={tabs?.(id)}>
      {(record) => <EditForm {...props} record={record} />}
    </ResourceDetail>
  );
}

function CreateForm<K extends ResourceKind, V extends FormValues>(
  props: ResourceEditPageProps<K, V> & { createTitle: string },
) {
  const navigate = useNavigate();
  const { form, submit } = useResourceForm(props, undefined, (record) =>
    navigate(props.paths.detail(record._id), { replace: true }),
  );
  return (
    <ResourceFormPage title={props.createTitle} submit={submit} cancelTo={props.paths.list}>
      {props.children(form)}
    </ResourceFormPage>
  );
}

function EditForm<K extends ResourceKind, V extends FormValues>(
  props: ResourceEditPageProps<K, V> & { record: ResourceDto<K> },
) {
  const { api, record, paths, tabs, deletable = true } = props;
  const navigate = useNavigate();
  const { form, submit } = useResourceForm(props, record);
  return (
    <ResourceFormPage
      title={recordName(record)}
      submit={submit}
      cancelTo={paths.list}
      tabs={tabs?.(record._id)}
      actions={
        deletable ? (
          <DeleteAction
            spec={api.spec}
            api={api}
            row={record}
            onDeleted={() => navigate(paths.list, { replace: true })}
          />
        ) : undefined
      }
    >
      {props.children(form)}
    </ResourceFormPage>
  );
}
