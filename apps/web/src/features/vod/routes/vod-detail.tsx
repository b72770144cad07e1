/**
 * /streams-vod/{detail}: 'new' creates a VOD asset and then opens it; an id shows the asset's
 * page: the shared header (name, status, playback URLs, source, duration, last change, Logs,
 * Delete in More), then its form (source, metadata, cue points).
 */
import { VOD_LABELS as L, PLAYBACK_PATHS, playbackPath, vodSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { PlaybackPanel } from '../../../components/playback/playback-panel.tsx';
import { playbackFact, servedAt } from '../../../components/resource/detail-header.tsx';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { vodApi } from '../api/vod-api.ts';
import { VodFields } from '../components/vod-fields.tsx';
import { formatDuration } from '../format.ts';
import { VOD_PATHS } from '../paths.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';

/** Where a viewer's player plays an asset: an active asset's multivariant playlist on the data plane. */
export const vodPlaybackUrls = (vod: ResourceDto<'vod'>): string[] =>
  vod.status === 'active' ? [servedAt(playbackPath(PLAYBACK_PATHS.vodMaster, { vodId: vod._id }))] : [];

/** The header's facts of an asset: where it plays, its source and length. */
const vodFacts = (vod: ResourceDto<'vod'>) => [
  playbackFact(vodPlaybackUrls(vod), T.playbackInactive),
  { id: 'source', label: L.sourceUrl, value: vod.sourceUrl, copy: vod.sourceUrl, ltr: true, wide: true },
  { id: 'duration', label: L.duration, value: formatDuration(vod.duration), ltr: true },
  { id: 'cuePoints', label: T.cuePointCount, value: vod.cuePoints.length },
];

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={vodApi}
      schema={vodSchema}
      id={detail}
      paths={VOD_PATHS}
      createTitle={T.newVod}
      facts={vodFacts}
      logsTo={VOD_PATHS.detailLogs}
      panel={(vod) => (
        <PlaybackPanel
          kind="vod"
          resourceId={vod._id}
          name={vod.name}
          playbackUrl={vodPlaybackUrls(vod)[0]}
        />
      )}
    >
      {(form) => <VodFields form={form} />}
    </ResourceEditPage>
  );
}
