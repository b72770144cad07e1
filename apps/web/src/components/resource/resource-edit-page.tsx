/**
 * The detail route of a resource edited on a page of its own (/streams-vod/{detail}), as one
 * component: 'new' creates a record (the resource's defaults) and then opens it; an id loads the
 * record (a loader, then the form, or the not-found message with a way back to the list), edits it
 * and saves it with the version it was read at. A stored record's page opens with the shared
 * header (RecordHeader: name, status, type, the screen's facts, Logs, and Delete in its More
 * menu). Leaving with unsaved changes asks first (unsaved-changes.tsx). The screen gives its
 * fields and facts; everything else is the kit's.
 */
import type { ResourceKind } from '@cuepoint/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ResourceDto } from '../../lib/resource-api.ts';
import { useRoleAllows } from '../../lib/role-access.ts';
import type { DetailFact } from './detail-header.tsx';
import { RecordHeader } from './record-header.tsx';
import { ResourceDetail } from './resource-detail.tsx';
import { type FormValues, ResourceFormPage } from './resource-form.tsx';
import { KIT_TEXTS } from './texts.ts';
import { useUnsavedChanges } from './unsaved-changes.tsx';
import { type ResourceFormOptions, recordName, useResourceForm } from './use-resource-form.ts';

export interface ResourceEditPageProps<K extends ResourceKind, V extends FormValues>
  extends ResourceFormOptions<K, V> {
  /** The route's `:detail`: 'new' (with `createTitle`) or a record's id. */
  id: string;
  /** The list (Cancel, and where a delete leads) and a record's page (where a create leads). */
  paths: { list: string; detail: (id: string) => string };
  /** The heading of the create form; without it 'new' is an id like any other (not found). */
  createTitle?: string;
  /** The header's facts of a stored record (its last change and id follow them). */
  facts?: (record: ResourceDto<K>) => readonly DetailFact[];
  /** The record's log viewer: a Logs link in the header. */
  logsTo?: (id: string) => string;
  /** Offer Delete (in the header's More menu) on a stored record (the default). */
  deletable?: boolean;
  /** Save cannot be pressed yet (a file is still uploading). */
  saveDisabled?: boolean;
  /** What a stored record's page shows between its header and its form (a stream's playback panel). */
  panel?: (record: ResourceDto<K>) => ReactNode;
  /** The fields, bound to the form. */
  children: (form: UseFormReturnType<V>) => ReactNode;
}

export function ResourceEditPage<K extends ResourceKind, V extends FormValues>(
  props: ResourceEditPageProps<K, V>,
) {
  const { api, id, paths, createTitle } = props;
  const canWrite = useRoleAllows('write');
  if (id === 'new' && createTitle !== undefined) {
    // A viewer who followed a link to the create page: nothing to fill in.
    if (!canWrite) {
      return (
        <ResourceFormPage title={createTitle} error={KIT_TEXTS.readOnlyCreate} cancelTo={paths.list}>
          {null}
        </ResourceFormPage>
      );
    }
    return <CreateForm {...props} createTitle={createTitle} />;
  }
  return (
    <ResourceDetail key={id} api={api} id={id} cancelTo={paths.list}>
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
  useUnsavedChanges(form.isDirty);
  return (
    <ResourceFormPage
      title={props.createTitle}
      submit={submit}
      cancelTo={props.paths.list}
      saveDisabled={props.saveDisabled}
    >
      {props.children(form)}
    </ResourceFormPage>
  );
}

function EditForm<K extends ResourceKind, V extends FormValues>(
  props: ResourceEditPageProps<K, V> & { record: ResourceDto<K> },
) {
  const { api, record, paths, facts, logsTo, deletable = true } = props;
  const navigate = useNavigate();
  const { form, submit } = useResourceForm(props, record);
  const guard = useUnsavedChanges(form.isDirty);
  // The header shows the record as stored (the query's, which a save refreshes), not the edits.
  const { data: stored = record } = useQuery(api.detailOptions(record._id));
  return (
    <ResourceFormPage
      title={recordName(record)}
      submit={submit}
      cancelTo={paths.list}
      saveDisabled={props.saveDisabled}
      header={
        <>
          <RecordHeader
            api={api}
            record={stored}
            facts={facts?.(stored)}
            logsTo={logsTo?.(stored._id)}
            deletable={deletable}
            onDeleted={() => {
              guard.release();
              // Awaited: the record's query is dropped once its page is gone (delete-action.tsx).
              return navigate(paths.list, { replace: true });
            }}
          />
          {props.panel?.(stored)}
        </>
      }
    >
      {props.children(form)}
    </ResourceFormPage>
  );
}
