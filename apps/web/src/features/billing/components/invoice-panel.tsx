/**
 * One document in a drawer over the list (`?invoice=<id>`, so a link opens it): its facts, lines,
 * totals and payment state, and its PDF. The administrator also records a payment, issues a credit
 * note, edits or deletes a draft (each asking first); a customer only reads and downloads.
 */
import { INVOICE_KIND_LABELS, type Invoice } from '@cuepoint/core';
import { Anchor, Button, Drawer, Group, SimpleGrid, Stack, Text, useDirection } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { toast } from '../../../lib/toast.ts';
import { useBillingCommand, useInvoice } from '../api/billing-api.ts';
import { formatDate, formatMoney, formatPeriod } from '../format.ts';
import { BILLING_PATHS } from '../paths.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import { CreditNoteDialog, PaymentDialog } from './invoice-dialogs.tsx';
import { InvoiceLines } from './invoice-lines.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { PdfButton } from './pdf-button.tsx';

const T = BILLING_SCREEN_TEXTS.detail;

/** How a document is named: its number, or "Draft for Jun 1 – Jun 30, 2026". */
export const documentName = (invoice: Pick<Invoice, 'displayNumber' | 'periodStart' | 'periodEnd'>) =>
  invoice.displayNumber ?? BILLING_SCREEN_TEXTS.draftOf(formatPeriod(invoice.periodStart, invoice.periodEnd));

/** The month of a period start (YYYY-MM-DD → YYYY-MM). */
const monthOf = (periodStart: string) => periodStart.slice(0, 7);

export function InvoicePanel({
  id,
  admin,
  onClose,
}: {
  id: string | null;
  admin: boolean;
  onClose: () => void;
}) {
  const { dir } = useDirection();
  const invoice = useInvoice(id);
  const title = invoice.data ? documentName(invoice.data) : T.loading;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      title={title}
      position={dir === 'rtl' ? 'left' : 'right'}
      size="min(720px, 100%)"
      data-testid="invoice-panel"
    >
      {id !== null && (
        <QueryState query={invoice} loading={T.loading} failed={T.failed}>
          {(data) => <InvoiceDetail invoice={data} admin={admin} onDeleted={onClose} />}
        </QueryState>
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

function InvoiceDetail({
  invoice,
  admin,
  onDeleted,
}: {
  invoice: Invoice;
  admin: boolean;
  onDeleted: () => void;
}) {
  const [dialog, setDialog] = useState<'payment' | 'credit' | 'delete' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const command = useBillingCommand();
  const name = documentName(invoice);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const isInvoice = invoice.kind === 'invoice';
  const payable = isInvoice && (invoice.status === 'issued' || invoice.status === 'overdue');
  const creditable =
    isInvoice &&
    ['issued', 'paid', 'overdue'].includes(invoice.status) &&
    invoice.totalMinor - invoice.creditedMinor > 0;
  const draft = invoice.status === 'draft';

  const remove = () =>
    command.mutate(
      { kind: 'delete', id: invoice.id },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(BILLING_SCREEN_TEXTS.create.deleted);
          onDeleted();
        },
        onError: (error) => setDeleteError(error.message),
      },
    );

  return (
    <Stack gap="md" data-testid="invoice-detail">
      <Group gap="sm">
        <InvoiceStatusBadge status={invoice.status} />
        <Text size="sm" c="dimmed">
          {INVOICE_KIND_LABELS[invoice.kind]}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        <Fact label={T.billTo}>
          {invoice.billTo.company ? `${invoice.billTo.company}, ` : ''}
          {invoice.billTo.name}
          <br />
          <bdi dir="ltr">{invoice.billTo.email}</bdi>
        </Fact>
        <Fact label={T.period}>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</Fact>
        <Fact label={T.plan}>{BILLING_SCREEN_TEXTS.plans[invoice.plan]}</Fact>
        {invoice.issuedAt ? (
          <Fact label={T.issued}>{formatDate(invoice.issuedAt)}</Fact>
        ) : (
          <Fact label={T.created}>{formatDate(invoice.createdAt)}</Fact>
        )}
        {invoice.dueAt && <Fact label={T.due}>{formatDate(invoice.dueAt)}</Fact>}
        {invoice.paidAt && <Fact label={T.paidAt}>{formatDate(invoice.paidAt)}</Fact>}
        {invoice.voidedAt && <Fact label={T.voidedAt}>{formatDate(invoice.voidedAt)}</Fact>}
        {invoice.creditFor && (
          <Fact label={T.creditFor}>
            <Anchor component={Link} to={BILLING_PATHS.invoice(invoice.creditFor)}>
              {invoice.creditForNumber ?? invoice.creditFor}
            </Anchor>
          </Fact>
        )}
        {admin && invoice.billTo.paymentCustomerId && (
          <Fact label={T.paymentCustomerId}>
            <bdi dir="ltr">{invoice.billTo.paymentCustomerId}</bdi>
          </Fact>
        )}
        {isInvoice && !draft && (
          <Fact label={T.payments}>
            {T.paymentState(money(invoice.paidMinor), money(invoice.totalMinor))}
          </Fact>
        )}
      </SimpleGrid>
      {invoice.note && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {T.note}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {invoice.note}
          </Text>
        </Stack>
      )}
      <InvoiceLines invoice={invoice} withPayments={!draft} caption={name} />
      <Group gap="sm" role="group" aria-label={T.actions}>
        <PdfButton id={invoice.id} name={name} />
        {admin && payable && (
          <Button variant="default" aria-haspopup="dialog" onClick={() => setDialog('payment')}>
            {T.recordPayment}
          </Button>
        )}
        {admin && creditable && (
          <Button variant="default" aria-haspopup="dialog" onClick={() => setDialog('credit')}>
            {T.creditNote}
          </Button>
        )}
        {admin && draft && (
          <>
            <Button
              variant="default"
              component={Link}
              to={BILLING_PATHS.createFor(invoice.customerId, monthOf(invoice.periodStart))}
            >
              {T.editDraft}
            </Button>
            <Button
              variant="subtle"
              color="red.9"
              aria-haspopup="dialog"
              onClick={() => {
                setDeleteError(null);
                setDialog('delete');
              }}
            >
              {BILLING_SCREEN_TEXTS.create.deleteDraft}
            </Button>
          </>
        )}
      </Group>
      {admin && (
        <>
          <PaymentDialog invoice={invoice} opened={dialog === 'payment'} onClose={() => setDialog(null)} />
          <CreditNoteDialog invoice={invoice} opened={dialog === 'credit'} onClose={() => setDialog(null)} />
          <ConfirmDialog
            opened={dialog === 'delete'}
            title={BILLING_SCREEN_TEXTS.create.deleteTitle(
              formatPeriod(invoice.periodStart, invoice.periodEnd),
            )}
            question={BILLING_SCREEN_TEXTS.create.deleteQuestion(invoice.customerName)}
            confirm={BILLING_SCREEN_TEXTS.create.deleteDraft}
            destructive
            pending={command.isPending}
            error={deleteError}
            onConfirm={remove}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Stack>
  );
}
