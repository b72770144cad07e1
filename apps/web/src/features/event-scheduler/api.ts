/** The Event Scheduler's calls (main administrator) and their query keys. */
import { API_PATHS, apiPath, type ScheduledEvent, type ScheduledEventFields } from '@cuepoint/core';
import { apiRequest } from '../../lib/api-client.ts';

export interface StreamOption {
  _id: string;
  name: string;
  customerName?: string;
}

export const scheduleKeys = {
  all: ['schedule'] as const,
  list: (streamId: string | null) => ['schedule', 'list', streamId ?? 'all'] as const,
  streams: ['schedule', 'streams'] as const,
};

export const scheduleApi = {
  list: (streamId: string | null) =>
    apiRequest<{ data: ScheduledEvent[] }>(
      apiPath(API_PATHS.schedule.events, undefined, streamId ? { streamId } : undefined),
    ).then((r) => r.data),
  create: (body: ScheduledEventFields) =>
    apiRequest<ScheduledEvent>(apiPath(API_PATHS.schedule.events), { method: 'POST', body }),
  replace: (id: string, body: ScheduledEventFields & { version: number }) =>
    apiRequest<ScheduledEvent>(apiPath(API_PATHS.schedule.event, { id }), { method: 'PUT', body }),
  remove: (id: string) =>
    apiRequest<{ _id: string }>(apiPath(API_PATHS.schedule.event, { id }), { method: 'DELETE' }),
  trigger: (id: string) =>
    apiRequest<{ event: ScheduledEvent; breakAt: number }>(apiPath(API_PATHS.schedule.trigger, { id }), {
      method: 'POST',
    }),
  /** Every live stream the administrator sees (all customers'), to pick an event's stream. */
  streams: () =>
    apiRequest<{ data: StreamOption[] }>(
      apiPath(API_PATHS.resources.liveStream, undefined, { pageSize: 'All', sort: 'name', order: 'asc' }),
    ).then((r) => r.data),
};
