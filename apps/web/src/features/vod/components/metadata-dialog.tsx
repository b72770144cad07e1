/**
 * The metadata view's quick edit: title, description, genre, tags and rating of one VOD asset in
 * a dialog, sent as a partial update (POST /ssai/vod/{id} with the version it was read at).
 */
import { type VodInput, vodSchema } from '@cuepoint/core';
import { ResourceEditModal } from '../../../components/resource/resource-edit-modal.tsx';
import { vodApi } from '../api/vod-api.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';
import { VodMetadataFields } from './vod-fields.tsx';

/** The fields the metadata dialog edits and sends. */
export const METADATA_FIELDS = ['title', 'description', 'genre', 'tags', 'rating'] as const;

/** Only the metadata fields of the form's values. */
export const metadataOf = (values: VodInput): Record<string, unknown> =>
  Object.fromEntries(METADATA_FIELDS.map((field) => [field, values[field]]));

/**
 * Loads the VOD asset (always afresh), then shows its metadata form. The whole asset is validated
 * (the other fields as stored), only the metadata is sent.
 */
export function MetadataDialog({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <ResourceEditModal
      api={vodApi}
      schema={vodSchema}
      id={id}
      onClose={onClose}
      staleTime={0}
      method="patch"
      toData={metadataOf}
      loadingTitle={T.editMetadata}
      title={(record) => T.metadataOf(record?.name ?? '')}
    >
      {(form) => <VodMetadataFields form={form} autoFocus />}
    </ResourceEditModal>
  );
}
