import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { PAYMENT_PLANS } from './account.ts';

/**
 * `GET customer/plan-changes` (main administrator): every payment-plan change, newest first, with
 * who made it and when, so a self-service upgrade is seen (and, later, billed). `changedBy` is the
 * person signed in (the administrator during login-as); `actingAs` the user the call acted as.
 */
export const planChangesQuerySchema = z.strictObject({
  customerId: z.uuid({ error: VALIDATION_MESSAGES.invalidUuid }).optional(),
});

const person = z.object({ _id: z.string(), email: z.string().nullable() });

export const planChangeSchema = z.object({
  _id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  fromPlan: z.enum(PAYMENT_PLANS),
  toPlan: z.enum(PAYMENT_PLANS),
  changedBy: person,
  actingAs: person,
  at: z.iso.datetime(),
});
export type PlanChange = z.infer<typeof planChangeSchema>;

export const planChangesResponseSchema = z.array(planChangeSchema);
