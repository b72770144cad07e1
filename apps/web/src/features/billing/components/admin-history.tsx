/**
 * The main administrator's Billing History: every invoice and credit note (drafts too), searched
 * and filtered (status, type, customer, period months: the right-hand drawer), paged, with the
 * totals of all that match; a document opens in its panel (`?invoice=<id>`). The whole view lives
 * in the URL.
 */
import { INVOICE_KIND_LABELS, INVOICE_KINDS, INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '@cuepoint/core';
import { Button, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterDrawer } from '../../../components/filter-drawer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ListToolbar } from '../../../components/resource/list-toolbar.tsx';
import { useCustomerOptions, useInvoiceList } from '../api/billing-api.ts';
import { BILLING_PATHS } from '../paths.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import { BillingTabs } from './billing-tabs.tsx';
import { activeFilters, type HistoryChange, useHistoryParams } from './history-params.ts';
import { InvoicePanel } from './invoice-panel.tsx';
import { InvoicePager, InvoiceTable } from './invoice-table.tsx';
import { MonthField } from './month-field.tsx';

const T = BILLING_SCREEN_TEXTS.history;
const F = T.filters;

export function AdminHistory({ title }: { title: string }) {
  const { params, invoice, set, reset } = useHistoryParams();
  const list = useInvoiceList(params);
  const [drawer, setDrawer] = useState(false);
  const filtered = Boolean(params.q) || activeFilters(params) > 0;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </Stack>
      <BillingTabs />
      <ListToolbar
        search={params.q ?? ''}
        onSearch={(q) => set({ q }, { replace: true })}
        filterCount={activeFilters(params)}
        onOpenFilters={() => setDrawer(true)}
        actions={
          <Button component={Link} to={BILLING_PATHS.create}>
            {T.create}
          </Button>
        }
      />
      <QueryState
        query={list}
        loading={T.loading}
        failed={T.failed}
        empty={{
          when: (data) => data.total === 0 && !filtered,
          text: T.empty,
          concept: 'billingHistory',
          testId: 'invoices-empty',
        }}
      >
        {(data) =>
          data.total === 0 ? (
            <Stack align="center" gap="sm" py="xl" data-testid="invoices-no-match">
              <Text fw={600}>{T.noMatch}</Text>
              <Button variant="default" size="xs" onClick={reset}>
                {T.clearFilters}
              </Button>
            </Stack>
          ) : (
            <>
              <InvoiceTable data={data} admin caption={T.caption} busy={list.isPlaceholderData} />
              <InvoicePager
                page={params.page}
                pageSize={params.pageSize}
                total={data.total}
                onPage={(page) => set({ page })}
                onPageSize={(pageSize) => set({ pageSize })}
              />
            </>
          )
        }
      </QueryState>
      <HistoryFilters
        opened={drawer}
        onClose={() => setDrawer(false)}
        values={{
          status: params.status ?? null,
          kind: params.kind ?? null,
          customer: params.customerId ?? null,
          from: params.from ?? '',
          to: params.to ?? '',
        }}
        onChange={(change) => set(change, { replace: true })}
        onReset={() => set({ status: null, kind: null, customer: null, from: null, to: null })}
      />
      <InvoicePanel id={invoice} admin onClose={() => set({ invoice: null })} />
    </Stack>
  );
}

interface FilterValues {
  status: string | null;
  kind: string | null;
  customer: string | null;
  from: string;
  to: string;
}

function HistoryFilters({
  opened,
  onClose,
  values,
  onChange,
  onReset,
}: {
  opened: boolean;
  onClose: () => void;
  values: FilterValues;
  onChange: (change: HistoryChange) => void;
  onReset: () => void;
}) {
  // Asked for once the drawer opens (the filter's names), then kept.
  const customers = useCustomerOptions(opened || values.customer !== null);
  return (
    <FilterDrawer opened={opened} onClose={onClose} onReset={onReset} title={F.title}>
      <Select
        label={F.status}
        placeholder={F.any}
        data={INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }))}
        value={values.status}
        clearable
        onChange={(value) => onChange({ status: value })}
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label={F.kind}
        placeholder={F.any}
        data={INVOICE_KINDS.map((value) => ({ value, label: INVOICE_KIND_LABELS[value] }))}
        value={values.kind}
        clearable
        onChange={(value) => onChange({ kind: value })}
        comboboxProps={{ withinPortal: false }}
      />
      <Select
        label={F.customer}
        placeholder={F.any}
        data={customers.data ?? []}
        value={values.customer}
        searchable
        clearable
        nothingFoundMessage={BILLING_SCREEN_TEXTS.create.noCustomers}
        onChange={(value) => onChange({ customer: value })}
        comboboxProps={{ withinPortal: false }}
      />
      <MonthField label={F.from} value={values.from} onChange={(from) => onChange({ from })} />
      <MonthField label={F.to} value={values.to} min={values.from} onChange={(to) => onChange({ to })} />
    </FilterDrawer>
  );
}
