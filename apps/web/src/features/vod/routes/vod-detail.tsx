/**
 * /streams-vod/{detail}: 'new' creates a VOD asset and then opens it; an id shows the asset's
 * form to edit (source, metadata, cue points) with its sections (Configuration, Logs) and Delete.
 */
import { RESOURCES, vodSchema } from '@cuepoint/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DeleteAction } from '../../../components/resource/delete-action.tsx';
import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import { ResourceDetail } from '../../../components/resource/resource-detail.tsx';
import {
  ResourceFormPage,
  toFormValues,
  useResourceSubmit,
} from '../../../components/resource/resource-form.tsx';
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
  return (
    <ResourceDetail api={vodApi} id={id} cancelTo={VOD_PATHS.list} tabs={<VodSections id={id} />}>
      {(record) => <EditVod record={record} />}
    </ResourceDetail>
  );
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
