/**
 * The administrator's two corrections of an issued invoice, each a form and then a question
 * before the irreversible call: Record payment (a bank transfer: amount, date, reference) and
 * Credit note (reason and lines). The server's field messages come back under the fields; any
 * other refusal (more than is left to pay or credit) shows in the dialog.
 */
import { BILLING_LIMITS, BILLING_TEXTS, type Invoice } from '@cuepoint/core';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { useGuardedClose } from '../../../components/resource/unsaved-changes-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm } from '../../../lib/zod-form.ts';
import { useBillingCommand } from '../api/billing-api.ts';
import { formatDate, formatMoney, moneyText, parseMoney, today } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import { outstandingOf } from './invoice-lines.tsx';

const P = BILLING_SCREEN_TEXTS.payment;
const C = BILLING_SCREEN_TEXTS.credit;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A positive amount in cents, or null. */
const positiveCents = (text: string) => {
  const cents = parseMoney(text);
  return cents !== null && cents > 0 && cents <= BILLING_LIMITS.amountMinor ? cents : null;
};

/** The refusal's field messages under the form's fields (renamed by `fields`), or its message. */
function failureOf(error: unknown, fields: Record<string, string>) {
  const byField = error instanceof ApiError ? error.fieldErrors : {};
  const mapped: Record<string, string> = {};
  for (const [field, message] of Object.entries(byField)) {
    const name = Object.entries(fields).reduce((path, [from, to]) => path.replace(from, to), field);
    mapped[name] = message;
  }
  if (Object.keys(mapped).length > 0) return { fields: mapped, message: null };
  return { fields: {}, message: error instanceof Error ? error.message : String(error) };
}

interface DialogProps {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}

export function PaymentDialog(props: DialogProps) {
  // A fresh form each time it opens.
  return props.opened ? <PaymentForm {...props} /> : null;
}

interface PaymentValues {
  amount: string;
  paidOn: string;
  reference: string;
}

function PaymentForm({ invoice, onClose }: DialogProps) {
  const number = invoice.displayNumber ?? '';
  const command = useBillingCommand();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [error, setError] = useState<string | null>(null);
  const form = useConsoleForm<PaymentValues>({
    initialValues: { amount: moneyText(outstandingOf(invoice)), paidOn: today(), reference: '' },
    validate: (values) => ({
      ...(positiveCents(values.amount) === null ? { amount: P.amountInvalid } : {}),
      ...(DAY.test(values.paidOn) && !Number.isNaN(Date.parse(values.paidOn))
        ? {}
        : { paidOn: P.paidOnInvalid }),
      ...(values.reference.trim().length > BILLING_LIMITS.reference
        ? { reference: BILLING_TEXTS.reference }
        : {}),
    }),
  });
  const { requestClose, confirm } = useGuardedClose(form.isDirty, onClose);
  const values = form.getValues();
  const amount = formatMoney(positiveCents(values.amount) ?? 0, invoice.currency);

  const record = () => {
    setError(null);
    const reference = values.reference.trim();
    command.mutate(
      {
        kind: 'payment',
        id: invoice.id,
        body: {
          amountMinor: positiveCents(values.amount)!,
          // Noon of the day in the user's time zone: the day stays the day in any zone near it.
          paidAt: new Date(`${values.paidOn}T12:00:00`).toISOString(),
          ...(reference ? { reference } : {}),
        },
      },
      {
        onSuccess: () => {
          form.resetDirty();
          toast.success(P.done(amount, number));
          onClose();
        },
        onError: (failure) => {
          const { fields, message } = failureOf(failure, { amountMinor: 'amount', paidAt: 'paidOn' });
          setStep('form');
          if (message) setError(message);
          else form.setErrors(fields);
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened
        onClose={() => !command.isPending && requestClose()}
        title={step === 'form' ? P.title(number) : P.confirmTitle(number)}
      >
        {step === 'form' ? (
          <form
            noValidate
            onSubmit={form.onSubmit(() => {
              setError(null);
              setStep('confirm');
            })}
          >
            <Stack gap="md">
              <Text size="sm">{P.body}</Text>
              <Group grow align="flex-start">
                <TextInput
                  label={P.amount}
                  required
                  inputMode="decimal"
                  dir="ltr"
                  data-autofocus
                  key={form.key('amount')}
                  {...form.getInputProps('amount')}
                />
                <TextInput
                  type="date"
                  label={P.paidOn}
                  required
                  dir="ltr"
                  max={today()}
                  key={form.key('paidOn')}
                  {...form.getInputProps('paidOn')}
                />
              </Group>
              <TextInput
                label={P.reference}
                description={P.referenceHint}
                maxLength={BILLING_LIMITS.reference}
                dir="ltr"
                key={form.key('reference')}
                {...form.getInputProps('reference')}
              />
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={requestClose}>
                  {BILLING_SCREEN_TEXTS.cancel}
                </Button>
                <Button type="submit">{P.next}</Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            <Text size="sm">{P.confirmQuestion(amount, formatDate(values.paidOn), number)}</Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => setStep('form')}
                disabled={command.isPending}
                data-autofocus
              >
                {BILLING_SCREEN_TEXTS.back}
              </Button>
              <Button onClick={record} loading={command.isPending}>
                {P.confirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {confirm}
    </>
  );
}

export function CreditNoteDialog(props: DialogProps) {
  return props.opened ? <CreditNoteForm {...props} /> : null;
}

interface CreditValues {
  reason: string;
  lines: { description: string; amount: string }[];
}

function CreditNoteForm({ invoice, onClose }: DialogProps) {
  const number = invoice.displayNumber ?? '';
  const command = useBillingCommand();
  const left = Math.max(0, invoice.totalMinor - invoice.creditedMinor);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [error, setError] = useState<string | null>(null);
  // Inputs are uncontrolled: after a removal every row remounts so each shows its new values.
  const [generation, setGeneration] = useState(0);
  const form = useConsoleForm<CreditValues>({
    initialValues: { reason: '', lines: [{ description: '', amount: '' }] },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (values.reason.trim() === '') errors.reason = BILLING_TEXTS.reason;
      else if (values.reason.trim().length > BILLING_LIMITS.reason) errors.reason = BILLING_TEXTS.reason;
      if (values.lines.length === 0) errors.lines = BILLING_TEXTS.creditLines;
      values.lines.forEach((line, index) => {
        if (line.description.trim() === '') errors[`lines.${index}.description`] = BILLING_TEXTS.description;
        if (positiveCents(line.amount) === null) errors[`lines.${index}.amount`] = C.amountInvalid;
      });
      if (Object.keys(errors).length === 0 && sumOf(values) > left) errors.lines = C.tooLarge;
      return errors;
    },
  });
  const { requestClose, confirm } = useGuardedClose(form.isDirty, onClose);
  const values = form.getValues();
  const lines = form.useWatchValue('lines') ?? [];
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const total = money(sumOf({ lines }));

  const issue = () => {
    setError(null);
    command.mutate(
      {
        kind: 'credit',
        id: invoice.id,
        body: {
          reason: values.reason.trim(),
          lines: values.lines.map((line) => ({
            description: line.description.trim(),
            amountMinor: positiveCents(line.amount)!,
          })),
        },
      },
      {
        onSuccess: (note) => {
          form.resetDirty();
          toast.success(C.done(note?.displayNumber ?? ''));
          onClose();
        },
        onError: (failure) => {
          const { fields, message } = failureOf(failure, { amountMinor: 'amount' });
          setStep('form');
          if (message) setError(message);
          else form.setErrors(fields);
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened
        size="lg"
        onClose={() => !command.isPending && requestClose()}
        title={step === 'form' ? C.title(number) : C.confirmTitle(number)}
      >
        {step === 'form' ? (
          <form
            noValidate
            onSubmit={form.onSubmit(() => {
              setError(null);
              setStep('confirm');
            })}
          >
            <Stack gap="md">
              <Text size="sm">{C.body(money(left))}</Text>
              <Textarea
                label={C.reason}
                required
                rows={3}
                maxLength={BILLING_LIMITS.reason}
                data-autofocus
                key={form.key('reason')}
                {...form.getInputProps('reason')}
              />
              {lines.map((_, index) => {
                const n = index + 1;
                const rowKey = `${generation}-${index}`;
                return (
                  <Group
                    key={rowKey}
                    role="group"
                    aria-label={C.line(n)}
                    align="flex-start"
                    wrap="nowrap"
                    gap="sm"
                  >
                    <TextInput
                      label={C.description}
                      required
                      style={{ flex: 2 }}
                      maxLength={BILLING_LIMITS.description}
                      key={`${rowKey}-${form.key(`lines.${index}.description`)}`}
                      {...form.getInputProps(`lines.${index}.description`)}
                    />
                    <TextInput
                      label={C.amount}
                      required
                      style={{ flex: 1 }}
                      inputMode="decimal"
                      dir="ltr"
                      placeholder="0.00"
                      key={`${rowKey}-${form.key(`lines.${index}.amount`)}`}
                      {...form.getInputProps(`lines.${index}.amount`)}
                    />
                    <Button
                      variant="subtle"
                      mt={26}
                      px="xs"
                      aria-label={C.removeLine(n)}
                      disabled={lines.length === 1}
                      style={{ color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' }}
                      onClick={() => {
                        form.removeListItem('lines', index);
                        form.clearErrors();
                        setGeneration((value) => value + 1);
                      }}
                    >
                      <ConceptIcon concept="removeItem" size={16} />
                    </Button>
                  </Group>
                );
              })}
              <Group justify="space-between">
                <Button
                  variant="default"
                  size="sm"
                  disabled={lines.length >= BILLING_LIMITS.creditLines}
                  onClick={() => form.insertListItem('lines', { description: '', amount: '' })}
                >
                  {C.addLine}
                </Button>
                <Text size="sm" fw={600} aria-live="polite">
                  {C.total(total)}
                </Text>
              </Group>
              {form.errors.lines && (
                <Text size="sm" role="alert" c="var(--mantine-color-error)">
                  {form.errors.lines}
                </Text>
              )}
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={requestClose}>
                  {BILLING_SCREEN_TEXTS.cancel}
                </Button>
                <Button type="submit">{C.next}</Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="md">
            <Text size="sm">{C.confirmQuestion(total, number)}</Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => setStep('form')}
                disabled={command.isPending}
                data-autofocus
              >
                {BILLING_SCREEN_TEXTS.back}
              </Button>
              <Button color="red.9" onClick={issue} loading={command.isPending}>
                {C.confirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {confirm}
    </>
  );
}

const sumOf = (values: Pick<CreditValues, 'lines'>) =>
  values.lines.reduce((sum, line) => sum + (positiveCents(line.amount) ?? 0), 0);
