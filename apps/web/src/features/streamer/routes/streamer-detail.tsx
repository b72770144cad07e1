/**
 * /streamer-addon/{detail}: 'new' creates a streamer channel and then opens it; an id shows the
 * channel's form to edit (playback, programme, ad breaks, slate) with its sections
 * (Configuration, Logs) and Delete.
 */
import { RESOURCES, streamerSchema } from '@cuepoint/core';
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
  return (
    <ResourceDetail
      api={streamerApi}
      id={id}
      cancelTo={STREAMER_PATHS.list}
      tabs={<StreamerSections id={id} />}
    >
      {(record) => <EditStreamer record={record} />}
    </ResourceDetail>
  );
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
