/**
 * /streams-vod/{detail}: 'new' creates a VOD asset and then opens it; an id shows the asset's
 * form to edit (source, metadata, cue points) with its sections (Configuration, Logs) and Delete.
 */
import { vodSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { DetailTabs } from '../../../components/resource/detail-tabs.tsx';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { vodApi } from '../api/vod-api.ts';
import { VodFields } from '../components/vod-fields.tsx';
import { VOD_PATHS } from '../paths.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={vodApi}
      schema={vodSchema}
      id={detail}
      paths={VOD_PATHS}
      createTitle={T.newVod}
      tabs={(id) => <VodSections id={id} />}
    >
      {(form) => <VodFields form={form} />}
    </ResourceEditPage>
  );
}

function VodSections({ id }: { id: string }) {
  return (
    <DetailTabs
      label={T.sections}
      tabs={[
        { value: 'configuration', label: T.configuration, to: VOD_PATHS.detail(id) },
        { value: 'logs', label: T.logs, to: VOD_PATHS.detailLogs(id) },
      ]}
    />
  );
}
