/**
 * /create-billing (main administrator, not in login-as): pick a customer and a month (last month
 * by default; both in the URL), see the month's usage and the invoice it makes (the server's
 * preview: usage lines, the minimum-commitment top-up, pro-rata lines, tax), adjust it with manual
 * lines, save it as a draft, or issue it after a confirmation. A draft that exists for the
 * customer and month is loaded for editing rather than duplicated; a month already invoiced says
 * so and links to the invoice.
 */
import {
  BILLING_TEXTS,
  INVOICE_STATUS_LABELS,
  type Invoice,
  type InvoicePreviewBody,
  type ManualLineInput,
  UUID_PATTERN,
} from '@cuepoint/core';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QUERY_STATE_TEXTS, QueryState } from '../../../components/query-state.tsx';
import { useUnsavedChanges } from '../../../components/resource/unsaved-changes.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm } from '../../../lib/zod-form.ts';
import {
  BILLING_KEY,
  useBillingCommand,
  useCustomerOptions,
  useLiveInvoice,
  usePreview,
  useUsage,
} from '../api/billing-api.ts';
import { InvoiceLines } from '../components/invoice-lines.tsx';
import {
  formField,
  type InvoiceFormValues,
  lineValues,
  ManualLinesEditor,
  updateBody,
  validateInvoiceForm,
  validManualLines,
} from '../components/manual-lines.tsx';
import { MonthField } from '../components/month-field.tsx';
import { PdfButton } from '../components/pdf-button.tsx';
import { UsagePanel } from '../components/usage-panel.tsx';
import { formatDate, formatMoney, formatMonth, isoMonth, lastMonth, MONTH } from '../format.ts';
import { BILLING_PATHS } from '../paths.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

const T = BILLING_SCREEN_TEXTS.create;
/** Quiet typing before the preview follows the manual lines. */
const PREVIEW_DEBOUNCE_MS = 400;

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

interface BuilderProps {
  customerId: string;
  customerName: string | undefined;
  month: string;
  onIssued: (invoice: Invoice) => void;
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

const initialValues = (draft: Invoice | null): InvoiceFormValues => ({
  manualLines: (draft?.lines ?? []).filter((line) => line.kind === 'manual').map(lineValues),
  note: draft?.note ?? '',
});

/** The manual lines and note of a new invoice or a draft, the preview, and Save draft / Issue / Delete. */
function InvoiceEditor({
  customerId,
  customerName,
  month,
  onIssued,
  onCreated,
  draft,
}: BuilderProps & { draft: Invoice | null; onCreated: (id: string) => void }) {
  const client = useQueryClient();
  const command = useBillingCommand();
  const form = useConsoleForm<InvoiceFormValues>({
    initialValues: initialValues(draft),
    validate: validateInvoiceForm,
  });
  const guard = useUnsavedChanges(form.isDirty);
  const [draftId, setDraftId] = useState<string | null>(draft?.id ?? null);
  const [asking, setAsking] = useState<'issue' | 'delete' | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lines = form.useWatchValue('manualLines') ?? [];
  const valid = validManualLines(lines);
  const skipped = valid.length < lines.length;
  // The lines' content, not their identity (a new array at every render).
  const linesKey = JSON.stringify(valid);
  const body = useMemo<InvoicePreviewBody>(
    () => ({ customerId, month, manualLines: JSON.parse(linesKey) as ManualLineInput[] }),
    [customerId, month, linesKey],
  );
  const [debounced] = useDebouncedValue(body, PREVIEW_DEBOUNCE_MS);
  const preview = usePreview(debounced);
  // The preview shows the lines as they are now (not a moment ago): what Issue asks about.
  const previewCurrent = Boolean(preview.data) && !preview.isPlaceholderData && debounced === body;
  const period = formatMonth(month);
  const name = customerName ?? preview.data?.customerName ?? draft?.customerName ?? '';

  /** A failed save or issue: the server's field messages under the fields, anything else said once. */
  const showFailure = (error: unknown, inDialog: boolean) => {
    if (error instanceof ApiError && error.redirectTo) return;
    const fields = error instanceof ApiError ? error.fieldErrors : {};
    const formFields = Object.entries(fields).filter(
      ([field]) => field.startsWith('manualLines') || field === 'note',
    );
    if (formFields.length > 0) {
      form.setErrors(Object.fromEntries(formFields.map(([field, message]) => [formField(field), message])));
      setAsking(null);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (inDialog) setDialogError(message);
    else setFormError(message);
  };

  /** Saves the form as the draft (created once, updated after); answers the draft's id. */
  const save = async (): Promise<string | null> => {
    const values = form.getValues();
    const update = updateBody(values);
    try {
      if (draftId) {
        await command.mutateAsync({ kind: 'update', id: draftId, body: update });
        form.resetDirty();
        return draftId;
      }
      const saved = await command.mutateAsync({ kind: 'create', body: { customerId, month, ...update } });
      onCreated(saved!.id);
      form.resetDirty();
      setDraftId(saved!.id);
      return saved!.id;
    } catch (error) {
      if (!draftId && error instanceof ApiError && error.status === 409) {
        // Someone made the draft meanwhile: it is loaded for editing, not duplicated.
        toast.info(T.draftFound);
        guard.release();
        await client.invalidateQueries({ queryKey: [...BILLING_KEY, 'live', customerId, month] });
        return null;
      }
      throw error;
    }
  };

  const saveDraft = form.onSubmit(async () => {
    setFormError(null);
    setBusy(true);
    try {
      if (await save()) toast.success(T.draftSaved);
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  });

  const askIssue = () => {
    setFormError(null);
    if (form.validate().hasErrors) return;
    setDialogError(null);
    setAsking('issue');
  };

  const issue = async () => {
    setBusy(true);
    try {
      const id = form.isDirty() || !draftId ? await save() : draftId;
      if (!id) {
        setAsking(null);
        return;
      }
      const invoice = await command.mutateAsync({ kind: 'issue', id });
      guard.release();
      setAsking(null);
      onIssued(invoice!);
    } catch (error) {
      showFailure(error, true);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!draftId) return;
    setBusy(true);
    try {
      await command.mutateAsync({ kind: 'delete', id: draftId });
      setAsking(null);
      toast.success(T.deleted);
      // A fresh invoice from the usage alone.
      form.setValues(initialValues(null));
      form.resetDirty();
      setDraftId(null);
    } catch (error) {
      setDialogError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const total = preview.data ? formatMoney(preview.data.totalMinor, preview.data.currency) : '';
  // The month so far can be previewed; it is invoiced once it has ended.
  const ended = month < isoMonth(new Date());

  return (
    <form onSubmit={saveDraft} noValidate>
      <Stack gap="md">
        {draftId && (
          <Alert color="yellow" variant="light" data-testid="draft-loaded">
            {draft ? T.draftLoaded(formatDate(draft.createdAt)) : T.draftEditing}
          </Alert>
        )}
        {!ended && (
          <Alert color="blue" variant="light" data-testid="month-not-ended">
            {BILLING_TEXTS.monthNotEnded}
          </Alert>
        )}
        <Card withBorder padding="md" component="section" aria-labelledby="invoice-preview-title">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Title order={2} size="h4" id="invoice-preview-title">
                {T.previewTitle}
              </Title>
              {preview.isFetching && preview.data && <Loader size="xs" aria-label={T.previewLoading} />}
            </Group>
            {skipped && (
              <Text size="sm" c="dimmed">
                {T.previewSkipsInvalid}
              </Text>
            )}
            <QueryState query={preview} loading={T.previewLoading} failed={T.previewFailed}>
              {(invoice) => <InvoiceLines invoice={invoice} />}
            </QueryState>
          </Stack>
        </Card>
        <ManualLinesEditor form={form} disabled={busy} />
        <Textarea
          label={T.note}
          description={T.noteHint}
          rows={3}
          disabled={busy}
          key={form.key('note')}
          {...form.getInputProps('note')}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button type="submit" variant="default" loading={busy && asking === null} disabled={!ended}>
              {T.saveDraft}
            </Button>
            <Button onClick={askIssue} disabled={!ended || !previewCurrent || busy} aria-haspopup="dialog">
              {T.issue}
            </Button>
          </Group>
          {draftId && (
            <Button
              variant="subtle"
              color="red.9"
              disabled={busy}
              aria-haspopup="dialog"
              onClick={() => {
                setDialogError(null);
                setAsking('delete');
              }}
            >
              {T.deleteDraft}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking === 'issue'}
        title={T.issueTitle}
        question={
          <Stack gap="xs">
            <Text size="sm">{T.issueQuestion(period, name, total)}</Text>
            <Text size="sm" c="dimmed">
              {T.issueMail}
            </Text>
          </Stack>
        }
        confirm={T.issue}
        pending={busy}
        error={dialogError}
        onConfirm={() => void issue()}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'delete'}
        title={T.deleteTitle(period)}
        question={T.deleteQuestion(name)}
        confirm={T.deleteDraft}
        destructive
        pending={busy}
        error={dialogError}
        onConfirm={() => void remove()}
        onClose={() => setAsking(null)}
      />
    </form>
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
