import type { Alarm } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';

/** GET /alarm/alarms (spec section 7): newest first, polled every ALARMTIMEOUT (30 s by default). */
export const getAlarms = (limit = 100) =>
  apiRequest<Alarm[]>(apiPath(API_PATHS.alarm.alarms, undefined, { limit }));

export const alarmsQuery = (limit = 100) =>
  queryOptions({ queryKey: ['alarm', 'list', { limit }], queryFn: () => getAlarms(limit) });

/** The alarm list, refreshed on the spec's polling interval while `enabled`. */
export const useAlarms = (enabled = true) =>
  useQuery({ ...alarmsQuery(), enabled, refetchInterval: runtimeConfig().ALARMTIMEOUT });
