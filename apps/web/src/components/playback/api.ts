/** The data plane's ad breaks of a stream or asset (GET /playback/breaks), and one break's diagnostics. */
import {
  API_PATHS,
  apiPath,
  BREAK_TIMELINE_HOURS,
  type BreakDetail,
  type BreakSummary,
} from '@cuepoint/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export type PlaybackKind = 'liveStream' | 'vod';

/** How often the timeline asks for new breaks. */
export const BREAKS_REFRESH_MS = 15_000;

const period = (now: number) => ({
  from: new Date(now - BREAK_TIMELINE_HOURS * 3_600_000).toISOString(),
  to: new Date(now).toISOString(),
});

export const breaksQuery = (kind: PlaybackKind, resourceId: string) =>
  queryOptions({
    queryKey: ['playback', 'breaks', kind, resourceId],
    queryFn: () =>
      apiRequest<{ data: BreakSummary[] }>(
        apiPath(API_PATHS.playback.breaks, undefined, { kind, resourceId, ...period(Date.now()) }),
      ),
    refetchInterval: BREAKS_REFRESH_MS,
  });

export const breakDetailQuery = (kind: PlaybackKind, resourceId: string, availId: string) =>
  queryOptions({
    queryKey: ['playback', 'break', kind, resourceId, availId],
    queryFn: () =>
      apiRequest<BreakDetail>(
        apiPath(API_PATHS.playback.break, { availId }, { kind, resourceId, ...period(Date.now()) }),
      ),
  });
