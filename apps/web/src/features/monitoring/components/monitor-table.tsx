import {
  BREAKPOINTS,
  MONITOR_SPARK_MINUTES,
  type MonitorChannel,
  RESOURCE_STATUSES,
  type ResourceStatus,
} from '@cuepoint/core';
import { Sparkline } from '@mantine/charts';
import {
  Anchor,
  Box,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevronDown } from '../../../components/icons.tsx';
import { StatusBadge } from '../../../components/resource/status-badge.tsx';
import { formatCount, formatMs, formatPercent, formatRate } from '../format.ts';
import { MONITORING_PATHS } from '../paths.ts';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';

export type SortKey = Exclude<keyof typeof T.columns, 'spark'>;
/** Below Mantine's xs breakpoint the rows become cards (as the lists' do). */
export const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.xs - 0.02) / 16}em)`;
export type SortOrder = 'asc' | 'desc';

interface Column {
  key: SortKey;
  /** The value the column sorts by (text sorts by locale, a null last). */
  value: (c: MonitorChannel) => string | number | null;
  cell: (c: MonitorChannel) => ReactNode;
  numeric?: boolean;
}

const isStatus = (s: string): s is ResourceStatus => (RESOURCE_STATUSES as readonly string[]).includes(s);

export const COLUMNS: readonly Column[] = [
  {
    key: 'name',
    value: (c) => c.name,
    cell: (c) => (
      <Stack gap={0}>
        <Anchor component={Link} to={MONITORING_PATHS.channel(c.resourceId)} fw={600}>
          {c.name}
        </Anchor>
        <Group gap={6} wrap="nowrap">
          <Text span size="xs" c="dimmed">
            {T.kinds[c.kind]}
          </Text>
          {isStatus(c.status) ? (
            <StatusBadge status={c.status} />
          ) : (
            <Text span size="xs">
              {c.status}
            </Text>
          )}
        </Group>
      </Stack>
    ),
  },
  { key: 'customerName', value: (c) => c.customerName, cell: (c) => c.customerName },
  { key: 'viewers', value: (c) => c.viewers, cell: (c) => formatCount(c.viewers), numeric: true },
  {
    key: 'requestsPerSecond',
    value: (c) => c.requestsPerSecond,
    cell: (c) => formatRate(c.requestsPerSecond),
    numeric: true,
  },
  { key: 'fillRate', value: (c) => c.fillRate, cell: (c) => formatPercent(c.fillRate), numeric: true },
  { key: 'adLatencyP95', value: (c) => c.adLatencyP95, cell: (c) => formatMs(c.adLatencyP95), numeric: true },
  {
    key: 'adErrorRate',
    value: (c) => c.adErrorRate,
    cell: (c) => formatPercent(c.adErrorRate),
    numeric: true,
  },
  {
    key: 'originLatencyP95',
    value: (c) => c.originLatencyP95,
    cell: (c) => formatMs(c.originLatencyP95),
    numeric: true,
  },
  {
    key: 'originErrorRate',
    value: (c) => c.originErrorRate,
    cell: (c) => formatPercent(c.originErrorRate),
    numeric: true,
  },
];

export const SORT_KEYS = COLUMNS.map((c) => c.key);

/** The channels in the column's order (nulls last either way), then by name. */
export function sortChannels(channels: readonly MonitorChannel[], key: SortKey, order: SortOrder) {
  const column = COLUMNS.find((c) => c.key === key) ?? COLUMNS[0]!;
  const direction = order === 'asc' ? 1 : -1;
  const compare = (a: string | number | null, b: string | number | null) => {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    const diff = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
    return diff * direction;
  };
  return [...channels].sort(
    (a, b) => compare(column.value(a), column.value(b)) || a.name.localeCompare(b.name),
  );
}

const SPARK_WIDTH = 84;

/** The sparkline of one row: requests per minute, oldest first; named for screen readers. */
function Spark({ data }: { data: readonly number[] }) {
  const max = Math.max(0, ...data);
  return (
    <Box role="img" aria-label={T.sparkLabel(MONITOR_SPARK_MINUTES, max)} w={SPARK_WIDTH} h={32}>
      <Sparkline data={[...data]} w={SPARK_WIDTH} h={32} color="blue.6" fillOpacity={0.4} strokeWidth={1.5} />
    </Box>
  );
}

interface MonitorTableProps {
  channels: readonly MonitorChannel[];
  sort: SortKey;
  order: SortOrder;
  onSort: (sort: SortKey, order: SortOrder) => void;
  fetching: boolean;
}

/** The monitor's table: sortable columns (aria-sort), a sparkline per row, a row per channel. */
export function MonitorTable({ channels, sort, order, onSort, fetching }: MonitorTableProps) {
  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing="xs"
        aria-busy={fetching}
        data-testid="monitor-table"
      >
        <Table.Caption>
          <VisuallyHidden>{T.caption(T.columns[sort], order)}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const active = sort === column.key;
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  ta={column.numeric ? 'end' : undefined}
                >
                  <UnstyledButton
                    fw={700}
                    fz="sm"
                    onClick={() =>
                      onSort(
                        column.key,
                        active ? (order === 'asc' ? 'desc' : 'asc') : column.numeric ? 'desc' : 'asc',
                      )
                    }
                  >
                    <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : undefined}>
                      {T.columns[column.key]}
                      <IconChevronDown
                        size={14}
                        style={{
                          opacity: active ? 1 : 0.35,
                          transform: active && order === 'asc' ? 'rotate(180deg)' : undefined,
                        }}
                      />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th>{T.columns.spark}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((channel) => (
            <Table.Tr key={channel.resourceId} data-channel={channel.resourceId}>
              {COLUMNS.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.numeric ? 'end' : undefined}
                  data-column={column.key}
                  style={column.numeric ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.numeric ? (
                    <Text span fz="sm" dir="ltr" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {column.cell(channel)}
                    </Text>
                  ) : (
                    column.cell(channel)
                  )}
                </Table.Td>
              ))}
              <Table.Td>
                <Spark data={channel.spark} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone-width layout: one card per channel with its figures and sparkline. */
export function MonitorCards({ channels }: { channels: readonly MonitorChannel[] }) {
  const figures = COLUMNS.filter((c) => c.numeric);
  return (
    <Stack gap="sm" data-testid="monitor-cards">
      {channels.map((channel) => (
        <Card key={channel.resourceId} withBorder padding="sm" data-channel={channel.resourceId}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {COLUMNS[0]!.cell(channel)}
          </Group>
          <Text size="sm" c="dimmed">
            {channel.customerName}
          </Text>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt="xs" mb={0} component="dl">
            {figures.map((column) => (
              <div key={column.key} data-column={column.key}>
                <Text component="dt" size="xs" c="dimmed">
                  {T.columns[column.key]}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <bdi dir="ltr">{column.cell(channel)}</bdi>
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <Box mt="xs">
            <Spark data={channel.spark} />
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
