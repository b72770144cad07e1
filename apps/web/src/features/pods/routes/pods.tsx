/**
 * /pods (hidden when SHOWPODS=0): the account's ad pod templates. A list (the kit's pattern: a row
 * opens the template's page, New pod template opens the create page, Delete is in the row's menu
 * behind a confirmation; a template a bundle names is refused, naming it).
 */
import { POD_LABELS as L, POD_FILL_POLICY_LABELS, RESOURCES } from '@cuepoint/core';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { podApi } from '../api/pod-api.ts';
import { PodsOff, podsShown } from '../components/pods-off.tsx';
import { POD_PATHS } from '../paths.ts';
import { POD_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  if (!podsShown()) return <PodsOff />;
  return (
    <ResourceList
      spec={RESOURCES.pod}
      api={podApi}
      columns={[
        { key: 'name', label: L.name },
        { key: 'adpodLength', label: L.adpodLength },
        {
          key: 'maxTotalDuration',
          label: T.podDuration,
          ltr: true,
          render: (row) => T.range(row.minTotalDuration, row.maxTotalDuration),
        },
        {
          key: 'adDuration',
          label: T.adDuration,
          sortable: false,
          ltr: true,
          render: (row) => T.range(row.minAdDuration, row.maxAdDuration),
        },
        { key: 'fillPolicy', label: L.fillPolicy, render: (row) => POD_FILL_POLICY_LABELS[row.fillPolicy] },
        { key: 'status', label: L.status },
        { key: 'updatedAt', label: T.updatedAt },
      ]}
      filterLabels={{ status: L.status, fillPolicy: L.fillPolicy }}
      filterOptionLabels={{ fillPolicy: POD_FILL_POLICY_LABELS }}
      rowHref={(row) => POD_PATHS.detail(row._id)}
      primaryAction={{ label: T.newPod, to: POD_PATHS.create }}
    />
  );
}
