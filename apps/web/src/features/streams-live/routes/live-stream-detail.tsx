/**
 * /streams-live/{detail}: 'new' creates a live stream (the datasource form with the spec's known
 * defaults) and then opens it; an id shows the stream's datasource to edit, with its sections
 * (Configuration, Ads, Logs) and Delete.
 */
import { LIVE_STREAM_DEFAULTS, liveStreamSchema, RESOURCES } from '@cuepoint/core';
import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DatasourceFields, type SlateOption } from '../../../components/datasource/datasource-fields.tsx';
import { toDatasourcePayload, toDatasourceValues } from '../../../components/datasource/datasource-values.ts';
import { DeleteAction } from '../../../components/resource/delete-action.tsx';
import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import { ResourceDetail } from '../../../components/resource/resource-detail.tsx';
import { ResourceFormPage, useResourceSubmit } from '../../../components/resource/resource-form.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { liveStreamApi } from '../api/live-stream-api.ts';
import { useSlateOptions } from '../api/slate-options.ts';
import { LIVE_PATHS } from '../paths.ts';
import { STREAMS_LIVE_TEXTS as T } from '../texts.ts';

const spec = RESOURCES.liveStream;

export function Component() {
  const { detail = '' } = useParams();
  if (detail === 'new') return <CreateLiveStream />;
  return <LiveStreamDetail key={detail} id={detail} />;
}

/** The account's slates for the slate select, and whether they could not be loaded. */
function useSlates(): { slates: SlateOption[]; failed: boolean } {
  const query = useSlateOptions();
  return { slates: query.data ?? [], failed: query.isError };
}

function SlatesUnavailable({ failed }: { failed: boolean }) {
  return failed ? (
    <Alert color="yellow" role="status">
      {T.slatesUnavailable}
    </Alert>
  ) : null;
}

function CreateLiveStream() {
  const navigate = useNavigate();
  const { slates, failed } = useSlates();
  const [initial] = useState(() => toDatasourceValues(LIVE_STREAM_DEFAULTS));
  const form = useZodForm(liveStreamSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: liveStreamApi,
    form,
    toData: toDatasourcePayload,
    onSaved: (record) => navigate(LIVE_PATHS.detail(record._id), { replace: true }),
  });
  return (
    <ResourceFormPage title={T.newStream} submit={submit} cancelTo={LIVE_PATHS.list}>
      <SlatesUnavailable failed={failed} />
      <DatasourceFields form={form} slates={slates} />
    </ResourceFormPage>
  );
}

function StreamSections({ id }: { id: string }) {
  return (
    <DetailTabs
      label={T.sections}
      tabs={[
        { value: 'configuration', label: T.configuration, to: LIVE_PATHS.detail(id) },
        { value: 'ads', label: T.ads, to: LIVE_PATHS.ads(id) },
        { value: 'logs', label: T.logs, to: LIVE_PATHS.detailLogs(id) },
      ]}
    />
  );
}

function LiveStreamDetail({ id }: { id: string }) {
  return (
    <ResourceDetail api={liveStreamApi} id={id} cancelTo={LIVE_PATHS.list} tabs={<StreamSections id={id} />}>
      {(record) => <EditLiveStream record={record} />}
    </ResourceDetail>
  );
}

function EditLiveStream({ record }: { record: ResourceDto<'liveStream'> }) {
  const navigate = useNavigate();
  const { slates, failed } = useSlates();
  const [initial] = useState(() => toDatasourceValues(record));
  // The version the form's values were read at: a later refetch must not make a stale edit current.
  const [version, setVersion] = useState(record.version);
  const form = useZodForm(liveStreamSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: liveStreamApi,
    form,
    id: record._id,
    version,
    toData: toDatasourcePayload,
    toValues: toDatasourceValues,
    onSaved: (saved) => setVersion(saved.version),
  });
  return (
    <ResourceFormPage
      title={record.name}
      submit={submit}
      cancelTo={LIVE_PATHS.list}
      tabs={<StreamSections id={record._id} />}
      actions={
        <DeleteAction
          spec={spec}
          api={liveStreamApi}
          row={record}
          onDeleted={() => navigate(LIVE_PATHS.list, { replace: true })}
        />
      }
    >
      <SlatesUnavailable failed={failed} />
      <DatasourceFields form={form} slates={slates} />
    </ResourceFormPage>
  );
}
