/**
 * The main administrator's Customers screen (/customer): every customer account, searched,
 * filtered (in the right-hand drawer), sorted and paged with the spec's page sizes; the view lives
 * in the URL. A row opens the account's page; its menu offers Login as…, the review and
 * activation actions, each asking first.
 */
import { CUSTOMER_LIST, type CustomerListItem, pageSizeRows, RESOURCE_TEXTS } from '@cuepoint/core';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import type { RowAction } from '../../../components/resource/list-cells.tsx';
import { ListFilterDrawer } from '../../../components/resource/list-filter-drawer.tsx';
import { ListFooter } from '../../../components/resource/list-footer.tsx';
import { ListToolbar } from '../../../components/resource/list-toolbar.tsx';
import { PHONE_QUERY } from '../../../components/resource/resource-list.tsx';
import { activeFilterCount, useListParams } from '../../../components/resource/use-list-params.ts';
import { toast } from '../../../lib/toast.ts';
import { useCustomerCommand, useCustomerList } from '../api/customers-api.ts';
import { useCustomerDialogs } from '../components/customer-dialogs.tsx';
import { CustomerCards, CustomerTable } from '../components/customer-table.tsx';
import { CUSTOMER_PATHS } from '../paths.ts';
import { CUSTOMER_TEXTS as T } from '../texts.ts';

export function Component() {
  const { params, setParams, reset } = useListParams(CUSTOMER_LIST);
  const query = useCustomerList(params);
  const [drawer, setDrawer] = useState(false);
  const dialogs = useCustomerDialogs();
  const approve = useCustomerCommand();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;

  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const size = pageSizeRows(params.pageSize);
  const pages = Math.max(1, Math.ceil(total / size));
  const searching = Boolean(params.q) || activeFilterCount(params) > 0;

  const actions = (row: CustomerListItem): RowAction[] => [
    ...(row.status !== 'deactivated' && row.owner
      ? [{ label: T.loginAs, onClick: () => dialogs.open('loginAs', row), opensDialog: true }]
      : []),
    ...(row.status === 'pending'
      ? [
          {
            label: T.approve,
            onClick: () =>
              approve.mutate(
                { kind: 'approve', id: row._id },
                {
                  onSuccess: () => toast.success(T.approved(row.name)),
                  onError: (error) => toast.error(error.message),
                },
              ),
          },
          { label: T.reject, onClick: () => dialogs.open('reject', row), opensDialog: true },
        ]
      : []),
    row.status === 'deactivated'
      ? { label: T.activate, onClick: () => dialogs.open('activate', row), opensDialog: true }
      : { label: T.deactivate, onClick: () => dialogs.open('deactivate', row), opensDialog: true },
  ];

  const empty = (
    <Stack align="center" gap="sm" py="xl" data-testid="list-empty">
      {!searching && (
        <Text component="span" c="dimmed" lh={0}>
          <ConceptIcon concept="customers" size={32} />
        </Text>
      )}
      <Text fw={600}>{searching ? RESOURCE_TEXTS.noMatch : T.empty}</Text>
      {searching && (
        <Button variant="default" size="xs" onClick={reset}>
          {RESOURCE_TEXTS.clearFilters}
        </Button>
      )}
    </Stack>
  );

  const shared = {
    rows,
    pending: query.isPending,
    failed: query.isError && !query.data,
    empty,
    href: (row: CustomerListItem) => CUSTOMER_PATHS.detail(row._id),
    actions,
    sort: params.sort,
    order: params.order,
    onSort: (sort: string, order: 'asc' | 'desc') => setParams({ sort, order }),
    fetching: query.isFetching,
  };

  return (
    <Stack gap="md">
      <Title order={1}>{T.plural}</Title>
      <ListToolbar
        search={params.q ?? ''}
        onSearch={(q) => setParams({ q }, { replace: true })}
        filterCount={activeFilterCount(params)}
        onOpenFilters={() => setDrawer(true)}
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
      {phone ? <CustomerCards {...shared} /> : <CustomerTable {...shared} />}
      {query.isPending && (
        <Text size="sm" c="dimmed" role="status">
          {T.loading}
        </Text>
      )}
      {query.data && total > 0 && (
        <ListFooter
          page={params.page}
          pages={pages}
          pageSize={params.pageSize}
          size={size}
          total={total}
          allCapped={params.pageSize === 'All' && total > size}
          onPage={(page) => setParams({ page })}
          onPageSize={(pageSize) => setParams({ pageSize })}
        />
      )}
      <ListFilterDrawer
        list={CUSTOMER_LIST}
        opened={drawer}
        onClose={() => setDrawer(false)}
        values={params.filters}
        onChange={(name, value) => setParams({ filters: { [name]: value } })}
        onReset={() => setParams({ filters: { status: null, plan: null } })}
        labels={T.filterLabels}
        optionLabels={{ status: T.statuses, plan: T.plans }}
      />
      {dialogs.element}
    </Stack>
  );
}
