/**
 * /campaigns/{detail}: 'new' creates a campaign and then opens it; an id shows the campaign's page:
 * the shared header (name, status, advertiser's flight, priority, booked, CPM, last change, Delete
 * in More: the campaign goes to the trash, whence it can be restored), then its form in sections.
 */
import { campaignSchema, CAMPAIGN_LABELS as L, UUID_PATTERN } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { type SessionLoaderData, useSession } from '../../../lib/session.ts';
import { campaignApi } from '../api/campaign-api.ts';
import { CampaignFields } from '../components/campaign-fields.tsx';
import { bookedText, flightText, moneyText, priorityText } from '../format.ts';
import { CAMPAIGN_PATHS } from '../paths.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

const campaignFacts = (campaign: ResourceDto<'campaign'>) => [
  { id: 'flight', label: T.flight, value: flightText(campaign), ltr: true },
  { id: 'priority', label: T.priority, value: priorityText(campaign) },
  { id: 'booked', label: L.bookedImpressions, value: bookedText(campaign.bookedImpressions) },
  { id: 'cpm', label: L.cpm, value: moneyText(campaign.cpm), ltr: true },
];

export function Component() {
  const { detail = '' } = useParams();
  const session = useSession() as SessionLoaderData | undefined;
  // The campaign's account (a stored one's; a new one is the signed-in account's): its pickers offer that account's records.
  const stored = useQuery({ ...campaignApi.detailOptions(detail), enabled: UUID_PATTERN.test(detail) });
  const ownerId = stored.data?.customerId ?? (detail === 'new' ? session?.user.customerId._id : undefined);
  return (
    <ResourceEditPage
      api={campaignApi}
      schema={campaignSchema}
      id={detail}
      paths={CAMPAIGN_PATHS}
      createTitle={T.newCampaign}
      facts={campaignFacts}
    >
      {(form) => <CampaignFields form={form} ownerId={ownerId} />}
    </ResourceEditPage>
  );
}
