import { BILLING_TEXTS, type BillingChartResponse } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { BILLING_SCREEN_TEXTS } from '../texts.ts';
import { problem, queriesTo, renderBilling, usage } from './fixtures.ts';

const T = BILLING_SCREEN_TEXTS.chart;

const CHART: BillingChartResponse = {
  months: [
    { month: '2026-04', totalMinor: 120_000, byPlan: { standard: 120_000, enterprise: 0 } },
    { month: '2026-05', totalMinor: 0, byPlan: { standard: 0, enterprise: 0 } },
    { month: '2026-06', totalMinor: 519_050, byPlan: { standard: 94_310, enterprise: 424_740 } },
  ],
};

describe('billing chart (/billing-history/billingChart)', () => {
  it('asks for the URL’s months and shows both charts and the same figures in a table with totals', async () => {
    const fetchMock = stubApi({ 'GET billing/chart': () => jsonResponse(200, CHART) });
    renderBilling('/billing-history/billingChart?from=2026-04&to=2026-06');
    const table = await screen.findByTestId('revenue-table');
    expect(queriesTo(fetchMock, 'billing/chart')).toEqual([{ from: '2026-04', to: '2026-06' }]);
    expect(within(table).getByText(T.caption('April 2026', 'June 2026'))).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('April 2026');
    expect(rows[1]).toHaveTextContent('$1,200.00');
    expect(rows[3]).toHaveTextContent('$943.10');
    expect(rows[3]).toHaveTextContent('$4,247.40');
    expect(rows[3]).toHaveTextContent('$5,190.50');
    expect(rows.at(-1)).toHaveTextContent(`${T.total}$2,143.10$4,247.40$6,390.50`);
    for (const name of ['revenue', 'plans'])
      expect(document.querySelector(`[data-chart="${name}"]`)).not.toBeNull();
    expect(screen.getByRole('link', { name: BILLING_SCREEN_TEXTS.history.tabs.history })).toHaveAttribute(
      'href',
      '/billing-history',
    );
  });

  it('defaults to the last 12 months and changes the period in the URL', async () => {
    const fetchMock = stubApi({ 'GET billing/chart': () => jsonResponse(200, CHART) });
    const view = renderBilling('/billing-history/billingChart');
    await screen.findByTestId('revenue-table');
    const [first] = queriesTo(fetchMock, 'billing/chart');
    const months = (from: string, to: string) =>
      (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
      Number(to.slice(5)) -
      Number(from.slice(5)) +
      1;
    expect(months(first!.from!, first!.to!)).toBe(12);

    const from = screen.getByLabelText(new RegExp(`^${T.from}`));
    await userEvent.clear(from);
    await userEvent.type(from, '2025-01');
    await waitFor(() => expect(view.location()).toContain('from=2025-01'));
    await waitFor(() => expect(queriesTo(fetchMock, 'billing/chart').at(-1)?.from).toBe('2025-01'));
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    const fetchMock = stubApi({ 'GET billing/chart': () => jsonResponse(200, CHART) });
    renderBilling('/billing-history/billingChart?from=2026-06&to=2026-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(BILLING_TEXTS.monthOrder);
    expect(queriesTo(fetchMock, 'billing/chart')).toEqual([]);
  });

  it('says when no invoice was issued in the period', async () => {
    stubApi({
      'GET billing/chart': () =>
        jsonResponse(200, {
          months: [{ month: '2026-06', totalMinor: 0, byPlan: { standard: 0, enterprise: 0 } }],
        }),
    });
    renderBilling('/billing-history/billingChart?from=2026-06&to=2026-06');
    expect(await screen.findByTestId('chart-empty')).toHaveTextContent(T.empty);
    expect(screen.queryByTestId('revenue-table')).toBeNull();
  });

  it('shows loading, then the failure with Try again', async () => {
    let fail = true;
    stubApi({
      'GET billing/chart': () => (fail ? jsonResponse(500, problem(500, 'Boom')) : jsonResponse(200, CHART)),
    });
    renderBilling('/billing-history/billingChart?from=2026-04&to=2026-06');
    expect(await screen.findByRole('status')).toHaveTextContent(T.loading);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.failed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('revenue-table')).toBeInTheDocument();
  });

  it('sends a customer to its Billing', async () => {
    const fetchMock = stubApi({
      'GET billing/my-usage': () => jsonResponse(200, usage()),
      'GET billing/invoices': () =>
        jsonResponse(200, {
          items: [],
          total: 0,
          totals: { totalMinor: 0, paidMinor: 0, outstandingMinor: 0 },
        }),
    });
    const view = renderBilling('/billing-history/billingChart', 'customer');
    await waitFor(() => expect(view.location()).toBe('/billing-history'));
    expect(await screen.findByTestId('invoices-empty')).toBeInTheDocument();
    expect(queriesTo(fetchMock, 'billing/chart')).toEqual([]);
  });
});
