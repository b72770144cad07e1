/**
 * The invoice editor of /create-billing: the manual lines and note of a new invoice or a draft
 * for one customer and month, the server's preview as they change, and Save draft, Issue (after a
 * confirmation) and Delete. A save that finds a draft made meanwhile (409) hands over to it.
 */
import { BILLING_TEXTS, type Invoice, type InvoicePreviewBody, type ManualLineInput } from '@cuepoint/core';
import { Alert, Button, Card, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useUnsavedChanges } from '../../../components/resource/unsaved-changes.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm } from '../../../lib/zod-form.ts';
import { BILLING_KEY, useBillingCommand, usePreview } from '../api/billing-api.ts';
import { formatDate, formatMoney, formatMonth, isoMonth } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import { InvoiceLines } from './invoice-lines.tsx';
import {
  formField,
  type InvoiceFormValues,
  lineValues,
  ManualLinesEditor,
  updateBody,
  validateInvoiceForm,
  validManualLines,
} from './manual-lines.tsx';

const T = BILLING_SCREEN_TEXTS.create;
/** Quiet typing before the preview follows the manual lines. */
const PREVIEW_DEBOUNCE_MS = 400;

export interface BuilderProps {
  customerId: string;
  customerName: string | undefined;
  month: string;
  onIssued: (invoice: Invoice) => void;
}

const initialValues = (draft: Invoice | null): InvoiceFormValues => ({
  manualLines: (draft?.lines ?? []).filter((line) => line.kind === 'manual').map(lineValues),
  note: draft?.note ?? '',
});

/** The manual lines and note of a new invoice or a draft, the preview, and Save draft / Issue / Delete. */
export function InvoiceEditor({
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
