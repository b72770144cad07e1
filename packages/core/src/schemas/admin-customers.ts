/**
 * The main administrator's Customers screen (sidebar entry `customers`, spec sections 2 and 6):
 * every customer account in a list, one account's record (payment customer id, notes, usage,
 * users), and the review and activation calls. Paths: API_PATHS.customer (api/paths.ts). The
 * plan-change history is `customer/plan-changes?customerId=` (plan-changes.ts); approving a
 * sign-up is `customer/approve/:id`.
 */
import { z } from 'zod';
import {
  type ListShape,
  listQuerySchema,
  listResponseSchema,
  type PageSizeValue,
} from '../resources/list.ts';
import { noteSchema, textSchema } from '../validation/field-schemas.ts';
import { PAYMENT_PLANS, type PaymentPlan } from './account.ts';

/**
 * An account's state: `pending` (signed up, awaiting review), `active`, or `deactivated`
 * (`customers.deactivated_at` set: by its owner, by an administrator, or a rejected sign-up).
 */
export const CUSTOMER_STATUSES = ['active', 'pending', 'deactivated'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** The list's sorting, search and filters (the console writes the same into the URL). */
export const CUSTOMER_LIST: ListShape = {
  sortKeys: ['name', 'subDomainName', 'ownerEmail', 'paymentPlan', 'status', 'createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: CUSTOMER_STATUSES, plan: PAYMENT_PLANS },
  searchFields: ['name', 'subDomainName', 'ownerEmail'],
};

/** `GET customer/customers`: page, pageSize (10, 20, 50, 100, All), sort, order, q, status, plan. */
export const customerListQuerySchema = listQuerySchema(CUSTOMER_LIST).omit({ customerId: true });
export interface CustomerListQuery {
  page: number;
  pageSize: PageSizeValue;
  sort: string;
  order: 'asc' | 'desc';
  q?: string | undefined;
  status?: CustomerStatus | undefined;
  plan?: PaymentPlan | undefined;
}

/** The account's first user (who signed it up): the address the list shows and searches. */
const ownerSchema = z.object({ _id: z.string(), email: z.string() }).nullable();

export const customerListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subDomainName: z.string(),
  paymentPlan: z.enum(PAYMENT_PLANS),
  status: z.enum(CUSTOMER_STATUSES),
  owner: ownerSchema,
  users: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  deactivatedAt: z.iso.datetime().nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerListResponseSchema = listResponseSchema(customerListItemSchema);
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

export const customerUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
  isGmanaActive: z.boolean(),
  isMainAdmin: z.boolean(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

/**
 * Usage at a glance: live streams, VOD assets and campaigns (not deleted), and impression beacons
 * counted this calendar month (UTC) by the data plane's per-minute counters.
 */
export const customerUsageSchema = z.object({
  liveStreams: z.number().int().nonnegative(),
  vods: z.number().int().nonnegative(),
  campaigns: z.number().int().nonnegative(),
  impressionsThisMonth: z.number().nonnegative(),
});
export type CustomerUsage = z.infer<typeof customerUsageSchema>;

/** `GET customer/customers/:id`, and the answer of every write below. */
export const customerRecordSchema = customerListItemSchema.extend({
  paymentCustomerId: z.string().nullable(),
  adminNote: z.string(),
  userNote: z.string(),
  version: z.number().int().positive(),
  userList: z.array(customerUserSchema),
  usage: customerUsageSchema,
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** Longest payment customer id (a payment provider's id is far shorter). */
export const PAYMENT_CUSTOMER_ID_MAX_LENGTH = 200;
/** Longest reason of a rejected sign-up (it is mailed). */
export const REJECT_REASON_MAX_LENGTH = 2000;

/** Our texts of these calls (the note's limit is the spec's, VALIDATION_MESSAGES.noteTooLong). */
export const ADMIN_CUSTOMER_TEXTS = {
  notFound: 'Customer not found',
  staleVersion: 'This customer was changed by someone else since it was read',
  onlyAdmin: 'Only a main administrator may manage customers',
  paymentCustomerIdTooLong: `Payment customer id must be at most ${PAYMENT_CUSTOMER_ID_MAX_LENGTH} characters`,
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be at most ${REJECT_REASON_MAX_LENGTH} characters`,
  notPending: 'This customer is not awaiting review',
  notDeactivated: 'This customer is not de-activated',
  alreadyDeactivated: 'This customer is already de-activated',
  rejectSubject: 'Your Cuepoint sign-up was not approved',
  rejectText: (name: string, reason: string) =>
    `Hello ${name},\n\nThank you for signing up for Cuepoint. We could not approve your account, for this reason:\n\n${reason}\n\nIf you have questions, reply to this message.\n`,
} as const;

/** `POST customer/customers/:id`: the administrator's fields, with the version they were read at. */
export const customerAdminEditSchema = z.strictObject({
  version: z.int({ error: 'version is required' }).positive({ error: 'version is required' }),
  paymentCustomerId: textSchema()
    .trim()
    .max(PAYMENT_CUSTOMER_ID_MAX_LENGTH, { error: ADMIN_CUSTOMER_TEXTS.paymentCustomerIdTooLong })
    .nullable()
    .optional(),
  adminNote: noteSchema.optional(),
  userNote: noteSchema.optional(),
});
export type CustomerAdminEdit = z.infer<typeof customerAdminEditSchema>;

/** `POST customer/reject/:id`: why the sign-up is refused (mailed to the account's users). */
export const customerRejectSchema = z.strictObject({
  reason: textSchema({ error: ADMIN_CUSTOMER_TEXTS.reasonRequired })
    .trim()
    .min(1, { error: ADMIN_CUSTOMER_TEXTS.reasonRequired })
    .max(REJECT_REASON_MAX_LENGTH, { error: ADMIN_CUSTOMER_TEXTS.reasonTooLong }),
});
export type CustomerReject = z.infer<typeof customerRejectSchema>;
