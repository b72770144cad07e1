/**
 * What the table rows and the phone cards of a list share: the column type, how a cell shows its
 * value (a status as a coloured badge, times and URLs left to right), and how a row opens its
 * record (a click anywhere on it, or Enter on the focused row).
 */
import { RESOURCE_STATUSES, type ResourceKind, type ResourceStatus } from '@cuepoint/core';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ResourceDto } from '../../lib/resource-api.ts';
import { formatCell } from './format.ts';
import { StatusBadge } from './status-badge.tsx';

export interface ResourceColumn<Row> {
  /** The row's field (also the sort key when the list shape can sort by it). */
  key: string;
  label: string;
  /** Sortable when the list shape has this key among its sort keys (the default), unless false. */
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  /**
   * The value reads left to right even on a right-to-left page (URLs, ids); times (createdAt,
   * updatedAt) always do.
   */
  ltr?: boolean;
}

/** An entry of a row's action menu: a link (`to`) or a command (`onClick`). */
export interface RowAction {
  label: string;
  to?: string;
  onClick?: () => void;
  /** The command opens a dialog (announced as such). */
  opensDialog?: boolean;
}

/** A row of a list answer: the record and the name of the customer that owns it. */
export type ListedRow<K extends ResourceKind> = ResourceDto<K> & { customerName?: string };

/** The Customer column a main administrator's lists show (not sortable: no list sorts by it). */
export const CUSTOMER_COLUMN_KEY = 'customerName';

const LTR_KEYS: ReadonlySet<string> = new Set(['_id', 'createdAt', 'updatedAt']);
export const isLtrColumn = (column: { key: string; ltr?: boolean }) => column.ltr ?? LTR_KEYS.has(column.key);

const isStatus = (value: unknown): value is ResourceStatus =>
  typeof value === 'string' && (RESOURCE_STATUSES as readonly string[]).includes(value);

/** A cell's content: the column's own rendering, a status as a badge, or the formatted value. */
export function cellContent<Row>(row: Row, column: ResourceColumn<Row>): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (column.key === 'status' && isStatus(value)) return <StatusBadge status={value} />;
  return formatCell(value);
}

/** The name a record goes by (its id when it has none). */
export const rowName = (row: { _id: string; name?: unknown }) =>
  typeof row.name === 'string' && row.name !== '' ? row.name : row._id;

/** The column that names the record (`name`, or the first one). */
export const nameColumnKey = (columns: readonly { key: string }[]) =>
  columns.some((c) => c.key === 'name') ? 'name' : columns[0]?.key;

/** Clicks on a link, button or input inside a row (or its menu) are theirs, not the row's. */
const fromControl = (target: EventTarget | null) =>
  target instanceof Element &&
  Boolean(target.closest('a, button, input, select, textarea, label, [role="menu"], [role="dialog"]'));

/** Text the user is selecting in a row is not a click that opens it. */
const selectingText = () => (window.getSelection?.()?.toString() ?? '') !== '';

/**
 * The props that make a row (or a card) open its record: focusable, named by the record, a click
 * anywhere on it or Enter while it has focus goes to `href`.
 */
export function useRowOpen(href: (row: { _id: string; name?: unknown }) => string) {
  const navigate = useNavigate();
  return (row: { _id: string; name?: unknown }) => ({
    tabIndex: 0,
    'aria-label': rowName(row),
    'data-row-link': href(row),
    style: { cursor: 'pointer' },
    onClick: (event: MouseEvent) => {
      if (fromControl(event.target) || selectingText()) return;
      navigate(href(row));
    },
    onKeyDown: (event: KeyboardEvent) => {
      // Enter on the row itself; keys pressed in its menu or links are theirs.
      if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
      event.preventDefault();
      navigate(href(row));
    },
  });
}
