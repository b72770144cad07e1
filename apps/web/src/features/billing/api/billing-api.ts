/** The billing screens' calls: API_PATHS.billing (and the admin's customer list, for the picker). */
import {
  API_PATHS,
  apiPath,
  type BillingChartResponse,
  type CreditNoteBody,
  type CustomerListResponse,
  type Invoice,
  type InvoiceCreateBody,
  type InvoiceKind,
  type InvoiceListResponse,
  type InvoicePreviewBody,
  type InvoiceStatus,
  type InvoiceUpdateBody,
  type PaymentBody,
  type Usage,
  UUID_PATTERN,
} from '@cuepoint/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every query of these screens starts with this key (a write refreshes them all). */
export const BILLING_KEY = ['billing'] as const;

/** The history's view, as the URL holds it (and the list call takes it). */
export interface InvoiceListParams {
  q?: string | undefined;
  status?: InvoiceStatus | undefined;
  kind?: InvoiceKind | undefined;
  customerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

/** GET billing/invoices: a page of documents and the totals of all that match. */
export const useInvoiceList = (params: InvoiceListParams) =>
  useQuery({
    queryKey: [...BILLING_KEY, 'invoices', params],
    queryFn: () =>
      apiRequest<InvoiceListResponse>(apiPath(API_PATHS.billing.invoices, undefined, { ...params })),
    placeholderData: keepPreviousData,
  });

/** GET billing/invoices/:id (with its lines); disabled without an id. */
export const useInvoice = (id: string | null) =>
  useQuery({
    queryKey: [...BILLING_KEY, 'invoice', id],
    queryFn: () => apiRequest<Invoice>(apiPath(API_PATHS.billing.invoice, { id: id! })),
    enabled: id !== null && UUID_PATTERN.test(id),
  });

/**
 * The live invoice (a draft, or issued: not void) of a customer and month, if any: what the
 * create screen edits instead of creating a second one. Undefined while unknown.
 */
export const useLiveInvoice = (customerId: string | null, month: string | null) =>
  useQuery({
    queryKey: [...BILLING_KEY, 'live', customerId, month],
    queryFn: async () => {
      const list = await apiRequest<InvoiceListResponse>(
        apiPath(API_PATHS.billing.invoices, undefined, {
          customerId: customerId!,
          from: month!,
          to: month!,
          kind: 'invoice',
          pageSize: 100,
        }),
      );
      const live = list.items.find((item) => item.status !== 'void');
      // The list carries no lines: a draft's manual lines come with the record.
      if (live?.status === 'draft')
        return apiRequest<Invoice>(apiPath(API_PATHS.billing.invoice, { id: live.id }));
      return live ?? null;
    },
    enabled: customerId !== null && month !== null,
  });

/** GET billing/usage (main administrator): a customer's usage in a month. */
export const useUsage = (customerId: string | null, month: string | null) =>
  useQuery({
    queryKey: [...BILLING_KEY, 'usage', customerId, month],
    queryFn: () =>
      apiRequest<Usage>(
        apiPath(API_PATHS.billing.usage, undefined, { customerId: customerId!, month: month! }),
      ),
    enabled: customerId !== null && month !== null,
  });

/** GET billing/my-usage: the signed-in customer's month so far. */
export const useMyUsage = () =>
  useQuery({
    queryKey: [...BILLING_KEY, 'my-usage'],
    queryFn: () => apiRequest<Usage>(apiPath(API_PATHS.billing.myUsage)),
  });

/** POST billing/invoices/preview: the invoice the usage and the manual lines make (not stored). */
export const usePreview = (body: InvoicePreviewBody | null) =>
  useQuery({
    queryKey: [...BILLING_KEY, 'preview', body],
    queryFn: () => apiRequest<Invoice>(apiPath(API_PATHS.billing.preview), { method: 'POST', body: body! }),
    enabled: body !== null,
    placeholderData: (previous, query) => {
      // The last preview of the same customer and month stays while the lines change.
      const shown = query?.queryKey[2] as InvoicePreviewBody | undefined;
      return shown?.customerId === body?.customerId && shown?.month === body?.month ? previous : undefined;
    },
  });

/** GET billing/chart (main administrator): revenue by month and plan; not asked for a period it would refuse. */
export const useBillingChart = (from: string, to: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: [...BILLING_KEY, 'chart', from, to],
    queryFn: () =>
      apiRequest<BillingChartResponse>(apiPath(API_PATHS.billing.chart, undefined, { from, to })),
    placeholderData: keepPreviousData,
  });

/** Customers for the picker: every account (at most the list's "All"), by name; asked once shown. */
export const useCustomerOptions = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: [...BILLING_KEY, 'customers'],
    queryFn: async () => {
      const list = await apiRequest<CustomerListResponse>(
        apiPath(API_PATHS.customer.list, undefined, { pageSize: 'All', sort: 'name', order: 'asc' }),
      );
      // Accounts may share a name: those that do say whose they are (the owner's address).
      const names = new Map<string, number>();
      for (const customer of list.data) names.set(customer.name, (names.get(customer.name) ?? 0) + 1);
      return list.data.map((customer) => ({
        value: customer._id,
        label:
          (names.get(customer.name) ?? 0) > 1
            ? `${customer.name} (${customer.owner?.email ?? customer.subDomainName})`
            : customer.name,
      }));
    },
    staleTime: 60_000,
  });

/** The administrator's writes; each refreshes every billing query once settled. */
export type BillingCommand =
  | { kind: 'create'; body: InvoiceCreateBody }
  | { kind: 'update'; id: string; body: InvoiceUpdateBody }
  | { kind: 'delete'; id: string }
  | { kind: 'issue'; id: string }
  | { kind: 'credit'; id: string; body: CreditNoteBody }
  | { kind: 'payment'; id: string; body: PaymentBody };

export function commandRequest(command: BillingCommand): Promise<Invoice | undefined> {
  switch (command.kind) {
    case 'create':
      return apiRequest<Invoice>(apiPath(API_PATHS.billing.invoices), { method: 'POST', body: command.body });
    case 'update':
      return apiRequest<Invoice>(apiPath(API_PATHS.billing.invoice, { id: command.id }), {
        method: 'PUT',
        body: command.body,
      });
    case 'delete':
      return apiRequest<undefined>(apiPath(API_PATHS.billing.invoice, { id: command.id }), {
        method: 'DELETE',
      });
    case 'issue':
      return apiRequest<Invoice>(apiPath(API_PATHS.billing.issue, { id: command.id }), { method: 'POST' });
    case 'credit':
      return apiRequest<Invoice>(apiPath(API_PATHS.billing.creditNotes, { id: command.id }), {
        method: 'POST',
        body: command.body,
      });
    case 'payment':
      return apiRequest<Invoice>(apiPath(API_PATHS.billing.payments, { id: command.id }), {
        method: 'POST',
        body: command.body,
      });
  }
}

export function useBillingCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commandRequest,
    onSettled: () => client.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}

/** The path of a document's PDF (GET billing/invoices/:id/pdf). */
export const pdfPath = (id: string) => apiPath(API_PATHS.billing.pdf, { id });
