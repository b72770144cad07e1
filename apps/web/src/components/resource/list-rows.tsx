/**
 * The rows of a list screen's table, or placeholder rows while the first page loads, or the empty
 * and no-match states. A row opens its record on a click anywhere on it (or Enter while it has
 * focus); the name cell is also a link (a new tab, a middle click), and the row's actions are in a
 * menu at its end.
 */
import type { ResourceKind } from '@cuepoint/core';
import { Anchor, Skeleton, Table, useDirection } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResourceSpecOf } from '../../lib/resource-api.ts';
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

export type { ResourceColumn, RowAction } from './list-cells.tsx';

const SKELETON_ROWS = 5;

export interface ListRowsProps<K extends ResourceKind> {
  spec: ResourceSpecOf<K>;
  columns: readonly ResourceColumn<ListedRow<K>>[];
  rows: readonly ListedRow<K>[];
  /** The first page is still loading: placeholder rows. */
  pending: boolean;
  /** Loading failed and nothing is there to show (the screen shows the error). */
  failed: boolean;
  /** What shows when there are no rows (the empty or the no-match state). */
  empty: ReactNode;
  /** The record's page: where a row, its name and its menu's Open go. */
  rowHref: (row: ListedRow<K>) => string;
  /** The screen's own entries of a row's menu. */
  rowActions?: (row: ListedRow<K>) => readonly RowAction[];
  /** Offers Delete in each row's menu (the list asks for confirmation). */
  onDelete?: (row: ListedRow<K>) => void;
}

export function ListRows<K extends ResourceKind>({
  columns,
  rows,
  pending,
  failed,
  empty,
  rowHref,
  rowActions,
  onDelete,
}: ListRowsProps<K>) {
  const { dir } = useDirection();
  const open = useRowOpen(rowHref as (row: { _id: string }) => string);
  const colSpan = columns.length + 1;
  const nameKey = nameColumnKey(columns);

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
        <Table.Td colSpan={colSpan}>{empty}</Table.Td>
      </Table.Tr>
    );
  }
  return rows.map((row) => (
    <Table.Tr key={row._id} className={classes.item} {...open(row)}>
      {columns.map((column) => {
        const content = cellContent(row, column);
        const ltr = isLtrColumn(column);
        return (
          <Table.Td
            key={column.key}
            dir={ltr ? 'ltr' : undefined}
            // A left-to-right value keeps its column's alignment on a right-to-left page.
            style={ltr && dir === 'rtl' ? { textAlign: 'right' } : undefined}
          >
            {column.key === nameKey ? (
              // The row is the keyboard's way in (Enter); the link serves the pointer (new tab).
              <Anchor component={Link} to={rowHref(row)} fw={600} tabIndex={-1}>
                {content}
              </Anchor>
            ) : (
              content
            )}
          </Table.Td>
        );
      })}
      <Table.Td className={classes.actionsCell}>
        <ListRowMenu
          name={rowName(row)}
          href={rowHref(row)}
          actions={rowActions?.(row) ?? []}
          onDelete={onDelete ? () => onDelete(row) : undefined}
        />
      </Table.Td>
    </Table.Tr>
  ));
}
