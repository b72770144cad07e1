import {
  type Alarm,
  type AlarmCustomer,
  type AlarmRule,
  type AlarmRuleBody,
  type AlarmSeverity,
  type AlarmState,
  API_PATHS,
  apiPath,
  RESOURCES,
} from '@cuepoint/core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { resourceApi } from '../../../lib/resource-api.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';

/** The screen's list: as many as the API gives in one answer. */
export const ALARM_SCREEN_LIMIT = 500;

export interface AlarmFilters {
  severity: AlarmSeverity[];
  state: AlarmState | '';
  customerId: string;
  q: string;
}

/** Every alarm query starts with this key: the bell's, the overview's and this screen's. */
const ALARM_KEY = ['alarm'] as const;

const listAlarms = (filters: AlarmFilters) =>
  apiRequest<Alarm[]>(
    apiPath(API_PATHS.alarm.alarms, undefined, {
      limit: ALARM_SCREEN_LIMIT,
      severity: filters.severity.length > 0 ? filters.severity.join(',') : undefined,
      state: filters.state || undefined,
      customerId: filters.customerId || undefined,
      q: filters.q.trim() || undefined,
    }),
  );

/** GET /alarm/alarms with the screen's filters, polled like the bell (ALARMTIMEOUT). */
export const useAlarmList = (filters: AlarmFilters) =>
  useQuery({
    queryKey: [...ALARM_KEY, 'screen', filters],
    queryFn: () => listAlarms(filters),
    refetchInterval: runtimeConfig().ALARMTIMEOUT,
    placeholderData: keepPreviousData,
  });

/** POST /alarm/alarms/:id/acknowledge; every alarm list (the bell's too) refreshes. */
export function useAcknowledge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Alarm>(apiPath(API_PATHS.alarm.acknowledge, { id }), { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ALARM_KEY }),
  });
}

export const rulesQuery = queryOptions({
  queryKey: [...ALARM_KEY, 'rules'],
  queryFn: () => apiRequest<AlarmRule[]>(API_PATHS.alarm.rules),
});

export const ruleCustomersQuery = queryOptions({
  queryKey: [...ALARM_KEY, 'customers'],
  queryFn: () => apiRequest<AlarmCustomer[]>(API_PATHS.alarm.customers),
  staleTime: 60_000,
});

const liveStreams = resourceApi(RESOURCES.liveStream);
const vods = resourceApi(RESOURCES.vod);
const everyRow = (customerId: string) =>
  ({ page: 1, pageSize: 'All', sort: 'name', order: 'asc', filters: { customerId } }) as const;

/** A customer's live streams and VOD assets (id and name), for a rule's optional stream. */
export const customerStreamsQuery = (customerId: string) =>
  queryOptions({
    queryKey: [...ALARM_KEY, 'streams', customerId],
    queryFn: async () => {
      const [live, vod] = await Promise.all([
        liveStreams.list(everyRow(customerId)),
        vods.list(everyRow(customerId)),
      ]);
      const pick = (rows: { _id: string; name?: unknown }[]) =>
        rows.map((r) => ({ value: r._id, label: String(r.name ?? r._id) }));
      return { live: pick(live.data), vod: pick(vod.data) };
    },
    enabled: customerId !== '',
    staleTime: 30_000,
  });

/** POST /alarm/rules or PUT /alarm/rules/:id; DELETE /alarm/rules/:id. The rules refresh after each. */
export function useRuleMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: rulesQuery.queryKey });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AlarmRuleBody }) =>
      id === null
        ? apiRequest<AlarmRule>(API_PATHS.alarm.rules, { method: 'POST', body })
        : apiRequest<AlarmRule>(apiPath(API_PATHS.alarm.rule, { id }), { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ _id: string }>(apiPath(API_PATHS.alarm.rule, { id }), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: ALARM_KEY }),
  });
  return { save, remove };
}
