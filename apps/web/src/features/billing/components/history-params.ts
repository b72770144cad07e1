/**
 * The history's view in the URL: search text, filters (status, type, customer, period months),
 * page and page size, and the open document (`invoice`). Defaults are left out of the URL; a value
 * the server would refuse falls back to its default instead of reaching it.
 */
import {
  BILLING_LIMITS,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type InvoiceKind,
  type InvoiceStatus,
  UUID_PATTERN,
} from '@cuepoint/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { InvoiceListParams } from '../api/billing-api.ts';
import { MONTH } from '../format.ts';
import { PAGE_SIZES } from './invoice-table.tsx';

/** The filters the drawer sets (their URL names). */
export const FILTER_NAMES = ['status', 'kind', 'customer', 'from', 'to'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

const DEFAULT_PAGE_SIZE = BILLING_LIMITS.pageSize.default;

export function parseHistoryParams(search: URLSearchParams): InvoiceListParams {
  const status = search.get('status');
  const kind = search.get('kind');
  const customer = search.get('customer');
  const from = search.get('from');
  const to = search.get('to');
  const q = (search.get('q') ?? '').trim().slice(0, BILLING_LIMITS.search);
  const page = Number(search.get('page'));
  const pageSize = search.get('pageSize');
  const validFrom = from && MONTH.test(from) ? from : undefined;
  const validTo = to && MONTH.test(to) && (!validFrom || to >= validFrom) ? to : undefined;
  return {
    ...(q ? { q } : {}),
    ...((INVOICE_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as InvoiceStatus }
      : {}),
    ...((INVOICE_KINDS as readonly string[]).includes(kind ?? '') ? { kind: kind as InvoiceKind } : {}),
    ...(customer && UUID_PATTERN.test(customer) ? { customerId: customer } : {}),
    ...(validFrom ? { from: validFrom } : {}),
    ...(validTo ? { to: validTo } : {}),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly string[]).includes(pageSize ?? '')
      ? Number(pageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** How many filters are set (the Filters button's count). */
export const activeFilters = (params: InvoiceListParams) =>
  [params.status, params.kind, params.customerId, params.from, params.to].filter(Boolean).length;

export interface HistoryChange {
  q?: string;
  status?: string | null;
  kind?: string | null;
  customer?: string | null;
  from?: string | null;
  to?: string | null;
  page?: number;
  pageSize?: number;
  invoice?: string | null;
}

/** The view of the URL, and how to change it: a new search or filter goes back to page 1. */
export function useHistoryParams() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the search params' content.
  const params = useMemo(() => parseHistoryParams(search), [key]);
  const invoice = search.get('invoice');

  const set = useCallback(
    (change: HistoryChange, options: { replace?: boolean } = {}) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const put = (name: string, value: string | null | undefined, fallback?: string) => {
            if (value === undefined) return;
            if (value === null || value === '' || value === fallback) next.delete(name);
            else next.set(name, value);
          };
          put('q', change.q?.trim());
          for (const name of FILTER_NAMES) put(name, change[name]);
          put(
            'pageSize',
            change.pageSize === undefined ? undefined : String(change.pageSize),
            String(DEFAULT_PAGE_SIZE),
          );
          put('invoice', change.invoice);
          const reshaped =
            change.q !== undefined || change.pageSize !== undefined || FILTER_NAMES.some((n) => n in change);
          if (change.page !== undefined) put('page', String(change.page), '1');
          else if (reshaped) next.delete('page');
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setSearch],
  );

  const reset = useCallback(
    () =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const name of ['q', 'page', ...FILTER_NAMES]) next.delete(name);
        return next;
      }),
    [setSearch],
  );

  return { params, invoice: invoice && UUID_PATTERN.test(invoice) ? invoice : null, set, reset };
}
