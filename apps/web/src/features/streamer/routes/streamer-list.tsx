/** /streamer-addon: the account's streamer channels (linear channels assembled from VOD assets). */
import { STREAMER_LABELS as L, RESOURCES } from '@cuepoint/core';
import { LogsButton } from '../../../components/resource/list-toolbar.tsx';
import { type ResourceColumn, ResourceList } from '../../../components/resource/resource-list.tsx';
import { StatusBadge } from '../../../components/resource/status-badge.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { streamerApi } from '../api/streamer-api.ts';
import { STREAMER_PATHS } from '../paths.ts';
import { STREAMER_SCREEN_TEXTS as T } from '../texts.ts';

type Row = ResourceDto<'streamer'>;

const COLUMNS: readonly ResourceColumn<Row>[] = [
  { key: 'name', label: L.name },
  { key: 'mode', label: L.mode, render: (row) => T.modeOptions[row.mode] ?? row.mode },
  { key: 'items', label: T.itemCount, sortable: false, render: (row) => row.items.length },
  { key: 'breakinterval', label: L.breakinterval, sortable: false },
  { key: 'adDuration', label: L.adDuration, sortable: false },
  {
    key: 'status',
    label: T.status,
    render: (row) => <StatusBadge status={row.status} />,
  },
  { key: 'updatedAt', label: T.updatedAt },
];

export function Component() {
  return (
    <ResourceList
      spec={RESOURCES.streamer}
      api={streamerApi}
      columns={COLUMNS}
      filterLabels={{ mode: L.mode, status: T.status }}
      filterOptionLabels={{ mode: T.modeOptions, status: T.statusOptions }}
      rowHref={(row) => STREAMER_PATHS.detail(row._id)}
      primaryAction={{ label: T.newStreamer, to: STREAMER_PATHS.create }}
      actions={<LogsButton to={STREAMER_PATHS.logs} label={T.logs} />}
    />
  );
}
