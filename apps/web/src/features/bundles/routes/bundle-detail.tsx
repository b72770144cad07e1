/**
 * /demand/{detail}: 'new' creates a bundle and then opens it; an id shows its page (the shared
 * header, then its form: name, status, pod template, demand sources) with Delete.
 */
import { bundleSchema, BUNDLE_LABELS as L } from '@cuepoint/core';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { bundleApi } from '../api/bundle-api.ts';
import { BundleFields } from '../components/bundle-fields.tsx';
import { sourcesSummary } from '../components/bundle-format.ts';
import { BUNDLE_PATHS } from '../paths.ts';
import { BUNDLE_SCREEN_TEXTS as T } from '../texts.ts';

const bundleFacts = (bundle: ResourceDto<'bundle'>) => [
  { id: 'sources', label: L.sources, value: sourcesSummary(bundle), wide: true },
];

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={bundleApi}
      schema={bundleSchema}
      id={detail}
      paths={BUNDLE_PATHS}
      createTitle={T.newBundle}
      facts={bundleFacts}
    >
      {(form) => <BundleFields form={form} />}
    </ResourceEditPage>
  );
}
