/**
 * /streams-vod/metadata: the metadata view of the VOD assets (title, genre, rating, tags and the
 * start of the description), each editable in a quick dialog that a link opens (`?edit=<id>`).
 */
import { VOD_LABELS as L, RESOURCES } from '@cuepoint/core';
import { Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type ResourceColumn, ResourceList } from '../../../components/resource/resource-list.tsx';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { useFormModalParam } from '../../../components/resource/use-form-modal-param.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { vodApi } from '../api/vod-api.ts';
import { MetadataDialog } from '../components/metadata-dialog.tsx';
import { excerpt } from '../format.ts';
import { VOD_PATHS } from '../paths.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';

type Row = ResourceDto<'vod'>;

const COLUMNS: readonly ResourceColumn<Row>[] = [
  { key: 'name', label: L.name },
  { key: 'title', label: L.title },
  { key: 'genre', label: L.genre },
  { key: 'rating', label: L.rating },
  {
    key: 'tags',
    label: L.tags,
    sortable: false,
    render: (row) =>
      row.tags.length === 0 ? (
        KIT_TEXTS.empty
      ) : (
        <Group gap={4}>
          {row.tags.map((tag) => (
            <Badge key={tag} variant="default" size="sm" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      ),
  },
  {
    key: 'description',
    label: L.description,
    sortable: false,
    render: (row) =>
      row.description ? (
        <Text size="sm" maw={360} title={row.description}>
          {excerpt(row.description)}
        </Text>
      ) : (
        KIT_TEXTS.empty
      ),
  },
];

export function Component() {
  const modal = useFormModalParam();
  return (
    <>
      <ResourceList
        spec={RESOURCES.vod}
        api={vodApi}
        title={T.metadataTitle}
        columns={COLUMNS}
        filterLabels={{ genre: L.genre, rating: L.rating, status: T.status }}
        filterOptionLabels={{ status: T.statusOptions }}
        rowHref={(row) => VOD_PATHS.detail(row._id)}
        actions={
          <Button variant="default" component={Link} to={VOD_PATHS.list}>
            {RESOURCES.vod.plural}
          </Button>
        }
        rowActions={(row) => [
          { label: T.editMetadata, onClick: () => modal.openEdit(row._id), opensDialog: true },
        ]}
        // A view of the VOD assets' metadata: an asset is deleted from its own list.
        deletable={false}
      />
      {modal.mode === 'edit' && <MetadataDialog key={modal.id} id={modal.id} onClose={modal.close} />}
    </>
  );
}
