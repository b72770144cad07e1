import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { zodValidate } from './zod-form.ts';

/**
 * Shows (or clears) the schema's current message of each of `fields`, exactly under that name:
 * for rules over several fields (pods, IP lists, cue points against the duration, a schedule's
 * dates), whose message lands on a field other than the one the user just left. (Not in
 * zod-form.ts, which loads with the sign-in page.)
 */
export function recheckFields<S extends z.ZodType>(
  form: Pick<UseFormReturnType<z.input<S>>, 'getValues' | 'setFieldError' | 'clearFieldError'>,
  schema: S,
  fields: readonly string[],
) {
  const errors = zodValidate(schema)(form.getValues());
  for (const field of fields) {
    const message = errors[field];
    if (message === undefined) form.clearFieldError(field);
    else form.setFieldError(field, message);
  }
}
