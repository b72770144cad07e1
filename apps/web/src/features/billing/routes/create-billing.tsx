/**
 * /create-billing (main administrator, not in login-as): pick a customer and a month (last month
 * by default; both in the URL), see the month's usage and the invoice it makes (the server's
 * preview: usage lines, the minimum-commitment top-up, pro-rata lines, tax), adjust it with manual
 * lines, save it as a draft, or issue it after a confirmation. A draft that exists for the
 * customer and month is loaded for editing rather than duplicated; a month already invoiced says
 * so and links to the invoice.
 */
import { INVOICE_STATUS_LABELS, type Invoice, UUID_PATTERN } from '@cuepoint/core';
import { Alert, Anchor, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QUERY_STATE_TEXTS, QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { useCustomerOptions, useLiveInvoice, useUsage } from '../api/billing-api.ts';
import { type BuilderProps, InvoiceEditor } from '../components/invoice-editor.tsx';
import { MonthField } from '../components/month-field.tsx';
import { PdfButton } from '../components/pdf-button.tsx';
import { UsagePanel } from '../components/usage-panel.tsx';
import { formatDate, formatMoney, formatMonth, isoMonth, lastMonth, MONTH } from '../format.ts';
import { BILLING_PATHS } from '../paths.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

const T = BILLING_SCREEN_TEXTS.create;

export function Component() {
  const title = useRouteTitle() ?? 'Create Billing';
  const [search, setSearch] = useSearchParams();
  const customerParam = search.get('customer');
  const customerId = customerParam && UUID_PATTERN.test(customerParam) ? customerParam : null;
  const thisMonth = isoMonth(new Date());
  const monthParam = search.get('month');
  const month = monthParam && MONTH.test(monthParam) && monthParam <= thisMonth ? monthParam : lastMonth();
  const customers = useCustomerOptions();
  const [issued, setIssued] = useState<Invoice | null>(null);

  const choose = (changes: { customer?: string | null; month?: string }) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.customer !== undefined) {
          if (changes.customer) next.set('customer', changes.customer);
          else next.delete('customer');
        }
        if (changes.month) next.set('month', changes.month);
        return next;
      },
      { replace: true },
    );

  const customerName = customers.data?.find((option) => option.value === customerId)?.label;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </Stack>

      {issued ? (
        <IssuedState
          invoice={issued}
          onAnother={() => {
            setIssued(null);
            choose({ customer: null });
          }}
        />
      ) : (
        <>
          <Group align="flex-start" gap="md" wrap="wrap">
            <Select
              label={T.customer}
              placeholder={customers.isPending ? T.customersLoading : T.customerPlaceholder}
              data={customers.data ?? []}
              value={customerId}
              onChange={(value) => choose({ customer: value })}
              searchable
              clearable
              nothingFoundMessage={T.noCustomers}
              disabled={customers.isPending}
              rightSection={customers.isPending ? <Loader size="xs" aria-hidden /> : undefined}
              w={{ base: '100%', sm: 340 }}
              required
            />
            <MonthField
              label={T.month}
              description={T.monthHint}
              value={month}
              max={thisMonth}
              required
              onChange={(value) => value && choose({ month: value })}
            />
          </Group>
          {customers.isError && (
            <Alert color="red" title={T.customersFailed} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{customers.error.message}</Text>
                <Button size="xs" color="red.9" onClick={() => void customers.refetch()}>
                  {QUERY_STATE_TEXTS.tryAgain}
                </Button>
              </Stack>
            </Alert>
          )}
          {customerId ? (
            <InvoiceBuilder
              key={`${customerId}-${month}`}
              customerId={customerId}
              customerName={customerName}
              month={month}
              onIssued={setIssued}
            />
          ) : (
            <Text c="dimmed" py="lg">
              {T.pickCustomer}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/** The usage, and the invoice of one customer and month: a new one, the draft, or the issued one. */
function InvoiceBuilder(props: BuilderProps) {
  const { customerId, month } = props;
  const usage = useUsage(customerId, month);
  const live = useLiveInvoice(customerId, month);
  // The drafts this editor created: they stay in the editor that made them (no remount), while a
  // draft found on the server (at first, or after a 409) opens an editor of its own.
  const created = useRef(new Set<string>());

  return (
    <Stack gap="md">
      <QueryState
        query={usage}
        loading={BILLING_SCREEN_TEXTS.usage.loading}
        failed={BILLING_SCREEN_TEXTS.usage.failed}
      >
        {(data) => <UsagePanel usage={data} title={BILLING_SCREEN_TEXTS.usage.title(formatMonth(month))} />}
      </QueryState>
      <QueryState query={live} loading={T.existingLoading} failed={BILLING_SCREEN_TEXTS.history.failed}>
        {(invoice) =>
          invoice && invoice.status !== 'draft' ? (
            <Alert color="blue" title={invoice.displayNumber ?? ''} data-testid="already-invoiced">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {T.alreadyIssued(invoice.displayNumber ?? '', INVOICE_STATUS_LABELS[invoice.status])}
                </Text>
                <Anchor component={Link} to={BILLING_PATHS.invoice(invoice.id)} size="sm">
                  {T.openInvoice}
                </Anchor>
              </Stack>
            </Alert>
          ) : (
            <InvoiceEditor
              key={invoice && !created.current.has(invoice.id) ? invoice.id : 'new'}
              {...props}
              draft={invoice && !created.current.has(invoice.id) ? invoice : null}
              onCreated={(id) => created.current.add(id)}
            />
          )
        }
      </QueryState>
    </Stack>
  );
}

/** After the issue: the invoice's number, where it went, and the ways on. */
function IssuedState({ invoice, onAnother }: { invoice: Invoice; onAnother: () => void }) {
  const number = invoice.displayNumber ?? '';
  return (
    <Alert color="teal" title={T.issuedTitle(number)} data-testid="invoice-issued">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {T.issuedBody(
            invoice.customerName,
            invoice.billTo.email,
            formatMoney(invoice.totalMinor, invoice.currency),
            formatDate(invoice.dueAt),
          )}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={BILLING_PATHS.invoice(invoice.id)}>
            {T.openInvoice}
          </Button>
          <PdfButton id={invoice.id} name={number} />
          <Button variant="subtle" onClick={onAnother}>
            {T.another}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
