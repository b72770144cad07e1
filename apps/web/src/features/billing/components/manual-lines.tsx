/**
 * The hand-written lines of an invoice (description, quantity, rate in dollars) in the create
 * screen's form, checked with core's line schema (the server's own) as the user leaves a field;
 * the rate is typed in dollars and sent in cents.
 */
import {
  BILLING_LIMITS,
  BILLING_TEXTS,
  type InvoiceUpdateBody,
  type ManualLineInput,
  manualLineInputSchema,
} from '@cuepoint/core';
import { Button, Fieldset, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useId, useRef, useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { moneyText, parseMoney } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

const T = BILLING_SCREEN_TEXTS.create;

export interface ManualLineValues {
  description: string;
  quantity: string;
  /** Dollars as typed ("12.50"). */
  rate: string;
}

export interface InvoiceFormValues {
  manualLines: ManualLineValues[];
  note: string;
}

export type InvoiceForm = UseFormReturnType<InvoiceFormValues>;

export const EMPTY_LINE: ManualLineValues = { description: '', quantity: '1', rate: '' };

/** A stored line as the form shows it. */
export const lineValues = (line: { description: string; quantity: string; rateMinor: number }) => ({
  description: line.description,
  quantity: line.quantity,
  rate: moneyText(line.rateMinor),
});

/** A line as the API takes it, or the field messages that keep it out. */
function checkLine(line: ManualLineValues): { line: ManualLineInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rateMinor = parseMoney(line.rate);
  if (rateMinor === null || Math.abs(rateMinor) > BILLING_LIMITS.amountMinor) errors.rate = T.rateInvalid;
  const parsed = manualLineInputSchema.safeParse({
    description: line.description,
    quantity: line.quantity,
    rateMinor: rateMinor ?? 0,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'description' || field === 'quantity') errors[field] ??= issue.message;
    }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    line: { description: line.description.trim(), quantity: line.quantity.trim(), rateMinor: rateMinor! },
  };
}

/** The form's messages, by field path (`manualLines.0.rate`). */
export function validateInvoiceForm(values: InvoiceFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.manualLines.length > BILLING_LIMITS.manualLines) errors.manualLines = T.tooManyLines;
  values.manualLines.forEach((line, index) => {
    const checked = checkLine(line);
    if ('errors' in checked)
      for (const [field, message] of Object.entries(checked.errors))
        errors[`manualLines.${index}.${field}`] = message;
  });
  if (values.note.trim().length > BILLING_LIMITS.note) errors.note = BILLING_TEXTS.note;
  return errors;
}

/** The lines that pass the rules, as the API takes them (what the preview shows). */
export const validManualLines = (lines: readonly ManualLineValues[]): ManualLineInput[] =>
  lines.flatMap((line) => {
    const checked = checkLine(line);
    return 'line' in checked ? [checked.line] : [];
  });

/** The body of a save (the form already validated). */
export const updateBody = (values: InvoiceFormValues): InvoiceUpdateBody => ({
  manualLines: validManualLines(values.manualLines),
  note: values.note.trim() === '' ? null : values.note.trim(),
});

/** A server's field (`manualLines.0.rateMinor`) as the form's (`manualLines.0.rate`). */
export const formField = (field: string) => field.replace(/\.rateMinor$/, '.rate');

export function ManualLinesEditor({ form, disabled }: { form: InvoiceForm; disabled: boolean }) {
  const lines = (form.useWatchValue('manualLines') ?? []) as readonly ManualLineValues[];
  // Inputs are uncontrolled: after a removal every row remounts so each shows its new values.
  const [generation, setGeneration] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const focusPath = useRef<string | null>(null);
  const hintId = useId();
  const error = form.errors.manualLines;

  useEffect(() => {
    if (focusPath.current === null) return;
    const input = root.current?.querySelector<HTMLElement>(`[data-path="${focusPath.current}"]`);
    focusPath.current = null;
    input?.focus();
  });

  const add = () => {
    focusPath.current = `manualLines.${lines.length}.description`;
    form.insertListItem('manualLines', { ...EMPTY_LINE });
  };
  const remove = (index: number) => {
    form.removeListItem('manualLines', index);
    form.clearErrors();
    setGeneration((value) => value + 1);
    addButton.current?.focus();
  };

  return (
    <Fieldset
      ref={root}
      legend={T.manualTitle}
      variant="filled"
      aria-describedby={hintId}
      disabled={disabled}
    >
      <Stack gap="sm">
        <Text id={hintId} size="sm" c="dimmed">
          {T.manualHint}
        </Text>
        {lines.map((_, index) => {
          const n = index + 1;
          const rowKey = `${generation}-${index}`;
          const path = `manualLines.${index}`;
          return (
            <Group
              key={rowKey}
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              role="group"
              aria-label={T.line(n)}
              data-testid="manual-line"
            >
              <Grid style={{ flex: 1 }} gap="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={T.description}
                    required
                    maxLength={BILLING_LIMITS.description}
                    data-path={`${path}.description`}
                    key={`${rowKey}-${form.key(`${path}.description`)}`}
                    {...form.getInputProps(`${path}.description`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <TextInput
                    label={T.quantity}
                    required
                    inputMode="decimal"
                    dir="ltr"
                    key={`${rowKey}-${form.key(`${path}.quantity`)}`}
                    {...form.getInputProps(`${path}.quantity`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <TextInput
                    label={T.rate}
                    required
                    inputMode="decimal"
                    dir="ltr"
                    placeholder="0.00"
                    key={`${rowKey}-${form.key(`${path}.rate`)}`}
                    {...form.getInputProps(`${path}.rate`)}
                  />
                </Grid.Col>
              </Grid>
              <Button
                variant="subtle"
                mt={26}
                px="xs"
                aria-label={T.removeLine(n)}
                style={{ color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' }}
                onClick={() => remove(index)}
              >
                <ConceptIcon concept="removeItem" size={16} />
              </Button>
            </Group>
          );
        })}
        {error && (
          <Text size="sm" role="alert" c="var(--mantine-color-error)">
            {error}
          </Text>
        )}
        <Group>
          <Button
            ref={addButton}
            variant="default"
            size="sm"
            onClick={add}
            disabled={lines.length >= BILLING_LIMITS.manualLines}
          >
            {T.addLine}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
