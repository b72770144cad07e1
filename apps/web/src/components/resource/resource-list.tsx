/**
 * The list screen every resource shares: title, toolbar (search, filters in the right-hand
 * drawer, the screen's own actions), a sortable table, paging with the spec's page sizes, and
 * loading, empty, no-match and error states. The whole view lives in the URL (useListParams), so
 * a link reproduces it.
 */
import {
  PAGE_SIZE_VALUES,
  type PageSizeValue,
  pageSizeRows,
  RESOURCE_TEXTS,
  type ResourceKind,
} from '@cuepoint/core';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ResourceApi, ResourceDto, ResourceSpecOf } from '../../lib/resource-api.ts';
import { FilterDrawer } from '../filter-drawer.tsx';
import { IconChevronDown } from '../icons.tsx';
import { formatCell } from './format.ts';
import { KIT_TEXTS } from './texts.ts';
import { activeFilterCount, useListParams } from './use-list-params.ts';
import { useRouteTitle } from './use-route-title.ts';

/** Milliseconds of quiet typing before the search text goes to the URL. */
export const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_ROWS = 5;

export interface ResourceColumn<Row> {
  /** The row's field (also the sort key when the list shape can sort by it). */
  key: string;
  label: string;
  /** Sortable when the list shape has this key among its sort keys (the default), unless false. */
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
}

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

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Clicks on a link, button or input inside a row are theirs, not the row's. */
const fromControl = (event: MouseEvent) =>
  event.target instanceof Element &&
  event.target.closest('a, button, input, select, textarea, [role="menu"]');

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
  const { params, setParams } = useListParams(spec.list);
  const [drawer, setDrawer] = useState(false);
  const query = useQuery({ ...api.listOptions(params), placeholderData: keepPreviousData });
  const filterCount = activeFilterCount(params);
  const searching = filterCount > 0 || Boolean(params.q);
  const clearAll = () => setParams({ q: '', filters: clearedFilters(params.filters) });

  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  // All is capped by the server (LIST_ALL_MAX_ROWS a page); beyond it, All pages too.
  const size = pageSizeRows(params.pageSize);
  const allCapped = params.pageSize === 'All' && total > size;
  const pages = Math.max(1, Math.ceil(total / size));

  // A page beyond the last one (rows deleted meanwhile, an old link): go to the last page.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && params.page > pages)
      setParams({ page: pages }, { replace: true });
  }, [query.data, query.isPlaceholderData, params.page, pages, setParams]);

  const sortable = (column: ResourceColumn<ResourceDto<K>>) =>
    column.sortable !== false && spec.list.sortKeys.includes(column.key);
  const sortColumn = columns.find((c) => c.key === params.sort);
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

  const colSpan = columns.length + (rowActions ? 1 : 0);
  let body: ReactNode;
  if (query.isPending) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
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
  } else if (query.isError && !query.data) {
    body = null;
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <Stack align="center" gap="xs" py="xl">
            <Text fw={600}>{searching ? RESOURCE_TEXTS.noMatch : RESOURCE_TEXTS.emptyList(spec.plural)}</Text>
            {searching && (
              <Button variant="default" size="xs" onClick={clearAll}>
                {RESOURCE_TEXTS.clearFilters}
              </Button>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => (
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

  const first = total === 0 ? 0 : (params.page - 1) * size + 1;
  const last = Math.min(total, params.page * size);

  return (
    <Stack gap="md">
      <Title order={1}>{title ?? routeTitle ?? spec.plural}</Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <SearchBox value={params.q ?? ''} onSearch={(q) => setParams({ q }, { replace: true })} />
          {Object.keys(spec.list.filters).length > 0 && (
            <Button variant="default" onClick={() => setDrawer(true)} aria-haspopup="dialog">
              {KIT_TEXTS.filtersButton(RESOURCE_TEXTS.filters, filterCount)}
            </Button>
          )}
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>

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

      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={query.isFetching}>
          <Table.Caption style={visuallyHidden}>
            {KIT_TEXTS.caption(spec.plural, sortColumn?.label ?? params.sort, params.order)}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const active = params.sort === column.key;
                if (!sortable(column)) return <Table.Th key={column.key}>{column.label}</Table.Th>;
                return (
                  <Table.Th
                    key={column.key}
                    aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      onClick={() =>
                        setParams({
                          sort: column.key,
                          order: active ? (params.order === 'asc' ? 'desc' : 'asc') : 'asc',
                        })
                      }
                    >
                      <Group gap={4} wrap="nowrap">
                        {column.label}
                        <IconChevronDown
                          size={14}
                          style={{
                            opacity: active ? 1 : 0.35,
                            transform: active && params.order === 'asc' ? 'rotate(180deg)' : undefined,
                          }}
                        />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
              {rowActions && (
                <Table.Th>
                  <Box component="span" style={visuallyHidden}>
                    {KIT_TEXTS.actions}
                  </Box>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.isPending && (
        <Text size="sm" c="dimmed" role="status">
          {KIT_TEXTS.loading(spec.plural)}
        </Text>
      )}

      {query.data && total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" aria-live="polite">
            {KIT_TEXTS.showing(first, last, total)}
            {allCapped && ` · ${KIT_TEXTS.allCapped(size)}`}
          </Text>
          <Group gap="md">
            {pages > 1 && (
              <Box component="nav" aria-label={KIT_TEXTS.pagination}>
                <Pagination
                  total={pages}
                  value={Math.min(params.page, pages)}
                  onChange={(page) => setParams({ page })}
                  size="sm"
                  getItemProps={(page) => ({ 'aria-label': KIT_TEXTS.page(page) })}
                  getControlProps={(control) =>
                    control === 'previous'
                      ? { 'aria-label': KIT_TEXTS.previousPage }
                      : control === 'next'
                        ? { 'aria-label': KIT_TEXTS.nextPage }
                        : {}
                  }
                />
              </Box>
            )}
            <PageSizeSelect value={params.pageSize} onChange={(pageSize) => setParams({ pageSize })} />
          </Group>
        </Group>
      )}

      {Object.keys(spec.list.filters).length > 0 && (
        <FilterDrawer
          opened={drawer}
          onClose={() => setDrawer(false)}
          onReset={() => setParams({ filters: clearedFilters(params.filters) })}
          title={RESOURCE_TEXTS.filters}
        >
          {Object.entries(spec.list.filters).map(([name, values]) => (
            <Select
              key={name}
              label={filterLabels[name] ?? name}
              data={values.map((value) => ({ value, label: filterOptionLabels[name]?.[value] ?? value }))}
              value={params.filters[name] ?? null}
              onChange={(value) => setParams({ filters: { [name]: value } })}
              clearable
              comboboxProps={{ withinPortal: false }}
            />
          ))}
        </FilterDrawer>
      )}
    </Stack>
  );
}

const clearedFilters = (filters: Record<string, string>) =>
  Object.fromEntries(Object.keys(filters).map((name) => [name, null]));

function PageSizeSelect({
  value,
  onChange,
}: {
  value: PageSizeValue;
  onChange: (value: PageSizeValue) => void;
}) {
  return (
    <Select
      label={KIT_TEXTS.pageSize}
      size="xs"
      w={110}
      data={PAGE_SIZE_VALUES}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as PageSizeValue)}
    />
  );
}

/** The search field: what the user types goes to the URL after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const send = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);
  // The URL changed by other means (clear filters, back button): show what it says.
  useEffect(() => {
    if (value !== sent.current) {
      send.cancel();
      sent.current = value;
      setText(value);
    }
  }, [value, send]);
  return (
    <TextInput
      label={RESOURCE_TEXTS.searchPlaceholder}
      placeholder={RESOURCE_TEXTS.searchPlaceholder}
      type="search"
      value={text}
      w={260}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') send.flush();
      }}
    />
  );
}
