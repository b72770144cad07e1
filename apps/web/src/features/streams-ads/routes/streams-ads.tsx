/** /streams-ads: the ad configuration of the account's live streams. */
import { LIVE_STREAM_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DATASOURCE_TEXTS } from '../../../components/datasource/texts.ts';
import { type ResourceColumn, ResourceList } from '../../../components/resource/resource-list.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { streamAdsApi } from '../api/live-stream-api.ts';
import { ADS_PATHS } from '../paths.ts';
import { STREAMS_ADS_TEXTS as T } from '../texts.ts';

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

const FILTER_LABELS = {
  status: L.status,
  formatType: L.formatType,
  adDecision: L.adDecision,
  inRedundancy: L.inRedundancy,
} as const;
const FILTER_OPTION_LABELS = {
  status: DATASOURCE_TEXTS.statusOptions,
  adDecision: DATASOURCE_TEXTS.adDecisionOptions,
  inRedundancy: DATASOURCE_TEXTS.redundancyOptions,
} as const;

export function Component() {
  return (
    <ResourceList
      spec={RESOURCES.liveStream}
      api={streamAdsApi}
      title={T.title}
      columns={COLUMNS}
      filterLabels={FILTER_LABELS}
      filterOptionLabels={FILTER_OPTION_LABELS}
      rowHref={(row) => ADS_PATHS.detail(row._id)}
      actions={
        <Button variant="default" component={Link} to={ADS_PATHS.logs}>
          {T.logs}
        </Button>
      }
    />
  );
}
