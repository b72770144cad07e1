import type { InsightsResponse, InventoryResponse } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { DEMAND_REPORTS_TEXTS as T } from '../texts.ts';

const ROUTES: RouteObject[] = [
  { path: '/inventory', handle: { title: 'Inventory' }, lazy: () => import('../routes/inventory.tsx') },
  { path: '/insights', handle: { title: 'Insights' }, lazy: () => import('../routes/insights.tsx') },
];

const INVENTORY: InventoryResponse = {
  adUnitSeconds: 20,
  resources: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'liveStream',
      name: 'Sports 1',
      customerName: 'Demo Broadcasting',
      scheduledBreaks: 4,
      scheduledBreaksUnit: 'hour',
      scheduledEvents: 2,
      avails: 15,
      availSeconds: 810,
      adSeconds: 400,
      impressions: 16,
      fillRate: 8 / 15,
      forecastImpressionsPerWeek: 40,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'vod',
      name: 'Match highlights',
      customerName: 'Demo Broadcasting',
      scheduledBreaks: 2,
      scheduledBreaksUnit: 'play',
      scheduledEvents: 0,
      avails: 0,
      availSeconds: 0,
      adSeconds: 0,
      impressions: 0,
      fillRate: null,
      forecastImpressionsPerWeek: 0,
    },
  ],
  weeks: [
    { weekStart: '2026-06-08', delivered: 12, forecast: 30, booked: 7000 },
    { weekStart: '2026-06-15', delivered: null, forecast: 40, booked: 7000 },
    { weekStart: '2026-06-22', delivered: null, forecast: 40, booked: 10 },
  ],
};

const figures = {
  impressions: 322,
  campaignImpressions: 11,
  revenueMillicents: 13_750,
  avails: 119,
  availsFilled: 112,
  fillRate: 112 / 119,
};
const INSIGHTS: InsightsResponse = {
  from: '2026-06-14',
  to: '2026-06-16',
  groupBy: 'campaign',
  rows: [
    {
      key: 'c1',
      label: 'Summer',
      customerName: 'Demo Broadcasting',
      ...figures,
      avails: 0,
      availsFilled: 0,
      fillRate: null,
    },
  ],
  totals: figures,
  days: ['2026-06-14', '2026-06-15', '2026-06-16'].map((day) => ({ day, ...figures })),
};

describe('inventory', () => {
  it('shows each stream’s schedule and observed avails, and warns of weeks booked beyond the forecast', async () => {
    stubApi({ 'GET demand/inventory': () => jsonResponse(200, INVENTORY) });
    renderRoutes(ROUTES, '/inventory');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sports 1');
    expect(rows[1]).toHaveTextContent(`${T.inventory.perHour('4')}, ${T.inventory.events(2)}`);
    expect(rows[1]).toHaveTextContent('13.5'); // avail minutes
    expect(rows[1]).toHaveTextContent('53.3 %');
    expect(rows[2]).toHaveTextContent(T.inventory.perPlay('2'));
    expect(rows[2]).toHaveTextContent('—');
    // Two weeks ahead are booked beyond their forecast (7,000 > 40); the one with 10 booked is not.
    expect(screen.getByText(T.inventory.overbooked(1))).toBeInTheDocument();
    expect(screen.getByText(T.inventory.intro(20))).toBeInTheDocument();
  });

  it('says what inventory needs when there is none, and shows a failure with Try again', async () => {
    stubApi({ 'GET demand/inventory': () => jsonResponse(200, { ...INVENTORY, resources: [] }) });
    renderRoutes(ROUTES, '/inventory');
    expect(await screen.findByText(T.inventory.empty)).toBeInTheDocument();
  });

  it('shows the server’s message when the inventory cannot be read', async () => {
    stubApi({
      'GET demand/inventory': () =>
        jsonResponse(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Boom',
          requestId: 'r',
        }),
    });
    renderRoutes(ROUTES, '/inventory');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.loadFailed);
  });
});

describe('insights', () => {
  it('asks for the period and grouping in the URL and shows totals, charts and the table', async () => {
    const fetchMock = stubApi({ 'GET demand/insights': () => jsonResponse(200, INSIGHTS) });
    renderRoutes(ROUTES, '/insights?from=2026-06-14&to=2026-06-16&groupBy=campaign');
    const table = await screen.findByRole('table');
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').search).toBe(
      '?from=2026-06-14&to=2026-06-16&groupBy=campaign',
    );
    expect(
      within(table).getByText(T.insights.caption('2026-06-14', '2026-06-16', 'Campaign')),
    ).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Summer');
    expect(rows[1]).toHaveTextContent('Demo Broadcasting');
    expect(rows[1]).toHaveTextContent('0.14'); // 13,750 millicents
    expect(rows.at(-1)).toHaveTextContent(T.insights.total);
    expect(rows.at(-1)).toHaveTextContent('94.1 %');
    expect(document.querySelector(`[data-card="${T.insights.cards.impressions}"]`)).toHaveTextContent('322');
    for (const chart of ['impressions', 'revenue', 'fillRate'])
      expect(document.querySelector(`[data-chart="${chart}"]`)).not.toBeNull();
  });

  it('changes the grouping on a click', async () => {
    const fetchMock = stubApi({ 'GET demand/insights': () => jsonResponse(200, INSIGHTS) });
    const asked = () =>
      fetchMock.mock.calls.map((call) =>
        new URL(String(call[0]), 'http://localhost').searchParams.get('groupBy'),
      );
    renderRoutes(ROUTES, '/insights?from=2026-06-14&to=2026-06-16');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('radio', { name: T.insights.groups.customer }));
    await waitFor(() => expect(asked().at(-1)).toBe('customer'));
    expect(asked()[0]).toBe('day');
  });
});
