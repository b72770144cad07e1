/**
 * /demand: the account's bundles, each a traffic split over demand sources that a stream's or an
 * asset's ad configuration picks. A list (the kit's pattern: a row opens the bundle's page, New
 * bundle opens the create page, Delete is in the row's menu behind a confirmation; a bundle a
 * stream or asset uses is refused, naming it).
 */
import { BUNDLE_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Text } from '@mantine/core';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { bundleApi } from '../api/bundle-api.ts';
import { usePodOptions } from '../api/demand-options.ts';
import { sourcesSummary } from '../components/bundle-format.ts';
import { BUNDLE_PATHS } from '../paths.ts';
import { BUNDLE_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const pods = usePodOptions();
  const podName = (id: string | null) =>
    id === null ? T.noPod : (pods.options.find((pod) => pod.value === id)?.label ?? '');
  return (
    <ResourceList
      spec={RESOURCES.bundle}
      api={bundleApi}
      columns={[
        { key: 'name', label: L.name },
        {
          key: 'sources',
          label: L.sources,
          sortable: false,
          render: (row) => (
            <Text size="sm" maw={360} truncate="end" title={sourcesSummary(row)}>
              {sourcesSummary(row)}
            </Text>
          ),
        },
        ...(pods.shown
          ? [
              {
                key: 'podId',
                label: L.podId,
                sortable: false,
                render: (row: { podId: string | null }) => podName(row.podId),
              },
            ]
          : []),
        { key: 'status', label: L.status },
        { key: 'updatedAt', label: T.updatedAt },
      ]}
      filterLabels={{ status: L.status }}
      rowHref={(row) => BUNDLE_PATHS.detail(row._id)}
      primaryAction={{ label: T.newBundle, to: BUNDLE_PATHS.create }}
    />
  );
}
