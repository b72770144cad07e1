/**
 * An invoice's lines (description, quantity, rate, amount) and its totals (subtotal, tax, total;
 * for an issued document also what was paid, credited and is left), as the server computed them:
 * the console adds nothing up itself.
 */
import { BILLING_METRIC_UNITS, type Invoice, type InvoiceLine } from '@cuepoint/core';
import { Badge, Table, Text } from '@mantine/core';
import { visuallyHidden } from '../../../components/resource/list-table.tsx';
import { formatCount, formatMoney, formatQuantity, formatTaxRate } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

const T = BILLING_SCREEN_TEXTS.lines;

/** A line's rate: "$0.02", or per a batch of units "$0.50 per 1,000 impressions". */
export function formatRate(line: Pick<InvoiceLine, 'rateMinor' | 'per' | 'metric'>, currency: string) {
  const rate = formatMoney(line.rateMinor, currency);
  if (line.per === 1) return rate;
  const unit = line.metric ? ` ${BILLING_METRIC_UNITS[line.metric]}` : '';
  return T.per(rate, `${formatCount(line.per)}${unit}`);
}

/** What is left to pay on a document (never below zero). */
export const outstandingOf = (invoice: Invoice) =>
  Math.max(0, invoice.totalMinor - invoice.paidMinor - invoice.creditedMinor);

export function InvoiceLines({
  invoice,
  withPayments = false,
  caption = T.caption,
}: {
  invoice: Invoice;
  /** Also the paid, credited and outstanding amounts (an issued document). */
  withPayments?: boolean;
  caption?: string;
}) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const sumRow = (label: string, minor: number, strong = false) => (
    <Table.Tr fw={strong ? 700 : undefined}>
      <Table.Th scope="row" colSpan={3} ta="end" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td ta="end" data-sum={label}>
        {money(minor)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    // Focusable: at phone width the lines scroll sideways, and nothing else in them takes the focus.
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={caption}>
      <Table striped verticalSpacing="xs" data-testid="invoice-lines">
        <Table.Caption style={visuallyHidden}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{T.description}</Table.Th>
            <Table.Th scope="col" ta="end">
              {T.quantity}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {T.rate}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {T.amount}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  {T.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {invoice.lines.map((line) => (
            <Table.Tr key={line.position} data-line-kind={line.kind}>
              <Table.Td>
                <Text size="sm" span>
                  {line.description}
                </Text>{' '}
                {line.kind !== 'usage' && (
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    {T.kinds[line.kind]}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="end">{formatQuantity(line.quantity)}</Table.Td>
              <Table.Td ta="end">{formatRate(line, invoice.currency)}</Table.Td>
              <Table.Td ta="end">{money(line.amountMinor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {sumRow(T.subtotal, invoice.subtotalMinor)}
          {sumRow(T.tax(formatTaxRate(invoice.taxRateBp)), invoice.taxMinor)}
          {sumRow(T.total, invoice.totalMinor, true)}
          {withPayments && invoice.kind === 'invoice' && (
            <>
              {sumRow(T.paid, invoice.paidMinor)}
              {invoice.creditedMinor > 0 && sumRow(T.credited, invoice.creditedMinor)}
              {sumRow(T.outstanding, outstandingOf(invoice), true)}
            </>
          )}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
