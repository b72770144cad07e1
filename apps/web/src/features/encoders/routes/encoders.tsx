/**
 * /encoder (ENCODER flag): the account's encoders in a list; create and edit in a dialog that a
 * link opens (`?new=1`, `?edit=<id>`), delete behind a confirm dialog.
 */
import { ENCODER_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Button } from '@mantine/core';
import { DeleteAction } from '../../../components/resource/delete-action.tsx';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { useFormModalParam } from '../../../components/resource/use-form-modal-param.ts';
import { encoderApi } from '../api/encoder-api.ts';
import { EncoderFormModal } from '../components/encoder-form.tsx';
import { ENCODER_TEXTS as T } from '../texts.ts';

const spec = RESOURCES.encoder;

export function Component() {
  const modal = useFormModalParam();
  return (
    <>
      <ResourceList
        spec={spec}
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
        onRowClick={(row) => modal.openEdit(row._id)}
        actions={<Button onClick={modal.openCreate}>{T.newEncoder}</Button>}
        rowActions={(row) => (
          <>
            <Button
              size="xs"
              variant="subtle"
              aria-label={KIT_TEXTS.editNamed(spec.label, row.name)}
              onClick={() => modal.openEdit(row._id)}
            >
              {KIT_TEXTS.edit}
            </Button>
            <DeleteAction spec={spec} api={encoderApi} row={row} compact />
          </>
        )}
      />
      {modal.mode !== null && (
        <EncoderFormModal key={modal.id ?? 'new'} id={modal.id} onClose={modal.close} />
      )}
    </>
  );
}
