/**
 * A creative's conditioning (GET /ssai/creative/{id}/conditioning): the record's page polls it
 * while the video is queued. The list asks for a whole page at once (GET
 * /ssai/creative/conditioning?ids=): each row's badge asks for its own, and the asks of one
 * moment go out as one call.
 */
import {
  API_PATHS,
  apiPath,
  CONDITIONING_BATCH_MAX,
  type ConditioningBatch,
  type CreativeConditioning,
} from '@cuepoint/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { creativeApi } from './creative-api.ts';

/** How often a queued creative is asked about again. */
export const CONDITIONING_POLL_MS = 3_000;

/** Keys under the creative's own (a creative's write refreshes them), and its video (a new one is a new question). */
export const conditioningKey = (id: string, videoUrl: string) =>
  [...creativeApi.keys.all, 'conditioning', id, videoUrl] as const;

/** One creative's conditioning, polled while it is queued (the record's page). */
export const conditioningOptions = (id: string, videoUrl: string) =>
  queryOptions({
    queryKey: conditioningKey(id, videoUrl),
    queryFn: () => apiRequest<CreativeConditioning>(apiPath(API_PATHS.creativeConditioning, { id })),
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? CONDITIONING_POLL_MS : false),
  });

/** How long the asks of the rows rendered together are collected before they go out as one call. */
const BATCH_WINDOW_MS = 10;

interface Pending {
  resolve: (answer: CreativeConditioning | null) => void;
  reject: (error: unknown) => void;
}
let waiting = new Map<string, Pending[]>();

async function flush() {
  const asked = waiting;
  waiting = new Map();
  const ids = [...asked.keys()];
  for (let start = 0; start < ids.length; start += CONDITIONING_BATCH_MAX) {
    const chunk = ids.slice(start, start + CONDITIONING_BATCH_MAX);
    try {
      const { data } = await apiRequest<ConditioningBatch>(
        apiPath(API_PATHS.creativeConditionings, undefined, { ids: chunk.join(',') }),
      );
      for (const id of chunk) for (const p of asked.get(id) ?? []) p.resolve(data[id] ?? null);
    } catch (error) {
      for (const id of chunk) for (const p of asked.get(id) ?? []) p.reject(error);
    }
  }
}

/** A creative's conditioning as part of the next batch (null: no such creative any more). */
export function batchedConditioning(id: string): Promise<CreativeConditioning | null> {
  return new Promise((resolve, reject) => {
    // The first ask of a batch sets it off; the others of the moment join it.
    if (waiting.size === 0) setTimeout(() => void flush(), BATCH_WINDOW_MS);
    waiting.set(id, [...(waiting.get(id) ?? []), { resolve, reject }]);
  });
}

/** A list row's conditioning, asked together with the other rows', polled while queued. */
export const rowConditioningOptions = (id: string, videoUrl: string) =>
  queryOptions({
    queryKey: [...conditioningKey(id, videoUrl), 'row'] as const,
    queryFn: () => batchedConditioning(id),
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? CONDITIONING_POLL_MS : false),
  });
