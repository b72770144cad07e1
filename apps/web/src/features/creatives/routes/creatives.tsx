/**
 * /creatives: the account's video ads. A list (the kit's pattern: a row opens the creative's page,
 * New creative the create page, Delete is in the row's menu behind a confirmation; a creative a
 * campaign uses is refused, naming the campaign), with each creative's advertiser and whether its
 * video is conditioned for the ad server yet (asked for the whole page at once, polled while queued).
 */
import { CREATIVE_LABELS as L, RESOURCES } from '@cuepoint/core';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { creativeApi } from '../api/creative-api.ts';
import { ConditioningCell } from '../components/conditioning-badge.tsx';
import { CREATIVE_PATHS } from '../paths.ts';
import { CREATIVE_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const { options: advertisers } = useResourceOptions(RESOURCES.advertiser);
  const advertiserName = (id: string | null) =>
    (id && advertisers.find((a) => a.value === id)?.label) || KIT_TEXTS.empty;
  return (
    <ResourceList<'creative'>
      spec={RESOURCES.creative}
      api={creativeApi}
      columns={[
        { key: 'name', label: L.name },
        {
          key: 'advertiserId',
          label: L.advertiserId,
          sortable: false,
          render: (row) => advertiserName(row.advertiserId),
        },
        { key: 'duration', label: L.duration, ltr: true, render: (row) => T.seconds(row.duration) },
        {
          key: 'conditioning',
          label: T.conditioningColumn,
          sortable: false,
          render: (row) => <ConditioningCell id={row._id} videoUrl={row.videoUrl} />,
        },
        { key: 'status', label: T.status },
        { key: 'updatedAt', label: T.updatedAt },
      ]}
      filterLabels={{ sourceType: L.sourceType, status: T.status }}
      filterOptionLabels={{ sourceType: T.sources }}
      rowHref={(row) => CREATIVE_PATHS.detail(row._id)}
      primaryAction={{ label: T.newCreative, to: CREATIVE_PATHS.create }}
    />
  );
}
