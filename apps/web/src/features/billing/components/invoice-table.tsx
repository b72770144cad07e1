/**
 * Invoices and credit notes in a table: each number opens the document's panel (a link to
 * `?invoice=<id>` that keeps the view), the status as a badge, money right-aligned, and a totals
 * row over everything the view matches (not only this page). The administrator's table names the
 * customer; the customer's has a PDF button per row. At phone width (the list kit's PHONE_QUERY)
 * each document is a card, as the other lists' rows are, and the totals a card below them.
 */
import { INVOICE_KIND_LABELS, type Invoice, type InvoiceListResponse } from '@cuepoint/core';
import { Anchor, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import listClasses from '../../../components/resource/list.module.css';
import { ListFooter } from '../../../components/resource/list-footer.tsx';
import { visuallyHidden } from '../../../components/resource/list-table.tsx';
import { PHONE_QUERY } from '../../../components/resource/resource-list.tsx';
import { formatDate, formatMoney, formatPeriod } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import { documentName } from './invoice-panel.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { PdfButton } from './pdf-button.tsx';

const T = BILLING_SCREEN_TEXTS.history;
const C = T.columns;

/** An amount in the document's currency (the totals' in the default one). */
const money = (minor: number, invoice?: Invoice) => formatMoney(minor, invoice?.currency);

/** The current view's address with `invoice` set: the document's panel over the same list. */
function useOpenHref() {
  const location = useLocation();
  return (id: string) => {
    const search = new URLSearchParams(location.search);
    search.set('invoice', id);
    return `${location.pathname}?${search.toString()}`;
  };
}

export function InvoiceTable({
  data,
  admin,
  caption,
  busy,
}: {
  data: InvoiceListResponse;
  admin: boolean;
  caption: string;
  /** A newer view is loading (the rows shown are the last view's). */
  busy: boolean;
}) {
  const href = useOpenHref();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  if (phone) return <InvoiceCards data={data} admin={admin} caption={caption} busy={busy} href={href} />;
  // Nine columns either way: the administrator's Customer, or the customer's PDF.
  const lead = admin ? 5 : 4;
  return (
    <Table.ScrollContainer minWidth={admin ? 980 : 820} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={busy || undefined}
        data-testid="invoice-table"
      >
        <Table.Caption style={visuallyHidden}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{C.number}</Table.Th>
            <Table.Th scope="col">{C.kind}</Table.Th>
            {admin && <Table.Th scope="col">{C.customer}</Table.Th>}
            <Table.Th scope="col">{C.period}</Table.Th>
            <Table.Th scope="col">{C.status}</Table.Th>
            <Table.Th scope="col" ta="end">
              {C.total}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {C.paid}
            </Table.Th>
            <Table.Th scope="col">{C.issued}</Table.Th>
            <Table.Th scope="col">{C.due}</Table.Th>
            {!admin && (
              <Table.Th scope="col">
                <span style={visuallyHidden}>{C.pdf}</span>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((invoice) => {
            const name = documentName(invoice);
            return (
              <Table.Tr key={invoice.id} data-testid="invoice-row">
                <Table.Th scope="row" fw={500}>
                  <Anchor component={Link} to={href(invoice.id)} aria-label={T.openOf(name)} size="sm">
                    {invoice.displayNumber ?? BILLING_SCREEN_TEXTS.draftLabel}
                  </Anchor>
                </Table.Th>
                <Table.Td>{INVOICE_KIND_LABELS[invoice.kind]}</Table.Td>
                {admin && <Table.Td>{invoice.customerName}</Table.Td>}
                <Table.Td>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge status={invoice.status} />
                </Table.Td>
                <Table.Td ta="end">{money(invoice.totalMinor, invoice)}</Table.Td>
                <Table.Td ta="end">
                  {invoice.kind === 'invoice' ? money(invoice.paidMinor, invoice) : BILLING_SCREEN_TEXTS.none}
                </Table.Td>
                <Table.Td>{formatDate(invoice.issuedAt)}</Table.Td>
                <Table.Td>{formatDate(invoice.dueAt)}</Table.Td>
                {!admin && (
                  <Table.Td>
                    <PdfButton id={invoice.id} name={name} compact />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="invoice-totals">
            <Table.Th scope="row" colSpan={lead}>
              {T.totals}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                {T.totalsHint(data.total)}
              </Text>
            </Table.Th>
            <Table.Td ta="end" fw={700}>
              {money(data.totals.totalMinor)}
            </Table.Td>
            <Table.Td ta="end" fw={700}>
              {money(data.totals.paidMinor)}
            </Table.Td>
            <Table.Td colSpan={9 - lead - 2} fw={700}>
              {BILLING_SCREEN_TEXTS.lines.outstanding}: {money(data.totals.outstandingMinor)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The documents at phone width: a card each (number, status, PDF on top; the rest below), then the totals. */
function InvoiceCards({
  data,
  admin,
  caption,
  busy,
  href,
}: {
  data: InvoiceListResponse;
  admin: boolean;
  caption: string;
  busy: boolean;
  href: (id: string) => string;
}) {
  return (
    <Stack gap="sm" data-testid="invoice-cards">
      <Stack component="ul" gap="sm" m={0} p={0} aria-label={caption} aria-busy={busy || undefined}>
        {data.items.map((invoice) => {
          const name = documentName(invoice);
          return (
            <Card key={invoice.id} component="li" withBorder padding="sm" data-testid="invoice-card">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={href(invoice.id)} aria-label={T.openOf(name)} fw={600}>
                    {invoice.displayNumber ?? BILLING_SCREEN_TEXTS.draftLabel}
                  </Anchor>
                  <Box>
                    <InvoiceStatusBadge status={invoice.status} />
                  </Box>
                </Stack>
                {!admin && <PdfButton id={invoice.id} name={name} compact />}
              </Group>
              <Box component="dl" className={listClasses.fields} mt="xs">
                <Field label={C.kind}>{INVOICE_KIND_LABELS[invoice.kind]}</Field>
                {admin && <Field label={C.customer}>{invoice.customerName}</Field>}
                <Field label={C.period}>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</Field>
                <Field label={C.total}>{money(invoice.totalMinor, invoice)}</Field>
                <Field label={C.paid}>
                  {invoice.kind === 'invoice' ? money(invoice.paidMinor, invoice) : BILLING_SCREEN_TEXTS.none}
                </Field>
                <Field label={C.issued}>{formatDate(invoice.issuedAt)}</Field>
                <Field label={C.due}>{formatDate(invoice.dueAt)}</Field>
              </Box>
            </Card>
          );
        })}
      </Stack>
      <Card withBorder padding="sm" data-testid="invoice-totals">
        <Text fw={700} size="sm">
          {T.totals}{' '}
          <Text span size="xs" c="dimmed" fw={400}>
            {T.totalsHint(data.total)}
          </Text>
        </Text>
        <Box component="dl" className={listClasses.fields} mt="xs">
          <Field label={C.total}>{money(data.totals.totalMinor)}</Field>
          <Field label={C.paid}>{money(data.totals.paidMinor)}</Field>
          <Field label={BILLING_SCREEN_TEXTS.lines.outstanding}>{money(data.totals.outstandingMinor)}</Field>
        </Box>
      </Card>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export const PAGE_SIZES = ['10', '20', '50', '100'] as const;

/** Which rows show of how many, the pages, and the page size (the server's sizes: at most 100). */
export function InvoicePager({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  return (
    <ListFooter
      page={page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
      pageSize={String(pageSize) as (typeof PAGE_SIZES)[number]}
      pageSizes={PAGE_SIZES}
      size={pageSize}
      total={total}
      onPage={onPage}
      onPageSize={(next) => onPageSize(Number(next))}
    />
  );
}
