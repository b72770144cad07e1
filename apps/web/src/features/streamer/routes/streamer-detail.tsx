/**
 * /streamer-addon/{detail}: 'new' creates a streamer channel and then opens it; an id shows the
 * channel's form to edit (playback, programme, ad breaks, slate) with its sections
 * (Configuration, Logs) and Delete.
 */
import { RESOURCE_TEXTS, RESOURCES, streamerSchema, UUID_PATTERN } from '@cuepoint/core';
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
import { useSlateOptions } from '../api/slate-options.ts';
import { streamerApi } from '../api/streamer-api.ts';
import { useVodOptions } from '../api/vod-options.ts';
import { StreamerFields } from '../components/streamer-fields.tsx';
import { STREAMER_PATHS } from '../paths.ts';
import { STREAMER_SCREEN_TEXTS as T } from '../texts.ts';

const spec = RESOURCES.streamer;

export function Component() {
  const { detail = '' } = useParams();
  if (detail === 'new') return <CreateStreamer />;
  return <StreamerDetail key={detail} id={detail} />;
}

/** The VOD assets and slates the form chooses from, and whether they could not be loaded. */
function useChoices() {
  const vods = useVodOptions();
  const slates = useSlateOptions();
  return {
    vods: vods.data ?? [],
    vodsFailed: vods.isError,
    slates: slates.data ?? [],
    slatesFailed: slates.isError,
  };
}

function CreateStreamer() {
  const navigate = useNavigate();
  const choices = useChoices();
  const [initial] = useState(() => toFormValues(spec, undefined));
  const form = useZodForm(streamerSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: streamerApi,
    form,
    onSaved: (record) => navigate(STREAMER_PATHS.detail(record._id), { replace: true }),
  });
  return (
    <ResourceFormPage title={T.newStreamer} submit={submit} cancelTo={STREAMER_PATHS.list}>
      <StreamerFields form={form} {...choices} />
    </ResourceFormPage>
  );
}

/** A frame's submit while there is no form yet (loading, not found). */
const NO_SUBMIT: SubmitFrame = { onSubmit: () => {}, isPending: false, dialog: <Fragment /> };

function StreamerSections({ id }: { id: string }) {
  return (
    <DetailTabs
      label={T.sections}
      tabs={[
        { value: 'configuration', label: T.configuration, to: STREAMER_PATHS.detail(id) },
        { value: 'logs', label: T.logs, to: STREAMER_PATHS.detailLogs(id) },
      ]}
    />
  );
}

function StreamerDetail({ id }: { id: string }) {
  // Not an id at all: nothing to ask the server for.
  const readable = UUID_PATTERN.test(id);
  const query = useQuery({ ...streamerApi.detailOptions(id), enabled: readable });
  if (!readable || query.isError) {
    const notFound = !readable || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <ResourceFormPage
        submit={NO_SUBMIT}
        cancelTo={STREAMER_PATHS.list}
        error={notFound ? RESOURCE_TEXTS.notFound(spec.label) : query.error?.message}
      >
        {null}
      </ResourceFormPage>
    );
  }
  if (!query.data) {
    return (
      <ResourceFormPage submit={NO_SUBMIT} loading tabs={<StreamerSections id={id} />}>
        {null}
      </ResourceFormPage>
    );
  }
  return <EditStreamer record={query.data} />;
}

function EditStreamer({ record }: { record: ResourceDto<'streamer'> }) {
  const navigate = useNavigate();
  const choices = useChoices();
  const [initial] = useState(() => toFormValues(spec, record));
  // The version the form's values were read at: a later refetch must not make a stale edit current.
  const [version, setVersion] = useState(record.version);
  const form = useZodForm(streamerSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: streamerApi,
    form,
    id: record._id,
    version,
    onSaved: (saved) => setVersion(saved.version),
  });
  return (
    <ResourceFormPage
      title={record.name}
      submit={submit}
      cancelTo={STREAMER_PATHS.list}
      tabs={<StreamerSections id={record._id} />}
      actions={
        <DeleteAction
          spec={spec}
          api={streamerApi}
          row={record}
          onDeleted={() => navigate(STREAMER_PATHS.list, { replace: true })}
        />
      }
    >
      <StreamerFields form={form} {...choices} />
    </ResourceFormPage>
  );
}
