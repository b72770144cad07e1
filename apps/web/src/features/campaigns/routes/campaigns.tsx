/**
 * /campaigns: the account's campaigns. A list (the kit's pattern: a row opens the campaign's page,
 * New campaign the create page, Delete in the row's menu behind a confirmation moves it to the
 * trash), with its advertiser, priority, flight, booked impressions, CPM and status; the
 * toolbar leads to the campaign manager and the deleted campaigns.
 */
import { CAMPAIGN_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { campaignApi } from '../api/campaign-api.ts';
import { FlightDates } from '../components/flight-dates.tsx';
import { bookedText, moneyText, priorityText } from '../format.ts';
import { CAMPAIGN_PATHS } from '../paths.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const { options: advertisers } = useResourceOptions(RESOURCES.advertiser);
  const advertiserName = (id: string) => advertisers.find((a) => a.value === id)?.label ?? KIT_TEXTS.empty;
  return (
    <ResourceList<'campaign'>
      spec={RESOURCES.campaign}
      api={campaignApi}
      columns={[
        { key: 'name', label: L.name },
        {
          key: 'advertiserId',
          label: T.advertiser,
          sortable: false,
          render: (row) => advertiserName(row.advertiserId),
        },
        { key: 'priority', label: T.priority, render: (row) => priorityText(row) },
        {
          key: 'flight',
          label: T.flight,
          sortable: false,
          ltr: true,
          render: (row) => <FlightDates campaign={row} />,
        },
        { key: 'bookedImpressions', label: T.booked, render: (row) => bookedText(row.bookedImpressions) },
        { key: 'cpm', label: T.cpm, ltr: true, render: (row) => moneyText(row.cpm) },
        { key: 'status', label: T.status },
      ]}
      filterLabels={{ status: T.status, priority: T.priority, pacing: L.pacing }}
      filterOptionLabels={{ priority: T.priorities, pacing: { even: 'Even', asap: 'As fast as possible' } }}
      rowHref={(row) => CAMPAIGN_PATHS.detail(row._id)}
      primaryAction={{ label: T.newCampaign, to: CAMPAIGN_PATHS.create }}
      actions={
        <>
          <Button variant="default" component={Link} to={CAMPAIGN_PATHS.manager}>
            {T.backToManager}
          </Button>
          <Button variant="default" component={Link} to={CAMPAIGN_PATHS.deleted}>
            {T.deletedCampaigns}
          </Button>
        </>
      }
    />
  );
}
