/**
 * /placements: where the account's campaigns may run. A list (the kit's pattern: a row opens the
 * placement's page, New placement opens the create page, Delete is in the row's menu behind a
 * confirmation; a placement a campaign names is refused, naming it).
 */
import { PLACEMENT_LABELS as L, RESOURCES } from '@cuepoint/core';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { placementApi } from '../api/placement-api.ts';
import { placementCoverage, positionsText } from '../components/placement-format.ts';
import { PLACEMENT_PATHS } from '../paths.ts';
import { PLACEMENT_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  return (
    <ResourceList
      spec={RESOURCES.placement}
      api={placementApi}
      columns={[
        { key: 'name', label: L.name },
        { key: 'coverage', label: T.coverage, sortable: false, render: placementCoverage },
        { key: 'positions', label: L.positions, sortable: false, render: positionsText },
        { key: 'maxAdDuration', label: L.maxAdDuration, render: (row) => T.secondsValue(row.maxAdDuration) },
        {
          key: 'maxPodDuration',
          label: L.maxPodDuration,
          render: (row) => T.secondsValue(row.maxPodDuration),
        },
        { key: 'status', label: L.status },
        { key: 'updatedAt', label: T.updatedAt },
      ]}
      filterLabels={{ status: L.status }}
      rowHref={(row) => PLACEMENT_PATHS.detail(row._id)}
      primaryAction={{ label: T.newPlacement, to: PLACEMENT_PATHS.create }}
    />
  );
}
