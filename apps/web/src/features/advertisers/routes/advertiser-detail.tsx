/**
 * /advertisers/{detail}: 'new' creates an advertiser and then opens it; an id shows its page (the
 * shared header, then its form) with Delete. The admin note is shown, and sent as edited, only to
 * a main administrator (the presented user: login-as and User View count as the customer); the
 * server keeps the stored note whatever anyone else sends.
 */
import { advertiserRecordSchema, ADVERTISER_LABELS as L } from '@cuepoint/core';
import { useParams, useRouteLoaderData } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { SESSION_ROUTE_ID, type SessionLoaderData } from '../../../lib/session.ts';
import { advertiserApi } from '../api/advertiser-api.ts';
import { AdvertiserFields } from '../components/advertiser-fields.tsx';
import { ADVERTISER_PATHS } from '../paths.ts';
import { ADVERTISER_TEXTS as T } from '../texts.ts';

const advertiserFacts = (advertiser: ResourceDto<'advertiser'>) => [
  advertiser.contactEmails.length === 0
    ? { id: 'contacts', label: L.contactEmails, value: T.noContacts }
    : {
        id: 'contacts',
        label: L.contactEmails,
        value: advertiser.contactEmails.join(', '),
        copy: advertiser.contactEmails.join(', '),
        ltr: true,
        wide: true,
      },
];

export function Component() {
  const { detail = '' } = useParams();
  const session = useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData | undefined;
  const showAdminNote = session?.user.profile.isMainAdmin ?? false;
  return (
    <ResourceEditPage
      api={advertiserApi}
      schema={advertiserRecordSchema}
      id={detail}
      paths={ADVERTISER_PATHS}
      createTitle={T.newAdvertiser}
      facts={advertiserFacts}
    >
      {(form) => <AdvertiserFields form={form} showAdminNote={showAdminNote} />}
    </ResourceEditPage>
  );
}
