/**
 * /slates: the fill videos a stream plays when no ad is there. A list; create and edit in a
 * dialog that a link opens (`?new=1`, `?edit=<id>`); delete behind a confirm dialog (a slate a
 * stream uses is refused, naming the stream).
 */
import { SLATE_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Anchor, Button } from '@mantine/core';
import { DeleteAction } from '../../../components/resource/delete-action.tsx';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { useFormModalParam } from '../../../components/resource/use-form-modal-param.ts';
import { slateApi } from '../api/slate-api.ts';
import { SlateFormModal } from '../components/slate-form.tsx';
import { SLATE_SCREEN_TEXTS as T } from '../texts.ts';

const spec = RESOURCES.slate;

export function Component() {
  const modal = useFormModalParam();
  return (
    <>
      <ResourceList
        spec={spec}
        api={slateApi}
        columns={[
          { key: 'name', label: L.name },
          {
            key: 'sourceType',
            label: L.sourceType,
            render: (row) => T.sources[row.sourceType] ?? row.sourceType,
          },
          { key: 'duration', label: L.duration, render: (row) => T.seconds(row.duration) },
          {
            key: 'videoUrl',
            label: L.videoUrl,
            render: (row) => (
              <Anchor
                href={row.videoUrl}
                target="_blank"
                rel="noreferrer"
                size="sm"
                maw={320}
                display="inline-block"
                truncate="end"
                title={row.videoUrl}
              >
                {row.videoUrl}
              </Anchor>
            ),
          },
          { key: 'status', label: T.status },
          { key: 'updatedAt', label: T.updatedAt },
        ]}
        filterLabels={{ sourceType: L.sourceType, status: T.status }}
        filterOptionLabels={{ sourceType: T.sources }}
        onRowClick={(row) => modal.openEdit(row._id)}
        actions={<Button onClick={modal.openCreate}>{T.newSlate}</Button>}
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
            <DeleteAction spec={spec} api={slateApi} row={row} compact />
          </>
        )}
      />
      {modal.mode !== null && <SlateFormModal key={modal.id ?? 'new'} id={modal.id} onClose={modal.close} />}
    </>
  );
}
