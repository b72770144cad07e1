/**
 * /streams-live/{detail}: 'new' creates a live stream (the datasource form with the spec's known
 * defaults) and then opens it; an id shows the stream's datasource to edit, with its sections
 * (Configuration, Ads, Logs) and Delete.
 */
import { liveStreamSchema, RESOURCES } from '@cuepoint/core';
import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { liveStreamApi } from '../api/live-stream-api.ts';
import { DatasourceFields } from '../components/datasource-fields.tsx';
import {
  type DatasourceForm,
  toDatasourcePayload,
  toDatasourceValues,
} from '../components/datasource-values.ts';
import { StreamSections } from '../components/stream-sections.tsx';
import { LIVE_PATHS } from '../paths.ts';
import { STREAMS_LIVE_TEXTS as T } from '../texts.ts';

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={liveStreamApi}
      schema={liveStreamSchema}
      id={detail}
      paths={LIVE_PATHS}
      createTitle={T.newStream}
      tabs={(id) => <StreamSections id={id} />}
      toValues={toDatasourceValues}
      toData={toDatasourcePayload}
    >
      {(form) => <StreamFields form={form} />}
    </ResourceEditPage>
  );
}

/** The datasource's fields, with the account's slates to choose from (and whether they could not be loaded). */
function StreamFields({ form }: { form: DatasourceForm }) {
  const { options: slates, failed } = useResourceOptions(RESOURCES.slate);
  return (
    <>
      {failed && (
        <Alert color="yellow" role="status">
          {T.slatesUnavailable}
        </Alert>
      )}
      <DatasourceFields form={form} slates={slates} />
    </>
  );
}
