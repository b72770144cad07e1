import type { paymentPlanOptionSchema, paymentPlansResponseSchema } from '@cuepoint/core';
import { API_PATHS, apiPath } from '@cuepoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type PaymentPlanOption = z.infer<typeof paymentPlanOptionSchema>;

/** GET /billing/getPaymentPlans (spec section 7): the options are `data.data` ({ text, value }). */
export const getPaymentPlans = async (): Promise<PaymentPlanOption[]> =>
  (await apiRequest<z.infer<typeof paymentPlansResponseSchema>>(apiPath(API_PATHS.billing.paymentPlans)))
    .data;

export const paymentPlansQuery = () =>
  queryOptions({ queryKey: ['billing', 'paymentPlans'], queryFn: getPaymentPlans, staleTime: 300_000 });

export const usePaymentPlans = () => useQuery(paymentPlansQuery());
