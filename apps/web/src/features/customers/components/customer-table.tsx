/**
 * The customers' rows: a table with sortable headers (wider than a phone) or cards with a sort
 * control (phone width), built from the resource kit's pieces (row opening, row menu, styles). A
 * row opens the account's page on a click or Enter; its actions are in the menu at its end.
 */
import type { CustomerListItem, SortOrder } from '@cuepoint/core';
import {
  Anchor,
  Box,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconChevronDown } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../components/resource/format.ts';
import classes from '../../../components/resource/list.module.css';
import { type RowAction, useRowOpen } from '../../../components/resource/list-cells.tsx';
import { ListRowMenu } from '../../../components/resource/list-row-menu.tsx';
import { visuallyHidden } from '../../../components/resource/list-table.tsx';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { CUSTOMER_TEXTS as T } from '../texts.ts';
import { CustomerStatusBadge } from './customer-status.tsx';

type ColumnKey = keyof typeof T.columns;

interface Column {
  key: ColumnKey;
  sortable: boolean;
  ltr?: boolean;
  cell: (row: CustomerListItem) => ReactNode;
}

const COLUMNS: readonly Column[] = [
  { key: 'name', sortable: true, cell: (row) => row.name },
  { key: 'subDomainName', sortable: true, ltr: true, cell: (row) => row.subDomainName },
  { key: 'ownerEmail', sortable: true, ltr: true, cell: (row) => row.owner?.email ?? T.none },
  { key: 'paymentPlan', sortable: true, cell: (row) => T.plans[row.paymentPlan] },
  { key: 'status', sortable: true, cell: (row) => <CustomerStatusBadge status={row.status} /> },
  { key: 'users', sortable: false, cell: (row) => row.users },
  { key: 'createdAt', sortable: true, ltr: true, cell: (row) => formatDateTime(row.createdAt) },
];

export interface CustomerRowsProps {
  rows: readonly CustomerListItem[];
  pending: boolean;
  failed: boolean;
  empty: ReactNode;
  href: (row: CustomerListItem) => string;
  actions: (row: CustomerListItem) => readonly RowAction[];
  sort: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
  fetching: boolean;
}

const nextOrder = (active: boolean, order: SortOrder): SortOrder =>
  active && order === 'asc' ? 'desc' : 'asc';

export function CustomerTable(props: CustomerRowsProps) {
  const { rows, pending, failed, empty, href, actions, sort, order, onSort, fetching } = props;
  const open = useRowOpen(href as (row: { _id: string }) => string);
  const sortLabel = T.columns[sort as ColumnKey] ?? sort;
  return (
    <Table.ScrollContainer minWidth={760} maxHeight="max(20rem, calc(100dvh - 16rem))" type="native">
      <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-busy={fetching}>
        <Table.Caption style={visuallyHidden}>{T.caption(sortLabel, order)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => {
              const label = T.columns[column.key];
              if (!column.sortable) return <Table.Th key={column.key}>{label}</Table.Th>;
              const active = sort === column.key;
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton
                    fw={700}
                    fz="sm"
                    onClick={() => onSort(column.key, nextOrder(active, order))}
                  >
                    <Group gap={4} wrap="nowrap">
                      {label}
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
            <Table.Th>
              <Box component="span" style={visuallyHidden}>
                {KIT_TEXTS.actions}
              </Box>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending ? (
            Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to be keyed by.
              <Table.Tr key={i} data-testid="skeleton-row">
                {Array.from({ length: COLUMNS.length + 1 }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells.
                  <Table.Td key={j}>
                    <Skeleton height={12} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : failed ? null : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 1}>{empty}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row._id} className={classes.item} data-status={row.status} {...open(row)}>
                {COLUMNS.map((column) => (
                  <Table.Td key={column.key} dir={column.ltr ? 'ltr' : undefined}>
                    {column.key === 'name' ? (
                      <Anchor component={Link} to={href(row)} fw={600} tabIndex={-1}>
                        {row.name}
                      </Anchor>
                    ) : (
                      column.cell(row)
                    )}
                  </Table.Td>
                ))}
                <Table.Td className={classes.actionsCell}>
                  <ListRowMenu name={row.name} href={href(row)} actions={actions(row)} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phone width: one card per account, and a sort control in place of the column headers. */
export function CustomerCards(props: CustomerRowsProps) {
  const { rows, pending, failed, empty, href, actions, sort, order, onSort } = props;
  const open = useRowOpen(href as (row: { _id: string }) => string);
  const sortable = COLUMNS.filter((column) => column.sortable);
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label={KIT_TEXTS.sortField}
          size="xs"
          data={sortable.map((column) => ({ value: column.key, label: T.columns[column.key] }))}
          value={sort}
          allowDeselect={false}
          onChange={(value) => value && onSort(value, order)}
          comboboxProps={{ withinPortal: false }}
        />
        <UnstyledButton
          fz="sm"
          p={6}
          aria-label={KIT_TEXTS.sortOrderToggle(order)}
          onClick={() => onSort(sort, order === 'asc' ? 'desc' : 'asc')}
        >
          {order === 'asc' ? KIT_TEXTS.sortAscending : KIT_TEXTS.sortDescending}
        </UnstyledButton>
      </Group>
      {pending ? (
        <Skeleton height={96} radius="md" data-testid="skeleton-row" />
      ) : failed ? null : rows.length === 0 ? (
        empty
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <Paper
              component="li"
              key={row._id}
              withBorder
              p="sm"
              className={`${classes.item} ${classes.card}`}
              {...open(row)}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={href(row)} fw={600} tabIndex={-1}>
                    {row.name}
                  </Anchor>
                  <Text size="sm" c="dimmed" truncate>
                    <bdi dir="ltr">{row.owner?.email ?? T.none}</bdi>
                  </Text>
                  <Group gap="xs">
                    <CustomerStatusBadge status={row.status} />
                    <Text size="sm">{T.plans[row.paymentPlan]}</Text>
                  </Group>
                </Stack>
                <ListRowMenu name={row.name} href={href(row)} actions={actions(row)} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
