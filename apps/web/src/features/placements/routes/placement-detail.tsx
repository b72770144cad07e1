/**
 * /placements/{detail}: 'new' creates a placement and then opens it; an id shows its page (the
 * shared header, then its form: where, positions, limits) with Delete.
 */
import { PLACEMENT_LABELS as L, placementSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { placementApi } from '../api/placement-api.ts';
import { PlacementFields } from '../components/placement-fields.tsx';
import { placementCoverage, positionsText } from '../components/placement-format.ts';
import { PLACEMENT_PATHS } from '../paths.ts';
import { PLACEMENT_SCREEN_TEXTS as T } from '../texts.ts';

const placementFacts = (placement: ResourceDto<'placement'>) => [
  { id: 'coverage', label: T.coverage, value: placementCoverage(placement) },
  { id: 'positions', label: L.positions, value: positionsText(placement) },
];

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={placementApi}
      schema={placementSchema}
      id={detail}
      paths={PLACEMENT_PATHS}
      createTitle={T.newPlacement}
      facts={placementFacts}
    >
      {(form) => <PlacementFields form={form} />}
    </ResourceEditPage>
  );
}
