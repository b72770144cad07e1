/**
 * /streams-ads/{detail}: the ad configuration of one live stream (the Ads tab of its datasource),
 * saved as a partial update (POST /ssai/ds/{id} with the version it was read at).
 */
import { LIVE_STREAM_TABS, type LiveStream, liveStreamSchema, RESOURCES } from '@cuepoint/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DatasourceFields } from '../../../components/datasource/datasource-fields.tsx';
import {
  type DatasourceValues,
  toDatasourcePayload,
  toDatasourceValues,
} from '../../../components/datasource/datasource-values.ts';
import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import { ResourceDetail } from '../../../components/resource/resource-detail.tsx';
import { ResourceFormPage, useResourceSubmit } from '../../../components/resource/resource-form.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { streamAdsApi } from '../api/live-stream-api.ts';
import { ADS_PATHS } from '../paths.ts';
import { STREAMS_ADS_TEXTS as T } from '../texts.ts';

const spec = RESOURCES.liveStream;
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
  return <StreamAdsDetail key={detail} id={detail} />;
}

function StreamSections({ id }: { id: string }) {
  return (
    <DetailTabs
      label={T.sections}
      tabs={[
        { value: 'configuration', label: T.configuration, to: ADS_PATHS.configuration(id) },
        { value: 'ads', label: T.ads, to: ADS_PATHS.detail(id) },
        { value: 'logs', label: T.logs, to: ADS_PATHS.detailLogs(id) },
      ]}
    />
  );
}

function StreamAdsDetail({ id }: { id: string }) {
  return (
    <ResourceDetail api={streamAdsApi} id={id} cancelTo={ADS_PATHS.list} tabs={<StreamSections id={id} />}>
      {(record) => <EditStreamAds record={record} />}
    </ResourceDetail>
  );
}

function EditStreamAds({ record }: { record: ResourceDto<'liveStream'> }) {
  // The whole datasource is in the form, so the schema's cross-field rules see every field.
  const [initial] = useState(() => toDatasourceValues(record));
  const [version, setVersion] = useState(record.version);
  const form = useZodForm(liveStreamSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: streamAdsApi,
    form,
    id: record._id,
    version,
    method: 'patch',
    toData: toAdsPayload,
    toValues: toDatasourceValues,
    onSaved: (saved) => setVersion(saved.version),
  });
  return (
    <ResourceFormPage
      title={record.name}
      submit={submit}
      cancelTo={ADS_PATHS.list}
      tabs={<StreamSections id={record._id} />}
    >
      <DatasourceFields form={form} tabs={ADS_TAB} />
    </ResourceFormPage>
  );
}
