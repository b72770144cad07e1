/**
 * /streamer-addon/{detail}: 'new' creates a streamer channel and then opens it; an id shows the
 * channel's form to edit (playback, programme, ad breaks, slate) with its sections
 * (Configuration, Logs) and Delete.
 */
import { RESOURCES, streamerSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { streamerApi } from '../api/streamer-api.ts';
import { StreamerFields, type StreamerForm } from '../components/streamer-fields.tsx';
import { STREAMER_PATHS } from '../paths.ts';
import { STREAMER_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={streamerApi}
      schema={streamerSchema}
      id={detail}
      paths={STREAMER_PATHS}
      createTitle={T.newStreamer}
      tabs={(id) => <StreamerSections id={id} />}
    >
      {(form) => <ChannelFields form={form} />}
    </ResourceEditPage>
  );
}

/** The fields, with the VOD assets and slates they choose from (and whether those could not be loaded). */
function ChannelFields({ form }: { form: StreamerForm }) {
  const vods = useResourceOptions(RESOURCES.vod);
  const slates = useResourceOptions(RESOURCES.slate);
  return (
    <StreamerFields
      form={form}
      vods={vods.options}
      vodsFailed={vods.failed}
      slates={slates.options}
      slatesFailed={slates.failed}
    />
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
