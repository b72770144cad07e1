/**
 * One live stream's page, whichever of its routes opened it: /streams-live/{detail} (the
 * datasource, from its first tab) and /streams-ads/{detail} (the same page, on its Ads tab). The
 * shared header (name, status, playback URLs, source, last change, Logs, Delete in More), then one
 * row of tabs: the datasource's (LIVE_STREAM_TABS), so every field is edited in one place and
 * saved whole with the version it was read at. 'new' creates a stream (the spec's defaults) on
 * /streams-live and then opens it.
 */
import {
  LIVE_STREAM_LABELS as L,
  liveStreamSchema,
  lockedFields,
  PLAYBACK_PATHS,
  playbackPath,
  RESOURCES,
} from '@cuepoint/core';
import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { usePlanOf } from '../../../components/plan/plan-lock.tsx';
import { PlaybackPanel } from '../../../components/playback/playback-panel.tsx';
import { playbackFact, servedAt } from '../../../components/resource/detail-header.tsx';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { liveStreamApi } from '../api/live-stream-api.ts';
import { LIVE_PATHS } from '../paths.ts';
import { DATASOURCE_TEXTS, STREAMS_LIVE_TEXTS as T } from '../texts.ts';
import { DatasourceFields } from './datasource-fields.tsx';
import {
  type DatasourceForm,
  type DatasourceTabId,
  toDatasourcePayload,
  toDatasourceValues,
} from './datasource-values.ts';

export interface LiveStreamPageProps {
  /** The route's `:detail`: 'new' (with `create`) or a stream's id. */
  id: string;
  /** The route's section: its list (Cancel, and where a delete leads) and a stream's page. */
  paths: { list: string; detail: (id: string) => string };
  /** The tab the page opens on. */
  initialTab?: DatasourceTabId;
  /** This route creates streams ('new'). */
  create?: boolean;
}

/** Where a viewer's player plays a stream: an active stream's multivariant playlist on the data plane. */
export const livePlaybackUrls = (stream: ResourceDto<'liveStream'>): string[] =>
  stream.status === 'active'
    ? [servedAt(playbackPath(PLAYBACK_PATHS.liveMaster, { streamId: stream._id }))]
    : [];

/** The header's facts of a stream: where it plays, its source, format and ads. */
const streamFacts = (stream: ResourceDto<'liveStream'>) => [
  playbackFact(livePlaybackUrls(stream), KIT_TEXTS.playbackInactive),
  {
    id: 'source',
    label: L.sourceStreamUrl,
    value: stream.sourceStreamUrl,
    copy: stream.sourceStreamUrl,
    ltr: true,
    wide: true,
  },
  { id: 'format', label: L.formatType, value: stream.formatType, ltr: true },
  { id: 'adDecision', label: L.adDecision, value: DATASOURCE_TEXTS.adDecisionOptions[stream.adDecision] },
];

export function LiveStreamPage({ id, paths, initialTab, create = false }: LiveStreamPageProps) {
  return (
    <ResourceEditPage
      api={liveStreamApi}
      schema={liveStreamSchema}
      id={id}
      paths={paths}
      createTitle={create ? T.newStream : undefined}
      facts={streamFacts}
      logsTo={LIVE_PATHS.detailLogs}
      toValues={toDatasourceValues}
      toData={toDatasourcePayload}
      panel={(stream) => (
        <PlaybackPanel
          kind="liveStream"
          resourceId={stream._id}
          name={stream.name}
          playbackUrl={livePlaybackUrls(stream)[0]}
        />
      )}
    >
      {(form) => <StreamFields form={form} initialTab={initialTab} id={id} />}
    </ResourceEditPage>
  );
}

/**
 * The datasource's fields, with the account's slates and bundles to choose from (and whether they
 * could not be loaded), and the fields the plan of the stream's customer locks (the record is
 * loaded by now).
 */
function StreamFields({
  form,
  initialTab,
  id,
}: {
  form: DatasourceForm;
  initialTab?: DatasourceTabId;
  id: string;
}) {
  const { options: slates, failed } = useResourceOptions(RESOURCES.slate);
  const { options: bundles, failed: bundlesFailed } = useResourceOptions(RESOURCES.bundle);
  const record = useQueryClient().getQueryData(liveStreamApi.detailOptions(id).queryKey);
  const plan = usePlanOf(record?.customerId);
  const locked = plan === null ? [] : lockedFields('liveStream', plan);
  return (
    <>
      {failed && (
        <Alert color="yellow" role="status">
          {T.slatesUnavailable}
        </Alert>
      )}
      {bundlesFailed && (
        <Alert color="yellow" role="status">
          {DATASOURCE_TEXTS.bundlesUnavailable}
        </Alert>
      )}
      <DatasourceFields
        form={form}
        slates={slates}
        bundles={bundles}
        initialTab={initialTab}
        locked={locked}
      />
    </>
  );
}
