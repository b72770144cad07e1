import { z } from 'zod';

/** Every error answer of the API. `fields` names each failing field (validation errors). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  showMessage: z.boolean().optional(),
  /**
   * A 403 refusing what the customer's plan lacks: the plan feature (ENTERPRISE_FEATURES) whose
   * upgrade prompt `message` is. The console answers it with that prompt, not a lost session.
   */
  planFeature: z.string().optional(),
  /**
   * A 403 refusing what the caller's team role may not do (issue 18): the least role that may.
   * The console toasts `message` rather than ending the session.
   */
  roleRequired: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Invalid UUID' }) });
