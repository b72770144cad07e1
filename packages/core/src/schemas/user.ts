import { z } from 'zod';
import { TEAM_ROLES } from '../resources/permissions.ts';

/** A customer account as the console sees it (spec section 3). */
export const customerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subDomainName: z.string(),
  paymentPlan: z.string(),
  timezone: z.number(),
  paymentCustomerId: z.string().nullable(),
  enableAPI: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A user as spec section 3 describes it: `customerId` is the populated customer. */
export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobilePhone: z.string(),
  jobTitle: z.string().nullable(),
  country: z.string(),
  organizationType: z.string().nullable(),
  email: z.string(),
  profile: z.object({ isMainAdmin: z.boolean() }),
  isActive: z.boolean(),
  isGmanaActive: z.boolean(),
  /** The user's role in its customer's team (issue 18): what the console offers it. */
  role: z.enum(TEAM_ROLES),
  customerId: customerSchema,
  customerObj: z.array(customerSchema.pick({ _id: true, paymentCustomerId: true })),
});
export type User = z.infer<typeof userSchema>;
