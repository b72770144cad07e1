/**
 * The customer's Billing (/billing-history for a user whose customer has a payment customer id):
 * this month's usage so far, and its invoices and credit notes (issued ones only: the server never
 * lists a draft to a customer) with their payment status and PDFs; a document opens read-only in
 * its panel.
 */
import { Stack, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/query-state.tsx';
import { useInvoiceList, useMyUsage } from '../api/billing-api.ts';
import { formatMoney } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import { useHistoryParams } from './history-params.ts';
import { InvoicePanel } from './invoice-panel.tsx';
import { InvoicePager, InvoiceTable } from './invoice-table.tsx';
import { UsagePanel } from './usage-panel.tsx';

const T = BILLING_SCREEN_TEXTS.customer;

export function CustomerBilling({ title }: { title: string }) {
  const { params, invoice, set } = useHistoryParams();
  const usage = useMyUsage();
  // Only the page: the customer's list has no search or filters.
  const list = useInvoiceList({ page: params.page, pageSize: params.pageSize });
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </Stack>
      <QueryState
        query={usage}
        loading={BILLING_SCREEN_TEXTS.usage.loading}
        failed={BILLING_SCREEN_TEXTS.usage.failed}
      >
        {(data) => <UsagePanel usage={data} title={BILLING_SCREEN_TEXTS.usage.soFar} note={T.usageNote} />}
      </QueryState>
      <Stack gap="sm" component="section" aria-labelledby="customer-invoices-title">
        <Title order={2} size="h4" id="customer-invoices-title">
          {T.invoices}
        </Title>
        <QueryState
          query={list}
          loading={T.loading}
          failed={T.failed}
          empty={{
            when: (data) => data.total === 0,
            text: T.empty,
            concept: 'billingHistory',
            testId: 'invoices-empty',
          }}
        >
          {(data) => (
            <>
              <Text size="sm" fw={600} data-testid="customer-outstanding">
                {T.outstanding(formatMoney(data.totals.outstandingMinor))}
              </Text>
              <InvoiceTable data={data} admin={false} caption={T.caption} busy={list.isPlaceholderData} />
              <InvoicePager
                page={params.page}
                pageSize={params.pageSize}
                total={data.total}
                onPage={(page) => set({ page })}
                onPageSize={(pageSize) => set({ pageSize })}
              />
            </>
          )}
        </QueryState>
      </Stack>
      <InvoicePanel id={invoice} admin={false} onClose={() => set({ invoice: null })} />
    </Stack>
  );
}
