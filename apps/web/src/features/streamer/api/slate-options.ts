import { RESOURCES, type ResourceMeta, type Slate } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SlateOption {
  value: string;
  label: string;
}

/** Starts with the slate resource's list key: a write to the slates refreshes these choices. */
export const slateOptionsKey = [RESOURCES.slate.kind, 'list', 'streamer-options'] as const;

/** GET /ssai/slate?pageSize=All: every slate of the account, as the slate select's choices. */
export async function getSlateOptions(): Promise<SlateOption[]> {
  const answer = await apiRequest<{ data: (Slate & ResourceMeta)[]; total: number }>(
    `${RESOURCES.slate.apiPath.replace(/^\/+/, '')}?pageSize=All&sort=name&order=asc`,
  );
  return answer.data.map((slate) => ({ value: slate._id, label: slate.name }));
}

export const slateOptionsQuery = () => queryOptions({ queryKey: slateOptionsKey, queryFn: getSlateOptions });

export const useSlateOptions = () => useQuery(slateOptionsQuery());
