/**
 * /streams-ads/{detail}: the ad configuration of one live stream (the Ads tab of its datasource),
 * saved as a partial update (POST /ssai/ds/{id} with the version it was read at).
 */
import { LIVE_STREAM_TABS, type LiveStream, liveStreamSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { liveStreamApi } from '../api/live-stream-api.ts';
import { DatasourceFields } from '../components/datasource-fields.tsx';
import {
  type DatasourceValues,
  toDatasourcePayload,
  toDatasourceValues,
} from '../components/datasource-values.ts';
import { StreamSections } from '../components/stream-sections.tsx';
import { ADS_PATHS } from '../paths.ts';

const ADS_TAB = ['ads'] as const;
/** The fields of the Ads tab: what this screen changes. */
const AD_FIELDS = (LIVE_STREAM_TABS.find((tab) => tab.id === 'ads')?.fields ??
  []) as readonly (keyof LiveStream)[];

/** The partial update: the ad fields as the schema reads them. */
const toAdsPayload = (values: DatasourceValues): Partial<LiveStream> => {
  const data = toDatasourcePayload(values);
  return Object.fromEntries(AD_FIELDS.map((field) => [field, data[field]])) as Partial<LiveStream>;
};

export function Component() {
  const { detail = '' } = useParams();
  // The whole datasource is in the form, so the schema's cross-field rules see every field.
  return (
    <ResourceEditPage
      api={liveStreamApi}
      schema={liveStreamSchema}
      id={detail}
      paths={ADS_PATHS}
      tabs={(id) => <StreamSections id={id} />}
      toValues={toDatasourceValues}
      toData={toAdsPayload}
      method="patch"
      deletable={false}
    >
      {(form) => <DatasourceFields form={form} tabs={ADS_TAB} />}
    </ResourceEditPage>
  );
}
