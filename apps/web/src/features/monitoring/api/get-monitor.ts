import { API_PATHS, apiPath, MONITOR_REFRESH_MS, type MonitorResponse } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /monitoring/channels: every channel's figures of the last minutes (main administrator). */
export const getMonitor = () => apiRequest<MonitorResponse>(apiPath(API_PATHS.monitoring.channels));

export const monitorQuery = () => queryOptions({ queryKey: ['monitoring', 'channels'], queryFn: getMonitor });

/** The monitor, polled every MONITOR_REFRESH_MS while the screen is open. */
export const useMonitor = () =>
  useQuery({ ...monitorQuery(), refetchInterval: MONITOR_REFRESH_MS, refetchIntervalInBackground: false });
