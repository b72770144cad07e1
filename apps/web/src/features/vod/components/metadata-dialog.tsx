/**
 * The metadata view's quick edit: title, description, genre, tags and rating of one VOD asset in
 * a dialog, sent as a partial update (POST /ssai/vod/{id} with the version it was read at).
 */
import { RESOURCES, type VodInput, vodSchema } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ResourceFormModal,
  toFormValues,
  useResourceSubmit,
} from '../../../components/resource/resource-form.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { vodApi } from '../api/vod-api.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';
import { VodMetadataFields } from './vod-fields.tsx';

const spec = RESOURCES.vod;

/** The fields the metadata dialog edits and sends. */
export const METADATA_FIELDS = ['title', 'description', 'genre', 'tags', 'rating'] as const;

/** Only the metadata fields of the form's values. */
export const metadataOf = (values: VodInput): Record<string, unknown> =>
  Object.fromEntries(METADATA_FIELDS.map((field) => [field, values[field]]));

/** Loads the VOD asset, then shows its metadata form. */
export function MetadataDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery({ ...vodApi.detailOptions(id), staleTime: 0 });
  if (!detail.data)
    return (
      <ResourceFormModal
        opened
        onClose={onClose}
        title={T.editMetadata}
        loading={detail.isPending}
        error={detail.error?.message}
      >
        {null}
      </ResourceFormModal>
    );
  return <MetadataForm record={detail.data} onClose={onClose} />;
}

function MetadataForm({ record, onClose }: { record: ResourceDto<'vod'>; onClose: () => void }) {
  // The whole asset is validated (the other fields as stored), only the metadata is sent.
  const [initial] = useState(() => toFormValues(spec, record));
  const form = useZodForm(vodSchema, initial);
  const submit = useResourceSubmit({
    spec,
    api: vodApi,
    form,
    id: record._id,
    version: record.version,
    method: 'patch',
    toData: metadataOf,
    onSaved: onClose,
  });
  return (
    <ResourceFormModal opened onClose={onClose} title={T.metadataOf(record.name)} submit={submit}>
      <VodMetadataFields form={form} autoFocus />
    </ResourceFormModal>
  );
}
