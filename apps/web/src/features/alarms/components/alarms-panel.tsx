import {
  ALARM_SEVERITIES,
  ALARM_STATE_LABELS,
  ALARM_STATES,
  type Alarm,
  type AlarmSeverity,
  type AlarmState,
  alarmState,
} from '@cuepoint/core';
import {
  Button,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SeverityBadge } from '../../../components/alarms/severity-badge.tsx';
import { FilterDrawer } from '../../../components/filter-drawer.tsx';
import { ConceptIcon } from '../../../components/icons.tsx';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { type AlarmFilters, ruleCustomersQuery, useAcknowledge, useAlarmList } from '../api/alarms-api.ts';
import { ALARMS_TEXTS as T } from '../texts.ts';
import { LoadState } from './load-state.tsx';

export const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

const PARAMS = { severity: 'severity', state: 'state', customer: 'customer', q: 'q' } as const;

/** The list's filters, kept in the URL. */
function useAlarmFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AlarmFilters = {
    severity: (params.get(PARAMS.severity)?.split(',') ?? []).filter((s): s is AlarmSeverity =>
      (ALARM_SEVERITIES as readonly string[]).includes(s),
    ),
    state: (ALARM_STATES as readonly string[]).includes(params.get(PARAMS.state) ?? '')
      ? (params.get(PARAMS.state) as AlarmState)
      : '',
    customerId: params.get(PARAMS.customer) ?? '',
    q: params.get(PARAMS.q) ?? '',
  };
  const set = (changes: Partial<Record<keyof typeof PARAMS, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const name = PARAMS[key as keyof typeof PARAMS];
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

/** The alarm list: search, filters in the right-hand drawer, the table, and Acknowledge per open alarm. */
export function AlarmsPanel() {
  const { filters, set } = useAlarmFilters();
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const [drawer, setDrawer] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text updates the URL.
  useEffect(() => {
    if (debounced.trim() !== filters.q) set({ q: debounced.trim() });
  }, [debounced]);
  const list = useAlarmList(filters);
  const customers = useQuery(ruleCustomersQuery);
  const customerName = new Map((customers.data ?? []).map((c) => [c._id, c.name]));
  const filterCount =
    (filters.severity.length > 0 ? 1 : 0) + (filters.state ? 1 : 0) + (filters.customerId ? 1 : 0);
  const filtered = filterCount > 0 || filters.q !== '';
  const clear = () => {
    setSearch('');
    set({ severity: '', state: '', customer: '', q: '' });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            label={T.search}
            placeholder={T.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={280}
            maw="100%"
          />
          <Button variant="default" onClick={() => setDrawer(true)} aria-haspopup="dialog">
            {T.filters}
            {filterCount > 0 ? ` (${filterCount})` : ''}
          </Button>
        </Group>
        {list.dataUpdatedAt > 0 && (
          <Text size="xs" c="dimmed" role="status">
            {T.lastUpdated(dayjs(list.dataUpdatedAt).format('HH:mm:ss'))}
          </Text>
        )}
      </Group>

      {list.isPending || list.isError ? (
        <LoadState
          loading={list.isPending}
          error={list.error}
          loadingText={T.loading}
          failedText={T.loadFailed}
          onRetry={() => list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <Stack align="center" gap="sm" py="xl" data-testid="alarms-empty">
          <ConceptIcon concept="alarms" size={32} />
          <Text size="sm">{filtered ? T.noMatch : T.empty}</Text>
          {filtered && (
            <Button variant="default" onClick={clear}>
              {T.clearFilters}
            </Button>
          )}
        </Stack>
      ) : (
        <AlarmTable
          alarms={list.data}
          customerName={(id) => (id ? (customerName.get(id) ?? '') : T.platform)}
        />
      )}

      <FilterDrawer opened={drawer} onClose={() => setDrawer(false)} onReset={clear}>
        <Checkbox.Group
          label={T.severity}
          value={filters.severity}
          onChange={(value) => set({ severity: value.join(',') })}
        >
          <SimpleGrid cols={2} mt="xs">
            {ALARM_SEVERITIES.map((severity) => (
              <Checkbox key={severity} value={severity} label={severity} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Radio.Group
          label={T.state}
          value={filters.state || 'all'}
          onChange={(v) => set({ state: v === 'all' ? '' : v })}
        >
          <Group mt="xs">
            <Radio value="all" label={T.allStates} />
            {ALARM_STATES.map((state) => (
              <Radio key={state} value={state} label={ALARM_STATE_LABELS[state]} />
            ))}
          </Group>
        </Radio.Group>
        <Select
          label={T.customer}
          placeholder={T.allCustomers}
          data={(customers.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          value={filters.customerId || null}
          onChange={(value) => set({ customer: value ?? '' })}
          searchable
          clearable
          comboboxProps={{ withinPortal: false }}
        />
      </FilterDrawer>
    </Stack>
  );
}

function AlarmTable({
  alarms,
  customerName,
}: {
  alarms: Alarm[];
  customerName: (id: string | null) => string;
}) {
  const acknowledge = useAcknowledge();
  const pending = acknowledge.isPending ? acknowledge.variables : undefined;
  const onAcknowledge = (alarm: Alarm) =>
    acknowledge.mutate(alarm._id, {
      onSuccess: () => toast.success(T.acknowledged(alarm.name)),
      onError: (error) => toastServerError(error, { fallback: error.message }),
    });

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="alarm-table">
        <Table.Caption>{T.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{T.columns.severity}</Table.Th>
            <Table.Th>{T.columns.alarm}</Table.Th>
            <Table.Th>{T.columns.customer}</Table.Th>
            <Table.Th>{T.columns.raised}</Table.Th>
            <Table.Th>{T.columns.state}</Table.Th>
            <Table.Th>{T.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alarms.map((alarm) => {
            const state = alarmState(alarm);
            return (
              <Table.Tr key={alarm._id} data-alarm-id={alarm._id} data-state={state}>
                <Table.Td>
                  <SeverityBadge severity={alarm.severity} miw="max-content" />
                </Table.Td>
                <Table.Td maw={420}>
                  <Text size="sm" fw={600}>
                    {alarm.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {alarm.message}
                  </Text>
                  {alarm.module_object_id && (
                    <Text size="xs" c="dimmed" dir="ltr" ta="start">
                      {alarm.type} · {alarm.module_object_id}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{customerName(alarm.customerId)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    component="time"
                    dateTime={alarm.time_on}
                    dir="ltr"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatTime(alarm.time_on)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={state === 'open' ? 600 : undefined}>
                    {ALARM_STATE_LABELS[state]}
                  </Text>
                  {state === 'cleared' && alarm.cleared_at && (
                    <Text size="xs" c="dimmed">
                      {T.clearedAt(formatTime(alarm.cleared_at))}
                    </Text>
                  )}
                  {alarm.acknowledged_at && alarm.acknowledged_by && (
                    <Text size="xs" c="dimmed">
                      {state === 'cleared' ? `${ALARM_STATE_LABELS.acknowledged} ` : ''}
                      {T.by} <bdi dir="ltr">{alarm.acknowledged_by}</bdi>,{' '}
                      <bdi dir="ltr">{formatTime(alarm.acknowledged_at)}</bdi>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {alarm.acknowledged_at === null && state === 'open' && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={T.acknowledgeNamed(alarm.name)}
                      loading={pending === alarm._id}
                      onClick={() => onAcknowledge(alarm)}
                    >
                      {T.acknowledge}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
