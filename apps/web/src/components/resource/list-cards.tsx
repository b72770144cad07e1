/**
 * A list screen at phone width: each row a card (its name, status and action menu on top, the
 * other columns as label and value below), with a sort control in place of the column headers.
 * A card opens its record as a row does: a tap anywhere on it, or Enter while it has focus.
 */
import type { ResourceKind, SortOrder } from '@cuepoint/core';
import { ActionIcon, Anchor, Box, Card, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResourceSpecOf } from '../../lib/resource-api.ts';
import { IconChevronDown } from '../icons.tsx';
import classes from './list.module.css';
import {
  cellContent,
  isLtrColumn,
  type ListedRow,
  nameColumnKey,
  type ResourceColumn,
  type RowAction,
  rowName,
  useRowOpen,
} from './list-cells.tsx';
import { ListRowMenu } from './list-row-menu.tsx';
import { KIT_TEXTS } from './texts.ts';

const SKELETON_CARDS = 3;

export interface ListCardsProps<K extends ResourceKind> {
  spec: ResourceSpecOf<K>;
  columns: readonly ResourceColumn<ListedRow<K>>[];
  rows: readonly ListedRow<K>[];
  pending: boolean;
  failed: boolean;
  empty: ReactNode;
  sort: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
  fetching: boolean;
  rowHref: (row: ListedRow<K>) => string;
  rowActions?: (row: ListedRow<K>) => readonly RowAction[];
  onDelete?: (row: ListedRow<K>) => void;
}

export function ListCards<K extends ResourceKind>(props: ListCardsProps<K>) {
  const { spec, columns, rows, pending, failed, empty, fetching, rowHref, rowActions, onDelete } = props;
  const open = useRowOpen(rowHref as (row: { _id: string }) => string);
  const nameKey = nameColumnKey(columns);
  const statusColumn = columns.find((c) => c.key === 'status');
  const fields = columns.filter((c) => c.key !== nameKey && c !== statusColumn);
  const nameColumn = columns.find((c) => c.key === nameKey);

  let body: ReactNode;
  if (pending) {
    body = Array.from({ length: SKELETON_CARDS }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have nothing else to be keyed by.
      <Card key={i} withBorder padding="sm" data-testid="skeleton-card">
        <Skeleton height={12} radius="sm" mb="sm" width="40%" />
        <Skeleton height={10} radius="sm" />
      </Card>
    ));
  } else if (failed) {
    body = null;
  } else if (rows.length === 0) {
    body = empty;
  } else {
    body = (
      <Stack component="ul" gap="sm" m={0} p={0} aria-label={spec.plural} aria-busy={fetching}>
        {rows.map((row) => (
          <Card
            key={row._id}
            component="li"
            withBorder
            padding="sm"
            className={`${classes.item} ${classes.card}`}
            data-testid="list-card"
            {...open(row)}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={rowHref(row)} fw={600} tabIndex={-1}>
                  {nameColumn ? cellContent(row, nameColumn) : rowName(row)}
                </Anchor>
                {statusColumn && <Box>{cellContent(row, statusColumn)}</Box>}
              </Stack>
              <ListRowMenu
                name={rowName(row)}
                href={rowHref(row)}
                actions={rowActions?.(row) ?? []}
                onDelete={onDelete ? () => onDelete(row) : undefined}
              />
            </Group>
            {fields.length > 0 && (
              <Box component="dl" className={classes.fields} mt="xs">
                {fields.map((column) => (
                  <Field key={column.key} label={column.label} ltr={isLtrColumn(column)}>
                    {cellContent(row, column)}
                  </Field>
                ))}
              </Box>
            )}
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <CardSort {...props} />
      {body}
    </Stack>
  );
}

function Field({ label, ltr, children }: { label: string; ltr: boolean; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{ltr ? <span dir="ltr">{children}</span> : children}</dd>
    </>
  );
}

/** The sort of the card layout: the column to sort by and the order, as the headers would set. */
function CardSort<K extends ResourceKind>({ spec, columns, sort, order, onSort }: ListCardsProps<K>) {
  const options = columns
    .filter((c) => c.sortable !== false && spec.list.sortKeys.includes(c.key))
    .map((c) => ({ value: c.key, label: c.label }));
  if (options.length === 0) return null;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label={KIT_TEXTS.sortField}
        size="xs"
        data={options}
        value={sort}
        allowDeselect={false}
        onChange={(next) => next && onSort(next, order)}
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="default"
        size="input-xs"
        aria-label={KIT_TEXTS.sortOrderToggle(order)}
        onClick={() => onSort(sort, order === 'asc' ? 'desc' : 'asc')}
      >
        <IconChevronDown size={14} style={{ transform: order === 'asc' ? 'rotate(180deg)' : undefined }} />
      </ActionIcon>
      <Text size="xs" c="dimmed" aria-hidden>
        {order === 'asc' ? KIT_TEXTS.sortAscending : KIT_TEXTS.sortDescending}
      </Text>
    </Group>
  );
}
