import { firstMessageByField, toFieldIssues } from '@cuepoint/core';
import { type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { useMemo } from 'react';
import type { z } from 'zod';
import { afterPointerPress, isPointerPressed, trackPointerPresses } from './pointer-press.ts';

/**
 * A Mantine `validate` function from a shared zod schema of packages/core: the same rules and
 * the same words as the server's 400 answers, one message under each field.
 */
export const zodValidate =
  <S extends z.ZodType>(schema: S) =>
  (values: z.input<S>): Record<string, string> => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : firstMessageByField(toFieldIssues(parsed.error));
  };

type BlurHandler = (...args: unknown[]) => void;

/**
 * Every form of the console: uncontrolled, validated as the user leaves a field and on submit.
 *
 * A field's message shown as it is left pushes down what is below it. When the field is left by
 * pressing a button (Save), the blur comes with the press, and the message would move the button
 * from under the pointer before the click: the click would land on nothing. So while a pointer
 * press is in progress, every change a blur makes to a field's message (Mantine's own check of
 * the field, and a form's own `validateField`, `setFieldError` and `clearFieldError`, which its
 * blur handlers call) waits until the click that ends the press has been handled. The submit's
 * own validation is not delayed: one click submits and shows every message.
 *
 * `setErrors` (the server's field messages, set from what the click started) waits the same way,
 * behind the blur's check: an answer that comes before the press has ended (a fast server, or a
 * test's) would otherwise be wiped by the late check of the field the press left, which finds
 * nothing wrong with its value.
 */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's own constraint on form values.
export function useConsoleForm<Values extends Record<string, any>>(
  options: UseFormInput<Values>,
): UseFormReturnType<Values> {
  trackPointerPresses();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    validateInputOnBlur: true,
    ...options,
    enhanceGetInputProps: (payload) => {
      const own = options.enhanceGetInputProps?.(payload) ?? {};
      const onBlur = (own.onBlur ?? payload.inputProps.onBlur) as BlurHandler | undefined;
      if (!onBlur) return own;
      return { ...own, onBlur: (...args: unknown[]) => afterPointerPress(() => onBlur(...args)) };
    },
  });
  const { setErrors, setFieldError, clearFieldError, validateField } = form;
  const deferred = useMemo(
    () => ({
      setErrors: ((errors) => afterPointerPress(() => setErrors(errors))) as typeof setErrors,
      setFieldError: ((path, error) =>
        afterPointerPress(() => setFieldError(path, error))) as typeof setFieldError,
      clearFieldError: ((path) => afterPointerPress(() => clearFieldError(path))) as typeof clearFieldError,
      validateField: ((path) =>
        isPointerPressed()
          ? new Promise((resolve) => afterPointerPress(() => resolve(validateField(path))))
          : validateField(path)) as typeof validateField,
    }),
    [setErrors, setFieldError, clearFieldError, validateField],
  );
  return { ...form, ...deferred };
}

/** A console form validated with a shared zod schema of packages/core (see `useConsoleForm`). */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's own constraint on form values.
export function useZodForm<Values extends Record<string, any>>(
  schema: z.ZodType<unknown, Values>,
  initialValues: Values,
) {
  return useConsoleForm<Values>({
    initialValues,
    validate: zodValidate(schema) as (values: Values) => Record<string, string>,
  });
}
