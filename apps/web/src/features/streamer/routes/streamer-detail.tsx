/**
 * /streamer-addon/{detail}: 'new' creates a streamer channel and then opens it; an id shows the
 * channel's page: the shared header (name, status, playback URLs, playback mode, programme, last
 * change, Logs, Delete in More), then its form (playback, programme, ad breaks, slate).
 */
import { STREAMER_LABELS as L, RESOURCES, streamerSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { playbackFact } from '../../../components/resource/detail-header.tsx';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { streamerApi } from '../api/streamer-api.ts';
import { StreamerFields, type StreamerForm } from '../components/streamer-fields.tsx';
import { STREAMER_PATHS } from '../paths.ts';
import { STREAMER_SCREEN_TEXTS as T } from '../texts.ts';

/** The header's facts of a channel: where it plays (once the data plane serves it), how, and what. */
const channelFacts = (channel: ResourceDto<'streamer'>) => [
  playbackFact(),
  { id: 'mode', label: L.mode, value: T.modeOptions[channel.mode] ?? channel.mode },
  { id: 'items', label: T.itemCount, value: channel.items.length },
];

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={streamerApi}
      schema={streamerSchema}
      id={detail}
      paths={STREAMER_PATHS}
      createTitle={T.newStreamer}
      facts={channelFacts}
      logsTo={STREAMER_PATHS.detailLogs}
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
