import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { MONTH } from '../format.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';

export interface MonthFieldProps {
  label: string;
  description?: string;
  /** YYYY-MM, or '' for none. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean;
  /** A whole month within min and max, or null when cleared. */
  onChange: (month: string | null) => void;
  w?: number;
}

/**
 * A month (YYYY-MM): the browser's month picker, or a text field where it has none. What is typed
 * is kept until it is a whole month within min and max; only then does it reach `onChange`.
 */
export function MonthField({
  label,
  description,
  value,
  min,
  max,
  required,
  onChange,
  w = 200,
}: MonthFieldProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The value changed by other means (the URL, Clear filters): show it.
    setShown(value);
    setText(value);
  }
  const fits = (month: string) => MONTH.test(month) && (!min || month >= min) && (!max || month <= max);
  const invalid = text !== '' && !fits(text);
  return (
    <TextInput
      type="month"
      label={label}
      description={description}
      value={text}
      min={min || undefined}
      max={max || undefined}
      dir="ltr"
      w={w}
      required={required}
      placeholder="YYYY-MM"
      leftSection={<ConceptIcon concept="pickDate" size={16} />}
      error={invalid ? BILLING_SCREEN_TEXTS.chart.monthInvalid : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next === '' && !required) onChange(null);
        else if (fits(next)) onChange(next);
      }}
    />
  );
}
