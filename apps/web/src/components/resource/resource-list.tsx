/**
 * The list screen every resource shares: title, toolbar (search, filters in the right-hand
 * drawer, the screen's own actions), a sortable table, paging with the spec's page sizes, and
 * loading, empty, no-match and error states. The whole view lives in the URL (useListParams), so
 * a link reproduces it.
 */
import { RESOURCE_TEXTS, type ResourceKind } from '@cuepoint/core';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { ResourceApi, ResourceDto, ResourceSpecOf } from '../../lib/resource-api.ts';
import { ListFilterDrawer } from './list-filter-drawer.tsx';
import { ListFooter } from './list-footer.tsx';
import type { ResourceColumn } from './list-rows.tsx';
import { ListTable } from './list-table.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { KIT_TEXTS } from './texts.ts';
import { clearedFilters, useResourceList } from './use-resource-list.ts';
import { useRouteTitle } from './use-route-title.ts';

export type { ResourceColumn } from './list-rows.tsx';

export interface ResourceListProps<K extends ResourceKind> {
  spec: ResourceSpecOf<K>;
  api: ResourceApi<K>;
  columns: readonly ResourceColumn<ResourceDto<K>>[];
  /** The h1; the resource's plural by default. */
  title?: string;
  /** Labels of the list shape's filters (the filter's name otherwise). */
  filterLabels?: Readonly<Record<string, string>>;
  /** Labels of a filter's values, by filter name and value (the value itself otherwise). */
  filterOptionLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Where the name cell links to. */
  rowHref?: (row: ResourceDto<K>) => string;
  /** What clicking a row (or its name, when there is no rowHref) does. */
  onRowClick?: (row: ResourceDto<K>) => void;
  /** The toolbar's own buttons ("New …", "Logs"). */
  actions?: ReactNode;
  /** Buttons at the end of each row. */
  rowActions?: (row: ResourceDto<K>) => ReactNode;
}

export function ResourceList<K extends ResourceKind>({
  spec,
  api,
  columns,
  title,
  filterLabels = {},
  filterOptionLabels = {},
  rowHref,
  onRowClick,
  actions,
  rowActions,
}: ResourceListProps<K>) {
  // The screen's own title (app/screens.ts), as the breadcrumb and the document title show it.
  const routeTitle = useRouteTitle();
  const list = useResourceList(spec, api);
  const { params, setParams, query } = list;
  const [drawer, setDrawer] = useState(false);
  const hasFilters = Object.keys(spec.list.filters).length > 0;

  return (
    <Stack gap="md">
      <Title order={1}>{title ?? routeTitle ?? spec.plural}</Title>
      <ListToolbar
        search={params.q ?? ''}
        onSearch={(q) => setParams({ q }, { replace: true })}
        filterCount={hasFilters ? list.filterCount : null}
        onOpenFilters={() => setDrawer(true)}
        actions={actions}
      />

      {query.isError && (
        <Alert color="red" title={RESOURCE_TEXTS.loadFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" variant="light" color="red.9" onClick={() => void query.refetch()}>
              {RESOURCE_TEXTS.retry}
            </Button>
          </Stack>
        </Alert>
      )}

      <ListTable
        spec={spec}
        columns={columns}
        rows={list.rows}
        sort={params.sort}
        order={params.order}
        onSort={(sort, order) => setParams({ sort, order })}
        pending={query.isPending}
        failed={query.isError && !query.data}
        fetching={query.isFetching}
        searching={list.searching}
        onClearAll={list.clearAll}
        rowHref={rowHref}
        onRowClick={onRowClick}
        rowActions={rowActions}
      />
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
    </Stack>
  );
}
