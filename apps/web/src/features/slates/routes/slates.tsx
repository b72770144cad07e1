/**
 * /slates: the fill videos a stream plays when no ad is there. A list (the kit's pattern: a row
 * opens the slate's page, New slate opens the create page, Delete is in the row's menu behind a
 * confirmation; a slate a stream uses is refused, naming the stream). Older links to the form
 * dialog (`?new=1`, `?edit=<id>`) lead to those pages.
 */
import { SLATE_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Anchor } from '@mantine/core';
import { Navigate } from 'react-router';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { useFormParamTarget } from '../../../components/resource/use-form-modal-param.ts';
import { slateApi } from '../api/slate-api.ts';
import { SLATE_PATHS } from '../paths.ts';
import { SLATE_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const formTarget = useFormParamTarget(SLATE_PATHS);
  if (formTarget) return <Navigate to={formTarget} replace />;
  return (
    <ResourceList
      spec={RESOURCES.slate}
      api={slateApi}
      columns={[
        { key: 'name', label: L.name },
        {
          key: 'sourceType',
          label: L.sourceType,
          render: (row) => T.sources[row.sourceType] ?? row.sourceType,
        },
        { key: 'duration', label: L.duration, render: (row) => T.seconds(row.duration) },
        {
          key: 'videoUrl',
          label: L.videoUrl,
          ltr: true,
          render: (row) => (
            <Anchor
              href={row.videoUrl}
              target="_blank"
              rel="noreferrer"
              size="sm"
              maw={320}
              display="inline-block"
              truncate="end"
              title={row.videoUrl}
            >
              {row.videoUrl}
            </Anchor>
          ),
        },
        { key: 'status', label: T.status },
        { key: 'updatedAt', label: T.updatedAt },
      ]}
      filterLabels={{ sourceType: L.sourceType, status: T.status }}
      filterOptionLabels={{ sourceType: T.sources }}
      rowHref={(row) => SLATE_PATHS.detail(row._id)}
      primaryAction={{ label: T.newSlate, to: SLATE_PATHS.create }}
    />
  );
}
