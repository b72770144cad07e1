import { firstMessageByField, toFieldIssues } from '@cuepoint/core';
import { useForm } from '@mantine/form';
import type { z } from 'zod';

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

/**
 * The console's form: uncontrolled, validated with a shared schema as the user leaves a field
 * and on submit.
 */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's own constraint on form values.
export function useZodForm<Values extends Record<string, any>>(
  schema: z.ZodType<unknown, Values>,
  initialValues: Values,
) {
  return useForm<Values>({
    mode: 'uncontrolled',
    initialValues,
    validateInputOnBlur: true,
    validate: zodValidate(schema) as (values: Values) => Record<string, string>,
  });
}
