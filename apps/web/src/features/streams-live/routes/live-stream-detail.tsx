/**
 * /streams-live/{detail}: 'new' creates a live stream (the datasource form with the spec's known
 * defaults) and then opens it; an id shows the stream's datasource to edit, with its sections
 * (Configuration, Ads, Logs) and Delete.
 */
import {
  LIVE_STREAM_DEFAULTS,
  liveStreamSchema,
  RESOURCE_TEXTS,
  RESOURCES,
  UUID_PATTERN,
} from '@cuepoint/core';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DatasourceFields, type SlateOption } from '../../../components/datasource/datasource-fields.tsx';
import { toDatasourcePayload, toDatasourceValues } from '../../../components/datasource/datasource-values.ts';
import { DeleteAction } from '../../../components/resource/delete-action.tsx';
import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import {
  ResourceFormPage,
  type SubmitFrame,
  useResourceSubmit,
} from '../../../components/resource/resource-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
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

/** A frame's submit while there is no form yet (loading, not found). */
const NO_SUBMIT: SubmitFrame = { onSubmit: () => {}, isPending: false, dialog: <Fragment /> };

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
  // Not an id at all: nothing to ask the server for.
  const readable = UUID_PATTERN.test(id);
  const query = useQuery({ ...liveStreamApi.detailOptions(id), enabled: readable });
  if (!readable || query.isError) {
    const notFound = !readable || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <ResourceFormPage
        submit={NO_SUBMIT}
        cancelTo={LIVE_PATHS.list}
        error={notFound ? RESOURCE_TEXTS.notFound(spec.label) : query.error?.message}
      >
        {null}
      </ResourceFormPage>
    );
  }
  if (!query.data) {
    return (
      <ResourceFormPage submit={NO_SUBMIT} loading tabs={<StreamSections id={id} />}>
        {null}
      </ResourceFormPage>
    );
  }
  return <EditLiveStream record={query.data} />;
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
