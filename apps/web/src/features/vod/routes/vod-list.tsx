/** /streams-vod: the account's VOD assets, with their duration, metadata and cue points. */
import { VOD_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { LogsButton } from '../../../components/resource/list-toolbar.tsx';
import { type ResourceColumn, ResourceList } from '../../../components/resource/resource-list.tsx';
import { StatusBadge } from '../../../components/resource/status-badge.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { vodApi } from '../api/vod-api.ts';
import { formatDuration } from '../format.ts';
import { VOD_PATHS } from '../paths.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';

type Row = ResourceDto<'vod'>;

const VOD_COLUMNS: readonly ResourceColumn<Row>[] = [
  { key: 'name', label: L.name },
  { key: 'title', label: L.title },
  { key: 'duration', label: L.duration, ltr: true, render: (row) => formatDuration(row.duration) },
  { key: 'genre', label: L.genre },
  { key: 'rating', label: L.rating },
  { key: 'cuePoints', label: T.cuePointCount, sortable: false, render: (row) => row.cuePoints.length },
  {
    key: 'status',
    label: T.status,
    render: (row) => <StatusBadge status={row.status} />,
  },
  { key: 'updatedAt', label: T.updatedAt },
];

/** Labels of the list shape's filters and of their values. */
const VOD_FILTER_LABELS = { genre: L.genre, rating: L.rating, status: T.status } as const;
const VOD_FILTER_OPTION_LABELS = { status: T.statusOptions } as const;

export function Component() {
  return (
    <ResourceList
      spec={RESOURCES.vod}
      api={vodApi}
      columns={VOD_COLUMNS}
      filterLabels={VOD_FILTER_LABELS}
      filterOptionLabels={VOD_FILTER_OPTION_LABELS}
      rowHref={(row) => VOD_PATHS.detail(row._id)}
      actions={
        <>
          <LogsButton to={VOD_PATHS.logs} label={T.logs} />
          <Button variant="default" component={Link} to={VOD_PATHS.metadata}>
            {T.metadata}
          </Button>
        </>
      }
      primaryAction={{ label: T.newVod, to: VOD_PATHS.create }}
    />
  );
}
