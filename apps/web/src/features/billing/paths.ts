/** The billing screens' paths (below /app), from core's navigation entries. */
import { entryPath } from '@cuepoint/core';

const history = entryPath('billing-history');

export const BILLING_PATHS = {
  history,
  chart: `${history}/billingChart`,
  create: entryPath('create-billing'),
  /** A document's panel over the history (the customer's Billing is the same path). */
  invoice: (id: string) => `${history}?invoice=${encodeURIComponent(id)}`,
  /** /create-billing with a customer and month chosen (a draft opens there for editing). */
  createFor: (customerId: string, month: string) =>
    `${entryPath('create-billing')}?customer=${encodeURIComponent(customerId)}&month=${month}`,
} as const;
