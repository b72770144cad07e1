/**
 * The list screen every resource shares, one pattern by construction:
 * - title, and a toolbar: search, filters (in the right-hand drawer), the screen's other actions
 *   and its primary action (creating a record, on a page of its own) on the right;
 * - a table with sortable columns and a header that stays in view; at phone width, cards with a
 *   sort control instead;
 * - a row opens its record on a click anywhere on it, or Enter while it has focus; its actions
 *   (Open, the screen's own, Delete behind a confirmation) are in a menu at its end;
 * - a status column shows a coloured badge; times, URLs and ids read left to right;
 * - a main administrator (who sees every customer's records) gets a Customer column;
 * - paging with the spec's page sizes; loading, empty (one sentence and the primary action),
 *   no-match and error states.
 * The whole view lives in the URL (useListParams), so a link reproduces it.
 */
import { BREAKPOINTS, RESOURCE_TEXTS, type ResourceKind, type SortOrder } from '@cuepoint/core';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ResourceApi, ResourceSpecOf } from '../../lib/resource-api.ts';
import { useRoleAllows } from '../../lib/role-access.ts';
import { SESSION_ROUTE_ID, type SessionLoaderData } from '../../lib/session.ts';
import { navIcon } from '../icons.tsx';
import { DeleteDialog } from './delete-action.tsx';
import { ListCards } from './list-cards.tsx';
import { CUSTOMER_COLUMN_KEY, type ListedRow, nameColumnKey } from './list-cells.tsx';
import { ListFilterDrawer } from './list-filter-drawer.tsx';
import { ListFooter } from './list-footer.tsx';
import type { ResourceColumn, RowAction } from './list-rows.tsx';
import { ListTable } from './list-table.tsx';
import { type ListPrimaryAction, ListToolbar, PrimaryActionButton } from './list-toolbar.tsx';
import { KIT_TEXTS } from './texts.ts';
import { clearedFilters, useResourceList } from './use-resource-list.ts';
import { useRouteTitle } from './use-route-title.ts';

export type { ListedRow } from './list-cells.tsx';
export type { ResourceColumn, RowAction } from './list-rows.tsx';
export type { ListPrimaryAction } from './list-toolbar.tsx';

/** Below the spec's first breakpoint (576 px) rows become cards. */
export const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.xs - 0.02) / 16}em)`;

export interface ResourceListProps<K extends ResourceKind> {
  spec: ResourceSpecOf<K>;
  api: ResourceApi<K>;
  columns: readonly ResourceColumn<ListedRow<K>>[];
  /** The h1; the screen's title (app/screens.ts), else the resource's plural. */
  title?: string;
  /** Labels of the list shape's filters (the filter's name otherwise). */
  filterLabels?: Readonly<Record<string, string>>;
  /** Labels of a filter's values, by filter name and value (the value itself otherwise). */
  filterOptionLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The record's page: where a click on a row (or Enter on it), its name and its menu's Open go. */
  rowHref: (row: ListedRow<K>) => string;
  /** Creating a record: the toolbar's last button, and the empty state's. */
  primaryAction?: ListPrimaryAction;
  /** The toolbar's other buttons ("Logs", another view of the same records). */
  actions?: ReactNode;
  /** The screen's own entries of each row's menu (between Open and Delete). */
  rowActions?: (row: ListedRow<K>) => readonly RowAction[];
  /** Offer Delete in each row's menu (the default); false on a view that does not own the records. */
  deletable?: boolean;
  /** Show the Customer column; by default, to a main administrator (who sees every customer's). */
  showCustomer?: boolean;
  /** Table or cards; by default cards below the phone breakpoint. */
  layout?: 'table' | 'cards';
}

export function ResourceList<K extends ResourceKind>({
  spec,
  api,
  columns,
  title,
  filterLabels = {},
  filterOptionLabels = {},
  rowHref,
  primaryAction: offeredAction,
  actions,
  rowActions,
  deletable: offeredDelete = true,
  showCustomer,
  layout,
}: ResourceListProps<K>) {
  // A viewer's role may not write: no create button, no Delete (the server refuses them too).
  const canWrite = useRoleAllows('write');
  const primaryAction = canWrite ? offeredAction : undefined;
  const deletable = canWrite && offeredDelete;
  // The screen's own title (app/screens.ts), as the breadcrumb and the document title show it.
  const routeTitle = useRouteTitle();
  const list = useResourceList(spec, api);
  const { params, setParams, query } = list;
  const [drawer, setDrawer] = useState(false);
  // The row whose Delete was chosen; kept while its dialog closes (focus goes back to its menu).
  const [deleting, setDeleting] = useState<{ row: ListedRow<K>; opened: boolean } | null>(null);
  const hasFilters = Object.keys(spec.list.filters).length > 0;
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const cards = (layout ?? (phone ? 'cards' : 'table')) === 'cards';
  const session = useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData | undefined;
  const withCustomer = showCustomer ?? session?.user.profile.isMainAdmin ?? false;
  const shownColumns = withCustomer ? withCustomerColumn(columns) : columns;

  // The resource's icon (its sidebar entry's) over the empty state's sentence.
  const EmptyIcon = navIcon(spec.navigationEntry);
  const empty = (
    <Stack align="center" gap="sm" py="xl" data-testid="list-empty">
      {EmptyIcon && !list.searching && (
        <Text component="span" c="dimmed" lh={0}>
          <EmptyIcon size={32} />
        </Text>
      )}
      <Text fw={600}>{list.searching ? RESOURCE_TEXTS.noMatch : RESOURCE_TEXTS.emptyList(spec.plural)}</Text>
      {list.searching ? (
        <Button variant="default" size="xs" onClick={list.clearAll}>
          {RESOURCE_TEXTS.clearFilters}
        </Button>
      ) : (
        primaryAction && <PrimaryActionButton action={primaryAction} />
      )}
    </Stack>
  );

  const shared = {
    spec,
    columns: shownColumns,
    rows: list.rows as readonly ListedRow<K>[],
    pending: query.isPending,
    failed: query.isError && !query.data,
    empty,
    rowHref,
    rowActions,
    onDelete: deletable ? (row: ListedRow<K>) => setDeleting({ row, opened: true }) : undefined,
    sort: params.sort,
    order: params.order,
    onSort: (sort: string, order: SortOrder) => setParams({ sort, order }),
    fetching: query.isFetching,
  };

  return (
    <Stack gap="md">
      <Title order={1}>{title ?? routeTitle ?? spec.plural}</Title>
      <ListToolbar
        search={params.q ?? ''}
        onSearch={(q) => setParams({ q }, { replace: true })}
        filterCount={hasFilters ? list.filterCount : null}
        onOpenFilters={() => setDrawer(true)}
        actions={actions}
        primaryAction={primaryAction}
      />

      {query.isError && (
        <Alert color="red" title={RESOURCE_TEXTS.loadFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" variant="filled" color="red.9" onClick={() => void query.refetch()}>
              {RESOURCE_TEXTS.retry}
            </Button>
          </Stack>
        </Alert>
      )}

      {cards ? <ListCards {...shared} /> : <ListTable {...shared} />}
      {query.isPending && (
        <Text size="sm" c="dimmed" role="status">
          {KIT_TEXTS.loading(spec.plural)}
        </Text>
      )}

      {query.data && list.total > 0 && (
        <ListFooter
          page={params.page}
          pages={list.pages}
          pageSize={params.pageSize}
          size={list.size}
          total={list.total}
          allCapped={list.allCapped}
          onPage={(page) => setParams({ page })}
          onPageSize={(pageSize) => setParams({ pageSize })}
        />
      )}

      {hasFilters && (
        <ListFilterDrawer
          list={spec.list}
          opened={drawer}
          onClose={() => setDrawer(false)}
          values={params.filters}
          onChange={(name, value) => setParams({ filters: { [name]: value } })}
          onReset={() => setParams({ filters: clearedFilters(params.filters) })}
          labels={filterLabels}
          optionLabels={filterOptionLabels}
        />
      )}

      {deleting && (
        <DeleteDialog
          key={deleting.row._id}
          spec={spec}
          api={api}
          row={deleting.row}
          opened={deleting.opened}
          onClose={() => setDeleting({ ...deleting, opened: false })}
        />
      )}
    </Stack>
  );
}

/** The columns with the Customer column after the name (whose each row is). */
function withCustomerColumn<Row>(columns: readonly ResourceColumn<Row>[]): readonly ResourceColumn<Row>[] {
  const customer: ResourceColumn<Row> = {
    key: CUSTOMER_COLUMN_KEY,
    label: KIT_TEXTS.customer,
    sortable: false,
  };
  const after = columns.findIndex((c) => c.key === nameColumnKey(columns));
  return [...columns.slice(0, after + 1), customer, ...columns.slice(after + 1)];
}
