/**
 * /advertisers: who buys the account's campaigns. A list (the kit's pattern: a row opens the
 * advertiser's page, New advertiser opens the create page, Delete is in the row's menu behind a
 * confirmation; an advertiser a campaign or creative names is refused, naming it).
 */
import { ADVERTISER_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Text } from '@mantine/core';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { advertiserApi } from '../api/advertiser-api.ts';
import { ADVERTISER_PATHS } from '../paths.ts';
import { ADVERTISER_TEXTS as T } from '../texts.ts';

export function Component() {
  return (
    <ResourceList
      spec={RESOURCES.advertiser}
      api={advertiserApi}
      columns={[
        { key: 'name', label: L.name },
        {
          key: 'contactEmails',
          label: L.contactEmails,
          ltr: true,
          render: (row) =>
            row.contactEmails.length === 0 ? (
              T.noContacts
            ) : (
              <Text size="sm" maw={320} truncate="end" title={row.contactEmails.join(', ')}>
                {row.contactEmails.join(', ')}
              </Text>
            ),
        },
        { key: 'status', label: L.status },
        { key: 'updatedAt', label: T.updatedAt },
      ]}
      filterLabels={{ status: L.status }}
      rowHref={(row) => ADVERTISER_PATHS.detail(row._id)}
      primaryAction={{ label: T.newAdvertiser, to: ADVERTISER_PATHS.create }}
    />
  );
}
