import { z } from 'zod';

/** Every error answer of the API. `fields` names each failing field (validation errors). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  showMessage: z.boolean().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Invalid UUID' }) });
