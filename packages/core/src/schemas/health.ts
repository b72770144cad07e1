import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nonnegative(),
  }),
  /** Present when the server runs with Redis (REDIS_URL): sessions, rate limits, events. */
  redis: z
    .object({
      reachable: z.boolean(),
      latencyMs: z.number().nonnegative(),
    })
    .optional(),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
