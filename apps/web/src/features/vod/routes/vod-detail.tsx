/**
 * /streams-vod/{detail}: 'new' creates a VOD asset and then opens it; an id shows the asset's
 * form to edit (source, metadata, cue points) with its sections (Configuration, Logs) and Delete.
 */
import { RESOURCE_TEXTS, RESOURCES, UUID_PATTERN, vodSchema } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DeleteAction } from '../../../components/resource/delete-action.tsx';
import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import {
  ResourceFormPage,
  type SubmitFrame,
  toFormValues,
  useResourceSubmit,
} from '../../../components/resource/resource-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { vodApi } from '../api/vod-api.ts';
import { VodFields } from '../components/vod-fields.tsx';
import { VOD_PATHS } from '../paths.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';

const spec = RESOURCES.vod;

export function Component() {
  const { detail = '' } = useParams();
  if (detail === 'new') return <CreateVod />;
  return <VodDetail key={detail} id={detail} />;
}

function CreateVod() {
  const navigate = useNavigate();
  const [initial] = useState(() => toFormValues(spec, undefined));
  const form = useZodForm(vodSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: vodApi,
    form,
    onSaved: (record) => navigate(VOD_PATHS.detail(record._id), { replace: true }),
  });
  return (
    <ResourceFormPage title={T.newVod} submit={submit} cancelTo={VOD_PATHS.list}>
      <VodFields form={form} />
    </ResourceFormPage>
  );
}

/** A frame's submit while there is no form yet (loading, not found). */
const NO_SUBMIT: SubmitFrame = { onSubmit: () => {}, isPending: false, dialog: <Fragment /> };

function VodSections({ id }: { id: string }) {
  return (
    <DetailTabs
      label={T.sections}
      tabs={[
        { value: 'configuration', label: T.configuration, to: VOD_PATHS.detail(id) },
        { value: 'logs', label: T.logs, to: VOD_PATHS.detailLogs(id) },
      ]}
    />
  );
}

function VodDetail({ id }: { id: string }) {
  // Not an id at all: nothing to ask the server for.
  const readable = UUID_PATTERN.test(id);
  const query = useQuery({ ...vodApi.detailOptions(id), enabled: readable });
  if (!readable || query.isError) {
    const notFound = !readable || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <ResourceFormPage
        submit={NO_SUBMIT}
        cancelTo={VOD_PATHS.list}
        error={notFound ? RESOURCE_TEXTS.notFound(spec.label) : query.error?.message}
      >
        {null}
      </ResourceFormPage>
    );
  }
  if (!query.data) {
    return (
      <ResourceFormPage submit={NO_SUBMIT} loading tabs={<VodSections id={id} />}>
        {null}
      </ResourceFormPage>
    );
  }
  return <EditVod record={query.data} />;
}

function EditVod({ record }: { record: ResourceDto<'vod'> }) {
  const navigate = useNavigate();
  const [initial] = useState(() => toFormValues(spec, record));
  // The version the form's values were read at: a later refetch must not make a stale edit current.
  const [version, setVersion] = useState(record.version);
  const form = useZodForm(vodSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: vodApi,
    form,
    id: record._id,
    version,
    onSaved: (saved) => setVersion(saved.version),
  });
  return (
    <ResourceFormPage
      title={record.name}
      submit={submit}
      cancelTo={VOD_PATHS.list}
      tabs={<VodSections id={record._id} />}
      actions={
        <DeleteAction
          spec={spec}
          api={vodApi}
          row={record}
          onDeleted={() => navigate(VOD_PATHS.list, { replace: true })}
        />
      }
    >
      <VodFields form={form} />
    </ResourceFormPage>
  );
}
