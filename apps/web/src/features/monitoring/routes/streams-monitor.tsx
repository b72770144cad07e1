import '@mantine/charts/styles.css';
import { MONITOR_REFRESH_MS, MONITOR_WINDOW_MINUTES } from '@cuepoint/core';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { useMonitor } from '../api/get-monitor.ts';
import {
  MonitorCards,
  MonitorTable,
  PHONE_QUERY,
  SORT_KEYS,
  type SortKey,
  type SortOrder,
  sortChannels,
} from '../components/monitor-table.tsx';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';

const DEFAULT_SORT: SortKey = 'viewers';

/** The sort of the table, kept in the URL (?sort=&order=), like the lists'. */
function useSort() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('sort');
  const sort = SORT_KEYS.includes(asked as SortKey) ? (asked as SortKey) : DEFAULT_SORT;
  const order: SortOrder =
    params.get('order') === 'asc' || params.get('order') === 'desc'
      ? (params.get('order') as SortOrder)
      : sort === DEFAULT_SORT && !asked
        ? 'desc'
        : 'asc';
  const setSort = (next: SortKey, nextOrder: SortOrder) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('sort', next);
        copy.set('order', nextOrder);
        return copy;
      },
      { replace: true },
    );
  return { sort, order, setSort };
}

/**
 * Monitor (main administrator, MONITOR=1): every live stream and VOD asset of every customer with
 * its viewers, requests, fill rate, latencies and error rates of the last minutes, polled.
 */
export function Component() {
  const title = useRouteTitle() ?? 'Monitor';
  // The guard lets a main administrator in anywhere; with MONITOR=0 the server refuses the call.
  if (runtimeConfig().MONITOR !== 1) {
    return (
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Alert color="gray" title={T.monitorOff} />
      </Stack>
    );
  }
  return <Monitor title={title} />;
}

function Monitor({ title }: { title: string }) {
  const monitor = useMonitor();
  const { sort, order, setSort } = useSort();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const channels = monitor.data ? sortChannels(monitor.data.data, sort, order) : [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={2}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            {T.window(monitor.data?.windowMinutes ?? MONITOR_WINDOW_MINUTES, MONITOR_REFRESH_MS / 1000)}
          </Text>
        </Stack>
        {monitor.dataUpdatedAt > 0 && (
          <Group gap={6} wrap="nowrap">
            {monitor.isFetching && <Loader size="xs" aria-hidden />}
            <Text size="sm" c="dimmed" data-testid="last-updated">
              {T.lastUpdated}{' '}
              <time dir="ltr" dateTime={new Date(monitor.dataUpdatedAt).toISOString()}>
                {new Date(monitor.dataUpdatedAt).toLocaleTimeString()}
              </time>
            </Text>
          </Group>
        )}
      </Group>

      <QueryState
        query={monitor}
        loading={T.loading}
        failed={T.loadFailed}
        empty={{
          when: (data) => data.data.length === 0,
          text: T.empty,
          concept: 'monitor',
          testId: 'monitor-empty',
        }}
      >
        {() => (
          <>
            {monitor.isError && (
              <Alert color="yellow" role="status">
                {T.refreshFailed(monitor.error.message)}
              </Alert>
            )}
            {phone ? (
              <>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <NativeSelect
                    label={T.sortBy}
                    value={sort}
                    onChange={(event) => setSort(event.currentTarget.value as SortKey, order)}
                    data={SORT_KEYS.map((key) => ({ value: key, label: T.columns[key] }))}
                    style={{ flex: 1 }}
                  />
                  <Button variant="default" onClick={() => setSort(sort, order === 'asc' ? 'desc' : 'asc')}>
                    {order === 'asc' ? T.ascending : T.descending}
                  </Button>
                </Group>
                <MonitorCards channels={channels} />
              </>
            ) : (
              <MonitorTable
                channels={channels}
                sort={sort}
                order={order}
                onSort={setSort}
                fetching={monitor.isFetching}
              />
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
