/** /streams-live: the account's live streams, with their datasource's main settings. */
import { LIVE_STREAM_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Text } from '@mantine/core';
import { LogsButton } from '../../../components/resource/list-toolbar.tsx';
import { type ResourceColumn, ResourceList } from '../../../components/resource/resource-list.tsx';
import { StatusBadge } from '../../../components/resource/status-badge.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { liveStreamApi } from '../api/live-stream-api.ts';
import { STREAM_FILTER_LABELS, STREAM_FILTER_OPTION_LABELS } from '../components/stream-filters.ts';
import { LIVE_PATHS } from '../paths.ts';
import { DATASOURCE_TEXTS, STREAMS_LIVE_TEXTS as T } from '../texts.ts';

type Row = ResourceDto<'liveStream'>;

const COLUMNS: readonly ResourceColumn<Row>[] = [
  { key: 'name', label: L.name },
  {
    key: 'sourceStreamUrl',
    label: L.sourceStreamUrl,
    ltr: true,
    render: (row) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {row.sourceStreamUrl}
      </Text>
    ),
  },
  { key: 'formatType', label: L.formatType },
  {
    key: 'adDecision',
    label: L.adDecision,
    render: (row) => DATASOURCE_TEXTS.adDecisionOptions[row.adDecision],
  },
  {
    key: 'status',
    label: L.status,
    render: (row) => <StatusBadge status={row.status} />,
  },
  { key: 'updatedAt', label: T.updatedAt },
];

export function Component() {
  return (
    <ResourceList
      spec={RESOURCES.liveStream}
      api={liveStreamApi}
      columns={COLUMNS}
      filterLabels={STREAM_FILTER_LABELS}
      filterOptionLabels={STREAM_FILTER_OPTION_LABELS}
      rowHref={(row) => LIVE_PATHS.detail(row._id)}
      primaryAction={{ label: T.newStream, to: LIVE_PATHS.create }}
      actions={<LogsButton to={LIVE_PATHS.logs} label={T.logs} />}
    />
  );
}
