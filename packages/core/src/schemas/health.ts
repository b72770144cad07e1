import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nonnegative(),
  }),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
