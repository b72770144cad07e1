import type { Invoice, InvoiceListResponse, Usage } from '@cuepoint/core';
import type { RouteObject } from 'react-router';
import { SESSION_ROUTE_ID } from '../../../lib/session.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';

export const CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c1';
export const OTHER_CUSTOMER_ID = '00000000-0000-4000-8000-0000000000c2';
export const INVOICE_ID = '00000000-0000-4000-8000-0000000000a1';
export const DRAFT_ID = '00000000-0000-4000-8000-0000000000a2';
export const CREDIT_ID = '00000000-0000-4000-8000-0000000000a3';

export const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: INVOICE_ID,
  kind: 'invoice',
  number: 1,
  displayNumber: 'INV-000001',
  status: 'issued',
  customerId: CUSTOMER_ID,
  customerName: 'Demo Broadcasting',
  periodStart: '2026-06-01',
  periodEnd: '2026-06-30',
  currency: 'USD',
  plan: 'enterprise',
  billTo: { name: 'Dana Demo', email: 'dana@example.com', company: 'Demo Broadcasting' },
  lines: [
    {
      position: 1,
      kind: 'usage',
      metric: 'impressions',
      description: 'Ad impressions',
      quantity: '2000000',
      rateMinor: 35,
      per: 1000,
      amountMinor: 70_000,
    },
    {
      position: 2,
      kind: 'minimum_commitment',
      metric: 'impressions',
      description: 'Minimum commitment top-up (10,000,000 impressions a month)',
      quantity: '8000000',
      rateMinor: 35,
      per: 1000,
      amountMinor: 280_000,
    },
    {
      position: 3,
      kind: 'pro_rata',
      metric: 'live_channels',
      description: 'Live channels at the Enterprise rate from Jun 16 (15 of 30 days)',
      quantity: '0.5',
      rateMinor: 7900,
      per: 1,
      amountMinor: 3950,
    },
  ],
  subtotalMinor: 353_950,
  taxRateBp: 2000,
  taxMinor: 70_790,
  totalMinor: 424_740,
  paidMinor: 0,
  creditedMinor: 0,
  creditFor: null,
  creditForNumber: null,
  note: null,
  createdAt: '2026-07-01T09:00:00.000Z',
  issuedAt: '2026-07-01T10:00:00.000Z',
  dueAt: '2026-07-31T10:00:00.000Z',
  paidAt: null,
  voidedAt: null,
  ...overrides,
});

export const draft = (overrides: Partial<Invoice> = {}) =>
  invoice({
    id: DRAFT_ID,
    number: null,
    displayNumber: null,
    status: 'draft',
    issuedAt: null,
    dueAt: null,
    ...overrides,
  });

export const usage = (overrides: Partial<Usage> = {}): Usage => ({
  customerId: CUSTOMER_ID,
  month: '2026-06',
  from: '2026-06-01T00:00:00.000Z',
  to: '2026-07-01T00:00:00.000Z',
  plan: 'enterprise',
  quantities: { impressions: 2_000_000, viewerHours: '1234.500', liveChannels: 2, vodHours: '10.000' },
  planChanges: [{ at: '2026-06-16T08:00:00.000Z', fromPlan: 'standard', toPlan: 'enterprise' }],
  ...overrides,
});

export const list = (
  items: Invoice[],
  overrides: Partial<InvoiceListResponse> = {},
): InvoiceListResponse => ({
  items: items.map((item) => ({ ...item, lines: [] })),
  total: items.length,
  totals: { totalMinor: 424_740, paidMinor: 100_000, outstandingMinor: 324_740 },
  ...overrides,
});

export const CUSTOMERS = {
  data: [
    {
      _id: CUSTOMER_ID,
      name: 'Demo Broadcasting',
      subDomainName: 'demo',
      paymentPlan: 'enterprise',
      status: 'active',
      owner: { _id: 'u', email: 'dana@example.com' },
      users: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      reviewedAt: null,
      deactivatedAt: null,
    },
    {
      _id: OTHER_CUSTOMER_ID,
      name: 'Other Media',
      subDomainName: 'other',
      paymentPlan: 'standard',
      status: 'active',
      owner: { _id: 'v', email: 'olga@example.com' },
      users: 1,
      createdAt: '2026-01-02T00:00:00.000Z',
      reviewedAt: null,
      deactivatedAt: null,
    },
  ],
  total: 2,
};

export const problem = (
  statusCode: number,
  message: string,
  fields?: { field: string; message: string }[],
) => ({
  statusCode,
  error: statusCode === 409 ? 'Conflict' : statusCode === 400 ? 'Bad Request' : 'Internal Server Error',
  message,
  requestId: 'req-1',
  ...(fields ? { fields } : {}),
});

const MODULES = {
  history: () => import('../routes/billing-history.tsx'),
  chart: () => import('../routes/billing-chart.tsx'),
  create: () => import('../routes/create-billing.tsx'),
};

/**
 * The billing screens under a session route, signed in as a main administrator or as a customer's
 * user (its customer with a payment customer id), at `path`.
 */
export function renderBilling(path: string, as: 'admin' | 'customer' = 'admin') {
  const admin = as === 'admin';
  const user = makeUser({
    _id: admin ? 'admin-1' : 'user-1',
    profile: { isMainAdmin: admin },
    customerObj: [{ _id: CUSTOMER_ID, paymentCustomerId: admin ? null : 'cus_123' }],
  });
  const routes: RouteObject[] = [
    {
      id: SESSION_ROUTE_ID,
      loader: () => ({ user, isMainAdmin: admin, loginAs: false, userView: false }),
      HydrateFallback: () => null,
      children: [
        { path: '/billing-history', handle: { title: 'Billing History' }, lazy: MODULES.history },
        { path: '/billing-history/billingChart', handle: { title: 'Billing Chart' }, lazy: MODULES.chart },
        { path: '/create-billing', handle: { title: 'Create Billing' }, lazy: MODULES.create },
      ],
    },
  ];
  const view = renderRoutes(routes, path);
  const location = () => view.router.state.location.pathname + view.router.state.location.search;
  return { ...view, location };
}

/** The query of each call to `path` (below /api/) the fetch stub saw. */
export const queriesTo = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === `/api/${path}`)
    .map((url) => Object.fromEntries(url.searchParams));

export const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
