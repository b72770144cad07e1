import { firstMessageByField, toFieldIssues } from '@cuepoint/core';
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
