/**
 * The rows of a list screen's table, or placeholder rows while the first page loads, or the empty
 * and no-match states. The name cell links to the record (or opens it).
 */
import { RESOURCE_TEXTS, type ResourceKind } from '@cuepoint/core';
import { Anchor, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResourceDto, ResourceSpecOf } from '../../lib/resource-api.ts';
import { formatCell } from './format.ts';

const SKELETON_ROWS = 5;

export interface ResourceColumn<Row> {
  /** The row's field (also the sort key when the list shape can sort by it). */
  key: string;
  label: string;
  /** Sortable when the list shape has this key among its sort keys (the default), unless false. */
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
}

export interface ListRowsProps<K extends ResourceKind> {
  spec: ResourceSpecOf<K>;
  columns: readonly ResourceColumn<ResourceDto<K>>[];
  rows: readonly ResourceDto<K>[];
  /** The first page is still loading: placeholder rows. */
  pending: boolean;
  /** Loading failed and nothing is there to show (the screen shows the error). */
  failed: boolean;
  /** A search or a filter narrows the rows: an empty answer is "no match", with a way to clear them. */
  searching: boolean;
  onClearAll: () => void;
  rowHref?: (row: ResourceDto<K>) => string;
  onRowClick?: (row: ResourceDto<K>) => void;
  rowActions?: (row: ResourceDto<K>) => ReactNode;
}

/** Clicks on a link, button or input inside a row are theirs, not the row's. */
const fromControl = (event: MouseEvent) =>
  event.target instanceof Element &&
  event.target.closest('a, button, input, select, textarea, [role="menu"]');

export function ListRows<K extends ResourceKind>({
  spec,
  columns,
  rows,
  pending,
  failed,
  searching,
  onClearAll,
  rowHref,
  onRowClick,
  rowActions,
}: ListRowsProps<K>) {
  const colSpan = columns.length + (rowActions ? 1 : 0);
  const nameKey = columns.some((c) => c.key === 'name') ? 'name' : columns[0]?.key;

  const cell = (row: ResourceDto<K>, column: ResourceColumn<ResourceDto<K>>) => {
    const content = column.render
      ? column.render(row)
      : formatCell((row as Record<string, unknown>)[column.key]);
    if (column.key !== nameKey) return content;
    if (rowHref)
      return (
        <Anchor component={Link} to={rowHref(row)} fw={600}>
          {content}
        </Anchor>
      );
    if (onRowClick)
      return (
        <Anchor component="button" type="button" fw={600} onClick={() => onRowClick(row)}>
          {content}
        </Anchor>
      );
    return content;
  };

  if (pending) {
    return Array.from({ length: SKELETON_ROWS }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to be keyed by.
      <Table.Tr key={i} data-testid="skeleton-row">
        {Array.from({ length: colSpan }, (_, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells.
          <Table.Td key={j}>
            <Skeleton height={12} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }
  if (failed) return null;
  if (rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <Stack align="center" gap="xs" py="xl">
            <Text fw={600}>{searching ? RESOURCE_TEXTS.noMatch : RESOURCE_TEXTS.emptyList(spec.plural)}</Text>
            {searching && (
              <Button variant="default" size="xs" onClick={onClearAll}>
                {RESOURCE_TEXTS.clearFilters}
              </Button>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  }
  return rows.map((row) => (
    <Table.Tr
      key={row._id}
      onClick={onRowClick ? (event) => !fromControl(event) && onRowClick(row) : undefined}
      style={onRowClick ? { cursor: 'pointer' } : undefined}
    >
      {columns.map((column) => (
        <Table.Td key={column.key}>{cell(row, column)}</Table.Td>
      ))}
      {rowActions && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            {rowActions(row)}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  ));
}
