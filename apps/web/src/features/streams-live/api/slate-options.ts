import { RESOURCES, type ResourceMeta, type Slate } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlateOption } from '../../../components/datasource/datasource-fields.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

type SlateRow = Slate & ResourceMeta;

/** Query key of the slate select's choices; it starts with the resource kind, so slate changes refresh it. */
export const slateOptionsKey = ['slate', 'options'] as const;

/** GET /ssai/slate?pageSize=All: every slate of the account, as the choices of the slate select. */
export const getSlateOptions = async (): Promise<SlateOption[]> => {
  const answer = await apiRequest<{ data: SlateRow[]; total: number }>(
    `${RESOURCES.slate.apiPath}?pageSize=All&sort=name&order=asc`,
  );
  return answer.data.map((slate) => ({ value: slate._id, label: slate.name }));
};

export const slateOptionsQuery = () =>
  queryOptions({ queryKey: slateOptionsKey, queryFn: getSlateOptions, staleTime: 30_000 });

export const useSlateOptions = () => useQuery(slateOptionsQuery());
