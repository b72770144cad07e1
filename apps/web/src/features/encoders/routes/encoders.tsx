/**
 * /encoder (ENCODER flag): the account's encoders. A list (the kit's pattern: a row opens the
 * encoder's page, New encoder opens the create page, Delete is in the row's menu behind a
 * confirmation). Older links to the form dialog (`?new=1`, `?edit=<id>`) lead to those pages.
 */
import { ENCODER_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Navigate } from 'react-router';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { useFormParamTarget } from '../../../components/resource/use-form-modal-param.ts';
import { encoderApi } from '../api/encoder-api.ts';
import { ENCODER_PATHS } from '../paths.ts';
import { ENCODER_TEXTS as T } from '../texts.ts';

export function Component() {
  const formTarget = useFormParamTarget(ENCODER_PATHS);
  if (formTarget) return <Navigate to={formTarget} replace />;
  return (
    <ResourceList
      spec={RESOURCES.encoder}
      api={encoderApi}
      columns={[
        { key: 'name', label: L.name },
        { key: 'input_type', label: L.input_type },
        { key: 'resolution', label: L.resolution },
        { key: 'frame_rate', label: L.frame_rate },
        { key: 'bandwidth', label: L.bandwidth, render: (row) => T.bandwidth(row.bandwidth) },
        { key: 'status', label: L.status },
        { key: 'updatedAt', label: T.updatedAt },
      ]}
      filterLabels={{ status: L.status, input_type: L.input_type }}
      rowHref={(row) => ENCODER_PATHS.detail(row._id)}
      primaryAction={{ label: T.newEncoder, to: ENCODER_PATHS.create }}
    />
  );
}
