/** /streams-ads: the ad configuration of the account's live streams. */
import { LIVE_STREAM_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Text } from '@mantine/core';
import { LogsButton } from '../../../components/resource/list-toolbar.tsx';
import { type ResourceColumn, ResourceList } from '../../../components/resource/resource-list.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { liveStreamApi } from '../api/live-stream-api.ts';
import { STREAM_FILTER_LABELS, STREAM_FILTER_OPTION_LABELS } from '../components/stream-filters.ts';
import { ADS_PATHS } from '../paths.ts';
import { DATASOURCE_TEXTS, STREAMS_ADS_TEXTS as T } from '../texts.ts';

type Row = ResourceDto<'liveStream'>;

const COLUMNS: readonly ResourceColumn<Row>[] = [
  { key: 'name', label: L.name },
  {
    key: 'adDecision',
    label: L.adDecision,
    render: (row) => DATASOURCE_TEXTS.adDecisionOptions[row.adDecision],
  },
  { key: 'breakinterval', label: L.breakinterval },
  { key: 'adpodLength', label: L.adpodLength },
  {
    key: 'demand',
    label: T.demand,
    sortable: false,
    ltr: true,
    render: (row) =>
      row.adDecision === 'external' ? (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.vastUrl}
        </Text>
      ) : (
        T.bundleCount(row.bundles.length)
      ),
  },
  { key: 'updatedAt', label: T.updatedAt },
];

export function Component() {
  return (
    <ResourceList
      spec={RESOURCES.liveStream}
      api={liveStreamApi}
      title={T.title}
      columns={COLUMNS}
      filterLabels={STREAM_FILTER_LABELS}
      filterOptionLabels={STREAM_FILTER_OPTION_LABELS}
      rowHref={(row) => ADS_PATHS.detail(row._id)}
      // The ad configuration view of the streams: a stream is deleted from its own list.
      deletable={false}
      actions={<LogsButton to={ADS_PATHS.logs} label={T.logs} />}
    />
  );
}
