import { RESOURCES, type ResourceMeta, type Vod } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A VOD asset the programme can hold: its id, name and duration in seconds. */
export interface VodOption {
  value: string;
  label: string;
  duration: number;
}

/**
 * The key starts with the VOD resource's list key, so a write to the VOD assets (which
 * invalidates their lists) refreshes these choices too.
 */
export const vodOptionsKey = [RESOURCES.vod.kind, 'list', 'streamer-options'] as const;

/** GET /ssai/vod?pageSize=All: every VOD asset of the account, as the programme's choices. */
export async function getVodOptions(): Promise<VodOption[]> {
  const answer = await apiRequest<{ data: (Vod & ResourceMeta)[]; total: number }>(
    `${RESOURCES.vod.apiPath.replace(/^\/+/, '')}?pageSize=All&sort=name&order=asc`,
  );
  return answer.data.map((vod) => ({ value: vod._id, label: vod.name, duration: vod.duration }));
}

export const vodOptionsQuery = () => queryOptions({ queryKey: vodOptionsKey, queryFn: getVodOptions });

export const useVodOptions = () => useQuery(vodOptionsQuery());
